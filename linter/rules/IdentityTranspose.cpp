// SHLO303 identity-transpose: a transpose whose permutation is the identity.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

bool isNoOp(const ir::Operation &op) {
  const ir::Attribute *permutation = op.attribute("permutation");
  std::optional<std::vector<int64_t>> dims = permutation ? permutation->integers() : std::nullopt;
  if (!dims) return false;
  for (size_t i = 0; i < dims->size(); ++i) {
    if ((*dims)[i] != static_cast<int64_t>(i)) return false;
  }
  return true;
}
std::string message(const ir::Operation &) { return "transpose by the identity permutation"; }

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "stablehlo.transpose" || op.operands.empty() || op.results.size() != 1 || !op.operands[0]) return;
  const ir::Value &operand = *op.operands[0];
  if (operand.type != op.results[0]->type || !isNoOp(op)) return;
  context.report(nameRangeOf(op), message(op), forwardOperandFix(op, operand, context.text(), FixSafety::Safe))
      .tags.push_back(DiagnosticTag::Unnecessary);
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
