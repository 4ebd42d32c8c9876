// SHLO104 integer-division-by-zero: an integer divide or remainder whose
// divisor is a constant with a zero element (the spec leaves the result
// implementation-defined).
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

bool hasZeroElement(const ir::Operation &constant) {
  const ir::Attribute *value = constant.attribute("value");
  if (!value || value->kind != ir::Attribute::Kind::DenseElements) return false;
  std::optional<std::vector<std::string_view>> elements = denseElements(value->literal());
  if (!elements) return false;
  for (std::string_view element : *elements) {
    std::string digits(element);
    if (digits == "0" || digits == "-0" || digits == "+0" || digits == "false") return true;
  }
  return false;
}

void check(const ir::Operation &op, RuleContext &context) {
  if ((op.name != "stablehlo.divide" && op.name != "stablehlo.remainder") || op.operands.size() != 2) return;
  const ir::Value *divisor = op.operands[1];
  if (!divisor || !divisor->type.isTensor() || !divisor->type.element().isInteger()) return;
  const ir::Operation *constant = underlyingConstant(divisor);
  if (!constant || !hasZeroElement(*constant)) return;
  syntax::TextRange range = op.operandRanges.size() == 2 && op.operandRanges[1].size() > 0 ? op.operandRanges[1]
                                                                                          : nameRangeOf(op);
  context.report(range, "integer `" + op.name + "` by a constant with a zero element: the result is "
                        "implementation-defined");
}

}  // namespace

Rule integerDivisionByZero() {
  return {{"SHLO104", "integer-division-by-zero", RuleCategory::Correctness, Severity::Warning,
           FixAvailability::None, true, "Integer division or remainder by a constant zero",
           "The spec leaves integer division by zero implementation-defined: backends return different values "
           "(all ones, the dividend, a trap), so a program that divides by a constant zero does not mean the "
           "same everywhere.\n\n"
           "Example:\n\n    %z = stablehlo.constant dense<0> : tensor<i32>\n"
           "    %q = stablehlo.divide %x, %z : tensor<i32>\n\n"
           "Fix: guard the divisor (`select` a non-zero value) or compute the intended result directly."},
          check};
}

}  // namespace shlo::linter::rules
