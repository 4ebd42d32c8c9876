// SHLO305 whole-slice: a slice that takes the whole operand.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

bool isNoOp(const ir::Operation &op) {
  const ir::Attribute *strides = op.attribute("strides");
  std::optional<std::vector<int64_t>> steps = strides ? strides->integers() : std::nullopt;
  if (!steps || !op.results[0]->type.hasStaticShape()) return false;
  for (int64_t step : *steps) {
    if (step != 1) return false;
  }
  return true;
}
std::string message(const ir::Operation &) { return "slice of the whole tensor"; }

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "stablehlo.slice" || op.operands.empty() || op.results.size() != 1 || !op.operands[0]) return;
  const ir::Value &operand = *op.operands[0];
  if (operand.type != op.results[0]->type || !isNoOp(op)) return;
  context.report(nameRangeOf(op), message(op), forwardOperandFix(op, operand, context.text(), FixSafety::Safe))
      .tags.push_back(DiagnosticTag::Unnecessary);
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
