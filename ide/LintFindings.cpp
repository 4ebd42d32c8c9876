// The linter's findings for code actions. The language server's lint
// diagnostics (published by another part of ide/) use the same rules; this
// one runs them on demand, on the snapshot a code action request reads.
#include "ide/Editing.h"
#include "linter/Linter.h"
#include "semantic/analysis/SplitInput.h"

namespace shlo::ide {

std::vector<Diagnostic> lintFindings(const AnalyzedFile &file) {
  std::string_view text = file.file.text();
  linter::LintOptions options;
  linter::TextLint lint;
  if (analysis::splitInput(text).size() > 1) {
    thread_local syntax::Parser parser;
    lint = linter::lintText(parser, text, options);
  } else {
    lint = linter::lintAnalysis(file.analysis, text, options);
  }
  if (lint.failedCheck) return {};
  return std::move(lint.diagnostics);
}

}  // namespace shlo::ide
