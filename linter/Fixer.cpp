#include "linter/Fixer.h"

#include <algorithm>

#include "semantic/diagnostics/TextEdits.h"

namespace shlo::linter {

std::vector<const Fix *> chooseFixes(const std::vector<Diagnostic> &diagnostics, bool unsafe) {
  std::vector<const Fix *> chosen;
  std::vector<syntax::TextRange> taken;
  for (const Diagnostic &d : diagnostics) {
    if (d.fixes.empty()) continue;
    const Fix &fix = d.fixes.front();
    if (fix.safety == FixSafety::Unsafe && !unsafe) continue;
    bool overlaps = false;
    for (const TextEdit &edit : fix.edits) {
      for (const syntax::TextRange &range : taken) {
        // Touching ranges overlap too: two insertions at one offset, or an
        // edit ending where another begins, would be ordered arbitrarily.
        overlaps |= edit.range.begin <= range.end && range.begin <= edit.range.end;
      }
    }
    if (overlaps) continue;
    for (const TextEdit &edit : fix.edits) taken.push_back(edit.range);
    chosen.push_back(&fix);
  }
  return chosen;
}

FixResult fixText(syntax::Parser &parser, std::string_view text, const LintOptions &options, bool unsafe,
                  int maxPasses) {
  FixResult result;
  result.text = std::string(text);
  result.remaining = lintText(parser, result.text, options);
  for (int pass = 0; pass < maxPasses && !result.remaining.failedCheck; ++pass) {
    std::vector<const Fix *> fixes = chooseFixes(result.remaining.diagnostics, unsafe);
    if (fixes.empty()) break;
    std::vector<TextEdit> edits;
    for (const Fix *fix : fixes) edits.insert(edits.end(), fix->edits.begin(), fix->edits.end());
    EditResult edited = applyEdits(result.text, std::move(edits));
    if (!edited.ok()) {
      result.rejected = edited.error;
      break;
    }
    TextLint again = lintText(parser, edited.text, options);
    if (again.failedCheck) {
      result.rejected = again.diagnostics.empty() ? "the fixed text does not check" : again.diagnostics[0].message;
      break;
    }
    result.applied += fixes.size();
    result.text = std::move(edited.text);
    result.remaining = std::move(again);
  }
  return result;
}

}  // namespace shlo::linter
