// SHLO103 unreachable-branch: an `if` whose predicate or a `case` whose
// index is a constant: only one branch can run, the others are dead code.
#include "linter/rules/AllRules.h"
#include "semantic/ir/Attribute.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  bool isIf = op.name == "stablehlo.if", isCase = op.name == "stablehlo.case";
  if ((!isIf && !isCase) || op.operands.empty() || op.regions.size() < 2) return;
  const ir::Operation *constant = constantOf(op.operands[0]);
  if (!constant) return;
  std::optional<double> value = uniformValue(*constant);
  if (!value) return;
  size_t taken;
  if (isIf) {
    taken = *value != 0 ? 0 : 1;
  } else {
    // Spec (case): an index outside [0, N) selects the last branch.
    int64_t index = static_cast<int64_t>(*value);
    taken = index < 0 || index >= static_cast<int64_t>(op.regions.size()) ? op.regions.size() - 1
                                                                           : static_cast<size_t>(index);
  }
  std::string message = "`" + op.name + "` on a constant " + (isIf ? "predicate" : "index") + " always runs branch " +
                        std::to_string(taken) + "; the other " +
                        (op.regions.size() == 2 ? "branch is" : std::to_string(op.regions.size() - 1) + " branches are") +
                        " unreachable";
  Diagnostic &d = context.report(nameRangeOf(op), message);
  for (size_t i = 0; i < op.regions.size(); ++i) {
    if (i != taken && op.regions[i]->range.size() > 0) d.related.push_back({op.regions[i]->range, "unreachable branch"});
  }
}

}  // namespace

Rule unreachableBranch() {
  return {{"SHLO103", "unreachable-branch", RuleCategory::Correctness, Severity::Warning, FixAvailability::None,
           true, "An if or case on a constant: some branches never run",
           "When `if`'s predicate or `case`'s index is a constant, the choice is made when the program is "
           "written: the other branches are dead code, and often the constant is a leftover of debugging.\n\n"
           "Example:\n\n    %p = stablehlo.constant dense<true> : tensor<i1>\n"
           "    %r = \"stablehlo.if\"(%p) ({ ... }, { ... }) : (tensor<i1>) -> tensor<f32>\n\n"
           "Fix: replace the op by the branch that runs (inline its body), or compute the predicate."},
          check};
}

}  // namespace shlo::linter::rules
