// SHLO306 zero-pad: a pad whose low, high and interior paddings are all zero.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

bool allZero(const ir::Operation &op, std::string_view name) {
  const ir::Attribute *attribute = op.attribute(name);
  std::optional<std::vector<int64_t>> values = attribute ? attribute->integers() : std::nullopt;
  if (!values) return false;
  for (int64_t value : *values) {
    if (value != 0) return false;
  }
  return true;
}
bool isNoOp(const ir::Operation &op) {
  return allZero(op, "edge_padding_low") && allZero(op, "edge_padding_high") && allZero(op, "interior_padding");
}
std::string message(const ir::Operation &) { return "pad by zero elements on every side"; }

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "stablehlo.pad" || op.operands.empty() || op.results.size() != 1 || !op.operands[0]) return;
  const ir::Value &operand = *op.operands[0];
  if (operand.type != op.results[0]->type || !isNoOp(op)) return;
  context.report(nameRangeOf(op), message(op), forwardOperandFix(op, operand, context.text(), FixSafety::Safe))
      .tags.push_back(DiagnosticTag::Unnecessary);
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
