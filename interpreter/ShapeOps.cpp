// Shape ops: index arithmetic over row-major buffers; element copies are
// typed by element size only (these ops never look at values).
#include <algorithm>
#include <cstring>
#include <optional>

#include "support/CheckedArithmetic.h"
#include "interpreter/Errors.h"
#include "interpreter/Ops.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/StridedCopy.h"

namespace shlo::interpreter {

namespace {

struct Bytes16 {
  unsigned char b[16];
};

/// Calls `f(U{})` with a trivially copyable type of the element's size.
template <typename F>
void dispatchBySize(const Tensor &t, F &&f) {
  switch (storageSize(t.kind())) {
    case 1: f(uint8_t{}); break;
    case 2: f(uint16_t{}); break;
    case 4: f(uint32_t{}); break;
    case 8: f(uint64_t{}); break;
    default: f(Bytes16{}); break;
  }
}

/// Advances a row-major multi-index; false when it wraps around.
bool next(std::vector<int64_t> &index, const std::vector<int64_t> &shape) {
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (++index[d] < shape[d]) return true;
    index[d] = 0;
  }
  return false;
}

void expectRank(const char *op, const std::vector<int64_t> &values, int64_t rank, const char *what) {
  if (static_cast<int64_t>(values.size()) != rank) {
    throw RuntimeError(std::string(op) + ": " + what + " has " + std::to_string(values.size()) +
                       " entries, the operand's rank is " + std::to_string(rank));
  }
}

/// For each result element in order, the source element at
/// sum(index[d] * srcStride[d]) + srcOffset: a strided gather.
Tensor stridedCopy(const Tensor &src, Tensor out, const std::vector<int64_t> &srcStrides, int64_t srcOffset) {
  if (out.numElements() == 0) return out;
  const std::vector<int64_t> &shape = out.shape();
  // Transposes by cache tiles (kernels/StridedCopy.h): the same bits.
  if (kernelsEnabled() && tiledStridedCopy(src.bytes(), out.bytes(), storageSize(src.kind()), shape, srcStrides, srcOffset)) {
    return out;
  }
  dispatchBySize(src, [&](auto tag) {
    using U = decltype(tag);
    const U *s = reinterpret_cast<const U *>(src.bytes());
    U *r = reinterpret_cast<U *>(out.bytes());
    int64_t rank = out.rank();
    if (rank == 0) {
      r[0] = s[srcOffset];
      return;
    }
    std::vector<int64_t> index(rank, 0);
    int64_t inner = shape[rank - 1], innerStride = srcStrides[rank - 1];
    int64_t o = 0;
    do {
      int64_t base = srcOffset;
      for (int64_t d = 0; d < rank - 1; ++d) base += index[d] * srcStrides[d];
      for (int64_t i = 0; i < inner; ++i) r[o++] = s[base + i * innerStride];
      index[rank - 1] = inner - 1;
    } while (next(index, shape));
  });
  return out;
}

}  // namespace

Tensor evalBroadcastInDim(const Tensor &operand, const Shape &dims, const ir::Type &resultType) {
  expectRank("broadcast_in_dim", dims, operand.rank(), "broadcast_dimensions");
  const std::vector<int64_t> &resultShape = resultType.shape();
  const int64_t rank = static_cast<int64_t>(resultShape.size());
  std::vector<int64_t> srcStrides(static_cast<size_t>(rank), 0);
  std::vector<int64_t> st = operand.strides();
  bool increasing = true;
  for (size_t i = 0; i < dims.size(); ++i) {
    int64_t d = dims[i];
    if (d < 0 || d >= rank) throw RuntimeError("broadcast_in_dim: dimension out of range");
    if (operand.shape()[i] != 1 && operand.shape()[i] != resultShape[d]) {
      throw RuntimeError("broadcast_in_dim: operand dimension " + std::to_string(i) + " of size " +
                         std::to_string(operand.shape()[i]) + " does not broadcast to " + std::to_string(resultShape[d]));
    }
    if (operand.shape()[i] != 1) srcStrides[d] = st[i];
    increasing = increasing && (i == 0 || dims[i - 1] < d);
  }
  // Only unit dimensions added, in order (33x79 -> 33x79x1): the same
  // elements in the same order, so the result shares the operand's buffer
  // as a reshape's does.
  if (increasing) {
    if (std::optional<Tensor> shared = operand.sharedAs(resultType, resultShape)) return *shared;
  }
  Tensor out(resultType, resultShape, Tensor::ForOverwrite{});  // stridedCopy writes every element
  return stridedCopy(operand, std::move(out), srcStrides, 0);
}

