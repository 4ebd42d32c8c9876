// Diagnostics as an editor shows them: the analysis' findings together with
// the advisories, in text order.
#include <algorithm>

#include "ide/Features.h"
#include "semantic/verify/Advisories.h"

namespace shlo::ide {

FileDiagnostics diagnostics(const AnalyzedFile &file) {
  // Advisories are cheap (one walk over the ops), so they are derived here
  // rather than kept in the analysis.
  FileDiagnostics out;
  std::vector<Diagnostic> &advisories = out.advisories;
  verify::collectAdvisories(file.module(), advisories);
  std::vector<const Diagnostic *> &all = out.all;
  all.reserve(file.diagnostics.size() + advisories.size());
  for (const Diagnostic &d : file.diagnostics) all.push_back(&d);
  for (const Diagnostic &d : advisories) all.push_back(&d);
  std::stable_sort(all.begin(), all.end(),
                   [](const Diagnostic *a, const Diagnostic *b) { return a->range.begin < b->range.begin; });
  return out;
}

}  // namespace shlo::ide
