// SHLO302 redundant-reshape: a reshape whose result type is its operand's type.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

bool isNoOp(const ir::Operation &) { return true; }
std::string message(const ir::Operation &op) { return "reshape to the shape its operand already has (" + op.results[0]->type.str() + ")"; }

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "stablehlo.reshape" || op.operands.empty() || op.results.size() != 1 || !op.operands[0]) return;
  const ir::Value &operand = *op.operands[0];
  if (operand.type != op.results[0]->type || !isNoOp(op)) return;
  context.report(nameRangeOf(op), message(op), forwardOperandFix(op, operand, context.text(), FixSafety::Safe))
      .tags.push_back(DiagnosticTag::Unnecessary);
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
