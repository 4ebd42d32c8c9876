// gather, per the spec: result[result_index] = operand[full_start_index +
// full_batching_index + full_offset_index], start indices clamped so the
// slice stays inside the operand. On the kernel path, slices along the
// operand's last dimension are copied a row at a time, threaded.
#include <algorithm>
#include <cstring>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

namespace {

bool contains(const Shape &v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

/// Elements a thread copies at least: below this a second thread costs more
/// than it saves.
constexpr int64_t kMinGatherElementsPerThread = int64_t{1} << 15;

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
  // Every element is written below (or an error thrown).
  Tensor out(resultType, shape, Tensor::ForOverwrite{});
  int64_t total = out.numElements();
  if (total == 0) return out;
  std::vector<int64_t> opStrides = operand.strides(), idxStrides = startIndices.strides();
  int64_t startCount = dims.indexVectorDim < idxRank ? startIndices.shape()[dims.indexVectorDim] : 1;
  if (static_cast<int64_t>(dims.startIndexMap.size()) != startCount) {
    throw RuntimeError("gather: start_index_map does not match the index vector");
  }
  size_t es = storageSize(out.kind());
  // The operand offset of result element `resultIndex` (operandIndex: its
  // operand index), per the spec's formula.
  auto sourceOf = [&](const std::vector<int64_t> &resultIndex, std::vector<int64_t> &batchIndex,
                      std::vector<int64_t> &operandIndex) {
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
    return source;
  };
  // On the kernel path, when the result's last dimension is a slice of the
  // operand's last (an embedding lookup: rows of a table), each result row
  // is one contiguous run of the operand: copied whole, rows split across
  // threads. Same elements as the loop below.
  const int64_t run = shape[resultRank - 1];
  if (kernelsEnabled() && !dims.offsetDims.empty() && dims.offsetDims.back() == resultRank - 1 &&
      offsetToOperand.back() == opRank - 1 && run > 1) {
    parallelFor(total / run, std::max<int64_t>(1, kMinGatherElementsPerThread / run), [&](int64_t begin, int64_t end) {
      std::vector<int64_t> resultIndex(resultRank, 0), operandIndex(opRank), batchIndex(batchDims.size());
      for (int64_t row = begin; row < end; ++row) {
        for (int64_t d = resultRank - 2, rest = row; d >= 0; --d) {
          resultIndex[d] = rest % shape[d];
          rest /= shape[d];
        }
        int64_t source = sourceOf(resultIndex, batchIndex, operandIndex);
        // The run's first element is in range; its last must be too.
        if (operandIndex[opRank - 1] + run > operand.shape()[opRank - 1]) throw RuntimeError("gather: index out of range");
        std::memcpy(out.bytes() + row * run * es, operand.bytes() + source * es, static_cast<size_t>(run) * es);
      }
    });
    return out;
  }
  std::vector<int64_t> resultIndex(resultRank, 0), operandIndex(opRank), batchIndex(batchDims.size());
  for (int64_t r = 0; r < total; ++r) {
    if (r > 0) {
      for (int64_t d = resultRank - 1; d >= 0; --d) {
        if (++resultIndex[d] < shape[d]) break;
        resultIndex[d] = 0;
      }
    }
    int64_t source = sourceOf(resultIndex, batchIndex, operandIndex);
    std::memcpy(out.bytes() + r * es, operand.bytes() + source * es, es);
  }
  return out;
}

}  // namespace shlo::interpreter
