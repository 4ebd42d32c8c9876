#include "interpreter/kernels/StridedCopy.h"

#include <algorithm>
#include <cstring>

#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

namespace {

constexpr int64_t kTile = 32;

template <size_t Size>
struct Element {
  unsigned char bytes[Size];
};

template <typename U>
void copyTiles(const U *src, U *dst, const std::vector<int64_t> &shape, const std::vector<int64_t> &srcStrides,
               int64_t offset, size_t contiguousDim) {
  const size_t rank = shape.size();
  const size_t inner = rank - 1;
  std::vector<int64_t> dstStrides(rank, 1);
  for (size_t d = rank - 1; d-- > 0;) dstStrides[d] = dstStrides[d + 1] * shape[d + 1];
  // The dimensions other than the two tiled ones, walked as one index.
  std::vector<size_t> outerDims;
  int64_t outerCount = 1;
  for (size_t d = 0; d < rank; ++d) {
    if (d != inner && d != contiguousDim) {
      outerDims.push_back(d);
      outerCount *= shape[d];
    }
  }
  const int64_t rows = shape[contiguousDim], cols = shape[inner];
  const int64_t rowTiles = (rows + kTile - 1) / kTile;
  const int64_t srcColStride = srcStrides[inner], dstRowStride = dstStrides[contiguousDim];
  const int64_t srcRowStride = srcStrides[contiguousDim];
  // Work items: (outer index, row tile); at least 16 tiles per thread.
  parallelFor(outerCount * rowTiles, 16, [&](int64_t begin, int64_t end) {
    for (int64_t item = begin; item < end; ++item) {
      int64_t outer = item / rowTiles, rowTile = item % rowTiles;
      int64_t srcBase = offset, dstBase = 0, rest = outer;
      for (size_t k = outerDims.size(); k-- > 0;) {
        size_t d = outerDims[k];
        int64_t i = rest % shape[d];
        rest /= shape[d];
        srcBase += i * srcStrides[d];
        dstBase += i * dstStrides[d];
      }
      int64_t r0 = rowTile * kTile, r1 = std::min(rows, r0 + kTile);
      for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
        int64_t c1 = std::min(cols, c0 + kTile);
        for (int64_t c = c0; c < c1; ++c) {
          const U *s = src + srcBase + c * srcColStride;
          U *t = dst + dstBase + c;
          for (int64_t r = r0; r < r1; ++r) t[r * dstRowStride] = s[r * srcRowStride];
        }
      }
    }
  });
}

/// A broadcast of one element (every stride 0): a threaded fill.
template <typename U>
void fillWith(const U *src, U *dst, int64_t total, int64_t offset) {
  const U value = src[offset];
  parallelFor(total, int64_t{1} << 16, [&](int64_t begin, int64_t end) { std::fill(dst + begin, dst + end, value); });
}

template <typename F>
bool bySize(size_t elementSize, F &&f) {
  switch (elementSize) {
    case 1: f(Element<1>{}); return true;
    case 2: f(uint16_t{}); return true;
    case 4: f(uint32_t{}); return true;
    case 8: f(uint64_t{}); return true;
    case 16: f(Element<16>{}); return true;
    default: return false;
  }
}

}  // namespace

bool tiledStridedCopy(const unsigned char *src, unsigned char *dst, size_t elementSize,
                      const std::vector<int64_t> &shape, const std::vector<int64_t> &srcStrides, int64_t offset) {
  size_t rank = shape.size();
  int64_t total = 1;
  for (int64_t s : shape) total *= s;
  if (total >= 4096 && std::all_of(srcStrides.begin(), srcStrides.end(), [](int64_t s) { return s == 0; })) {
    return bySize(elementSize, [&](auto tag) {
      using U = decltype(tag);
      fillWith(reinterpret_cast<const U *>(src), reinterpret_cast<U *>(dst), total, offset);
    });
  }
  if (rank < 2) return false;
  // A short innermost dimension (channels-last of an image: NCHW -> NHWC
  // with 3 channels) is tiled too: each tile still reads 32 contiguous
  // elements, where the caller's loop would go element by element.
  if (total < 4096 || srcStrides[rank - 1] == 1 || shape[rank - 1] < 2) return false;
  // The result dimension that reads the operand contiguously, if any.
  size_t contiguousDim = rank;
  for (size_t d = 0; d + 1 < rank; ++d) {
    if (srcStrides[d] == 1 && shape[d] >= 8) contiguousDim = d;
  }
  if (contiguousDim == rank) return false;
  return bySize(elementSize, [&](auto tag) {
    using U = decltype(tag);
    copyTiles(reinterpret_cast<const U *>(src), reinterpret_cast<U *>(dst), shape, srcStrides, offset, contiguousDim);
  });
}

}  // namespace shlo::interpreter
