// Evaluators of the Slicing family: slice, dynamic_slice, dynamic_update_slice,
// real_dynamic_slice, pad, dynamic_pad, concatenate.
#include <algorithm>
#include <climits>
#include <cstdint>

#include "support/CheckedArithmetic.h"
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

void registerSlicingEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.slice",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         const Tensor &t = operandTensor(op, v, 0);
         Shape strides = intsAttribute(op, "strides");
         if (strides.empty()) strides.assign(t.rank(), 1);
         return one(evalSlice(t, requiredInts(op, "start_indices"), requiredInts(op, "limit_indices"), strides,
                              resultTypeOf(op)));
       }},
      {"stablehlo.concatenate",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         std::vector<Tensor> inputs;
         for (size_t i = 0; i < v.size(); ++i) inputs.push_back(operandTensor(op, v, i));
         return one(evalConcatenate(inputs, intAttribute(op, "dimension"), resultTypeOf(op)));
       }},
      {"stablehlo.pad",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalPad(operandTensor(op, v, 0), operandTensor(op, v, 1), requiredInts(op, "edge_padding_low"),
                            requiredInts(op, "edge_padding_high"), requiredInts(op, "interior_padding"),
                            resultTypeOf(op)));
       }},
      {"stablehlo.dynamic_slice",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         std::vector<Tensor> starts;
         for (size_t i = 1; i < v.size(); ++i) starts.push_back(operandTensor(op, v, i));
         return one(
             evalDynamicSlice(operandTensor(op, v, 0), starts, requiredInts(op, "slice_sizes"), resultTypeOf(op)));
       }},
      {"stablehlo.dynamic_update_slice",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         std::vector<Tensor> starts;
         for (size_t i = 2; i < v.size(); ++i) starts.push_back(operandTensor(op, v, i));
         return one(evalDynamicUpdateSlice(operandTensor(op, v, 0), operandTensor(op, v, 1), starts, resultTypeOf(op)));
       }},
      {"stablehlo.dynamic_pad",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         const Tensor &operand = operandTensor(op, v, 0);
         Shape low = shapeOperand(op, v, 2), high = shapeOperand(op, v, 3), interior = shapeOperand(op, v, 4);
         if (low.size() != static_cast<size_t>(operand.rank()) || high.size() != low.size() ||
             interior.size() != low.size()) {
           throw RuntimeError("dynamic_pad: padding sizes do not match the operand's rank");
         }
         Shape shape;
         for (int64_t d = 0; d < operand.rank(); ++d) {
           int64_t size = operand.shape()[d];
           if (interior[d] < 0) throw RuntimeError("dynamic_pad: interior padding must be non-negative");
           // Padding comes from data: a size beyond int64 is refused here, a
           // negative one by dynamicResultType.
           std::optional<int64_t> padded = checked::paddedSize(size, low[d], high[d], interior[d]);
           if (!padded) {
             __int128 exact =
                 __int128{size} + low[d] + high[d] + __int128{std::max<int64_t>(size - 1, 0)} * interior[d];
             if (exact >= 0) {
               throw RuntimeError("dynamic_pad: dimension " + std::to_string(d) +
                                  " of the result is larger than a 64-bit integer can count");
             }
             padded = exact < INT64_MIN ? INT64_MIN : static_cast<int64_t>(exact);
           }
           shape.push_back(*padded);
         }
         return one(evalPad(operand, operandTensor(op, v, 1), low, high, interior, dynamicResultType(op, shape)));
       }},
      {"stablehlo.real_dynamic_slice",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         const Tensor &operand = operandTensor(op, v, 0);
         Shape start = shapeOperand(op, v, 1), limit = shapeOperand(op, v, 2), strides = shapeOperand(op, v, 3);
         if (start.size() != static_cast<size_t>(operand.rank()) || limit.size() != start.size() ||
             strides.size() != start.size()) {
           throw RuntimeError("real_dynamic_slice: start, limit and strides must have one entry per operand dimension");
         }
         Shape shape;
         for (size_t d = 0; d < start.size(); ++d) {
           if (start[d] < 0 || limit[d] > operand.shape()[d] || start[d] > limit[d] || strides[d] <= 0) {
             throw RuntimeError("real_dynamic_slice: dimension " + std::to_string(d) + " slice [" +
                                std::to_string(start[d]) + ", " + std::to_string(limit[d]) + ") step " +
                                std::to_string(strides[d]) + " is outside size " + std::to_string(operand.shape()[d]));
           }
           shape.push_back((limit[d] - start[d] + strides[d] - 1) / strides[d]);
         }
         const ir::Type &rt = resultTypeOf(op);
         for (size_t d = 0; d < shape.size(); ++d) {
           if (rt.ranked() && rt.dim(d) >= 0 && rt.dim(d) != shape[d]) {
             throw RuntimeError("real_dynamic_slice: dimension " + std::to_string(d) + " is " +
                                std::to_string(shape[d]) + " at run time but the result type " + rt.str() + " says " +
                                std::to_string(rt.dim(d)));
           }
         }
         return one(evalSlice(operand, start, limit, strides, rt.withShape(shape)));
       }},
  });
}

}  // namespace shlo::interpreter
