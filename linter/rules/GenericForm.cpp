// SHLO501 generic-form: an op written in the generic form
// (`"stablehlo.add"(%a, %b) : ...`) that has a pretty form. The formatter
// (issue 12) will print the fix.
#include "linter/rules/AllRules.h"
#include "semantic/ops/Ops.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  if (op.form != ir::OpForm::Generic) return;
  const ops::OpDef *def = ops::find(op.name);
  if (!def || def->grammar != ops::GrammarForm::Keyword || def->dialect != "stablehlo") return;
  context.report(nameRangeOf(op), "`" + op.name + "` is written in the generic form; its pretty form is shorter");
}

}  // namespace

Rule genericForm() {
  return {{"SHLO501", "generic-form", RuleCategory::Style, Severity::Note, FixAvailability::None, false,
           "An op in the generic form that has a pretty form",
           "MLIR prints every op generically (`\"stablehlo.add\"(%a, %b) : (...) -> ...`), but StableHLO ops have "
           "pretty forms that are shorter and easier to read. Off by default: generic text is what many tools "
           "emit.\n\nExample:\n\n    %0 = \"stablehlo.add\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n\n"
           "Fix: `shlo fmt` (the formatter) prints the pretty form: `%0 = stablehlo.add %a, %b : tensor<f32>`."},
          check};
}

}  // namespace shlo::linter::rules
