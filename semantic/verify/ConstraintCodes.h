// The verifier's side of the code registry (semantic/diagnostics/Codes.h):
// which `<op>.C<n>` and `<op>.I<n>` codes exist, derived from the generated
// spec tables rather than listed by hand.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/ops/SpecTables.h"

namespace shlo::verify {

/// What a constraint code refers to in the spec.
struct SpecConstraintRef {
  const ops::SpecOp *op = nullptr;
  std::string_view label;  // `C12` or `I1`.
  /// The constraint as the spec words it, or the Inputs row as
  /// "`name` is a TYPE".
  std::string text;
};

/// Every `<op>.C<n>` code of the spec: one per constraint of every op the
/// spec tables define, in the spec's order (`abs.C1`, `abs.C2`, ...).
std::vector<std::string> specConstraintCodes();

/// The spec op and constraint or Inputs row `code` (`dot_general.C12`,
/// `if.I1`) names; nullopt when the code names no op of the spec or a
/// constraint its section does not have.
std::optional<SpecConstraintRef> specConstraintOf(std::string_view code);

}  // namespace shlo::verify
