// Evaluators of the GatherScatter family: gather, dynamic_gather, scatter,
// torch_index_select.
#include <cstring>

#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

namespace {

GatherDimensions gatherDimensions(const ir::Operation &op) {
  const ir::Attribute &d = attribute(op, "dimension_numbers");
  GatherDimensions dims;
  dims.offsetDims = fieldInts(d, "offset_dims");
  dims.collapsedSliceDims = fieldInts(d, "collapsed_slice_dims");
  dims.operandBatchingDims = fieldInts(d, "operand_batching_dims");
  dims.startIndicesBatchingDims = fieldInts(d, "start_indices_batching_dims");
  dims.startIndexMap = fieldInts(d, "start_index_map");
  const ir::Attribute *ivd = d.field("index_vector_dim");
  dims.indexVectorDim = ivd ? ivd->integer : 0;
  return dims;
}

/// torch_index_select: operand's dimension `dim` indexed by `index`, whose
/// first `batchDims` dimensions run along the operand's first ones.
Tensor evalTorchIndexSelect(const Tensor &operand, const Tensor &index, int64_t dim, int64_t batchDims,
                        const ir::Type &resultType) {
  if (dim < 0 || dim >= operand.rank() || batchDims < 0 || batchDims > dim || batchDims > index.rank()) {
    throw RuntimeError("torch_index_select: dim " + std::to_string(dim) + " / batch_dims " + std::to_string(batchDims) +
                       " do not fit " + operand.type().str() + " and " + index.type().str());
  }
  for (int64_t b = 0; b < batchDims; ++b) {
    if (operand.shape()[b] != index.shape()[b])
      throw RuntimeError("torch_index_select: batch dimensions differ in size");
  }
  Shape shape(operand.shape().begin(), operand.shape().begin() + dim);
  shape.insert(shape.end(), index.shape().begin() + batchDims, index.shape().end());
  shape.insert(shape.end(), operand.shape().begin() + dim + 1, operand.shape().end());
  Tensor out(resultType, shape);
  size_t es = storageSize(operand.kind());
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < operand.rank(); ++d) inner *= operand.shape()[d];
  int64_t outer = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= operand.shape()[d];
  int64_t batch = 1;
  for (int64_t d = 0; d < batchDims; ++d) batch *= operand.shape()[d];
  int64_t perBatchOuter = batch ? outer / batch : 0;  // Operand dims between the batch dims and `dim`.
  int64_t perBatchIndex = batch ? index.numElements() / batch : 0;
  int64_t length = operand.shape()[dim];
  int64_t o = 0;
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t m = 0; m < perBatchOuter; ++m) {
      for (int64_t j = 0; j < perBatchIndex; ++j) {
        int64_t i = index.intAt(b * perBatchIndex + j);
        if (i < 0 || i >= length) {
          throw RuntimeError("torch_index_select: index " + std::to_string(i) + " is outside dimension " +
                             std::to_string(dim) + " of size " + std::to_string(length));
        }
        const unsigned char *src = operand.bytes() + (((b * perBatchOuter + m) * length + i) * inner) * es;
        std::memcpy(out.bytes() + o * inner * es, src, inner * es);
        ++o;
      }
    }
  }
  return out;
}

}  // namespace

void registerGatherScatterEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.scatter",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &env) {
         if (op.regions.size() != 1 || v.size() < 3 || (v.size() - 1) % 2 != 0) {
           throw RuntimeError("scatter: expected inputs, indices, updates and one body");
         }
         size_t n = (v.size() - 1) / 2;
         std::vector<Tensor> inputs, updates;
         for (size_t i = 0; i < n; ++i) inputs.push_back(operandTensor(op, v, i));
         for (size_t i = n + 1; i < v.size(); ++i) updates.push_back(operandTensor(op, v, i));
         const ir::Attribute &d = attribute(op, "scatter_dimension_numbers");
         ScatterDimensions dims;
         dims.updateWindowDims = fieldInts(d, "update_window_dims");
         dims.insertedWindowDims = fieldInts(d, "inserted_window_dims");
         dims.inputBatchingDims = fieldInts(d, "input_batching_dims");
         dims.scatterIndicesBatchingDims = fieldInts(d, "scatter_indices_batching_dims");
         dims.scatterDimsToOperandDims = fieldInts(d, "scatter_dims_to_operand_dims");
         const ir::Attribute *ivd = d.field("index_vector_dim");
         dims.indexVectorDim = ivd ? ivd->integer : 0;
         std::vector<ir::Type> types;
         for (size_t i = 0; i < op.results.size(); ++i) types.push_back(resultTypeOf(op, i));
         const ir::Region &region = *op.regions[0];
         BodyFn body = [&](const std::vector<Tensor> &args) {
           return tensorsOf(op, in.runRegion(region, std::vector<Value>(args.begin(), args.end()), env));
         };
         std::vector<Tensor> results = evalScatter(inputs, operandTensor(op, v, n), updates, dims, body, types);
         return std::vector<Value>(results.begin(), results.end());
       }},
      {"stablehlo.gather",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalGather(operandTensor(op, v, 0), operandTensor(op, v, 1), gatherDimensions(op),
                               requiredInts(op, "slice_sizes"), resultTypeOf(op)));
       }},
      {"stablehlo.dynamic_gather",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         const Tensor &sizes = operandTensor(op, v, 2);
         Shape sliceSizes;
         for (int64_t i = 0; i < sizes.numElements(); ++i) sliceSizes.push_back(sizes.intAt(i));
         return one(evalGather(operandTensor(op, v, 0), operandTensor(op, v, 1), gatherDimensions(op), sliceSizes,
                               resultTypeOf(op)));
       }},
      {"stablehlo.torch_index_select",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalTorchIndexSelect(operandTensor(op, v, 0), operandTensor(op, v, 1), intAttribute(op, "dim"),
                                     intAttribute(op, "batch_dims", 0), resultTypeOf(op)));
       }},
  });
}

}  // namespace shlo::interpreter
