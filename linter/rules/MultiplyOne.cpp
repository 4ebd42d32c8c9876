// SHLO308 multiply-one: x * 1 returns x (for floats too: x * 1.0 is x,
// NaN and signed zeros included).
#include "linter/rules/IdentityOperand.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "stablehlo.multiply") return;
  const ir::Value *kept = passedThrough(op, 1.0);
  if (!kept || !kept->type.isTensor() || kept->type.element().isQuantized()) return;
  // `true` is 1: `and`-like i1 products pass through as well.
  context
      .report(nameRangeOf(op), "multiplication by a constant one",
              forwardOperandFix(op, *kept, context.text(), FixSafety::Safe))
      .tags.push_back(DiagnosticTag::Unnecessary);
}

}  // namespace

Rule multiplyOne() {
  return {{"SHLO308", "multiply-one", RuleCategory::Performance, Severity::Warning, FixAvailability::Safe, true,
           "Multiplying by a constant one",
           "`x * 1` is `x`: the op costs a pass over the tensor for nothing.\n\nExample:\n\n"
           "    %one = stablehlo.constant dense<1.0> : tensor<4xf32>\n"
           "    %0 = stablehlo.multiply %x, %one : tensor<4xf32>\n\n"
           "Fix (safe): use `x` instead of the product and delete the multiply."},
          check};
}

}  // namespace shlo::linter::rules
