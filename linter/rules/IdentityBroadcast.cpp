// SHLO304 identity-broadcast: a broadcast_in_dim that keeps its operand's shape and dimension order.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

bool isNoOp(const ir::Operation &op) {
  const ir::Attribute *dimensions = op.attribute("broadcast_dimensions");
  std::optional<std::vector<int64_t>> dims = dimensions ? dimensions->integers() : std::nullopt;
  if (!dims || !op.results[0]->type.hasStaticShape()) return false;
  for (size_t i = 0; i < dims->size(); ++i) {
    if ((*dims)[i] != static_cast<int64_t>(i)) return false;
  }
  return true;
}
std::string message(const ir::Operation &) { return "broadcast_in_dim to the operand's own shape with identity dimensions"; }

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "stablehlo.broadcast_in_dim" || op.operands.empty() || op.results.size() != 1 || !op.operands[0]) return;
  const ir::Value &operand = *op.operands[0];
  if (operand.type != op.results[0]->type || !isNoOp(op)) return;
  context.report(nameRangeOf(op), message(op), forwardOperandFix(op, operand, context.text(), FixSafety::Safe))
      .tags.push_back(DiagnosticTag::Unnecessary);
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
