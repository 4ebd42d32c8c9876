// scatter, per the spec: every update element goes to
// full_start_index + full_batching_index + full_window_index of the results,
// combined with the element there by the body; out-of-bounds updates are
// skipped. Updates are applied in row-major order of `updates`.
#include <algorithm>
#include <cstring>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

bool contains(const Shape &v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

}  // namespace

std::vector<Tensor> evalScatter(const std::vector<Tensor> &inputs, const Tensor &scatterIndices,
                                const std::vector<Tensor> &updates, const ScatterDimensions &dims, const BodyFn &body,
                                const std::vector<ir::Type> &resultTypes) {
  size_t n = inputs.size();
  if (n == 0 || updates.size() != n || resultTypes.size() != n) throw RuntimeError("scatter: operand counts differ");
  std::vector<Tensor> results;
  for (size_t k = 0; k < n; ++k) {
    Tensor r(resultTypes[k], inputs[k].shape());
    std::memcpy(r.bytes(), inputs[k].bytes(), static_cast<size_t>(inputs[k].numElements()) * storageSize(r.kind()));
    results.push_back(std::move(r));
  }
  const std::vector<int64_t> &inShape = inputs[0].shape();
  const std::vector<int64_t> &upShape = updates[0].shape();
  int64_t inRank = inputs[0].rank(), upRank = updates[0].rank(), idxRank = scatterIndices.rank();
  std::vector<int64_t> inStrides = inputs[0].strides(), idxStrides = scatterIndices.strides();
  Shape updateScatterDims;
  for (int64_t d = 0; d < upRank; ++d) {
    if (!contains(dims.updateWindowDims, d)) updateScatterDims.push_back(d);
  }
  Shape windowToInput;  // input dims that receive update window dims, in order
  for (int64_t d = 0; d < inRank; ++d) {
    if (!contains(dims.insertedWindowDims, d) && !contains(dims.inputBatchingDims, d)) windowToInput.push_back(d);
  }
  if (windowToInput.size() != dims.updateWindowDims.size()) throw RuntimeError("scatter: window dimensions do not match");
  int64_t total = updates[0].numElements();
  std::vector<int64_t> updateIndex(upRank, 0), resultIndex(inRank), updateScatterIndex;
  for (int64_t u = 0; u < total; ++u) {
    if (u > 0) {
      for (int64_t d = upRank - 1; d >= 0; --d) {
        if (++updateIndex[d] < upShape[d]) break;
        updateIndex[d] = 0;
      }
    }
    updateScatterIndex.clear();
    for (int64_t d : updateScatterDims) updateScatterIndex.push_back(updateIndex[d]);
    std::fill(resultIndex.begin(), resultIndex.end(), 0);
    // The start index: a vector of scatter_indices along index_vector_dim.
    int64_t startCount = dims.indexVectorDim < idxRank ? scatterIndices.shape()[dims.indexVectorDim] : 1;
    for (int64_t s = 0; s < startCount; ++s) {
      int64_t offset = 0, j = 0;
      for (int64_t d = 0; d < idxRank; ++d) {
        int64_t i = d == dims.indexVectorDim ? s : updateScatterIndex.at(j++);
        offset += i * idxStrides[d];
      }
      if (s < static_cast<int64_t>(dims.scatterDimsToOperandDims.size())) {
        resultIndex[dims.scatterDimsToOperandDims[s]] += scatterIndices.intAt(offset);
      }
    }
    for (size_t b = 0; b < dims.inputBatchingDims.size(); ++b) {
      int64_t dStart = dims.scatterIndicesBatchingDims[b];
      resultIndex[dims.inputBatchingDims[b]] += updateScatterIndex.at(dStart - (dStart < dims.indexVectorDim ? 0 : 1));
    }
    for (size_t w = 0; w < dims.updateWindowDims.size(); ++w) {
      resultIndex[windowToInput[w]] += updateIndex[dims.updateWindowDims[w]];
    }
    bool inBounds = true;
    int64_t target = 0;
    for (int64_t d = 0; d < inRank; ++d) {
      if (resultIndex[d] < 0 || resultIndex[d] >= inShape[d]) {
        inBounds = false;
        break;
      }
      target += resultIndex[d] * inStrides[d];
    }
    if (!inBounds) continue;
    std::vector<Tensor> args;
    for (size_t k = 0; k < n; ++k) {
      Tensor s(results[k].type().withShape({}));
      size_t es = storageSize(s.kind());
      std::memcpy(s.bytes(), results[k].bytes() + target * es, es);
      args.push_back(std::move(s));
    }
    for (size_t k = 0; k < n; ++k) {
      Tensor s(updates[k].type().withShape({}));
      size_t es = storageSize(s.kind());
      std::memcpy(s.bytes(), updates[k].bytes() + u * es, es);
      args.push_back(std::move(s));
    }
    std::vector<Tensor> combined = body(args);
    if (combined.size() != n) throw RuntimeError("scatter: the body returned the wrong number of values");
    for (size_t k = 0; k < n; ++k) {
      size_t es = storageSize(results[k].kind());
      std::memcpy(results[k].bytes() + target * es, combined[k].bytes(), es);
    }
  }
  return results;
}

}  // namespace shlo::interpreter
