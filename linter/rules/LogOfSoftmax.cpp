// SHLO205 log-of-softmax: log(exp(x) / sum(exp(x))), a log-softmax computed
// in two steps: the division underflows to 0 for very negative x and log
// gives -inf, where x - max - log(sum(exp(x - max))) stays finite.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

const ir::Operation *definedBy(const ir::Value *value, std::string_view opName) {
  value = throughShapeOps(value);
  return value && value->definingOp && value->definingOp->name == opName ? value->definingOp : nullptr;
}

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "stablehlo.log" || op.operands.empty() || !op.operands[0] || !isFloatTensor(op.operands[0]->type)) return;
  const ir::Operation *divide = definedBy(op.operands[0], "stablehlo.divide");
  if (!divide || divide->operands.size() != 2) return;
  const ir::Operation *exp = definedBy(divide->operands[0], "stablehlo.exponential");
  const ir::Operation *sum = definedBy(divide->operands[1], "stablehlo.reduce");
  if (!exp || !sum || sum->operands.empty() || throughShapeOps(sum->operands[0]) != exp->results[0]) return;
  Diagnostic &d = context.report(nameRangeOf(op), "log of a softmax computed in two steps: the softmax underflows "
                                                  "to 0 and log gives -inf; compute log-softmax directly");
  d.related.push_back({nameRangeOf(*divide), "softmax computed here"});
}

}  // namespace

Rule logOfSoftmax() {
  return {{"SHLO205", "log-of-softmax", RuleCategory::Numerics, Severity::Warning, FixAvailability::None, true,
           "log applied to a softmax",
           "log(softmax(x)) computed as a softmax followed by a log loses everything the softmax rounds to zero: "
           "a probability below the smallest float becomes 0, and its log -inf (then NaN in the gradient). The "
           "log-softmax identity needs no division: log_softmax(x) = (x - max(x)) - log(sum(exp(x - max(x)))).\n\n"
           "Example:\n\n    %p = stablehlo.divide %e, %sum : tensor<4x8xf32>   // softmax\n"
           "    %l = stablehlo.log %p : tensor<4x8xf32>\n\n"
           "Fix: compute `(x - max) - log(sum(exp(x - max)))` directly."},
          check};
}

}  // namespace shlo::linter::rules
