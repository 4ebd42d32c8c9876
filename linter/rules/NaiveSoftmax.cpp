// SHLO204 naive-softmax: exp(x) / sum(exp(x)) where x is not shifted by its
// maximum first: exp overflows for x above ~88 (f32) and the result is NaN.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

const ir::Value *throughReshapes(const ir::Value *value) { return throughShapeOps(value); }

bool reduceBodyHas(const ir::Operation &reduce, std::string_view opName) {
  if (reduce.regions.empty() || reduce.regions[0]->blocks.empty()) return false;
  for (const ir::Operation *op : reduce.regions[0]->blocks[0]->operations) {
    if (op->name == opName) return true;
  }
  return false;
}

const ir::Operation *definedBy(const ir::Value *value, std::string_view opName) {
  return value && value->definingOp && value->definingOp->name == opName ? value->definingOp : nullptr;
}

/// True when `value` comes from a reduce-max, through shape ops and the
/// elementwise ops exporters wrap it in (maximum with -inf for empty rows,
/// select, stop-gradient copies as minimum/maximum).
bool fromReduceMax(const ir::Value *value, int depth = 0) {
  value = throughReshapes(value);
  if (!value || !value->definingOp || depth > 6) return false;
  const ir::Operation *op = value->definingOp;
  if (op->name == "stablehlo.reduce") return reduceBodyHas(*op, "stablehlo.maximum");
  if (op->name != "stablehlo.maximum" && op->name != "stablehlo.minimum" && op->name != "stablehlo.select") {
    return false;
  }
  for (const ir::Value *operand : op->operands) {
    if (fromReduceMax(operand, depth + 1)) return true;
  }
  return false;
}

/// x - broadcast(reduce max(x)): the shift that keeps exp finite. Any
/// subtraction of a reduce-max counts (the max may be of another view of x).
bool shiftedByMax(const ir::Value *x) {
  const ir::Operation *sub = definedBy(throughReshapes(x), "stablehlo.subtract");
  return sub && sub->operands.size() == 2 && fromReduceMax(sub->operands[1]);
}

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "stablehlo.divide" || op.operands.size() != 2 || !op.operands[0] || !isFloatTensor(op.operands[0]->type)) return;
  const ir::Operation *exp = definedBy(throughReshapes(op.operands[0]), "stablehlo.exponential");
  if (!exp || exp->operands.empty()) return;
  const ir::Operation *sum = definedBy(throughReshapes(op.operands[1]), "stablehlo.reduce");
  if (!sum || !reduceBodyHas(*sum, "stablehlo.add") || sum->operands.empty()) return;
  if (throughReshapes(sum->operands[0]) != exp->results[0]) return;
  if (shiftedByMax(exp->operands[0])) return;
  Diagnostic &d = context.report(nameRangeOf(op), "softmax without subtracting the maximum first: exp overflows for "
                                                  "large inputs and the result becomes NaN");
  d.related.push_back({nameRangeOf(*exp), "exp of the unshifted input"});
}

}  // namespace

Rule naiveSoftmax() {
  return {{"SHLO204", "naive-softmax", RuleCategory::Numerics, Severity::Warning, FixAvailability::None, true,
           "A softmax that does not subtract the maximum before exp",
           "softmax(x) = exp(x) / sum(exp(x)) overflows when any x is large (88 for f32, 11 for f16): inf / inf "
           "is NaN. Subtracting max(x) first gives the same result and keeps every exp at most 1.\n\n"
           "Example:\n\n    %e = stablehlo.exponential %x : tensor<4x8xf32>\n"
           "    %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : ...\n"
           "    %b = stablehlo.broadcast_in_dim %s, dims = [0] : ...\n    %r = stablehlo.divide %e, %b : ...\n\n"
           "Fix: compute `exp(x - broadcast(reduce max(x)))` instead of `exp(x)`."},
          check};
}

}  // namespace shlo::linter::rules
