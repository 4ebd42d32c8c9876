// reduce and reduce_window: each result element folds the input elements
// that map to it, starting from the init value, in row-major order of the
// reduced dimensions / window (the spec leaves the order
// implementation-defined). Bodies that are one add/multiply/maximum/minimum/
// and/or/xor run as typed loops. reduce_window folds padding and base
// dilation holes too, as the init value, as the spec's pad-then-reduce does.
// select_and_scatter selects over the same windows (padding never selected;
// a window of padding only selects nothing, which the spec leaves open) and
// folds the source values into the selected elements.
// On the kernel path, f32 channels-last pooling folds whole rows of
// features at a time (windowFoldKernelF32), and f32 reduces over the
// innermost dimensions (rowFoldKernelF32) or over dimensions with kept
// ones inside (windowFoldKernelF32) run vectorised across result elements:
// the same order, so the same bits.
#include <algorithm>
#include <cmath>
#include <optional>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"
#include "interpreter/kernels/Fold.h"
#include "interpreter/kernels/KernelPath.h"

namespace shlo::interpreter {

namespace {

/// Which dimensions `dims` reduces; throws when one is out of range.
std::vector<bool> reducedDimsOf(const std::vector<int64_t> &shape, const Shape &dims) {
  std::vector<bool> reduced(shape.size(), false);
  for (int64_t d : dims) {
    if (d < 0 || d >= static_cast<int64_t>(shape.size())) throw RuntimeError("reduce: dimension out of range");
    reduced[d] = true;
  }
  return reduced;
}

std::vector<int64_t> resultShapeOf(const std::vector<int64_t> &shape, const Shape &dims) {
  std::vector<bool> reduced = reducedDimsOf(shape, dims);
  std::vector<int64_t> resultShape;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (!reduced[d]) resultShape.push_back(shape[d]);
  }
  return resultShape;
}

/// For every input element (row-major), the index of its result element.
std::vector<int64_t> resultIndexOf(const std::vector<int64_t> &shape, const Shape &dims) {
  std::vector<bool> reduced = reducedDimsOf(shape, dims);
  std::vector<int64_t> resultStrides(shape.size(), 0);
  int64_t s = 1;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (!reduced[d]) {
      resultStrides[d] = s;
      s *= shape[d];
    }
  }
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<int64_t> out(static_cast<size_t>(n));
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t r = 0;
    for (size_t d = 0; d < shape.size(); ++d) r += index[d] * resultStrides[d];
    out[i] = r;
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  return out;
}

using FoldOp = BinaryFold;

/// The fold of a body op, resolved once per op rather than per element.
FoldOp foldOpOf(const std::string &name) { return binaryFoldOf(name); }

template <typename T>
bool fastFold(FoldOp op, T &acc, T x) {
  if constexpr (kIsBool<T>) {
    if (op == FoldOp::And) acc = acc && x;
    else if (op == FoldOp::Or || op == FoldOp::Add || op == FoldOp::Maximum) acc = acc || x;
    else if (op == FoldOp::Multiply || op == FoldOp::Minimum) acc = acc && x;
    else return false;
    return true;
  } else if constexpr (kIsComplex<T>) {
    if (op == FoldOp::Add) acc += x;
    else if (op == FoldOp::Multiply) acc *= x;
    else return false;
    return true;
  } else {
    if (op == FoldOp::Add) {
      if constexpr (kIsInt<T>) {
        using U = std::make_unsigned_t<T>;
        acc = static_cast<T>(static_cast<U>(acc) + static_cast<U>(x));
      } else {
        acc += x;
      }
    } else if (op == FoldOp::Multiply) {
      if constexpr (kIsInt<T>) {
        using U = std::make_unsigned_t<T>;
        using W = std::conditional_t<(sizeof(T) < 4), uint32_t, U>;
        acc = static_cast<T>(static_cast<W>(static_cast<U>(acc)) * static_cast<W>(static_cast<U>(x)));
      } else {
        acc *= x;
      }
    } else if (op == FoldOp::Maximum) {
      if constexpr (kIsFloat<T>) {
        if (std::isnan(acc)) return true;
        if (std::isnan(x) || acc < x || (acc == 0 && x == 0 && std::signbit(acc))) acc = x;
      } else {
        acc = std::max(acc, x);
      }
    } else if (op == FoldOp::Minimum) {
      if constexpr (kIsFloat<T>) {
        if (std::isnan(acc)) return true;
        if (std::isnan(x) || x < acc || (acc == 0 && x == 0 && std::signbit(x))) acc = x;
      } else {
        acc = std::min(acc, x);
      }
    } else if constexpr (kIsInt<T>) {
      if (op == FoldOp::And) acc &= x;
      else if (op == FoldOp::Or) acc |= x;
      else if (op == FoldOp::Xor) acc ^= x;
      else return false;
    } else {
      return false;
    }
    return true;
  }
}

