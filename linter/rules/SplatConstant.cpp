// SHLO309 splat-constant: a dense literal that lists one value for every
// element; the splat form `dense<v>` says the same in a few bytes.
#include "linter/FixBuilder.h"
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

void check(const ir::Operation &op, RuleContext &context) {
  const ir::Attribute *value = op.attribute("value");
  if (!constantOf(op.results.empty() ? nullptr : op.results[0]) || !value ||
      value->kind != ir::Attribute::Kind::DenseElements) {
    return;
  }
  std::string_view literal = value->literal();
  std::optional<std::vector<std::string_view>> elements = denseElements(literal);
  if (!elements || elements->size() < 2) return;
  for (std::string_view element : *elements) {
    if (element != (*elements)[0]) return;
  }
  // The formatter prints a dense literal whose elements are all equal as a
  // splat: the fix is the constant printed again.
  FixBuilder builder(context.text());
  builder.replace(op, op);
  std::optional<Fix> fix =
      builder.build("Write the constant as `dense<" + std::string((*elements)[0]) + ">`", FixSafety::Safe);
  context.report(value->range.size() > 0 ? value->range : nameRangeOf(op),
                 "dense constant repeats `" + std::string((*elements)[0]) + "` " +
                     std::to_string(elements->size()) + " times; write it as a splat",
                 fix);
}

}  // namespace

Rule splatConstant() {
  return {{"SHLO309", "splat-constant", RuleCategory::Performance, Severity::Warning, FixAvailability::Safe, true,
           "A dense constant that lists one value for every element",
           "`dense<[1.0, 1.0, 1.0, 1.0]>` and `dense<1.0>` are the same constant, but the listed form grows with "
           "the tensor: larger files, slower parsing, and producers that miss that the value is uniform.\n\n"
           "Example:\n\n    %0 = stablehlo.constant dense<[0, 0, 0, 0]> : tensor<4xi32>\n\n"
           "Fix (safe): write the splat `dense<0>`."},
          check};
}

}  // namespace shlo::linter::rules
