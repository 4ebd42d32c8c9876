// Evaluators of the Random family: rng (deprecated) and rng_bit_generator.
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

void registerRandomEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.rng_bit_generator",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) {
         return valuesOf(evalRngBitGenerator(operandTensor(op, v, 0), textAttribute(op, "rng_algorithm"),
                                             resultTypeOf(op, 0), resultTypeOf(op, 1)));
       }},
      {"stablehlo.rng",
       [](Interpreter &in, const Operation &op, const std::vector<Value> &v, Env &) {
         // Seeded by the op's place in the text and how often this evaluator ran
         // it: two rng ops (or two loop iterations) differ, and a fresh run of the
         // same program gives the same numbers.
         uint64_t seed =
             0x5eed0000ull ^ (static_cast<uint64_t>(op.range.begin) * 0x9E3779B97F4A7C15ull) ^ in.nextEvaluation(op);
         return one(evalRng(operandTensor(op, v, 0), operandTensor(op, v, 1), shapeOperand(op, v, 2),
                            textAttribute(op, "rng_distribution"), resultTypeOf(op), seed));
       }},
  });
}

}  // namespace shlo::interpreter