/// A 0-d tensor holding element `i` of `t`.
Tensor scalarAt(const Tensor &t, int64_t i) {
  Tensor s(t.type().withShape({}));
  size_t es = storageSize(t.kind());
  std::copy(t.bytes() + i * es, t.bytes() + (i + 1) * es, s.bytes());
  return s;
}


/// The fold's kernel op; nullopt for the folds the kernels do not take.
std::optional<ElementwiseBinary> kernelFoldOf(const std::string &fastBody) {
  switch (foldOpOf(fastBody)) {
    case FoldOp::Add: return ElementwiseBinary::Add;
    case FoldOp::Multiply: return ElementwiseBinary::Multiply;
    case FoldOp::Maximum: return ElementwiseBinary::Maximum;
    case FoldOp::Minimum: return ElementwiseBinary::Minimum;
    default: return std::nullopt;
  }
}

/// reduce on the kernel library: one f32 input, a one-op body the kernels
/// take, and, with size-1 dimensions dropped and neighbours of the same
/// kind merged, the input is [kept, reduced] (rowFoldKernelF32) or [kept,
/// reduced, kept] with the inner kept run long enough for vectors
/// (windowFoldKernelF32 over rows). Both fold each result element's inputs
/// in row-major order, as the scalar loop does. False (nothing written)
/// otherwise.
bool reduceOnKernels(const Tensor &input, const Tensor &initValue, const Shape &dimensions,
                     const std::string &fastBody, Tensor &result) {
  if (!kernelsEnabled() || input.kind() != ElemKind::F32 || result.kind() != ElemKind::F32 ||
      initValue.kind() != ElemKind::F32 || initValue.numElements() != 1 || input.numElements() == 0) {
    return false;
  }
  std::optional<ElementwiseBinary> op = kernelFoldOf(fastBody);
  if (!op) return false;
  const Shape &shape = input.shape();
  std::vector<bool> reduced(shape.size(), false);
  for (int64_t d : dimensions) reduced[static_cast<size_t>(d)] = true;  // checked by resultShapeOf
  // Runs of reduced / kept dimensions, outermost first, with their sizes.
  std::vector<std::pair<bool, int64_t>> runs;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1) continue;
    if (!runs.empty() && runs.back().first == reduced[d]) {
      runs.back().second *= shape[d];
    } else {
      runs.push_back({reduced[d], shape[d]});
    }
  }
  float init = initValue.data<float>()[0];
  const float *in = input.data<float>();
  float *out = result.data<float>();
  auto isReduced = [&](size_t i) { return runs[i].first; };
  if (!runs.empty() && isReduced(runs.size() - 1) && runs.size() <= 2) {
    int64_t length = runs.back().second, rows = runs.size() == 2 ? runs[0].second : 1;
    rowFoldKernelF32(*op, in, init, out, rows, length);
    return true;
  }
  // Rows of inner kept elements: long enough that vectors fill.
  constexpr int64_t kMinInner = 16;
  bool columns = runs.size() == 2 && isReduced(0) && !isReduced(1);
  bool middle = runs.size() == 3 && !isReduced(0) && isReduced(1) && !isReduced(2);
  if (!(columns || middle) || runs.back().second < kMinInner) return false;
  int64_t outer = middle ? runs[0].second : 1, count = runs[runs.size() - 2].second, inner = runs.back().second;
  std::vector<int64_t> offsets(static_cast<size_t>(outer * count));
  for (int64_t i = 0; i < outer * count; ++i) offsets[static_cast<size_t>(i)] = i * inner;
  windowFoldKernelF32(*op, in, offsets.data(), init, out, outer, count, inner);
  return true;
}
}  // namespace

