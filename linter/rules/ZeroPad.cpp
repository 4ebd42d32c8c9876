// SHLO306 zero-pad: a pad whose low, high and interior paddings are all zero.
#include "linter/rules/NoOpRule.h"

namespace shlo::linter::rules {

namespace {

bool isNoOp(const ir::Operation &op) {
  for (const char *padding : {"edge_padding_low", "edge_padding_high", "interior_padding"}) {
    if (!allIntegersEqual(op.attribute(padding), 0)) return false;
  }
  return true;
}
std::string message(const ir::Operation &) {
  return "pad by zero elements on every side";
}

void check(const ir::Operation &op, RuleContext &context) {
  reportNoOp(op, context, "stablehlo.pad", isNoOp, message);
}

}  // namespace

Rule zeroPad() {
  return {{"SHLO306", "zero-pad", RuleCategory::Performance, Severity::Warning, FixAvailability::Safe, true,
           "A pad that adds nothing",
           "A pad with zero low, high and interior padding returns its operand unchanged (the padding value is "
           "never used).\n\nExample:\n\n"
           "    %0 = stablehlo.pad %x, %zero, low = [0], high = [0], interior = [0] : "
           "(tensor<4xf32>, tensor<f32>) -> tensor<4xf32>\n\n"
           "Fix (safe): use the operand instead of the result and delete the op (and the padding value if it "
           "becomes unused)."},
          check};
}

}  // namespace shlo::linter::rules
