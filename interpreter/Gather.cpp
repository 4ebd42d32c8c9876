// gather, per the spec: result[result_index] = operand[full_start_index +
// full_batching_index + full_offset_index], start indices clamped so the
// slice stays inside the operand.
#include <algorithm>
#include <cstring>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

bool contains(const Shape &v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

}  // namespace

Tensor evalGather(const Tensor &operand, const Tensor &startIndices, const GatherDimensions &dims,
                  const Shape &sliceSizes, const ir::Type &resultType) {
  int64_t opRank = operand.rank(), idxRank = startIndices.rank();
  if (static_cast<int64_t>(sliceSizes.size()) != opRank) {
    throw RuntimeError("gather: slice_sizes has " + std::to_string(sliceSizes.size()) +
                       " entries, the operand's rank is " + std::to_string(opRank));
  }
  for (int64_t d = 0; d < opRank; ++d) {
    if (sliceSizes[d] < 0 || sliceSizes[d] > operand.shape()[d]) {
      throw RuntimeError("gather: slice size " + std::to_string(sliceSizes[d]) + " does not fit dimension " +
                         std::to_string(d) + " of size " + std::to_string(operand.shape()[d]));
    }
  }
  // The result's shape: batch dims from start_indices (without
  // index_vector_dim), offset dims from the non-collapsed slice sizes.
  Shape offsetSizes;
  Shape offsetToOperand;  // operand dim of each offset dim, in order
  for (int64_t d = 0; d < opRank; ++d) {
    if (!contains(dims.collapsedSliceDims, d) && !contains(dims.operandBatchingDims, d)) {
      offsetSizes.push_back(sliceSizes[d]);
      offsetToOperand.push_back(d);
    }
  }
  if (offsetSizes.size() != dims.offsetDims.size()) throw RuntimeError("gather: offset_dims do not match the slice");
  Shape batchSizes;
  for (int64_t d = 0; d < idxRank; ++d) {
    if (d != dims.indexVectorDim) batchSizes.push_back(startIndices.shape()[d]);
  }
  int64_t resultRank = static_cast<int64_t>(batchSizes.size() + offsetSizes.size());
  Shape shape(resultRank);
  Shape batchDims;
  for (int64_t d = 0, b = 0, o = 0; d < resultRank; ++d) {
    if (contains(dims.offsetDims, d)) {
      shape[d] = offsetSizes.at(o++);
    } else {
      shape[d] = batchSizes.at(b++);
      batchDims.push_back(d);
    }
  }
  Tensor out(resultType, shape);
  int64_t total = out.numElements();
  if (total == 0) return out;
  std::vector<int64_t> opStrides = operand.strides(), idxStrides = startIndices.strides();
  int64_t startCount = dims.indexVectorDim < idxRank ? startIndices.shape()[dims.indexVectorDim] : 1;
  if (static_cast<int64_t>(dims.startIndexMap.size()) != startCount) {
    throw RuntimeError("gather: start_index_map does not match the index vector");
  }
  size_t es = storageSize(out.kind());
  std::vector<int64_t> resultIndex(resultRank, 0), operandIndex(opRank), batchIndex(batchDims.size());
  for (int64_t r = 0; r < total; ++r) {
    if (r > 0) {
      for (int64_t d = resultRank - 1; d >= 0; --d) {
        if (++resultIndex[d] < shape[d]) break;
        resultIndex[d] = 0;
      }
    }
    for (size_t b = 0; b < batchDims.size(); ++b) batchIndex[b] = resultIndex[batchDims[b]];
    std::fill(operandIndex.begin(), operandIndex.end(), 0);
    for (int64_t s = 0; s < startCount; ++s) {
      int64_t offset = 0;
      for (int64_t d = 0, j = 0; d < idxRank; ++d) offset += (d == dims.indexVectorDim ? s : batchIndex[j++]) * idxStrides[d];
      int64_t dOperand = dims.startIndexMap[s];
      int64_t start = startIndices.intAt(offset);
      operandIndex[dOperand] += std::clamp<int64_t>(start, 0, operand.shape()[dOperand] - sliceSizes[dOperand]);
    }
    for (size_t b = 0; b < dims.operandBatchingDims.size(); ++b) {
      int64_t dStart = dims.startIndicesBatchingDims.at(b);
      operandIndex[dims.operandBatchingDims[b]] += batchIndex.at(dStart - (dStart < dims.indexVectorDim ? 0 : 1));
    }
    for (size_t o = 0; o < dims.offsetDims.size(); ++o) operandIndex[offsetToOperand[o]] += resultIndex[dims.offsetDims[o]];
    int64_t source = 0;
    for (int64_t d = 0; d < opRank; ++d) {
      if (operandIndex[d] < 0 || operandIndex[d] >= operand.shape()[d]) throw RuntimeError("gather: index out of range");
      source += operandIndex[d] * opStrides[d];
    }
    std::memcpy(out.bytes() + r * es, operand.bytes() + source * es, es);
  }
  return out;
}

}  // namespace shlo::interpreter
