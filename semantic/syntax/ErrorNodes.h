// The places where the parser gave up: ERROR and MISSING nodes, found by
// walking only the subtrees that contain an error.
#pragma once

#include <functional>
#include <vector>

#include "semantic/syntax/SyntaxTree.h"

namespace shlo::syntax {

/// Calls `visit(node, ancestors)` for each ERROR node (not what it contains)
/// and each MISSING node of `tree`, in source order; `ancestors` runs from
/// the root down to the node's parent. Iterative, so deeply nested input
/// cannot overflow the stack; a tree without errors costs nothing.
void forEachErrorNode(const SyntaxTree &tree,
                      const std::function<void(Node node, const std::vector<Node> &ancestors)> &visit);

}  // namespace shlo::syntax