Tensor evalReshape(const Tensor &operand, const ir::Type &resultType) {
  // The same elements in the same order: the result shares the operand's
  // buffer (buffers never change once made, Tensor.h).
  if (std::optional<Tensor> shared = operand.sharedAs(resultType, resultType.shape())) return *shared;
  Tensor out(resultType, resultType.shape(), Tensor::ForOverwrite{});  // memcpy writes every element
  if (out.numElements() != operand.numElements()) {
    throw RuntimeError("reshape: " + operand.type().str() + " has " + std::to_string(operand.numElements()) +
                       " elements, " + resultType.str() + " has " + std::to_string(out.numElements()));
  }
  // memcpy with a null pointer is undefined even for 0 bytes (empty tensors).
  if (out.numElements() > 0) {
    std::memcpy(out.bytes(), operand.bytes(), static_cast<size_t>(operand.numElements()) * storageSize(operand.kind()));
  }
  return out;
}

Tensor evalTranspose(const Tensor &operand, const Shape &permutation, const ir::Type &resultType) {
  expectRank("transpose", permutation, operand.rank(), "permutation");
  std::vector<int64_t> shape;
  for (int64_t p : permutation) shape.push_back(operand.shape()[p]);
  Tensor out(resultType, shape, Tensor::ForOverwrite{});  // stridedCopy writes every element
  std::vector<int64_t> st = operand.strides(), srcStrides;
  for (int64_t p : permutation) srcStrides.push_back(st[p]);
  return stridedCopy(operand, std::move(out), srcStrides, 0);
}

Tensor evalSlice(const Tensor &operand, const Shape &start, const Shape &limit, const Shape &strides,
                 const ir::Type &resultType) {
  expectRank("slice", start, operand.rank(), "start_indices");
  expectRank("slice", limit, operand.rank(), "limit_indices");
  expectRank("slice", strides, operand.rank(), "strides");
  std::vector<int64_t> shape, srcStrides;
  std::vector<int64_t> st = operand.strides();
  int64_t offset = 0;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    if (start[d] < 0 || limit[d] > operand.shape()[d] || start[d] > limit[d] || strides[d] <= 0) {
      throw RuntimeError("slice: bounds out of range in dimension " + std::to_string(d));
    }
    shape.push_back((limit[d] - start[d] + strides[d] - 1) / strides[d]);
    srcStrides.push_back(st[d] * strides[d]);
    offset += start[d] * st[d];
  }
  return stridedCopy(operand, Tensor(resultType, shape, Tensor::ForOverwrite{}), srcStrides, offset);
}

Tensor evalConcatenate(const std::vector<Tensor> &inputs, int64_t dimension, const ir::Type &resultType) {
  if (inputs.empty()) throw RuntimeError("concatenate: no inputs");
  std::vector<int64_t> shape = inputs[0].shape();
  if (dimension < 0 || dimension >= static_cast<int64_t>(shape.size())) throw RuntimeError("concatenate: bad dimension");
  shape[dimension] = 0;
  for (const Tensor &t : inputs) shape[dimension] += t.shape()[dimension];
  Tensor out(resultType, shape);
  // outer x (size along dim * inner) blocks.
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dimension; ++d) outer *= shape[d];
  for (size_t d = dimension + 1; d < shape.size(); ++d) inner *= shape[d];
  size_t es = storageSize(out.kind());
  size_t outRow = static_cast<size_t>(shape[dimension] * inner) * es;
  size_t at = 0;
  for (const Tensor &t : inputs) {
    size_t row = static_cast<size_t>(t.shape()[dimension] * inner) * es;
    if (row > 0) {
      for (int64_t o = 0; o < outer; ++o) std::memcpy(out.bytes() + o * outRow + at, t.bytes() + o * row, row);
    }
    at += row;
  }
  return out;
}

Tensor evalIota(int64_t dimension, const ir::Type &resultType) {
  Tensor out(resultType);
  if (dimension < 0 || dimension >= out.rank()) throw RuntimeError("iota: dimension out of range");
  std::vector<int64_t> st = out.strides();
  int64_t size = out.shape()[dimension], stride = st[dimension];
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    T *r = out.data<T>();
    for (int64_t i = 0; i < out.numElements(); ++i) {
      int64_t v = (i / stride) % size;
      if constexpr (kIsComplex<T>) {
        r[i] = T(static_cast<typename T::value_type>(v), 0);
      } else {
        r[i] = static_cast<T>(v);
      }
    }
  });
  out.finalize();
  return out;
}

Tensor evalReverse(const Tensor &operand, const Shape &dimensions, const ir::Type &resultType) {
  std::vector<int64_t> srcStrides = operand.strides();
  int64_t offset = 0;
  for (int64_t d : dimensions) {
    if (d < 0 || d >= operand.rank()) throw RuntimeError("reverse: dimension out of range");
    offset += (operand.shape()[d] - 1) * srcStrides[d];
    srcStrides[d] = -srcStrides[d];
  }
  if (operand.numElements() == 0) return Tensor(resultType, operand.shape());
  return stridedCopy(operand, Tensor(resultType, operand.shape()), srcStrides, offset);
}

