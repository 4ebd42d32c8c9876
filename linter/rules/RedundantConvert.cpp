// SHLO301 redundant-convert: a convert whose result type is its operand's type.
#include "linter/rules/NoOpRule.h"

namespace shlo::linter::rules {

namespace {

std::string message(const ir::Operation &op) {
  return "convert to the type its operand already has (" + op.results[0]->type.str() + ")";
}

void check(const ir::Operation &op, RuleContext &context) {
  reportNoOp(op, context, "stablehlo.convert", identityWhenTypesMatch, message);
}

}  // namespace

Rule redundantConvert() {
  return {{"SHLO301", "redundant-convert", RuleCategory::Performance, Severity::Warning, FixAvailability::Safe, true,
           "A convert to the same type",
           "Converting a value to the type it already has does nothing; it usually remains after a type was changed "
           "upstream.\n\nExample:\n\n    %0 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xf32>\n\n"
           "Fix (safe): use the operand instead of the result and delete the op."},
          check};
}

}  // namespace shlo::linter::rules
