// NumPy's `.npz` archives (a zip of `.npy` members, stored or deflated),
// read and written through libzip.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "interpreter/Tensor.h"

namespace shlo::interpreter::npz {

/// One member: its key (the member name without `.npy`) and its `.npy` bytes.
struct Member {
  std::string key;
  std::string bytes;
};

/// Every `.npy` member of the archive at `path`, in archive order. Throws
/// npy::NpyError naming the file when it cannot be opened, is not a zip
/// archive, or a member cannot be read.
std::vector<Member> read(const std::string &path);

/// Writes `tensors` (key, tensor) as `key.npy` members (stored, as
/// numpy.savez does), atomically: a temporary file, then a rename.
void write(const std::string &path, const std::vector<std::pair<std::string, Tensor>> &tensors);

}  // namespace shlo::interpreter::npz
