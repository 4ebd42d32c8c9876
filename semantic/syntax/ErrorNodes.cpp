#include "semantic/syntax/ErrorNodes.h"

namespace shlo::syntax {

void forEachErrorNode(const SyntaxTree &tree,
                      const std::function<void(Node node, const std::vector<Node> &ancestors)> &visit) {
  if (!tree.hasErrors()) return;
  TreeCursor cursor(tree.root());
  std::vector<Node> ancestors;  // Of the cursor's node, root first.
  bool descend = true;          // False when the cursor came back up to the node.
  while (true) {
    Node node = cursor.node();
    if (descend) {
      if (node.isMissing() || node.isError()) {
        visit(node, ancestors);
      } else if (node.hasError() && cursor.gotoFirstChild()) {
        ancestors.push_back(node);
        continue;
      }
    }
    if (cursor.gotoNextSibling()) {
      descend = true;
      continue;
    }
    if (!cursor.gotoParent()) break;
    ancestors.pop_back();
    descend = false;
  }
}

}  // namespace shlo::syntax
