// The op facts the lint rules read, from the op table (semantic/ops): which
// ops the spec deprecates (and what replaces them) and which ops are pure.
#pragma once

#include <optional>
#include <string_view>

namespace shlo::linter {

enum class DeprecationStage {
  /// spec.md, "Deprecated Operations": to be removed after the
  /// compatibility window.
  Removed,
  /// The same section: still being explored for removal.
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

/// The op's deprecation, or nullopt when the spec does not deprecate it.
std::optional<Deprecation> deprecationOf(std::string_view opName);

/// Ops without side effects and without regions (the op table's `Pure`
/// trait): dropping one whose results are unused changes nothing. Unknown
/// ops (custom calls, other dialects) are never pure.
bool isPure(std::string_view opName);

}  // namespace shlo::linter
