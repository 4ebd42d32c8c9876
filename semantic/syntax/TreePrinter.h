// Prints a syntax tree as an S-expression with field names and positions,
// in the layout of `tree-sitter parse`.
#pragma once

#include <functional>
#include <ostream>
#include <string_view>

#include "semantic/syntax/SyntaxTree.h"

namespace shlo::syntax {

/// Writes the named nodes of `tree` (plus MISSING tokens), one per line,
/// indented by depth: `name: (kind [row, column] - [row, column]`. Rows and
/// columns are 0-based, columns in bytes. Iterative, so any depth prints;
/// indentation stops growing at kMaxNestingDepth levels.
void printTree(const SyntaxTree &tree, std::ostream &out);

/// Calls `visit` on every `operation` node of the tree in source order,
/// nested operations included. Iterative.
void forEachOperation(const SyntaxTree &tree, const std::function<void(Node)> &visit);

}  // namespace shlo::syntax
