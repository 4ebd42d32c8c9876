// Lowers a syntax tree to the IR: resolves SSA names and symbols, turns type
// and attribute syntax into values, and maps each pretty form to the same
// operands, attributes and result types as the generic form.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/IR.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::lower {

struct LoweredModule {
  std::unique_ptr<ir::Module> module = std::make_unique<ir::Module>();
  /// Errors found while lowering: undefined or redefined values, result
  /// counts that do not match the type, unknown types. Codes `ssa.*`,
  /// `symbol.*`, `type.*`.
  std::vector<Diagnostic> diagnostics;
};

/// Lowers `tree`, parsed from `text`. Ranges in the result index `text`;
/// nothing in the result points into it.
LoweredModule lowerModule(const syntax::SyntaxTree &tree, std::string_view text);

}  // namespace shlo::lower
