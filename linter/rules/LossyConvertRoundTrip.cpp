// SHLO203 lossy-convert-round-trip: convert(convert(x : A) : B) : A where B
// holds fewer values than A (a narrower float, or an integer from a float):
// the value comes back in its type, rounded.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

const char *kConvert = "stablehlo.convert";

/// True when converting A to B can lose what A holds.
bool loses(const ir::ElementType &from, const ir::ElementType &to) {
  // Same width, other format (f16 <-> bf16): each loses range or precision.
  if (from.isFloat() && to.isFloat()) {
    return to.bitWidth() < from.bitWidth() || (to.bitWidth() == from.bitWidth() && to.floatFormat() != from.floatFormat());
  }
  if (from.isFloat() && (to.isInteger())) return true;
  if (from.isInteger() && to.isInteger()) return to.bitWidth() < from.bitWidth();
  if (from.isComplex() && !to.isComplex()) return true;
  return false;
}

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != kConvert || op.operands.size() != 1 || op.results.size() != 1) return;
  const ir::Operation *inner = op.operands[0] ? op.operands[0]->definingOp : nullptr;
  if (!inner || inner->name != kConvert || inner->operands.size() != 1 || !inner->operands[0] ||
      inner->results.size() != 1) {
    return;
  }
  const ir::Type &original = inner->operands[0]->type, &middle = inner->results[0]->type, &back = op.results[0]->type;
  if (!original.isTensor() || !middle.isTensor() || original != back) return;
  if (!loses(original.element(), middle.element())) return;
  Diagnostic &d = context.report(nameRangeOf(op), "round trip " + original.element().str() + " -> " +
                                                      middle.element().str() + " -> " + back.element().str() +
                                                      " loses precision of the value it restores");
  d.related.push_back({nameRangeOf(*inner), "narrowed here"});
}

}  // namespace

Rule lossyConvertRoundTrip() {
  return {{"SHLO203", "lossy-convert-round-trip", RuleCategory::Numerics, Severity::Note, FixAvailability::None,
           true, "A value converted to a narrower type and back",
           "Converting a value to a type that holds fewer values and straight back returns it in its old type "
           "but rounded (or truncated). Intended when emulating low precision; a bug otherwise.\n\n"
           "Example:\n\n    %0 = stablehlo.convert %x : (tensor<f32>) -> tensor<bf16>\n"
           "    %1 = stablehlo.convert %0 : (tensor<bf16>) -> tensor<f32>\n\n"
           "Fix: use the original value, or `stablehlo.reduce_precision` to say that rounding is intended."},
          check};
}

}  // namespace shlo::linter::rules
