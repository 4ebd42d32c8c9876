// SHLO304 identity-broadcast: a broadcast_in_dim that keeps its operand's shape and dimension order.
#include "linter/rules/NoOpRule.h"

namespace shlo::linter::rules {

namespace {

bool isNoOp(const ir::Operation &op) {
  return op.results[0]->type.hasStaticShape() && isIdentityList(op.attribute("broadcast_dimensions"));
}
std::string message(const ir::Operation &) {
  return "broadcast_in_dim to the operand's own shape with identity dimensions";
}

void check(const ir::Operation &op, RuleContext &context) {
  reportNoOp(op, context, "stablehlo.broadcast_in_dim", isNoOp, message);
}

}  // namespace

Rule identityBroadcast() {
  return {{"SHLO304", "identity-broadcast", RuleCategory::Performance, Severity::Warning, FixAvailability::Safe, true,
           "A broadcast_in_dim that changes nothing",
           "broadcast_in_dim with the operand's own static shape and dimensions [0, 1, ..., n-1] returns its "
           "operand unchanged.\n\nExample:\n\n"
           "    %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n\n"
           "Fix (safe): use the operand instead of the result and delete the op."},
          check};
}

}  // namespace shlo::linter::rules
