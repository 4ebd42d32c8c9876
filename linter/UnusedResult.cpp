// `unused.result`: a pure, region-free op none of whose results is used. The
// fix deletes the op; it is unsafe because the author may be about to use it.
#include "linter/OpFacts.h"
#include "linter/Rules.h"

namespace shlo::linter {

namespace {

bool hasUse(const ir::Operation &op) {
  for (const ir::Value *result : op.results) {
    if (!result || !result->uses.empty()) return true;
  }
  return false;
}

}  // namespace

void lintUnusedResult(const ir::Operation &op, LintContext &context) {
  if (op.results.empty() || !op.regions.empty() || hasUse(op) || !isPure(op.name)) return;
  // In regions of several blocks lowering may not resolve a use written
  // before its definition, and the advice would be wrong.
  const ir::Region *region = op.parentBlock ? op.parentBlock->parent : nullptr;
  if (region && region->blocks.size() > 1) return;
  std::string names;
  for (const ir::Value *result : op.results) names += (names.empty() ? "`" : ", `") + result->name + "`";
  std::string message = (op.results.size() == 1 ? "result " : "results ") + names + " of `" + op.name + "` " +
                        (op.results.size() == 1 ? "is" : "are") + " never used";
  Diagnostic d = advice(op.range, Severity::Hint, DiagnosticTag::Unnecessary, "unused.result", message);
  if (op.range.size() > 0 && op.range.end <= context.text.size()) {
    Fix fix;
    fix.title = "Remove the unused `" + op.name + "`";
    fix.edits.push_back({deletionRange(op.range, context.text), ""});
    fix.safety = FixSafety::Unsafe;
    d.fixes.push_back(std::move(fix));
  }
  context.out.push_back(std::move(d));
}

}  // namespace shlo::linter
