// SHLO101 unused-result: a pure, region-free op none of whose results is
// used. The fix deletes it together with the ops that only fed it (they
// become dead in turn); unsafe, because the author may be about to use it.
#include <set>

#include "linter/FixBuilder.h"
#include "linter/OpFacts.h"
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

bool removable(const ir::Operation &op) { return !op.results.empty() && op.regions.empty() && isPure(op.name); }

bool unused(const ir::Operation &op) {
  for (const ir::Value *result : op.results) {
    if (!result || !result->uses.empty()) return false;
  }
  return true;
}

/// `root` and the ops of its block whose every result is used only by ops
/// in the set: what deleting `root` makes dead.
std::vector<const ir::Operation *> deadCone(const ir::Operation &root) {
  std::set<const ir::Operation *> dead{&root};
  std::vector<const ir::Operation *> order{&root}, work{&root};
  while (!work.empty()) {
    const ir::Operation *op = work.back();
    work.pop_back();
    for (const ir::Value *operand : op->operands) {
      const ir::Operation *producer = operand ? operand->definingOp : nullptr;
      if (!producer || dead.count(producer) || producer->parentBlock != root.parentBlock || !removable(*producer)) {
        continue;
      }
      bool onlyDeadUsers = true;
      for (const ir::Value *result : producer->results) {
        for (const ir::Use &use : result->uses) onlyDeadUsers &= dead.count(use.user) > 0;
      }
      if (!onlyDeadUsers) continue;
      dead.insert(producer);
      order.push_back(producer);
      work.push_back(producer);
    }
  }
  return order;
}

void check(const ir::Operation &op, RuleContext &context) {
  if (!removable(op) || !unused(op)) return;
  // In regions of several blocks lowering may not resolve a use written
  // before its definition, and the advice would be wrong.
  const ir::Region *region = op.parentBlock ? op.parentBlock->parent : nullptr;
  if (region && region->blocks.size() > 1) return;
  std::string names;
  for (const ir::Value *result : op.results) names += (names.empty() ? "`" : ", `") + result->name + "`";
  std::vector<const ir::Operation *> cone = deadCone(op);
  std::string message = (op.results.size() == 1 ? "result " : "results ") + names + " of `" + op.name + "` " +
                        (op.results.size() == 1 ? "is" : "are") + " never used";
  if (cone.size() > 1) message += " (" + std::to_string(cone.size() - 1) + " more ops only feed it)";
  FixBuilder builder(context.text());
  for (const ir::Operation *dead : cone) builder.remove(*dead);
  std::optional<Fix> fix = builder.build(cone.size() > 1 ? "Remove the unused `" + op.name +
                                                               "` and the ops only feeding it"
                                                         : "Remove the unused `" + op.name + "`",
                                         FixSafety::Unsafe);
  context.report(op.range, message, fix).tags.push_back(DiagnosticTag::Unnecessary);
}

}  // namespace

Rule unusedResult() {
  return {{"SHLO101", "unused-result", RuleCategory::Correctness, Severity::Warning, FixAvailability::Unsafe, true,
           "A side-effect-free op whose results are never used",
           "An op without side effects whose results nobody uses computes nothing the program needs: dead code, "
           "often left behind by an edit, or a sign that the wrong value is used further down.\n\n"
           "Example:\n\n    %0 = stablehlo.add %a, %b : tensor<f32>\n    return %a : tensor<f32>\n\n"
           "Fix (unsafe: the author may be about to use it): delete the op and the ops that only fed it."},
          check};
}

}  // namespace shlo::linter::rules