std::vector<Tensor> evalReduce(const std::vector<Tensor> &inputs, const std::vector<Tensor> &initValues,
                               const Shape &dimensions, const BodyFn &body, const std::string &fastBody,
                               const std::vector<ir::Type> &resultTypes) {
  size_t count = inputs.size();
  if (count == 0 || initValues.size() != count || resultTypes.size() != count) {
    throw RuntimeError("reduce: inputs, init values and results differ in number");
  }
  std::vector<int64_t> resultShape = resultShapeOf(inputs[0].shape(), dimensions);
  for (const Tensor &t : inputs) {
    if (t.shape() != inputs[0].shape()) throw RuntimeError("reduce: input shapes differ at run time");
  }
  std::vector<Tensor> results;
  for (size_t k = 0; k < count; ++k) results.emplace_back(resultTypes[k], resultShape);
  int64_t outN = results[0].numElements();
  int64_t inN = inputs[0].numElements();

  if (count == 1 && !fastBody.empty() && reduceOnKernels(inputs[0], initValues[0], dimensions, fastBody, results[0])) {
    results[0].finalize();
    return results;
  }
  std::vector<int64_t> target = resultIndexOf(inputs[0].shape(), dimensions);
  if (count == 1 && !fastBody.empty() && inputs[0].kind() == results[0].kind()) {
    bool handled = true;
    dispatch(inputs[0].kind(), [&](auto tag) {
      using T = decltype(tag);
      const T *in = inputs[0].data<T>();
      T *r = results[0].data<T>();
      T init = initValues[0].data<T>()[0];
      for (int64_t i = 0; i < outN; ++i) r[i] = init;
      T probe = init;
      FoldOp op = foldOpOf(fastBody);
      if (!fastFold(op, probe, init)) {
        handled = false;
        return;
      }
      // Spec "reduce": each step of the schedule is the body, so a narrow
      // float (bf16, f16, f8) rounds after every addition, not once at the end.
      ElemKind kind = inputs[0].kind();
      (void)kind;
      if constexpr (std::is_same_v<T, float>) {
        if (isNarrowFloat(kind)) {
          for (int64_t i = 0; i < inN; ++i) {
            fastFold(op, r[target[i]], in[i]);
            r[target[i]] = roundToKind(kind, r[target[i]]);
          }
          return;
        }
      }
      for (int64_t i = 0; i < inN; ++i) fastFold(op, r[target[i]], in[i]);
    });
    if (handled) {
      results[0].finalize();
      return results;
    }
  }

  // General case: call the body with 0-d tensors.
  std::vector<std::vector<Tensor>> acc(static_cast<size_t>(outN));
  for (int64_t i = 0; i < outN; ++i) acc[i] = initValues;
  for (int64_t i = 0; i < inN; ++i) {
    std::vector<Tensor> args = acc[target[i]];
    for (size_t k = 0; k < count; ++k) args.push_back(scalarAt(inputs[k], i));
    acc[target[i]] = body(args);
    if (acc[target[i]].size() != count) throw RuntimeError("reduce: the body returned the wrong number of values");
  }
  for (size_t k = 0; k < count; ++k) {
    size_t es = storageSize(results[k].kind());
    for (int64_t i = 0; i < outN; ++i) {
      std::copy(acc[i][k].bytes(), acc[i][k].bytes() + es, results[k].bytes() + i * es);
    }
  }
  return results;
}

