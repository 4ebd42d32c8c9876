// SHLO302 redundant-reshape: a reshape whose result type is its operand's type.
#include "linter/rules/NoOpRule.h"

namespace shlo::linter::rules {

namespace {

std::string message(const ir::Operation &op) {
  return "reshape to the shape its operand already has (" + op.results[0]->type.str() + ")";
}

void check(const ir::Operation &op, RuleContext &context) {
  reportNoOp(op, context, "stablehlo.reshape", identityWhenTypesMatch, message);
}

}  // namespace

Rule redundantReshape() {
  return {{"SHLO302", "redundant-reshape", RuleCategory::Performance, Severity::Warning, FixAvailability::Safe, true,
           "A reshape to the same shape",
           "A reshape to the shape the operand already has does nothing.\n\nExample:\n\n"
           "    %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>\n\n"
           "Fix (safe): use the operand instead of the result and delete the op."},
          check};
}

}  // namespace shlo::linter::rules
