// SHLO311 inferable-dynamic-dimension: a result type with a dynamic
// dimension (`?`) where the spec's type inference, from the operands and
// attributes, gives a static size.
#include "linter/rules/AllRules.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  if (op.results.empty()) return;
  bool dynamic = false;
  for (const ir::Value *result : op.results) {
    dynamic |= result && result->type.isTensor() && result->type.ranked() && !result->type.hasStaticShape();
  }
  if (!dynamic) return;
  const verify::OpDef *def = verify::OpRegistry::instance().find(op.name);
  if (!def || !def->infer) return;
  std::vector<Diagnostic> ignored;
  verify::VerifyContext verifyContext(op, ignored, &context.module());
  std::vector<ir::Type> inferred = def->infer(verifyContext);
  if (inferred.size() != op.results.size()) return;
  for (size_t i = 0; i < op.results.size(); ++i) {
    const ir::Type &written = op.results[i]->type, &known = inferred[i];
    if (!written.isTensor() || !known.isTensor() || !written.ranked() || !known.ranked() ||
        written.rank() != known.rank()) {
      continue;
    }
    std::string dims;
    for (int64_t d = 0; d < written.rank(); ++d) {
      if (written.dim(d) == ir::kDynamic && known.dim(d) != ir::kDynamic) {
        dims += (dims.empty() ? "" : ", ") + std::to_string(d) + " (" + std::to_string(known.dim(d)) + ")";
      }
    }
    if (dims.empty()) continue;
    syntax::TextRange range = op.typeRange.size() > 0 ? op.typeRange : nameRangeOf(op);
    context.report(range, "result " + std::to_string(i) + " is written " + written.str() +
                              " but inference gives static dimension" + (dims.find(',') == std::string::npos ? " " : "s ") +
                              dims + ": " + known.str());
  }
}

}  // namespace

Rule inferableDynamicDimension() {
  return {{"SHLO311", "inferable-dynamic-dimension", RuleCategory::Performance, Severity::Warning,
           FixAvailability::None, true, "A dynamic result dimension that type inference shows is static",
           "A `?` dimension makes compilers handle the shape at run time (dynamic padding, shape computations, "
           "no static tiling). When the spec's type inference gives a static size from the operands, the `?` "
           "only hides it, often left over from shape-polymorphic export.\n\n"
           "Example:\n\n    %0 = stablehlo.abs %x : (tensor<4xf32>) -> tensor<?xf32>\n\n"
           "Fix: write the inferred type (`tensor<4xf32>`) and let the static shape flow to the users (they may "
           "need the same change); `stablehlo-refine-shapes` does this for whole programs."},
          check};
}

}  // namespace shlo::linter::rules
