// Copies through strides (transpose, broadcast_in_dim, slice) in tiles: when
// the result's innermost dimension reads the operand with a stride and
// another result dimension reads it contiguously (a transpose), the copy
// goes by 32x32 tiles of those two dimensions, so that both the reads and
// the writes stay in cache; ranges of tiles run on kernelThreads() threads.
// A broadcast of a single element is a threaded fill.
// A copy moves bits: the result is the same whichever way it runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace shlo::interpreter {

/// dst (row-major, `shape`) [i] = src[offset + sum(i_d * srcStrides[d])], for
/// elements of `elementSize` bytes (1, 2, 4, 8 or 16). Returns false, writing
/// nothing, when no tiling applies (the caller's loop does it).
bool tiledStridedCopy(const unsigned char *src, unsigned char *dst, size_t elementSize,
                      const std::vector<int64_t> &shape, const std::vector<int64_t> &srcStrides, int64_t offset);

}  // namespace shlo::interpreter