namespace {

/// The windows of reduce_window / select_and_scatter over `shape`: sets
/// `resultShape` (the number of windows per dimension) and `windowSize`, and
/// returns, for each window element of each result element, the input
/// element's offset, or -1 where the padded, dilated input holds padding
/// (nothing without `table`: the checks and shapes only).
std::vector<int64_t> windowSources(const char *opName, const std::vector<int64_t> &shape, const Window &w,
                                   std::vector<int64_t> &resultShape, int64_t &windowSize, bool table = true) {
  int64_t rank = static_cast<int64_t>(shape.size());
  auto check = [&](size_t size, const char *what) {
    if (static_cast<int64_t>(size) != rank) {
      throw RuntimeError(std::string(opName) + ": " + what + " has " + std::to_string(size) +
                         " entries, the input's rank is " + std::to_string(rank));
    }
  };
  check(w.windowDimensions.size(), "window_dimensions");
  check(w.windowStrides.size(), "window_strides");
  check(w.baseDilations.size(), "base_dilations");
  check(w.windowDilations.size(), "window_dilations");
  check(w.padding.size(), "padding");
  resultShape.clear();
  windowSize = 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (w.windowStrides[d] <= 0 || w.baseDilations[d] <= 0 || w.windowDilations[d] <= 0 || w.windowDimensions[d] <= 0) {
      throw RuntimeError(std::string(opName) + ": window dimensions, strides and dilations must be positive");
    }
    int64_t dilated = shape[d] == 0 ? 0 : (shape[d] - 1) * w.baseDilations[d] + 1;
    int64_t padded = dilated + w.padding[d].first + w.padding[d].second;
    int64_t extent = (w.windowDimensions[d] - 1) * w.windowDilations[d] + 1;
    resultShape.push_back(padded <= 0 || extent > padded ? 0 : (padded - extent) / w.windowStrides[d] + 1);
    windowSize *= w.windowDimensions[d];
  }
  int64_t resultCount = 1;
  for (int64_t d : resultShape) resultCount *= d;
  if (!table) return {};
  std::vector<int64_t> strides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d) strides[d] = strides[d + 1] * shape[d + 1];
  std::vector<int64_t> out(static_cast<size_t>(resultCount * windowSize));
  std::vector<int64_t> r(rank, 0), k(rank, 0);
  for (int64_t ri = 0; ri < resultCount; ++ri) {
    std::fill(k.begin(), k.end(), 0);
    for (int64_t wi = 0; wi < windowSize; ++wi) {
      int64_t offset = 0;
      for (int64_t d = 0; d < rank && offset >= 0; ++d) {
        int64_t p = r[d] * w.windowStrides[d] + k[d] * w.windowDilations[d] - w.padding[d].first;
        if (p < 0 || p % w.baseDilations[d] != 0 || p / w.baseDilations[d] >= shape[d]) {
          offset = -1;
        } else {
          offset += p / w.baseDilations[d] * strides[d];
        }
      }
      out[ri * windowSize + wi] = offset;
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++k[d] < w.windowDimensions[d]) break;
        k[d] = 0;
      }
    }
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++r[d] < resultShape[d]) break;
      r[d] = 0;
    }
  }
  return out;
}

/// reduce_window on the kernel library (windowFoldKernelF32): f32, a fold
/// of add, multiply, maximum or minimum, and an innermost dimension outside
/// the window (window 1, stride 1, no padding or dilation: channels-last
/// pooling), so that each result row is a fold of whole input rows. `along`
/// holds, per dimension, the input offset of (result index, window index),
/// -1 in padding. False (nothing written) otherwise.
bool windowFoldOnKernels(const Tensor &input, const Tensor &initValue, const Window &window,
                         const std::vector<std::vector<int64_t>> &along, const Shape &resultShape,
                         const std::string &fastBody, Tensor &result) {
  int64_t rank = input.rank();
  if (!kernelsEnabled() || rank < 1 || input.kind() != ElemKind::F32 || result.kind() != ElemKind::F32 ||
      initValue.kind() != ElemKind::F32 || initValue.numElements() != 1) {
    return false;
  }
  int64_t last = rank - 1;
  if (window.windowDimensions[last] != 1 || window.windowStrides[last] != 1 || window.baseDilations[last] != 1 ||
      window.padding[last] != std::pair<int64_t, int64_t>{0, 0} || resultShape[last] != input.shape()[last]) {
    return false;
  }
  std::optional<ElementwiseBinary> fold = kernelFoldOf(fastBody);
  if (!fold) return false;
  ElementwiseBinary op = *fold;
  int64_t length = input.shape()[last], rows = 1, windowSize = 1;
  for (int64_t d = 0; d < last; ++d) rows *= resultShape[d], windowSize *= window.windowDimensions[d];
  if (length == 0 || rows == 0) return true;
  // Offsets of each result row's input rows, in the window's row-major
  // order (the order the fold follows).
  std::vector<int64_t> offsets(static_cast<size_t>(rows * windowSize));
  std::vector<int64_t> r(static_cast<size_t>(last), 0), k(static_cast<size_t>(last), 0);
  for (int64_t row = 0; row < rows; ++row) {
    std::fill(k.begin(), k.end(), 0);
    for (int64_t w = 0; w < windowSize; ++w) {
      int64_t offset = 0;
      for (int64_t d = 0; d < last && offset >= 0; ++d) {
        int64_t a = along[d][r[d] * window.windowDimensions[d] + k[d]];
        offset = a < 0 ? -1 : offset + a;
      }
      offsets[row * windowSize + w] = offset;
      for (int64_t d = last - 1; d >= 0; --d) {
        if (++k[d] < window.windowDimensions[d]) break;
        k[d] = 0;
      }
    }
    for (int64_t d = last - 1; d >= 0; --d) {
      if (++r[d] < resultShape[d]) break;
      r[d] = 0;
    }
  }
  windowFoldKernelF32(op, input.data<float>(), offsets.data(), initValue.data<float>()[0], result.data<float>(), rows,
                      windowSize, length);
  return true;
}

}  // namespace

