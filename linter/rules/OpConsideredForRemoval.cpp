// SHLO002 op-considered-for-removal: ops the spec's "Deprecated Operations"
// section says are being explored for removal (map, tuple,
// get_tuple_element, rng, einsum, torch_index_select...).
#include "linter/DeprecatedFeatures.h"
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  std::optional<Deprecation> deprecation = deprecationOf(op.name);
  if (!deprecation || deprecation->stage != DeprecationStage::MayBeRemoved) return;
  context.report(nameRangeOf(op), explorationMessage(op, *deprecation, "; consider "));
}

}  // namespace

Rule opConsideredForRemoval() {
  return {{"SHLO002", "op-considered-for-removal", RuleCategory::Deprecated, Severity::Note, FixAvailability::None,
           true, "An op the spec is exploring to remove",
           "The spec's \"Deprecated Operations\" section lists ops whose removal is being explored (`map`, "
           "`tuple`, `get_tuple_element`, `rng`, ...). They still work, but new code should avoid them.\n\n"
           "Example:\n\n    %0 = stablehlo.tuple %a, %b : tuple<tensor<f32>, tensor<f32>>\n\n"
           "Fix: none mechanical; pass values separately instead of tuples, use `rng_bit_generator` instead of "
           "`rng`, and elementwise ops instead of `map`."},
          check};
}

}  // namespace shlo::linter::rules
