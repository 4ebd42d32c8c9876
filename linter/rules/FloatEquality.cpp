// SHLO201 float-equality: EQ/NE comparisons of two computed floating-point
// values. Comparing with a constant (masks like `x == 0`) and a value with
// itself (the NaN test `x != x`) are deliberate and left alone.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "stablehlo.compare" || op.operands.size() != 2) return;
  const ir::Attribute *direction = op.attribute("comparison_direction");
  if (!direction || (direction->text != "EQ" && direction->text != "NE")) return;
  const ir::Value *lhs = op.operands[0], *rhs = op.operands[1];
  if (!lhs || !rhs || !isFloatTensor(lhs->type) || lhs == rhs) return;
  if (lhs->isBlockArgument() && rhs->isBlockArgument()) return;
  if (underlyingConstant(lhs) || underlyingConstant(rhs) || throughShapeOps(lhs) == throughShapeOps(rhs)) return;
  context.report(nameRangeOf(op), "exact " + direction->text +
                                      " comparison of floating-point values: rounding makes equal results compare "
                                      "unequal");
}

}  // namespace

Rule floatEquality() {
  return {{"SHLO201", "float-equality", RuleCategory::Numerics, Severity::Warning, FixAvailability::None, true,
           "Exact equality of two computed floating-point values",
           "Two floating-point values computed along different paths rarely compare equal even when they are "
           "mathematically the same: rounding differs between backends and fusion decisions. Comparisons with a "
           "constant (masks) and of a value with itself (NaN tests) are not reported.\n\n"
           "Example:\n\n    %eq = stablehlo.compare EQ, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>\n\n"
           "Fix: compare `abs(a - b)` against a tolerance."},
          check};
}

}  // namespace shlo::linter::rules
