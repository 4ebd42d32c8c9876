#include "semantic/syntax/TreePrinter.h"

#include <algorithm>
#include <string>
#include <vector>

#include "semantic/syntax/Limits.h"

namespace shlo::syntax {

void printTree(const SyntaxTree &tree, std::ostream &out) {
  if (!tree.valid()) return;
  TreeCursor cursor(tree.root());
  unsigned depth = 0;        // Depth of the cursor's node.
  std::vector<unsigned> openAtDepth;  // Depth of each open parenthesis.
  bool descend = true;
  bool first = true;
  while (true) {
    Node node = cursor.node();
    if (descend) {
      bool visible = node.isNamed() || node.isMissing();
      if (visible) {
        if (!first) out << '\n';
        first = false;
        // Indentation stops growing at the nesting limit: a deeply nested
        // file would otherwise print quadratically many spaces.
        out << std::string(2 * std::min<size_t>(openAtDepth.size(), kMaxNestingDepth), ' ');
        if (const char *field = cursor.fieldName()) out << field << ": ";
        Point start = node.startPoint(), end = node.endPoint();
        out << '(';
        if (node.isMissing()) out << "MISSING ";
        out << node.kind() << " [" << start.row << ", " << start.column << "] - [" << end.row << ", "
            << end.column << ']';
        openAtDepth.push_back(depth);
      }
      if (cursor.gotoFirstChild()) {
        ++depth;
        continue;
      }
    }
    // Leaving the node: close its parenthesis if it opened one.
    if (!openAtDepth.empty() && openAtDepth.back() == depth) {
      out << ')';
      openAtDepth.pop_back();
    }
    if (cursor.gotoNextSibling()) {
      descend = true;
      continue;
    }
    if (!cursor.gotoParent()) break;
    --depth;
    descend = false;
  }
  out << '\n';
}

void forEachOperation(const SyntaxTree &tree, const std::function<void(Node)> &visit) {
  if (!tree.valid()) return;
  TreeCursor cursor(tree.root());
  bool descend = true;
  while (true) {
    Node node = cursor.node();
    if (descend) {
      if (isKind(node, "operation")) visit(node);
      // Tokens have no operations below them.
      if (node.childCount() > 0 && cursor.gotoFirstChild()) continue;
    }
    if (cursor.gotoNextSibling()) {
      descend = true;
      continue;
    }
    if (!cursor.gotoParent()) break;
    descend = false;
  }
}

}  // namespace shlo::syntax
