#include "ide/LintDiagnostics.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <unordered_map>

#include "semantic/analysis/IncrementalAnalysis.h"
#include "semantic/analysis/SplitInput.h"

namespace shlo::ide {

namespace {

bool within(syntax::TextRange range, syntax::TextRange lines) {
  return lines.begin <= range.begin && range.end <= lines.end;
}

/// Whether every range of `findings` lies in `lines`: only then do they all
/// move with the function.
bool allWithin(const std::vector<Diagnostic> &findings, syntax::TextRange lines) {
  for (const Diagnostic &d : findings) {
    if (!within(d.range, lines) || (d.opRange && !within(*d.opRange, lines))) return false;
    for (const RelatedInformation &r : d.related) {
      if (!within(r.range, lines)) return false;
    }
    for (const Fix &fix : d.fixes) {
      for (const TextEdit &edit : fix.edits) {
        if (!within(edit.range, lines)) return false;
      }
    }
  }
  return true;
}

std::vector<Diagnostic> lint(const AnalyzedFile &file) {
  std::vector<Diagnostic> out;
  std::string_view text = file.file.text();
  // The rules run even on a module with errors (as the advisories they
  // replace did): an editor shows a file mid-edit, and the rules tolerate
  // missing values and types.
  if (file.chunks.empty()) {
    auto record = std::make_shared<AnalyzedFile::LintRecord>();
    record->options = file.lintOptions;
    linter::LintReuse reuse;
    reuse.record = &record->functions;
    const AnalyzedFile::LintCarry &carry = file.lintCarry;
    std::unordered_map<uint64_t, const linter::FunctionFindings *> before;
    std::deque<std::vector<Diagnostic>> taken;  // Handed out by pointer.
    if (carry.record && carry.record->options.sameRules(file.lintOptions)) {
      for (const linter::FunctionFindings &function : carry.record->functions) before[function.range.key()] = &function;
      reuse.findings = [&](const ir::Operation &function) -> const std::vector<Diagnostic> * {
        auto moved = carry.functions.find(function.range.key());
        if (moved == carry.functions.end()) return nullptr;
        auto old = before.find(moved->second.before.key());
        if (old == before.end() || !allWithin(old->second->findings, moved->second.lines)) return nullptr;
        taken.push_back(analysis::shiftedDiagnostics(old->second->findings, moved->second.shift));
        return &taken.back();
      };
    }
    linter::lintModule(file.module(), text, file.lintOptions, out, &reuse);
    file.setLintRecord(std::move(record));
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
