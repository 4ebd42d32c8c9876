// Re-analysing a text after edits, reusing what they did not touch: the
// language server's path on every keystroke (issue 4).
//
// The unit is the top-level function. A function whose text no edit touched
// (its old range, moved by the edits before it, matches a top-level function
// node of the new tree exactly) and whose syntax tree-sitter reports
// unchanged (syntax::changedRanges) is copied from the previous
// analysis with its ranges moved, together with its lowering errors; it is
// not lowered again, so its constants are not read again either. Its
// verifier findings are reused too, unless a symbol it refers to appeared,
// went or changed type, or a finding points outside the function (at a
// callee, which may have moved differently): then it is verified again
// against the new symbol table.
//
// Inside a function an edit touched, the unit is the op of its body: an op
// whose text no edit or syntax change touched is copied from the previous
// analysis (ranges moved) instead of lowered, when every value it uses from
// outside it resolves, by the name its text writes, to a value of the same
// type as before (lower::OperationReuse); otherwise it is lowered again. So
// an edit in one op of pt_bert's @main lowers that op and the ops whose
// operands it renamed or retyped. Copied ops keep their lowering errors
// except the redefinitions of their results, which are reported again; an
// op with an undefined operand or a wrong result count is always lowered
// again. The function is verified op by op of its body (as
// verify::verifySubtree, same findings in the same order), reusing the
// findings of a copied op on which the verifier found no error, unless it
// is a return or a call or refers to a symbol, a value it uses from outside
// has another name or type or a defining op that is not the copy of the
// same op (the verifier reads constants' values through operands), or a
// finding points outside it.
// Everything else (the module op, the other ops at the top,
// syntax errors, the symbol table) is rebuilt: those are cheap. When the
// file's `!alias`/`#alias` definitions changed, everything is re-lowered.
//
// Syntax errors: tree-sitter's error recovery depends on the path taken, so
// an incremental parse of a text with errors may recover differently from a
// fresh parse (about 1 edit in 300 of the fuzz test's random edits). When the
// incremental tree has errors and the text is at most `exactRecoveryLimit`
// bytes, the text is parsed again from scratch, so the result equals
// analyze() on the new text; tests/semantic and the fuzz tests check that.
// Above the limit (files of many MB, where a fresh parse would freeze the
// editor) the incremental tree is kept: its errors may be reported at
// slightly different places until they are fixed. The analysis of whatever
// tree is used is always exact.
//
// The language server asks for less (Exactness::Provisional): a text with
// errors is not parsed again, and ops are reused inside functions whatever
// the errors of either tree, so an edit that leaves a syntax error in
// pt_bert's @main costs what an error-free one does. Such a result may
// differ from analyze() (IncrementalStats::provisional says when it might);
// the server publishes it at once, then analyses the text from scratch when
// the typing pauses and publishes again if that differs (lsp/Document.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/analysis/Analysis.h"

namespace shlo::analysis {

/// What an incremental analysis did, for tests and benchmarks.
struct IncrementalStats {
  /// False when nothing could be reused (no previous tree, aliases changed).
  bool incremental = false;
  /// Names (`sym_name`) of the top-level functions lowered again, in order.
  std::vector<std::string> relowered;
  size_t reused = 0;      // Functions copied from the previous analysis.
  size_t reverified = 0;  // Copied functions verified again (a symbol they use changed).
  /// The incremental tree had errors and the text was parsed again.
  bool reparsed = false;
  /// In the functions lowered again: the ops of their bodies copied from
  /// the previous analysis, and those lowered again.
  size_t reusedOperations = 0;
  size_t loweredOperations = 0;
  /// Ops of those bodies verified again (the others' findings were reused).
  size_t reverifiedOperations = 0;
  /// The result may differ from analyze() on the same text and should be
  /// confirmed by one (Exactness::Provisional only).
  bool provisional = false;
};

/// How closely reanalyze() must match a fresh analysis (see above).
enum class Exactness {
  /// Equal to analyze(), but for texts with errors over the recovery limit.
  Exact,
  /// Fast around syntax errors; may differ (IncrementalStats::provisional).
  Provisional,
};

/// Texts up to this size are parsed again from scratch when an edit leaves
/// syntax errors (see above).
constexpr size_t kExactRecoveryLimit = size_t{2} << 20;

/// Parses `text` incrementally from `edited` (the previous analysis's tree
/// with `edits` applied by SyntaxTree::edit, in order) and analyses it, reusing
/// the functions of `previous` that the edits left alone. `edits` are the
/// byte offsets of each edit in the text as it was when that edit was made.
/// With an invalid `edited` tree the analysis is a full one.
Analysis reanalyze(syntax::Parser &parser, std::string_view text, const Analysis &previous,
                   const syntax::SyntaxTree &edited, const std::vector<syntax::InputEdit> &edits,
                   IncrementalStats *stats = nullptr, size_t exactRecoveryLimit = kExactRecoveryLimit,
                   Exactness exactness = Exactness::Exact);

/// Where `range` of the text before `edits` (InputEdits in order) is after
/// them, or nullopt when an edit touched it (adjacent counts).
std::optional<syntax::TextRange> movedRange(syntax::TextRange range, const std::vector<syntax::InputEdit> &edits);

/// `diagnostics` with every range (related information, op ranges, fix
/// edits) moved by `shift` bytes (ir::shifted).
std::vector<Diagnostic> shiftedDiagnostics(const std::vector<Diagnostic> &diagnostics, int64_t shift);

}  // namespace shlo::analysis
