// The lint rules, one file each, called per op by collectAdvisories.
#pragma once

#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "linter/Patterns.h"
#include "semantic/ir/IR.h"

namespace shlo::linter {

struct LintContext {
  const ir::Module &module;
  /// The text the module was lowered from; empty when the caller has none,
  /// and then no rule offers fixes.
  std::string_view text;
  std::vector<Diagnostic> &out;
};

/// `deprecated.op`: DeprecatedOp.cpp.
void lintDeprecatedOp(const ir::Operation &op, LintContext &context);
/// `unused.result`: UnusedResult.cpp.
void lintUnusedResult(const ir::Operation &op, LintContext &context);

/// A diagnostic with one tag and no op range (advice about one spot).
Diagnostic advice(syntax::TextRange range, Severity severity, DiagnosticTag tag, std::string code, std::string message);

/// nameRangeOf: Patterns.h.

}  // namespace shlo::linter
