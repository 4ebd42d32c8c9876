// SHLO310 large-constant: a constant whose literal is larger than 1 MiB of
// text: weights inlined into the program.
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

constexpr size_t kLargeLiteralBytes = size_t{1} << 20;

void check(const ir::Operation &op, RuleContext &context) {
  if (op.results.empty() || !constantOf(op.results[0])) return;
  const ir::Attribute *value = op.attribute("value");
  if (!value || value->kind != ir::Attribute::Kind::DenseElements) return;
  size_t bytes = value->literal().size();
  if (bytes <= kLargeLiteralBytes) return;
  context.report(nameRangeOf(op), "constant of " + std::to_string(bytes / 1024) +
                                      " KiB inlined in the program; pass it as an argument or keep it in a resource");
}

}  // namespace

Rule largeConstant() {
  return {{"SHLO310", "large-constant", RuleCategory::Performance, Severity::Note, FixAvailability::None, true,
           "A constant literal larger than 1 MiB",
           "Weights inlined as dense literals make the program slow to parse, diff and load, and tie the "
           "computation to one set of values.\n\nExample:\n\n"
           "    %w = stablehlo.constant dense<\"0x...(megabytes)...\"> : tensor<1024x1024xf32>\n\n"
           "Fix: pass the tensor as a function argument, or use `dense_resource` to keep the data out of line."},
          check};
}

}  // namespace shlo::linter::rules
