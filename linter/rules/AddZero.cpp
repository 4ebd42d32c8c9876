// SHLO307 add-zero: x + 0. For integers the op does nothing (safe fix); for
// floats it turns -0.0 into +0.0, so the fix is unsafe.
#include "linter/rules/IdentityOperand.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "stablehlo.add") return;
  const ir::Value *kept = passedThrough(op, 0.0);
  if (!kept || !kept->type.isTensor() || kept->type.element().isQuantized()) return;
  FixSafety safety = kept->type.element().isFloat() || kept->type.element().isComplex() ? FixSafety::Unsafe
                                                                                          : FixSafety::Safe;
  context.report(nameRangeOf(op), "addition of a constant zero", forwardOperandFix(op, *kept, context.text(), safety))
      .tags.push_back(DiagnosticTag::Unnecessary);
}

}  // namespace

Rule addZero() {
  return {{"SHLO307", "add-zero", RuleCategory::Performance, Severity::Warning, FixAvailability::Sometimes, true,
           "Adding a constant zero",
           "`x + 0` is `x`: the op costs a pass over the tensor for nothing. (For floats, -0.0 + 0.0 is +0.0, the "
           "one difference.)\n\nExample:\n\n    %z = stablehlo.constant dense<0> : tensor<4xi32>\n"
           "    %0 = stablehlo.add %x, %z : tensor<4xi32>\n\n"
           "Fix: use `x` instead of the sum and delete the add; safe for integers, unsafe for floats (the sign "
           "of zero)."},
          check};
}

}  // namespace shlo::linter::rules
