// Diagnostics as an editor shows them: the analysis' findings together with
// the linter's, in text order.
#include <algorithm>

#include "ide/Features.h"
#include "ide/LintDiagnostics.h"

namespace shlo::ide {

FileDiagnostics diagnostics(const AnalyzedFile &file) {
  FileDiagnostics out;
  const std::vector<Diagnostic> &lint = lintDiagnostics(file);
  std::vector<const Diagnostic *> &all = out.all;
  all.reserve(file.diagnostics.size() + lint.size());
  for (const Diagnostic &d : file.diagnostics) all.push_back(&d);
  for (const Diagnostic &d : lint) all.push_back(&d);
  std::stable_sort(all.begin(), all.end(),
                   [](const Diagnostic *a, const Diagnostic *b) { return a->range.begin < b->range.begin; });
  return out;
}

}  // namespace shlo::ide
