#include "ide/LintDiagnostics.h"

#include <algorithm>
#include <cctype>

#include "semantic/analysis/SplitInput.h"

namespace shlo::ide {

namespace {

std::vector<Diagnostic> lint(const AnalyzedFile &file) {
  std::vector<Diagnostic> out;
  std::string_view text = file.file.text();
  // The rules run even on a module with errors (as the advisories they
  // replace did): an editor shows a file mid-edit, and the rules tolerate
  // missing values and types.
  if (file.chunks.empty()) {
    linter::lintModule(file.module(), text, file.lintOptions, out);
    return out;
  }
  for (const AnalyzedFile::Chunk &chunk : file.chunks) {
    std::vector<Diagnostic> found;
    linter::lintModule(*chunk.analysis.lowered.module, text.substr(chunk.range.begin, chunk.range.size()),
                       file.lintOptions, found);
    analysis::shiftDiagnostics(found, chunk.range.begin);
    for (Diagnostic &d : found) out.push_back(std::move(d));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Diagnostic &a, const Diagnostic &b) { return a.range.begin < b.range.begin; });
  return out;
}

}  // namespace

const std::vector<Diagnostic> &lintDiagnostics(const AnalyzedFile &file) {
  std::call_once(file.lintOnce, [&file] { file.lintFindings = lint(file); });
  return file.lintFindings;
}

bool isLintCode(std::string_view code) {
  if (code.size() <= 4 || code.substr(0, 4) != "SHLO") return false;
  return std::all_of(code.begin() + 4, code.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

}  // namespace shlo::ide
