// The linter's API, independent of any front end: `shlo lint` and (next)
// the language server call it with an analysed text and get diagnostics with
// rule codes (`SHLO301`) and fixes (byte edits of that text).
#pragma once

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
};

/// Runs the selected rules over `module`, lowered from `text`, and appends
/// their findings to `out`, sorted by position: each has the rule's code,
/// the selection's severity, a message and its fixes (edits of `text`).
/// Suppressed findings are left out; unknown codes in suppressions are
/// reported (`lint.unknown-code`). Meant for a module that checks clean:
/// on one with errors the rules still run but may miss or misjudge.
void lintModule(const ir::Module &module, std::string_view text, const LintOptions &options,
                std::vector<Diagnostic> &out);

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
