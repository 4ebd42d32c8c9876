// SHLO303 identity-transpose: a transpose whose permutation is the identity.
#include "linter/rules/NoOpRule.h"

namespace shlo::linter::rules {

namespace {

bool isNoOp(const ir::Operation &op) { return isIdentityList(op.attribute("permutation")); }
std::string message(const ir::Operation &) {
  return "transpose by the identity permutation";
}

void check(const ir::Operation &op, RuleContext &context) {
  reportNoOp(op, context, "stablehlo.transpose", isNoOp, message);
}

}  // namespace

Rule identityTranspose() {
  return {{"SHLO303", "identity-transpose", RuleCategory::Performance, Severity::Warning, FixAvailability::Safe, true,
           "A transpose by the identity permutation",
           "A transpose with permutation [0, 1, ..., n-1] returns its operand unchanged.\n\nExample:\n\n"
           "    %0 = stablehlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n\n"
           "Fix (safe): use the operand instead of the result and delete the op."},
          check};
}

}  // namespace shlo::linter::rules
