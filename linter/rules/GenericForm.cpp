// SHLO501 generic-form: an op written in the generic form
// (`"stablehlo.add"(%a, %b) : ...`) that has a pretty form. The fix is the
// op printed by the formatter, as `shlo fmt` prints it.
#include "linter/FixBuilder.h"
#include "linter/rules/AllRules.h"
#include "semantic/ops/Ops.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  if (op.form != ir::OpForm::Generic) return;
  const ops::OpDef *def = ops::find(op.name);
  if (!def || def->grammar != ops::GrammarForm::Keyword || def->dialect != "stablehlo") return;
  // The formatter prints an op generically when its pretty form cannot say
  // everything the op holds (an attribute the template lacks): then there
  // is no shorter form to suggest.
  std::string printed = FixBuilder::print(op, context.text(), 0);
  if (printed.find("\"" + op.name + "\"") != std::string::npos) return;
  FixBuilder builder(context.text());
  builder.replace(op, op);
  context.report(nameRangeOf(op), "`" + op.name + "` is written in the generic form; its pretty form is shorter",
                 builder.build("Print `" + op.name + "` in its pretty form", FixSafety::Safe));
}

}  // namespace

Rule genericForm() {
  return {{"SHLO501", "generic-form", RuleCategory::Style, Severity::Note, FixAvailability::Safe, false,
           "An op in the generic form that has a pretty form",
           "MLIR prints every op generically (`\"stablehlo.add\"(%a, %b) : (...) -> ...`), but StableHLO ops have "
           "pretty forms that are shorter and easier to read. Off by default: generic text is what many tools "
           "emit.\n\nExample:\n\n    %0 = \"stablehlo.add\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n\n"
           "Fix (safe): the op printed in its pretty form by the formatter, as `shlo fmt` prints it: "
           "`%0 = stablehlo.add %a, %b : tensor<f32>`. Ops whose attributes the pretty form cannot express are not "
           "reported (the formatter keeps them generic)."},
          check};
}

}  // namespace shlo::linter::rules
