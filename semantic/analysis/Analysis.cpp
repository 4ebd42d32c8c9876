#include "semantic/analysis/Analysis.h"

#include <algorithm>

#include "semantic/syntax/SyntaxDiagnostics.h"
#include "semantic/verify/Verifier.h"

namespace shlo::analysis {

Analysis analyze(syntax::Parser &parser, std::string_view text) {
  Analysis result;
  result.tree = parser.parse(text);
  result.diagnostics = syntax::collectSyntaxDiagnostics(result.tree, text);
  result.lowered = lower::lowerModule(result.tree, text);
  for (Diagnostic &d : result.lowered.diagnostics) result.diagnostics.push_back(d);
  verify::verifyModule(*result.lowered.module, result.diagnostics);
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                   [](const Diagnostic &a, const Diagnostic &b) { return a.range.begin < b.range.begin; });
  return result;
}

}  // namespace shlo::analysis
