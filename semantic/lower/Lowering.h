// Lowers a syntax tree to the IR: resolves SSA names and symbols, turns type
// and attribute syntax into values, and maps each pretty form to the same
// operands, attributes and result types as the generic form.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/IR.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::lower {

/// An op directly in the body of a top-level function: what incremental
/// analysis may copy inside a function that an edit touched.
struct LoweredOperation {
  const ir::Operation *op = nullptr;
  /// Its lowering errors, those of the ops nested in it included:
  /// `diagnostics[diagnosticsBegin, diagnosticsEnd)` of the LoweredModule.
  size_t diagnosticsBegin = 0;
  size_t diagnosticsEnd = 0;
  /// Copied from an earlier lowering instead of lowered from the tree.
  bool reused = false;
};

/// A top-level function (a func.func at the top of the file or in the body
/// of the top-level module): the unit incremental analysis re-lowers.
struct LoweredFunction {
  ir::Operation *op = nullptr;
  /// Its syntax node's range.
  syntax::TextRange range;
  /// Its own lowering errors: `diagnostics[diagnosticsBegin, diagnosticsEnd)`
  /// of the LoweredModule. A `symbol.redefinition` of its name depends on
  /// the other functions and is not among them.
  size_t diagnosticsBegin = 0;
  size_t diagnosticsEnd = 0;
  /// Copied from an earlier lowering instead of lowered from the tree.
  bool reused = false;
  /// False when lowering it also defined other symbols (a function nested
  /// in it): such a function is never offered for reuse.
  bool selfContained = true;
  /// The ops of its body blocks, in text order (empty when it was copied).
  std::vector<LoweredOperation> operations;
};

/// A function an earlier lowering built, offered for reuse: its IR and its
/// own lowering errors (already in the new text's coordinates), and how far
/// its text moved.
struct ReusableFunction {
  const ir::Operation *op = nullptr;
  int64_t shift = 0;
  std::vector<Diagnostic> diagnostics;
  /// Its body's ops as that lowering recorded them (LoweredFunction), their
  /// diagnostics spans relative to the start of `diagnostics`: the copy
  /// records them too, so an edit may later reuse them one by one.
  std::vector<LoweredOperation> operations;
};

/// Given the range of a top-level function's node in the new tree, the
/// function to copy instead of lowering that node, or null to lower it.
using FunctionReuse = std::function<const ReusableFunction *(syntax::TextRange)>;

/// An op of an earlier lowering offered for reuse inside a function that is
/// lowered again: its IR, how far its text moved, and its lowering errors
/// (in the new text's coordinates) without the redefinitions of its
/// results, which depend on the ops before it.
struct ReusableOperation {
  const ir::Operation *op = nullptr;
  int64_t shift = 0;
  std::vector<Diagnostic> diagnostics;
};

/// Given the range of an op node directly in a top-level function's body,
/// the op to copy instead of lowering that node, or null to lower it. The
/// copy is taken only when every value the op uses from outside it resolves
/// to a value of the same type as before (otherwise the node is lowered), so
/// the result is the lowering's as long as the op's text is unchanged, and
/// the file's aliases are too.
using OperationReuse = std::function<const ReusableOperation *(syntax::TextRange)>;

struct LoweredModule {
  std::unique_ptr<ir::Module> module = std::make_unique<ir::Module>();
  /// Errors found while lowering: undefined or redefined values, result
  /// counts that do not match the type, unknown types. Codes `ssa.*`,
  /// `symbol.*`, `type.*`.
  std::vector<Diagnostic> diagnostics;
  /// The top-level functions, in text order.
  std::vector<LoweredFunction> functions;
};

/// Lowers `tree`, parsed from `text`. Ranges in the result index `text`;
/// nothing in the result points into it. With `reuse`, top-level functions
/// it offers are copied (ranges moved) rather than lowered; the result is
/// the same as lowering them, provided the offered functions' text is
/// unchanged and the file's `!alias`/`#alias` definitions are too.
LoweredModule lowerModule(const syntax::SyntaxTree &tree, std::string_view text, const FunctionReuse &reuse = {},
                          const OperationReuse &operationReuse = {});

}  // namespace shlo::lower
