// sort, per the spec: every 1-dimensional slice along `dimension` (negative
// values count from the end) is sorted by `comparator(lhs0, rhs0, lhs1,
// rhs1, ...)`, which returns true when lhs < rhs. The sort is always stable
// (a stable sort is a valid unstable one) and never reads out of bounds even
// when the comparator is not a strict weak order.
#include <algorithm>
#include <cstring>
#include <numeric>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

std::vector<Tensor> evalSort(const std::vector<Tensor> &inputs, int64_t dimension, bool /*isStable*/,
                             const BodyFn &comparator, const std::vector<ir::Type> &resultTypes) {
  size_t n = inputs.size();
  if (n == 0 || resultTypes.size() != n) throw RuntimeError("sort: inputs and results differ in number");
  int64_t rank = inputs[0].rank();
  int64_t dim = dimension >= 0 ? dimension : rank + dimension;
  if (dim < 0 || dim >= rank) throw RuntimeError("sort: dimension " + std::to_string(dimension) + " is out of range");
  for (const Tensor &t : inputs) {
    if (t.shape() != inputs[0].shape()) throw RuntimeError("sort: input shapes differ at run time");
  }
  const std::vector<int64_t> &shape = inputs[0].shape();
  std::vector<Tensor> results;
  for (size_t k = 0; k < n; ++k) results.emplace_back(resultTypes[k], shape);
  if (inputs[0].numElements() == 0) return results;
  int64_t length = shape[dim];
  int64_t stride = inputs[0].strides()[dim];
  int64_t slices = inputs[0].numElements() / length;
  // 0-d tensors of every element of the slice being sorted.
  std::vector<std::vector<Tensor>> elements(n, std::vector<Tensor>(length));
  std::vector<int64_t> order(length);
  for (int64_t s = 0; s < slices; ++s) {
    // The slice's first element: s enumerates the other dimensions row-major.
    int64_t outer = s / stride, inner = s % stride;
    int64_t base = outer * stride * length + inner;
    for (size_t k = 0; k < n; ++k) {
      size_t es = storageSize(inputs[k].kind());
      for (int64_t i = 0; i < length; ++i) {
        Tensor e(inputs[k].type().withShape({}));
        std::memcpy(e.bytes(), inputs[k].bytes() + (base + i * stride) * es, es);
        elements[k][i] = std::move(e);
      }
    }
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      std::vector<Tensor> args;
      args.reserve(2 * n);
      for (size_t k = 0; k < n; ++k) {
        args.push_back(elements[k][a]);
        args.push_back(elements[k][b]);
      }
      std::vector<Tensor> r = comparator(args);
      if (r.size() != 1 || r[0].kind() != ElemKind::I1 || r[0].numElements() != 1) {
        throw RuntimeError("sort: the comparator must return one tensor<i1>");
      }
      return r[0].data<bool>()[0];
    });
    for (size_t k = 0; k < n; ++k) {
      size_t es = storageSize(results[k].kind());
      for (int64_t i = 0; i < length; ++i) {
        std::memcpy(results[k].bytes() + (base + i * stride) * es, inputs[k].bytes() + (base + order[i] * stride) * es,
                    es);
      }
    }
  }
  return results;
}

}  // namespace shlo::interpreter