std::vector<Tensor> evalReduceWindow(const std::vector<Tensor> &inputs, const std::vector<Tensor> &initValues,
                                     const Window &window, const BodyFn &body, const std::string &fastBody,
                                     const std::vector<ir::Type> &resultTypes) {
  size_t count = inputs.size();
  if (count == 0 || initValues.size() != count || resultTypes.size() != count) {
    throw RuntimeError("reduce_window: inputs, init values and results differ in number");
  }
  for (const Tensor &t : inputs) {
    if (t.shape() != inputs[0].shape()) throw RuntimeError("reduce_window: input shapes differ at run time");
  }
  std::vector<int64_t> resultShape;
  int64_t windowSize = 0;
  std::vector<Tensor> results;

  if (count == 1 && !fastBody.empty()) {
    // Typed loops over each window, without a table of every window's
    // sources: per dimension, the source index of (result index, window
    // index), or -1 in padding and dilation holes.
    windowSources("reduce_window", inputs[0].shape(), window, resultShape, windowSize, /*table=*/false);
    results.emplace_back(resultTypes[0], resultShape);
    bool handled = inputs[0].kind() == results[0].kind();
    if (handled) {
      const Shape &shape = inputs[0].shape();
      int64_t rank = static_cast<int64_t>(shape.size());
      std::vector<std::vector<int64_t>> along(static_cast<size_t>(rank));
      std::vector<int64_t> strides = inputs[0].strides();
      for (int64_t d = 0; d < rank; ++d) {
        int64_t wd = window.windowDimensions[d];
        along[d].resize(static_cast<size_t>(resultShape[d] * wd));
        for (int64_t r = 0; r < resultShape[d]; ++r) {
          for (int64_t k = 0; k < wd; ++k) {
            int64_t p = r * window.windowStrides[d] + k * window.windowDilations[d] - window.padding[d].first;
            bool inside = p >= 0 && p % window.baseDilations[d] == 0 && p / window.baseDilations[d] < shape[d];
            along[d][r * wd + k] = inside ? p / window.baseDilations[d] * strides[d] : -1;
          }
        }
      }
      if (windowFoldOnKernels(inputs[0], initValues[0], window, along, resultShape, fastBody, results[0])) {
        results[0].finalize();
        return results;
      }
      dispatch(inputs[0].kind(), [&](auto tag) {
        using T = decltype(tag);
        const T *in = inputs[0].data<T>();
        T *out = results[0].data<T>();
        T init = initValues[0].data<T>()[0];
        T probe = init;
        FoldOp op = foldOpOf(fastBody);
        if (!fastFold(op, probe, init)) {
          handled = false;
          return;
        }
        const ElemKind kind = inputs[0].kind();
        const bool narrow = isNarrowFloat(kind);
        (void)narrow;
        std::vector<int64_t> r(static_cast<size_t>(rank), 0), k(static_cast<size_t>(rank), 0);
        for (int64_t i = 0; i < results[0].numElements(); ++i) {
          T acc = init;
          std::fill(k.begin(), k.end(), 0);
          for (int64_t w = 0; w < windowSize; ++w) {
            int64_t offset = 0;
            for (int64_t d = 0; d < rank && offset >= 0; ++d) {
              int64_t a = along[d][r[d] * window.windowDimensions[d] + k[d]];
              offset = a < 0 ? -1 : offset + a;
            }
            fastFold(op, acc, offset < 0 ? init : in[offset]);
            if constexpr (std::is_same_v<T, float>) {
              if (narrow) acc = roundToKind(kind, acc);  // each step rounds, as the body would
            }
            for (int64_t d = rank - 1; d >= 0; --d) {
              if (++k[d] < window.windowDimensions[d]) break;
              k[d] = 0;
            }
          }
          out[i] = acc;
          for (int64_t d = rank - 1; d >= 0; --d) {
            if (++r[d] < resultShape[d]) break;
            r[d] = 0;
          }
        }
      });
    }
    if (handled) {
      results[0].finalize();
      return results;
    }
    results.clear();
  }

  std::vector<int64_t> sources = windowSources("reduce_window", inputs[0].shape(), window, resultShape, windowSize);
  for (size_t k = 0; k < count; ++k) results.emplace_back(resultTypes[k], resultShape);
  int64_t outN = results[0].numElements();

  for (int64_t i = 0; i < outN; ++i) {
    std::vector<Tensor> acc = initValues;
    for (int64_t w = 0; w < windowSize; ++w) {
      int64_t src = sources[i * windowSize + w];
      std::vector<Tensor> args = acc;
      for (size_t k = 0; k < count; ++k) args.push_back(src < 0 ? initValues[k] : scalarAt(inputs[k], src));
      acc = body(args);
      if (acc.size() != count) throw RuntimeError("reduce_window: the body returned the wrong number of values");
    }
    for (size_t k = 0; k < count; ++k) {
      size_t es = storageSize(results[k].kind());
      std::copy(acc[k].bytes(), acc[k].bytes() + es, results[k].bytes() + i * es);
    }
  }
  return results;
}

