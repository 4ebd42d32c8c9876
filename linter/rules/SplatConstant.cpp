// SHLO309 splat-constant: a dense literal that lists one value for every
// element; the splat form `dense<v>` says the same in a few bytes.
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
  // The literal as written, inside `dense<...>`: replaced by its one value.
  std::string_view text = context.text();
  std::optional<Fix> fix;
  if (value->range.end <= text.size()) {
    std::string_view written = text.substr(value->range.begin, value->range.size());
    size_t at = written.find(literal);
    if (written.rfind("dense<", 0) == 0 && at != std::string_view::npos) {
      uint32_t begin = value->range.begin + static_cast<uint32_t>(at);
      Fix edit;
      edit.title = "Write the constant as `dense<" + std::string((*elements)[0]) + ">`";
      edit.edits.push_back({{begin, begin + static_cast<uint32_t>(literal.size())}, std::string((*elements)[0])});
      fix = std::move(edit);
    }
  }
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
