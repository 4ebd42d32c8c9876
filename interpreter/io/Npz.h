// NumPy's `.npz` archives (a zip of `.npy` members, stored or deflated),
// read and written through libzip.
//
// Archives come from strangers: a member's size is taken from the zip's
// central directory and checked against what the reader expects (the
// `.npy` image of the argument it binds, npy::maxImageBytes) before any
// byte is inflated, so neither a directory that claims 2^50 bytes nor a zip
// bomb allocates more than the argument needs. A member that inflates to
// another size than its directory entry says is an error.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/Tensor.h"

namespace shlo::interpreter::npz {

/// One member: its key (the member name without `.npy`) and its `.npy` bytes.
struct Member {
  std::string key;
  std::string bytes;
};

/// An open archive: its members' names and sizes, inflated one at a time.
class Archive {
 public:
  /// One `.npy` member as the central directory describes it.
  struct Entry {
    std::string key;   // the name without `.npy`
    std::string name;  // the member's name in the archive
    uint64_t size = 0; // inflated size in bytes, as the directory claims
    uint64_t index = 0;
  };

  /// Opens the archive at `path` and reads its directory (not its data).
  /// Throws npy::NpyError naming the file when it cannot be opened, is not
  /// a zip archive, or a directory entry cannot be read.
  explicit Archive(const std::string &path);
  /// The same over an archive held in memory (`bytes` must outlive it);
  /// `what` names it in errors.
  Archive(std::string_view bytes, const std::string &what);
  ~Archive();
  Archive(const Archive &) = delete;
  Archive &operator=(const Archive &) = delete;

  /// The members in archive order (folder entries left out).
  const std::vector<Entry> &entries() const { return entries_; }

  /// Inflates `entry`. Throws npy::NpyError naming the archive and the
  /// member, before inflating anything, when its size exceeds `maxBytes`;
  /// and when its data is truncated, corrupt or of another size.
  std::string read(const Entry &entry, uint64_t maxBytes) const;

 private:
  struct Handle;
  void readDirectory();
  std::string path_;
  std::unique_ptr<Handle> handle_;
  std::vector<Entry> entries_;
};

/// Every `.npy` member of the archive at `path`, in archive order, each
/// bounded by npy::defaultMaxImageBytes() and all of them together by the
/// MemoryBudget. Throws npy::NpyError naming the file when it cannot be
/// opened, is not a zip archive, or a member cannot be read or is too large.
std::vector<Member> read(const std::string &path);

/// Writes `tensors` (key, tensor) as `key.npy` members (stored, as
/// numpy.savez does), built in memory and written with
/// npy::writeFileAtomically (a new temporary file, then a rename).
void write(const std::string &path, const std::vector<std::pair<std::string, Tensor>> &tensors);

}  // namespace shlo::interpreter::npz
