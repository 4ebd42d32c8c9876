#include "semantic/syntax/TreePrinter.h"

#include <string>
#include <vector>

namespace shlo::syntax {

void printTree(const SyntaxTree &tree, std::ostream &out) {
  if (!tree.valid()) return;
  TSTreeCursor cursor = ts_tree_cursor_new(tree.root());
  unsigned depth = 0;        // Depth of the cursor's node.
  std::vector<unsigned> openAtDepth;  // Depth of each open parenthesis.
  bool descend = true;
  bool first = true;
  while (true) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    if (descend) {
      bool visible = ts_node_is_named(node) || ts_node_is_missing(node);
      if (visible) {
        if (!first) out << '\n';
        first = false;
        out << std::string(2 * openAtDepth.size(), ' ');
        if (const char *field = ts_tree_cursor_current_field_name(&cursor)) out << field << ": ";
        TSPoint start = ts_node_start_point(node), end = ts_node_end_point(node);
        out << '(';
        if (ts_node_is_missing(node)) out << "MISSING ";
        out << ts_node_type(node) << " [" << start.row << ", " << start.column << "] - [" << end.row << ", "
            << end.column << ']';
        openAtDepth.push_back(depth);
      }
      if (ts_tree_cursor_goto_first_child(&cursor)) {
        ++depth;
        continue;
      }
    }
    // Leaving the node: close its parenthesis if it opened one.
    if (!openAtDepth.empty() && openAtDepth.back() == depth) {
      out << ')';
      openAtDepth.pop_back();
    }
    if (ts_tree_cursor_goto_next_sibling(&cursor)) {
      descend = true;
      continue;
    }
    if (!ts_tree_cursor_goto_parent(&cursor)) break;
    --depth;
    descend = false;
  }
  out << '\n';
  ts_tree_cursor_delete(&cursor);
}

void forEachOperation(const SyntaxTree &tree, const std::function<void(TSNode)> &visit) {
  if (!tree.valid()) return;
  TSTreeCursor cursor = ts_tree_cursor_new(tree.root());
  bool descend = true;
  while (true) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    if (descend) {
      if (isKind(node, "operation")) visit(node);
      // Tokens have no operations below them.
      if (ts_node_child_count(node) > 0 && ts_tree_cursor_goto_first_child(&cursor)) continue;
    }
    if (ts_tree_cursor_goto_next_sibling(&cursor)) {
      descend = true;
      continue;
    }
    if (!ts_tree_cursor_goto_parent(&cursor)) break;
    descend = false;
  }
  ts_tree_cursor_delete(&cursor);
}

}  // namespace shlo::syntax