Tensor evalSelectAndScatter(const Tensor &operand, const Tensor &source, const Tensor &initValue,
                            const Shape &windowDimensions, const Shape &windowStrides,
                            const std::vector<std::pair<int64_t, int64_t>> &padding, const BodyFn &select,
                            const BodyFn &scatter, const ir::Type &resultType) {
  int64_t rank = operand.rank();
  Window window{windowDimensions, windowStrides, Shape(rank, 1), Shape(rank, 1), padding};
  std::vector<int64_t> windowsShape;
  int64_t windowSize = 0;
  std::vector<int64_t> sources = windowSources("select_and_scatter", operand.shape(), window, windowsShape, windowSize);
  if (windowsShape != source.shape()) throw RuntimeError("select_and_scatter: the source's shape is not the window count");
  // Without init: the first element of a window inside the operand starts
  // the selection; padding elements are never selected.
  std::vector<int64_t> selected(static_cast<size_t>(source.numElements()), -1);
  for (int64_t i = 0; i < source.numElements(); ++i) {
    Tensor best;
    for (int64_t w = 0; w < windowSize; ++w) {
      int64_t src = sources[i * windowSize + w];
      if (src < 0) continue;
      Tensor candidate = scalarAt(operand, src);
      if (selected[i] < 0) {
        selected[i] = src;
        best = std::move(candidate);
        continue;
      }
      std::vector<Tensor> r = select({best, candidate});
      if (r.size() != 1 || r[0].kind() != ElemKind::I1 || r[0].numElements() != 1) {
        throw RuntimeError("select_and_scatter: `select` must return one tensor<i1>");
      }
      if (!r[0].data<bool>()[0]) {
        selected[i] = src;
        best = std::move(candidate);
      }
    }
  }
  // Every result element folds the source values that selected it, from
  // init_value, in row-major order of the source.
  int64_t n = operand.numElements();
  std::vector<Tensor> acc(static_cast<size_t>(n));
  std::vector<bool> touched(static_cast<size_t>(n), false);
  for (int64_t i = 0; i < source.numElements(); ++i) {
    int64_t target = selected[i];
    if (target < 0) continue;
    if (!touched[target]) {
      acc[target] = initValue;
      touched[target] = true;
    }
    std::vector<Tensor> r = scatter({acc[target], scalarAt(source, i)});
    if (r.size() != 1) throw RuntimeError("select_and_scatter: `scatter` must return one tensor");
    acc[target] = std::move(r[0]);
  }
  Tensor out(resultType, operand.shape());
  size_t es = storageSize(out.kind());
  for (int64_t i = 0; i < n; ++i) {
    const Tensor &v = touched[i] ? acc[i] : initValue;
    std::copy(v.bytes(), v.bytes() + es, out.bytes() + i * es);
  }
  return out;
}

}  // namespace shlo::interpreter
