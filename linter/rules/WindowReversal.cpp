// SHLO004 window-reversal: a convolution that reverses a window dimension
// (`window_reversal` with a true entry), a feature being explored for removal.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name.rfind("stablehlo.", 0) != 0) return;
  const ir::NamedAttribute *reversal = op.namedAttribute("window_reversal");
  if (!reversal) return;
  std::optional<std::vector<bool>> flags = reversal->value.booleans();
  bool reverses = false;
  if (flags) {
    for (bool flag : *flags) reverses |= flag;
  }
  if (!reverses) return;
  syntax::TextRange range = reversal->nameRange.size() > 0 ? reversal->nameRange : reversal->value.range;
  context.report(range, "window_reversal is being considered for removal from StableHLO");
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
