// Evaluators of the Conversion family: convert, bitcast_convert,
// reduce_precision, uniform_quantize, uniform_dequantize.
#include "interpreter/Quantization.h"
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

void registerConversionEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.convert", unary<evalConvert>},
      {"stablehlo.bitcast_convert", unary<evalBitcastConvert>},
      {"stablehlo.uniform_quantize", unary<evalUniformQuantize>},
      {"stablehlo.uniform_dequantize", unary<evalUniformDequantize>},
      {"stablehlo.reduce_precision",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return one(evalReducePrecision(operandTensor(op, v, 0), intAttribute(op, "exponent_bits"),
                                        intAttribute(op, "mantissa_bits"), resultTypeOf(op)));
       }},
  });
}

}  // namespace shlo::interpreter
