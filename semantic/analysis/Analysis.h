// The whole pipeline on one text: parse, lower, verify. What `shlo check`,
// the language server and the conformance runners call.
#pragma once

#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/lower/Lowering.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::analysis {

struct Analysis {
  syntax::SyntaxTree tree;
  lower::LoweredModule lowered;
  /// Syntax errors, lowering errors and verifier findings, sorted by
  /// position.
  std::vector<Diagnostic> diagnostics;
};

/// Analyses `text` with `parser`. The text must outlive nothing in the result
/// (ranges index it). Lowering and verification run even with syntax errors,
/// on what the tree holds.
Analysis analyze(syntax::Parser &parser, std::string_view text);

}  // namespace shlo::analysis
