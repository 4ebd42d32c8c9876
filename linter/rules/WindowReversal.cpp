// SHLO004 window-reversal: a convolution that reverses a window dimension
// (`window_reversal` with a true entry), a feature being explored for removal.
#include "linter/DeprecatedFeatures.h"
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  const ir::NamedAttribute *reversal = reversedWindow(op);
  if (!reversal) return;
  syntax::TextRange range = reversal->nameRange.size() > 0 ? reversal->nameRange : reversal->value.range;
  context.report(range, kWindowReversalMessage);
}

}  // namespace

Rule windowReversal() {
  return {{"SHLO004", "window-reversal", RuleCategory::Deprecated, Severity::Note, FixAvailability::None, true,
           "A convolution that reverses its window",
           "The spec's \"Deprecated Operations\" section lists convolution's `window_reversal` among the features "
           "being explored for removal.\n\n"
           "Example:\n\n    window = {reverse = [true, false]}\n\n"
           "Fix: reverse the kernel with `stablehlo.reverse` before the convolution and drop the reversal."},
          check};
}

}  // namespace shlo::linter::rules
