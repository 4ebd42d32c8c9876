// reduce: each result element folds the input elements that map to it,
// starting from the init value, in row-major order of the reduced
// dimensions (the spec leaves the order implementation-defined). Bodies that
// are one add/multiply/maximum/minimum/and/or run as typed loops.
#include <algorithm>
#include <cmath>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

/// For every input element (row-major), the index of its result element.
std::vector<int64_t> resultIndexOf(const std::vector<int64_t> &shape, const Shape &dims,
                                   std::vector<int64_t> &resultShape) {
  std::vector<bool> reduced(shape.size(), false);
  for (int64_t d : dims) {
    if (d < 0 || d >= static_cast<int64_t>(shape.size())) throw RuntimeError("reduce: dimension out of range");
    reduced[d] = true;
  }
  resultShape.clear();
  for (size_t d = 0; d < shape.size(); ++d) {
    if (!reduced[d]) resultShape.push_back(shape[d]);
  }
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

template <typename T>
bool fastFold(const std::string &op, T &acc, T x) {
  if constexpr (kIsBool<T>) {
    if (op == "stablehlo.and") acc = acc && x;
    else if (op == "stablehlo.or" || op == "stablehlo.add" || op == "stablehlo.maximum") acc = acc || x;
    else if (op == "stablehlo.multiply" || op == "stablehlo.minimum") acc = acc && x;
    else return false;
    return true;
  } else if constexpr (kIsComplex<T>) {
    if (op == "stablehlo.add") acc += x;
    else if (op == "stablehlo.multiply") acc *= x;
    else return false;
    return true;
  } else {
    if (op == "stablehlo.add") {
      if constexpr (kIsInt<T>) {
        using U = std::make_unsigned_t<T>;
        acc = static_cast<T>(static_cast<U>(acc) + static_cast<U>(x));
      } else {
        acc += x;
      }
    } else if (op == "stablehlo.multiply") {
      if constexpr (kIsInt<T>) {
        using U = std::make_unsigned_t<T>;
        using W = std::conditional_t<(sizeof(T) < 4), uint32_t, U>;
        acc = static_cast<T>(static_cast<W>(static_cast<U>(acc)) * static_cast<W>(static_cast<U>(x)));
      } else {
        acc *= x;
      }
    } else if (op == "stablehlo.maximum") {
      if constexpr (kIsFloat<T>) {
        if (std::isnan(acc)) return true;
        if (std::isnan(x) || acc < x || (acc == 0 && x == 0 && std::signbit(acc))) acc = x;
      } else {
        acc = std::max(acc, x);
      }
    } else if (op == "stablehlo.minimum") {
      if constexpr (kIsFloat<T>) {
        if (std::isnan(acc)) return true;
        if (std::isnan(x) || x < acc || (acc == 0 && x == 0 && std::signbit(x))) acc = x;
      } else {
        acc = std::min(acc, x);
      }
    } else if constexpr (kIsInt<T>) {
      if (op == "stablehlo.and") acc &= x;
      else if (op == "stablehlo.or") acc |= x;
      else if (op == "stablehlo.xor") acc ^= x;
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

}  // namespace

std::vector<Tensor> evalReduce(const std::vector<Tensor> &inputs, const std::vector<Tensor> &initValues,
                               const Shape &dimensions, const BodyFn &body, const std::string &fastBody,
                               const std::vector<ir::Type> &resultTypes) {
  size_t count = inputs.size();
  if (count == 0 || initValues.size() != count || resultTypes.size() != count) {
    throw RuntimeError("reduce: inputs, init values and results differ in number");
  }
  std::vector<int64_t> resultShape;
  std::vector<int64_t> target = resultIndexOf(inputs[0].shape(), dimensions, resultShape);
  for (const Tensor &t : inputs) {
    if (t.shape() != inputs[0].shape()) throw RuntimeError("reduce: input shapes differ at run time");
  }
  std::vector<Tensor> results;
  for (size_t k = 0; k < count; ++k) results.emplace_back(resultTypes[k], resultShape);
  int64_t outN = results[0].numElements();
  int64_t inN = inputs[0].numElements();

  if (count == 1 && !fastBody.empty() && inputs[0].kind() == results[0].kind()) {
    bool handled = true;
    dispatch(inputs[0].kind(), [&](auto tag) {
      using T = decltype(tag);
      const T *in = inputs[0].data<T>();
      T *r = results[0].data<T>();
      T init = initValues[0].data<T>()[0];
      for (int64_t i = 0; i < outN; ++i) r[i] = init;
      T probe = init;
      if (!fastFold(fastBody, probe, init)) {
        handled = false;
        return;
      }
      for (int64_t i = 0; i < inN; ++i) fastFold(fastBody, r[target[i]], in[i]);
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

}  // namespace shlo::interpreter
