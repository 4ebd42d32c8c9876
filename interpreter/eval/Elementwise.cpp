// Evaluators of the Elementwise family: unary and binary math and logic ops,
// compare, select, clamp; and which of them reductions run as typed folds.
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

BinaryFold binaryFoldOf(std::string_view opName) {
  if (opName == "stablehlo.add") return BinaryFold::Add;
  if (opName == "stablehlo.multiply") return BinaryFold::Multiply;
  if (opName == "stablehlo.maximum") return BinaryFold::Maximum;
  if (opName == "stablehlo.minimum") return BinaryFold::Minimum;
  if (opName == "stablehlo.and") return BinaryFold::And;
  if (opName == "stablehlo.or") return BinaryFold::Or;
  if (opName == "stablehlo.xor") return BinaryFold::Xor;
  return BinaryFold::None;
}

BinaryKernel binaryKernelOf(BinaryFold fold) {
  switch (fold) {
    case BinaryFold::Add: return evalAdd;
    case BinaryFold::Multiply: return evalMultiply;
    case BinaryFold::Maximum: return evalMaximum;
    case BinaryFold::Minimum: return evalMinimum;
    case BinaryFold::And: return evalAnd;
    case BinaryFold::Or: return evalOr;
    case BinaryFold::Xor: return evalXor;
    case BinaryFold::None: break;
  }
  return nullptr;
}

void registerElementwiseEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.abs", unary<evalAbs>},
      {"stablehlo.square", unary<evalSquare>},
      {"stablehlo.negate", unary<evalNegate>},
      {"stablehlo.sign", unary<evalSign>},
      {"stablehlo.not", unary<evalNot>},
      {"stablehlo.exponential", unary<evalExponential>},
      {"stablehlo.exp2", unary<evalExp2>},
      {"stablehlo.exponential_minus_one", unary<evalExponentialMinusOne>},
      {"stablehlo.log", unary<evalLog>},
      {"stablehlo.log2", unary<evalLog2>},
      {"stablehlo.log_plus_one", unary<evalLogPlusOne>},
      {"stablehlo.logistic", unary<evalLogistic>},
      {"stablehlo.sqrt", unary<evalSqrt>},
      {"stablehlo.rsqrt", unary<evalRsqrt>},
      {"stablehlo.cbrt", unary<evalCbrt>},
      {"stablehlo.tanh", unary<evalTanh>},
      {"stablehlo.tan", unary<evalTan>},
      {"stablehlo.sine", unary<evalSine>},
      {"stablehlo.cosine", unary<evalCosine>},
      {"stablehlo.floor", unary<evalFloor>},
      {"stablehlo.ceil", unary<evalCeil>},
      {"stablehlo.round_nearest_afz", unary<evalRoundNearestAfz>},
      {"stablehlo.round_nearest_even", unary<evalRoundNearestEven>},
      {"stablehlo.is_finite", unary<evalIsFinite>},
      {"stablehlo.popcnt", unary<evalPopcnt>},
      {"stablehlo.count_leading_zeros", unary<evalCountLeadingZeros>},
      {"stablehlo.real", unary<evalReal>},
      {"stablehlo.imag", unary<evalImag>},
      {"stablehlo.add", binary<evalAdd>},
      {"stablehlo.subtract", binary<evalSubtract>},
      {"stablehlo.multiply", binary<evalMultiply>},
      {"stablehlo.divide", binary<evalDivide>},
      {"stablehlo.remainder", binary<evalRemainder>},
      {"stablehlo.maximum", binary<evalMaximum>},
      {"stablehlo.minimum", binary<evalMinimum>},
      {"stablehlo.power", binary<evalPower>},
      {"stablehlo.and", binary<evalAnd>},
      {"stablehlo.or", binary<evalOr>},
      {"stablehlo.xor", binary<evalXor>},
      {"stablehlo.shift_left", binary<evalShiftLeft>},
      {"stablehlo.shift_right_arithmetic", binary<evalShiftRightArithmetic>},
      {"stablehlo.shift_right_logical", binary<evalShiftRightLogical>},
      {"stablehlo.atan2", binary<evalAtan2>},
      {"stablehlo.complex", binary<evalComplex>},
      {"stablehlo.compare",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalCompare(operandTensor(op, v, 0), operandTensor(op, v, 1),
                                textAttribute(op, "comparison_direction"), textAttribute(op, "compare_type"),
                                resultTypeOf(op)));
       }},
      {"stablehlo.select",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(
             evalSelect(operandTensor(op, v, 0), operandTensor(op, v, 1), operandTensor(op, v, 2), resultTypeOf(op)));
       }},
      {"stablehlo.clamp",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(
             evalClamp(operandTensor(op, v, 0), operandTensor(op, v, 1), operandTensor(op, v, 2), resultTypeOf(op)));
       }},
  });
}

}  // namespace shlo::interpreter
