// The grammar's tree-sitter queries (grammar/queries/highlights.scm and
// folds.scm), compiled into the binary at build time and parsed once per
// process, and a cursor over their matches. A Query is immutable once built,
// so every thread shares it (each with its own QueryMatches).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "semantic/syntax/Limits.h"
#include "semantic/syntax/Node.h"

namespace shlo::syntax {

class Query {
 public:
  /// highlights.scm: how to classify tokens (semantic tokens).
  static const Query &highlights();
  /// folds.scm: which nodes fold (folding ranges).
  static const Query &folds();

  uint32_t captureCount() const { return ts_query_capture_count(query_); }
  /// The name of capture `id` without its `@` (`keyword`, `type.builtin`).
  std::string_view captureName(uint32_t id) const {
    uint32_t length = 0;
    const char *name = ts_query_capture_name_for_id(query_, id, &length);
    return {name, length};
  }

 private:
  friend class QueryMatches;
  explicit Query(TSQuery *query) : query_(query) {}
  TSQuery *query_;
};

struct QueryCapture {
  uint32_t index;  // The capture's id in its query.
  Node node;
  TextRange range() const { return node.range(); }
};

/// One match of a pattern: its captures, in the pattern's order.
struct QueryMatch {
  uint32_t pattern = 0;  // The pattern's index in the query text.
  std::vector<QueryCapture> captures;
};

/// The matches of a query under a node, in document order.
class QueryMatches {
 public:
  /// With `range`, only matches intersecting [range.begin, range.end) (and,
  /// as tree-sitter does, some that merely start before it).
  QueryMatches(const Query &query, Node root, const TextRange *range = nullptr);
  /// The same, given the text the tree was parsed from: a scan of its
  /// brackets (far cheaper than walking the tree) tells whether the tree may
  /// be too deep to query, and only then is the tree walked to find out.
  QueryMatches(const Query &query, Node root, std::string_view text, const TextRange *range = nullptr);
  ~QueryMatches();
  QueryMatches(const QueryMatches &) = delete;
  QueryMatches &operator=(const QueryMatches &) = delete;

  /// Fills `match` with the next match; false when there are no more.
  bool next(QueryMatch &match);
  /// A tree nesting deeper than this many nodes (about four per level of
  /// kMaxNestingDepth) gets no matches at all: see tooDeep().
  static constexpr uint32_t kMaxDepth = 4 * kMaxNestingDepth;
  /// True when the tree was too deep to query (no matches were produced).
  bool tooDeep() const { return tooDeep_; }

 private:
  QueryMatches(const Query &query, Node root, const TextRange *range, bool mayBeDeep);
  TSQueryCursor *cursor_;
  bool tooDeep_ = false;
};

}  // namespace shlo::syntax
