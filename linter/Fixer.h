// Applying lint fixes to a text: the selected fixes that do not overlap are
// applied together, the text is checked and linted again, and so on until no
// fix applies (ruff's passes). A pass whose result does not check clean is
// dropped, and the text stays as the last good pass left it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "linter/Linter.h"

namespace shlo::linter {

struct FixResult {
  std::string text;  // The fixed text (the input when nothing applied).
  size_t applied = 0;  // Fixes applied over all passes.
  /// Set when a pass was dropped because its result failed the check: the
  /// first error of that result.
  std::string rejected;
  /// The findings of the final text (failedCheck when the input failed).
  TextLint remaining;
};

/// Fixes `text` with the safe fixes (and the unsafe ones when `unsafe`),
/// at most `maxPasses` passes.
FixResult fixText(syntax::Parser &parser, std::string_view text, const LintOptions &options, bool unsafe,
                  int maxPasses = 10);

/// The fixes of `diagnostics` to apply in one pass: the first fix of each
/// finding whose safety is allowed, skipping any that overlaps one taken
/// before (in position order).
std::vector<const Fix *> chooseFixes(const std::vector<Diagnostic> &diagnostics, bool unsafe);

}  // namespace shlo::linter
