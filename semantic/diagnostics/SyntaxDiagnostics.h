// Syntax errors: one diagnostic per ERROR node (code `syntax.unexpected`) and
// per MISSING node (code `syntax.missing`, saying what was expected).
#pragma once

#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::syntax {

/// Collects the syntax errors of `tree`, parsed from `text`, in source order.
/// Walks only the subtrees that contain errors, iteratively (no recursion, so
/// deeply nested input cannot overflow the stack).
std::vector<Diagnostic> collectSyntaxDiagnostics(const SyntaxTree &tree, std::string_view text);

/// A readable name for a node kind: `tensor_type` -> "tensor type",
/// `">"` -> "`>`".
std::string describeKind(Node node);

}  // namespace shlo::syntax
