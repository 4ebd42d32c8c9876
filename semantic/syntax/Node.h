// A syntax node of the tree-sitter-stablehlo grammar as a small value type:
// the only view of the tree the layers above `semantic/syntax` get. A Node
// is valid while the SyntaxTree it came from lives (tree-sitter nodes point
// into their tree); copying it is free. The accessors are inline calls into
// tree-sitter, so walking a tree through Node costs what raw tree-sitter
// costs.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "semantic/syntax/TextRange.h"

namespace shlo::syntax {

/// A 0-based row and byte column, as tree-sitter counts them.
struct Point {
  uint32_t row = 0;
  uint32_t column = 0;
  bool operator==(const Point &) const = default;
};

/// The grammar's id of a field name; 0 is "no field".
using FieldId = uint16_t;

/// The grammar's id for field `name` (looked up once per name; callers pass
/// string literals).
FieldId fieldId(std::string_view name);

struct FieldChild;

class Node {
 public:
  /// The null node.
  Node() : node_{} {}

  bool isNull() const { return ts_node_is_null(node_); }
  explicit operator bool() const { return !isNull(); }

  /// The grammar's name of the node's type (`operation`, `tensor_type`,
  /// `ERROR`, or an anonymous token's text such as `,`).
  std::string_view kind() const { return ts_node_type(node_); }
  bool is(std::string_view k) const { return k == ts_node_type(node_); }
  /// The grammar's numeric symbol of the node's type.
  uint16_t symbol() const { return ts_node_symbol(node_); }
  bool isNamed() const { return ts_node_is_named(node_); }
  /// A zero-width token tree-sitter inserted to recover from an error.
  bool isMissing() const { return ts_node_is_missing(node_); }
  /// An ERROR node (input the grammar could not place).
  bool isError() const { return is("ERROR"); }
  /// The node or a descendant is an ERROR or MISSING node.
  bool hasError() const { return ts_node_has_error(node_); }
  /// A comment or other token allowed anywhere.
  bool isExtra() const { return ts_node_is_extra(node_); }

  uint32_t begin() const { return ts_node_start_byte(node_); }
  uint32_t end() const { return ts_node_end_byte(node_); }
  TextRange range() const { return {begin(), end()}; }
  Point startPoint() const {
    TSPoint p = ts_node_start_point(node_);
    return {p.row, p.column};
  }
  Point endPoint() const {
    TSPoint p = ts_node_end_point(node_);
    return {p.row, p.column};
  }
  /// The node's text in `source` (the text the tree was parsed from); empty
  /// for a null node or a range outside `source`.
  std::string_view text(std::string_view source) const {
    if (isNull()) return {};
    uint32_t b = begin(), e = end();
    if (e > source.size() || b > e) return {};
    return source.substr(b, e - b);
  }

  Node parent() const { return Node(ts_node_parent(node_)); }
  uint32_t childCount() const { return ts_node_child_count(node_); }
  uint32_t namedChildCount() const { return ts_node_named_child_count(node_); }
  Node child(uint32_t i) const { return Node(ts_node_child(node_, i)); }
  Node namedChild(uint32_t i) const { return Node(ts_node_named_child(node_, i)); }
  /// All children (anonymous tokens included), in order.
  std::vector<Node> children() const;
  /// The named children with the fields they are in (see FieldChild).
  std::vector<FieldChild> namedChildren() const;
  /// The child in field `id` (or `name`), or a null node.
  Node field(FieldId id) const { return Node(ts_node_child_by_field_id(node_, id)); }
  Node field(std::string_view name) const { return field(fieldId(name)); }
  /// Every child in field `name`, in order.
  std::vector<Node> fieldChildren(std::string_view name) const;

  Node nextSibling() const { return Node(ts_node_next_sibling(node_)); }
  Node prevSibling() const { return Node(ts_node_prev_sibling(node_)); }
  Node nextNamedSibling() const { return Node(ts_node_next_named_sibling(node_)); }
  Node prevNamedSibling() const { return Node(ts_node_prev_named_sibling(node_)); }

  /// The smallest (named) node spanning [begin, end).
  Node descendantFor(uint32_t b, uint32_t e) const { return Node(ts_node_descendant_for_byte_range(node_, b, e)); }
  Node namedDescendantFor(uint32_t b, uint32_t e) const {
    return Node(ts_node_named_descendant_for_byte_range(node_, b, e));
  }

  /// The same node of the same tree.
  bool operator==(const Node &other) const { return ts_node_eq(node_, other.node_); }

 private:
  friend class SyntaxTree;
  friend class TreeCursor;
  friend class QueryMatches;
  explicit Node(TSNode node) : node_(node) {}
  TSNode node_;
};

/// A named child and the field it is in (`field` null and `fieldId` 0 when
/// in no field).
struct FieldChild {
  const char *field;
  FieldId fieldId;
  Node node;
};

/// The node's byte range.
inline TextRange rangeOf(Node node) { return node.range(); }
/// The node's text in `source`; empty for a null node.
inline std::string_view textOf(Node node, std::string_view source) { return node.text(source); }
/// The child in field `name`, or a null node.
inline Node fieldOf(Node node, std::string_view name) { return node.field(name); }
/// The named children of `node`, in order, with their field names. Named
/// children of hidden rules appear in their parent's list, as tree-sitter
/// presents them.
inline std::vector<FieldChild> namedChildren(Node node) { return node.namedChildren(); }
/// True when `kind` names the node's type.
inline bool isKind(Node node, std::string_view kind) { return node.is(kind); }

/// A depth-first walk over a subtree without recursion (tree-sitter's tree
/// cursor): for the walks that must survive any nesting depth.
class TreeCursor {
 public:
  explicit TreeCursor(Node root) : cursor_(ts_tree_cursor_new(root.node_)) {}
  ~TreeCursor() { ts_tree_cursor_delete(&cursor_); }
  TreeCursor(const TreeCursor &) = delete;
  TreeCursor &operator=(const TreeCursor &) = delete;

  Node node() const { return Node(ts_tree_cursor_current_node(&cursor_)); }
  /// The field the current node is in, or null.
  const char *fieldName() const { return ts_tree_cursor_current_field_name(&cursor_); }
  FieldId fieldId() const { return ts_tree_cursor_current_field_id(&cursor_); }
  bool gotoFirstChild() { return ts_tree_cursor_goto_first_child(&cursor_); }
  bool gotoNextSibling() { return ts_tree_cursor_goto_next_sibling(&cursor_); }
  bool gotoParent() { return ts_tree_cursor_goto_parent(&cursor_); }

 private:
  mutable TSTreeCursor cursor_;
};

}  // namespace shlo::syntax
