// SHLO202 narrow-accumulation: a dot_general or an add-reduce over 16-bit (or
// narrower) floats that accumulates in that type: no wider result element
// type and no dot algorithm with a wider accumulation type.
#include "linter/rules/AllRules.h"
#include "semantic/ops/Ops.h"

namespace shlo::linter::rules {

namespace {

bool isNarrowFloat(const ir::Type &type) {
  return type.isTensor() && type.element().isFloat() && type.element().bitWidth() <= 16;
}

/// The accumulation type of dot_general's `algorithm`, if one is given.
std::optional<ir::Type> algorithmAccumulation(const ir::Operation &op) {
  const ir::Attribute *algorithm = op.attribute("algorithm");
  if (!algorithm) return std::nullopt;
  const ir::Attribute *accumulation = algorithm->field("accumulation_type");
  if (!accumulation || !accumulation->type) return std::nullopt;
  return accumulation->type;
}

/// True when the reduce's body adds (its terminator returns an add).
bool bodyAdds(const ir::Operation &reduce) {
  if (reduce.regions.empty() || reduce.regions[0]->blocks.empty()) return false;
  for (const ir::Operation *op : reduce.regions[0]->blocks[0]->operations) {
    if (op->name == "stablehlo.add") return true;
  }
  return false;
}

void check(const ir::Operation &op, RuleContext &context) {
  if (op.results.empty() || !isNarrowFloat(op.results[0]->type)) return;
  if (op.name == "stablehlo.dot_general") {
    if (op.operands.size() != 2 || !op.operands[0] || !isNarrowFloat(op.operands[0]->type)) return;
    if (std::optional<ir::Type> accumulation = algorithmAccumulation(op)) {
      if (accumulation->element().isFloat() && accumulation->element().bitWidth() > 16) return;
    }
    context.report(nameRangeOf(op), "dot_general accumulates in " + op.results[0]->type.element().str() +
                                        ": products are summed with a 16-bit float's precision");
  } else if (op.name == "stablehlo.reduce") {
    if (op.operands.empty() || !op.operands[0] || !isNarrowFloat(op.operands[0]->type) || !bodyAdds(op)) return;
    context.report(nameRangeOf(op), "reduce adds in " + op.results[0]->type.element().str() +
                                        ": the sum loses precision as it grows");
  }
}

}  // namespace

Rule narrowAccumulation() {
  return {{"SHLO202", "narrow-accumulation", RuleCategory::Numerics, Severity::Note, FixAvailability::None, true,
           "A dot_general or sum accumulating in bf16/f16",
           "Summing many values in a 16-bit float loses precision quickly (bf16 has 8 significant bits): long "
           "contractions and reductions drift. Backends may accumulate wider anyway, but the program does not "
           "ask for it.\n\n"
           "Example:\n\n    %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : "
           "(tensor<4x512xbf16>, tensor<512x4xbf16>) -> tensor<4x4xbf16>\n\n"
           "Fix: produce f32 (a wider result type, then `convert`), or give dot_general an `algorithm` with an "
           "f32 accumulation type; reduce in f32 after converting the input."},
          check};
}

}  // namespace shlo::linter::rules
