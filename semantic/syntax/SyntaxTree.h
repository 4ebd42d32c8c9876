// The C++ face of the tree-sitter-stablehlo grammar: parsing, incremental
// re-parsing, and small helpers to read nodes by field.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "semantic/syntax/TextRange.h"

extern "C" const TSLanguage *tree_sitter_stablehlo(void);

namespace shlo::syntax {

/// A parsed syntax tree. Owns its TSTree; cheap to move. The text it was
/// parsed from is not kept: callers keep the text alive beside it.
class SyntaxTree {
 public:
  SyntaxTree() = default;
  explicit SyntaxTree(TSTree *tree) : tree_(tree, &ts_tree_delete) {}

  bool valid() const { return tree_ != nullptr; }
  TSTree *get() const { return tree_.get(); }
  TSNode root() const { return ts_tree_root_node(tree_.get()); }
  bool hasErrors() const { return valid() && ts_node_has_error(root()); }

  /// Records an edit (byte offsets and points) so the next parse given this
  /// tree re-uses what the edit did not touch.
  void edit(const TSInputEdit &edit) { ts_tree_edit(tree_.get(), &edit); }

 private:
  std::unique_ptr<TSTree, decltype(&ts_tree_delete)> tree_{nullptr, &ts_tree_delete};
};

/// A reusable parser. Not thread-safe: one per thread.
class Parser {
 public:
  Parser();
  ~Parser();
  Parser(const Parser &) = delete;
  Parser &operator=(const Parser &) = delete;

  /// Parses UTF-8 `text` (invalid bytes are tolerated). When `old` is given
  /// and was edited to match `text`, the parse is incremental.
  SyntaxTree parse(std::string_view text, const SyntaxTree *old = nullptr);

 private:
  TSParser *parser_;
};

/// The node's byte range.
inline TextRange rangeOf(TSNode node) { return {ts_node_start_byte(node), ts_node_end_byte(node)}; }

/// The node's text in `source`; empty for a null node.
inline std::string_view textOf(TSNode node, std::string_view source) {
  if (ts_node_is_null(node)) return {};
  uint32_t begin = ts_node_start_byte(node), end = ts_node_end_byte(node);
  if (end > source.size() || begin > end) return {};
  return source.substr(begin, end - begin);
}

/// The grammar's id for field `name` (looked up once per name).
TSFieldId fieldId(std::string_view name);

/// The child in field `name`, or a null node.
inline TSNode fieldOf(TSNode node, std::string_view name) { return ts_node_child_by_field_id(node, fieldId(name)); }

/// A named child and the field it is in (null when in no field).
struct FieldChild {
  const char *field;
  TSFieldId fieldId;  // 0 when in no field.
  TSNode node;
};

/// The named children of `node`, in order, with their field names. Named
/// children of hidden rules appear in their parent's list, as tree-sitter
/// presents them.
std::vector<FieldChild> namedChildren(TSNode node);

/// True when `kind` names the node's type.
inline bool isKind(TSNode node, std::string_view kind) { return kind == ts_node_type(node); }

}  // namespace shlo::syntax