Tensor evalPad(const Tensor &operand, const Tensor &paddingValue, const Shape &low, const Shape &high,
               const Shape &interior, const ir::Type &resultType) {
  expectRank("pad", low, operand.rank(), "edge_padding_low");
  expectRank("pad", high, operand.rank(), "edge_padding_high");
  expectRank("pad", interior, operand.rank(), "interior_padding");
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    int64_t n = operand.shape()[d];
    if (interior[d] < 0) throw RuntimeError("pad: negative interior padding");
    std::optional<int64_t> padded = checked::paddedSize(n, low[d], high[d], interior[d]);
    if (!padded) {
      // Negative edge padding past the dimension, or a size beyond int64.
      __int128 exact = __int128{n} + low[d] + high[d] + __int128{std::max<int64_t>(n - 1, 0)} * interior[d];
      throw RuntimeError(exact < 0 ? "pad: negative result dimension"
                                   : "pad: dimension " + std::to_string(d) +
                                         " of the result is larger than a 64-bit integer can count");
    }
    shape.push_back(*padded);
  }
  Tensor out(resultType, shape);
  std::vector<int64_t> outStrides = out.strides();
  dispatchBySize(operand, [&](auto tag) {
    using U = decltype(tag);
    U pad = *reinterpret_cast<const U *>(paddingValue.bytes());
    U *r = reinterpret_cast<U *>(out.bytes());
    for (int64_t i = 0; i < out.numElements(); ++i) r[i] = pad;
    if (operand.numElements() == 0) return;
    const U *s = reinterpret_cast<const U *>(operand.bytes());
    std::vector<int64_t> index(operand.rank(), 0);
    int64_t i = 0;
    do {
      int64_t o = 0;
      bool inside = true;
      for (int64_t d = 0; d < operand.rank(); ++d) {
        int64_t p = low[d] + index[d] * (interior[d] + 1);
        if (p < 0 || p >= shape[d]) {
          inside = false;
          break;
        }
        o += p * outStrides[d];
      }
      if (inside) r[o] = s[i];
      ++i;
    } while (next(index, operand.shape()));
  });
  return out;
}

namespace {

std::vector<int64_t> clampedStarts(const char *op, const std::vector<Tensor> &startIndices, const Tensor &operand,
                                   const std::vector<int64_t> &sizes) {
  expectRank(op, std::vector<int64_t>(startIndices.size()), operand.rank(), "start_indices");
  std::vector<int64_t> starts;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    if (sizes[d] > operand.shape()[d] || sizes[d] < 0) {
      throw RuntimeError(std::string(op) + ": size " + std::to_string(sizes[d]) + " in dimension " +
                         std::to_string(d) + " exceeds the operand's " + std::to_string(operand.shape()[d]));
    }
    int64_t s = startIndices[d].intAt(0);
    starts.push_back(std::clamp<int64_t>(s, 0, operand.shape()[d] - sizes[d]));
  }
  return starts;
}

}  // namespace

Tensor evalDynamicSlice(const Tensor &operand, const std::vector<Tensor> &startIndices, const Shape &sliceSizes,
                        const ir::Type &resultType) {
  expectRank("dynamic_slice", sliceSizes, operand.rank(), "slice_sizes");
  std::vector<int64_t> starts = clampedStarts("dynamic_slice", startIndices, operand, sliceSizes);
  std::vector<int64_t> limits, strides(operand.rank(), 1);
  for (int64_t d = 0; d < operand.rank(); ++d) limits.push_back(starts[d] + sliceSizes[d]);
  return evalSlice(operand, starts, limits, strides, resultType);
}

Tensor evalDynamicUpdateSlice(const Tensor &operand, const Tensor &update, const std::vector<Tensor> &startIndices,
                              const ir::Type &resultType) {
  std::vector<int64_t> starts = clampedStarts("dynamic_update_slice", startIndices, operand, update.shape());
  Tensor out(resultType, operand.shape());
  size_t es = storageSize(operand.kind());
  std::memcpy(out.bytes(), operand.bytes(), static_cast<size_t>(operand.numElements()) * es);
  if (update.numElements() == 0) return out;
  std::vector<int64_t> st = out.strides();
  dispatchBySize(operand, [&](auto tag) {
    using U = decltype(tag);
    const U *u = reinterpret_cast<const U *>(update.bytes());
    U *r = reinterpret_cast<U *>(out.bytes());
    std::vector<int64_t> index(update.rank(), 0);
    int64_t i = 0;
    do {
      int64_t o = 0;
      for (int64_t d = 0; d < update.rank(); ++d) o += (starts[d] + index[d]) * st[d];
      r[o] = u[i++];
    } while (update.rank() > 0 && next(index, update.shape()));
  });
  return out;
}

Tensor evalGetDimensionSize(const Tensor &operand, int64_t dimension, const ir::Type &resultType) {
  if (dimension < 0 || dimension >= operand.rank()) throw RuntimeError("get_dimension_size: dimension out of range");
  Tensor out(resultType);
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!kIsComplex<T>) out.data<T>()[0] = static_cast<T>(operand.shape()[dimension]);
  });
  return out;
}

}  // namespace shlo::interpreter
