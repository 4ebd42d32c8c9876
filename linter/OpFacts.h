// The op facts the lint rules read: which ops the spec deprecates (and what
// replaces them) and which ops are pure.
//
// TEMPORARY, the one place these lists live until the op table
// (`semantic/ops/`, with traits `pure` and `deprecated` + replacement) lands:
// then these functions read the table and the lists below go away.
#pragma once

#include <string_view>

namespace shlo::linter {

enum class DeprecationStage {
  /// spec.md, "Deprecated Operations": ops not in HLO, to be removed.
  Removed,
  /// The same section: unused ops still being explored for removal.
  MayBeRemoved,
};

struct Deprecation {
  std::string_view op;  // `stablehlo.create_token`
  DeprecationStage stage;
  std::string_view replacement;  // `stablehlo.after_all`; empty: the spec names none.
  /// The replacement takes the same operands, attributes and types, so
  /// renaming the op is the whole fix (create_token -> after_all).
  bool renameOnly = false;
};

/// The op's deprecation, or null when the spec does not deprecate it.
const Deprecation *deprecationOf(std::string_view opName);

/// Ops without side effects and without regions: dropping one whose results
/// are unused changes nothing. An allowlist, so new or unknown ops (custom
/// calls, collectives, I/O, tokens, barriers) are never called unnecessary.
bool isPure(std::string_view opName);

}  // namespace shlo::linter
