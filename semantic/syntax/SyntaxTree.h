// The C++ face of the tree-sitter-stablehlo grammar: parsing, incremental
// re-parsing, edits and the changed ranges between two parses. Nodes are
// read through syntax::Node (Node.h).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "semantic/syntax/Node.h"
#include "semantic/syntax/TextRange.h"

namespace shlo::syntax {

/// One text edit, as the tree needs it to re-use what the edit did not
/// touch: byte offsets and (row, byte column) points of the edit's start,
/// its old end and its new end.
struct InputEdit {
  uint32_t startByte = 0;
  uint32_t oldEndByte = 0;
  uint32_t newEndByte = 0;
  Point startPoint;
  Point oldEndPoint;
  Point newEndPoint;
};

/// A parsed syntax tree. Owns its tree; cheap to move. The text it was
/// parsed from is not kept: callers keep the text alive beside it.
class SyntaxTree {
 public:
  SyntaxTree() = default;

  bool valid() const { return tree_ != nullptr; }
  Node root() const { return Node(ts_tree_root_node(tree_.get())); }
  bool hasErrors() const { return valid() && root().hasError(); }

  /// A second handle on the same tree (tree-sitter shares the nodes, so
  /// this is cheap); editing the copy leaves this one as it is.
  SyntaxTree copy() const;

  /// Records an edit so the next parse given this tree re-uses what the edit
  /// did not touch.
  void edit(const InputEdit &edit);

 private:
  friend class Parser;
  friend std::vector<TextRange> changedRanges(const SyntaxTree &, const SyntaxTree &);
  explicit SyntaxTree(TSTree *tree) : tree_(tree, &ts_tree_delete) {}
  std::unique_ptr<TSTree, decltype(&ts_tree_delete)> tree_{nullptr, &ts_tree_delete};
};

/// The ranges (in `fresh`'s text) whose syntactic structure differs between
/// `edited` (an old tree with the edits applied) and `fresh` (parsed from
/// it). Empty when either tree is invalid.
std::vector<TextRange> changedRanges(const SyntaxTree &edited, const SyntaxTree &fresh);

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

/// The bodies (between the outer `[` and `]`) of list-form dense literals
/// longer than kOpaqueDenseLiteralBytes, in order. Parser::parse reads them
/// as blanks: the grammar builds no node per element there.
std::vector<TextRange> opaqueDenseBodies(std::string_view text);

/// The grammar's numeric symbol of a named node type, or 0 when the grammar
/// has none by that name.
uint16_t symbolForName(std::string_view name, bool named = true);

}  // namespace shlo::syntax
