// SHLO305 whole-slice: a slice that takes the whole operand.
#include "linter/rules/NoOpRule.h"

namespace shlo::linter::rules {

namespace {

bool isNoOp(const ir::Operation &op) {
  return op.results[0]->type.hasStaticShape() && allIntegersEqual(op.attribute("strides"), 1);
}
std::string message(const ir::Operation &) {
  return "slice of the whole tensor";
}

void check(const ir::Operation &op, RuleContext &context) {
  reportNoOp(op, context, "stablehlo.slice", isNoOp, message);
}

}  // namespace

Rule wholeSlice() {
  return {{"SHLO305", "whole-slice", RuleCategory::Performance, Severity::Warning, FixAvailability::Safe, true,
           "A slice of the whole tensor",
           "A slice from 0 to each dimension's size with stride 1 (same static shape in and out) returns its operand "
           "unchanged.\n\nExample:\n\n"
           "    %0 = stablehlo.slice %x [0:2, 0:3] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n\n"
           "Fix (safe): use the operand instead of the result and delete the op."},
          check};
}

}  // namespace shlo::linter::rules
