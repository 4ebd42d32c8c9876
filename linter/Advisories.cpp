#include "linter/Advisories.h"

#include "linter/Rules.h"

namespace shlo::linter {

Diagnostic advice(syntax::TextRange range, Severity severity, DiagnosticTag tag, std::string code,
                  std::string message) {
  Diagnostic d;
  d.range = range;
  d.severity = severity;
  d.code = std::move(code);
  d.message = std::move(message);
  d.tags.push_back(tag);
  return d;
}

void collectAdvisories(const ir::Module &module, std::string_view text, std::vector<Diagnostic> &out) {
  LintContext context{module, text, out};
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    lintDeprecatedOp(*op, context);
    lintUnusedResult(*op, context);
  });
}

}  // namespace shlo::linter
