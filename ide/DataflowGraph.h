// The dataflow graph of one function, for the editor's graph view
// (`shlo/dataflowGraph`): its arguments and ops as nodes, each operand as an
// edge from the value's producer to its user.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "ide/AnalyzedFile.h"

namespace shlo::ide {

struct DataflowNode {
  /// `arg<N>` for the entry block's N-th argument, `op<N>` for the N-th op of
  /// the body in text order (both 0-based).
  std::string id;
  std::string label;  // The argument's name (`%arg0`) or the op's name (`stablehlo.add`).
  std::string type;   // The argument's type, or the op's result types joined by ", " (empty without results).
  syntax::TextRange range;  // Of the argument's definition, or of the whole op.
};

struct DataflowEdge {
  std::string from;  // The producer's node id.
  std::string to;    // The user's node id.
  unsigned operandIndex = 0;  // Which operand of `to` the value is.
};

struct DataflowGraph {
  std::string function;  // Without `@`.
  std::vector<DataflowNode> nodes;  // Arguments first, then ops in text order.
  std::vector<DataflowEdge> edges;  // By user, then operand index.
  /// More nodes than the cap: the first `maxNodes` are kept, with the edges
  /// between them.
  bool truncated = false;
};

/// Which function dataflowGraph describes.
struct DataflowQuery {
  /// Without `@`; when set, the function of that name (in the `// -----`
  /// chunk of `offset`, or the first chunk).
  std::optional<std::string> function;
  /// When set and `function` is not: the function whose text holds it.
  std::optional<uint32_t> offset;
  size_t maxNodes = 5000;
};

/// The graph of the function `query` picks: the named one; else the one
/// around `offset`; else `@main`; else the file's first function. Kept to
/// one level: nodes are the entry block's arguments and the ops directly in
/// the body (all its blocks); an op with regions (`reduce`, `while`, `case`)
/// is one node, and the ops of those regions are not shown. Operands
/// produced outside these nodes (a later block's arguments) have no edge.
/// nullopt when no such function exists (a named one not defined, or a file
/// without functions).
std::optional<DataflowGraph> dataflowGraph(const AnalyzedFile &file, const DataflowQuery &query);

}  // namespace shlo::ide
