// The linter's API, independent of any front end: `shlo lint` and (next)
// the language server call it with an analysed text and get diagnostics with
// rule codes (`SHLO301`) and fixes (byte edits of that text).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "linter/Selection.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/IR.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::linter {

struct LintOptions {
  RuleSelection selection;
  /// Codes not reported in this file (per-file ignores of the configuration).
  std::vector<std::string> fileIgnores;
  /// Honour `// shlo-lint:` comments (Suppressions.h).
  bool suppressions = true;

  /// Whether the rules run on the same ops the same way under both (the
  /// suppressions apply after them).
  bool sameRules(const LintOptions &other) const {
    return selection == other.selection && fileIgnores == other.fileIgnores;
  }
};

/// The op rules' findings on one function at the top of a module (its ops,
/// the function op included), before suppressions and severities: what the
/// lint of an edited text may take instead of running the rules on a
/// function the edit did not touch.
struct FunctionFindings {
  syntax::TextRange range;  // The function op's.
  std::vector<Diagnostic> findings;
};

/// Findings lintModule may take from an earlier lint.
struct LintReuse {
  /// The op rules' findings on `function` (a func.func at the top of the
  /// module) in this text's coordinates, or null to run the rules on it.
  std::function<const std::vector<Diagnostic> *(const ir::Operation &function)> findings;
  /// When set, receives each such function's findings, run or taken.
  std::vector<FunctionFindings> *record = nullptr;
};

/// Runs the selected rules over `module`, lowered from `text`, and appends
/// their findings to `out`, sorted by position: each has the rule's code,
/// the selection's severity, a message and its fixes (edits of `text`).
/// Suppressed findings are left out; unknown codes in suppressions are
/// reported (`lint.unknown-code`). Meant for a module that checks clean:
/// on one with errors the rules still run but may miss or misjudge.
void lintModule(const ir::Module &module, std::string_view text, const LintOptions &options,
                std::vector<Diagnostic> &out, const LintReuse *reuse = nullptr);

/// What linting one text found.
struct TextLint {
  /// The check's first error when the text (or one of its `// -----`
  /// chunks) does not check clean: then no rule ran and it is the only
  /// diagnostic. Otherwise empty.
  bool failedCheck = false;
  /// Byte ranges of `text` (chunks' findings moved to the file's offsets).
  std::vector<Diagnostic> diagnostics;
};

/// Parses, lowers, verifies and lints `text`. A text with lines starting
/// `// -----` is split into chunks (MLIR's split-input convention) that are
/// analysed and linted one by one.
TextLint lintText(syntax::Parser &parser, std::string_view text, const LintOptions &options);

/// The same, on an analysis the caller already has (the language server's),
/// for a text without chunks.
TextLint lintAnalysis(const analysis::Analysis &analysis, std::string_view text, const LintOptions &options);

}  // namespace shlo::linter
