// Evaluators of the Shape family: constant, iota, reshape, transpose, the
// broadcasts, reverse, get_dimension_size, tuples (static and dynamic forms).
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

void registerShapeEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.reshape", unary<evalReshape>},
      {"stablehlo.broadcast_in_dim",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         // Read by elementwise ops only: they take the operand as it is
         // and read it as the broadcast (evalBinaryWithBroadcast).
         if (broadcastFoldsIntoElementwise(in, op)) return one(operandTensor(op, v, 0));
         return one(
             evalBroadcastInDim(operandTensor(op, v, 0), requiredInts(op, "broadcast_dimensions"), resultTypeOf(op)));
       }},
      {"stablehlo.transpose",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         // Read by dot_generals only: they take the operand as it is and
         // fold the permutation into their dimension numbers (no copy).
         if (transposeFoldsIntoDots(in, op)) return one(operandTensor(op, v, 0));
         return one(evalTranspose(operandTensor(op, v, 0), requiredInts(op, "permutation"), resultTypeOf(op)));
       }},
      {"stablehlo.iota", [](Interpreter &, const Operation &op, const std::vector<Value> &,
                            Env &) { return one(evalIota(intAttribute(op, "iota_dimension"), resultTypeOf(op))); }},
      {"stablehlo.reverse",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalReverse(operandTensor(op, v, 0), requiredInts(op, "dimensions"), resultTypeOf(op)));
       }},
      {"stablehlo.dynamic_iota",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalIota(intAttribute(op, "iota_dimension"), dynamicResultType(op, shapeOperand(op, v, 0))));
       }},
      {"stablehlo.dynamic_reshape",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalReshape(operandTensor(op, v, 0), dynamicResultType(op, shapeOperand(op, v, 1))));
       }},
      {"stablehlo.dynamic_broadcast_in_dim",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalBroadcastInDim(operandTensor(op, v, 0), requiredInts(op, "broadcast_dimensions"),
                                       dynamicResultType(op, shapeOperand(op, v, 1))));
       }},
      {"stablehlo.get_dimension_size",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalGetDimensionSize(operandTensor(op, v, 0), intAttribute(op, "dimension"), resultTypeOf(op)));
       }},
      {"stablehlo.constant",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &, Env &) { return one(in.constantOf(op)); }},
      {"stablehlo.tuple", [](Interpreter &, const Operation &, const std::vector<Value> &v,
                             Env &) { return std::vector<Value>{Value::tuple(v)}; }},
      {"stablehlo.get_tuple_element",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         int64_t i = intAttribute(op, "index");
         if (v.empty() || v[0].kind != Value::Kind::Tuple || i < 0 || i >= static_cast<int64_t>(v[0].elements.size())) {
           throw RuntimeError("get_tuple_element: index " + std::to_string(i) + " out of range");
         }
         return std::vector<Value>{v[0].elements[i]};
       }},
      {"stablehlo.broadcast",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         const Tensor &operand = operandTensor(op, v, 0);
         Shape sizes = intsAttribute(op, "broadcast_sizes");
         Shape shape = sizes, dims;
         for (int64_t d = 0; d < operand.rank(); ++d) {
           shape.push_back(operand.shape()[d]);
           dims.push_back(static_cast<int64_t>(sizes.size()) + d);
         }
         return one(evalBroadcastInDim(operand, dims, resultTypeOf(op).withShape(shape)));
       }},
  });
}

}  // namespace shlo::interpreter
