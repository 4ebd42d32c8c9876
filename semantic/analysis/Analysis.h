// The whole pipeline on one text: parse, lower, verify. What `shlo check`,
// the language server and the conformance runners call.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/lower/Lowering.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::analysis {

/// The verifier's findings on one op of a function's body (LoweredFunction::
/// operations, same index), the ops nested in it included.
struct OperationVerification {
  /// `verifierDiagnostics[begin, end)` of its function.
  size_t begin = 0;
  size_t end = 0;
  /// Whether the verifier found an error on it or on an op nested in it,
  /// held back or not (verify::verifySubtree): ops using its results then
  /// hold their own errors back.
  bool failed = false;
};

/// What the analysis found per top-level function: the unit incremental
/// analysis (IncrementalAnalysis.h) re-lowers and re-verifies.
struct FunctionAnalysis {
  const ir::Operation *op = nullptr;  // In the Analysis's module.
  syntax::TextRange range;            // Of its syntax node.
  std::vector<Diagnostic> loweringDiagnostics;
  std::vector<Diagnostic> verifierDiagnostics;
  /// Symbols its ops refer to (callees, decompositions): its verifier
  /// findings depend on those functions' signatures.
  std::vector<std::string> symbolUses;
  bool selfContained = true;  // See LoweredFunction::selfContained.
  /// Per op of its body, when the verifier ran op by op (empty otherwise).
  std::vector<OperationVerification> operations;
  bool lowered = true;        // Lowered by this analysis, not copied.
  bool verified = true;       // Verified by this analysis, not copied.
  /// When copied (not `lowered`): its range in the previous analysis.
  std::optional<syntax::TextRange> copiedFrom;
};

struct Analysis {
  syntax::SyntaxTree tree;
  lower::LoweredModule lowered;
  /// Syntax errors, lowering errors and verifier findings, sorted by
  /// position.
  std::vector<Diagnostic> diagnostics;
  /// The top-level functions, in text order.
  std::vector<FunctionAnalysis> functions;
  /// A digest of the file's `!alias`/`#alias` definitions: every function's
  /// lowering depends on them.
  size_t aliasDigest = 0;
};

/// Analyses `text` with `parser`. The text must outlive nothing in the result
/// (ranges index it). Lowering and verification run even with syntax errors,
/// on what the tree holds.
Analysis analyze(syntax::Parser &parser, std::string_view text);

/// Results an analysis may take from an earlier one instead of computing
/// them (how IncrementalAnalysis reuses unchanged functions).
struct Reuse {
  /// Offers functions to copy instead of lowering (Lowering.h).
  lower::FunctionReuse lowering;
  /// Offers ops to copy inside the functions that are lowered (Lowering.h).
  lower::OperationReuse operations;
  /// For a function that `lowering` supplied, its verifier findings in the
  /// new text's coordinates, or null to verify it again. Called after the
  /// whole module is lowered, so the symbol table is complete.
  std::function<const std::vector<Diagnostic> *(const lower::LoweredModule &, const lower::LoweredFunction &)>
      verification;
  /// For an op of the body of a function that is verified again, which the
  /// lowering copied (`operation` indexes LoweredFunction::operations): its
  /// verifier findings (nested ops' included) in the new text's
  /// coordinates, or null to verify it again. Only offered for an op on
  /// which the verifier found no error.
  std::function<const std::vector<Diagnostic> *(const lower::LoweredModule &, const lower::LoweredFunction &,
                                                size_t operation)>
      operationVerification;
};

/// Lowers and verifies a parsed `tree` of `text`, taking what `reuse`
/// offers. The result equals analysing the tree from scratch as long as the
/// offers are right (same function text, same aliases, same symbols).
Analysis analyzeTree(syntax::SyntaxTree tree, std::string_view text, const Reuse &reuse = {});

/// The digest stored in Analysis::aliasDigest, for `tree` of `text`.
size_t aliasDigest(const syntax::SyntaxTree &tree, std::string_view text);

}  // namespace shlo::analysis
