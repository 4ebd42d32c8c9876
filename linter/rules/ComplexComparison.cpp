// SHLO003 complex-comparison: ordering or equality comparisons of complex
// values, a feature the spec's "Deprecated Operations" section deprecates.
#include "linter/DeprecatedFeatures.h"
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  if (comparesComplexValues(op)) context.report(nameRangeOf(op), kComplexComparisonMessage);
}

}  // namespace

Rule complexComparison() {
  return {{"SHLO003", "complex-comparison", RuleCategory::Deprecated, Severity::Note, FixAvailability::None, true,
           "A comparison of complex values",
           "The spec's \"Deprecated Operations\" section lists comparisons of complex values among the features "
           "being explored for removal: complex numbers have no order, and the comparison's meaning depends on "
           "the producer.\n\n"
           "Example:\n\n    %0 = stablehlo.compare EQ, %a, %b : (tensor<complex<f32>>, tensor<complex<f32>>) -> "
           "tensor<i1>\n\n"
           "Fix: compare the real and imaginary parts (`stablehlo.real`, `stablehlo.imag`) explicitly."},
          check};
}

}  // namespace shlo::linter::rules
