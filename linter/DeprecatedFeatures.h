// What spec.md's "Deprecated Operations" section deprecates, as found on an
// op: shared by the `deprecated.op` advisory (shown by `shlo check` and,
// until it shows lint findings, the language server) and the deprecated
// rules SHLO001-SHLO004, so that both find and word the same things.
#pragma once

#include <string>

#include "linter/OpFacts.h"
#include "semantic/ir/IR.h"

namespace shlo::linter {

/// "`stablehlo.dot` is deprecated and will be removed from StableHLO; use
/// `stablehlo.dot_general`" (the replacement when the spec names one).
std::string removalMessage(const ir::Operation &op, const Deprecation &deprecation);

/// "`stablehlo.map` is being considered for removal from StableHLO", with
/// `suggestion` and the replacement appended when both are non-empty
/// (`"; consider "` gives "; consider `stablehlo.dot_general`").
std::string explorationMessage(const ir::Operation &op, const Deprecation &deprecation,
                               std::string_view suggestion = {});

/// A StableHLO op comparing complex values (`comparison_direction` on a
/// complex operand): deprecated. CHLO's broadcasting forms are not.
bool comparesComplexValues(const ir::Operation &op);
inline constexpr const char *kComplexComparisonMessage =
    "comparisons of complex values are being considered for removal from StableHLO";

/// The op's `window_reversal` when it reverses some dimension (a feature
/// being explored for removal), else null.
const ir::NamedAttribute *reversedWindow(const ir::Operation &op);
inline constexpr const char *kWindowReversalMessage = "window_reversal is being considered for removal from StableHLO";

}  // namespace shlo::linter
