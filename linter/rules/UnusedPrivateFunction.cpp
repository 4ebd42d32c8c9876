// SHLO102 unused-private-function: a private function no symbol reference
// of the file names (calls, composites' decompositions, custom calls...).
#include <set>

#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

void collectSymbols(const ir::Attribute &attribute, std::set<std::string, std::less<>> &out) {
  // Strings count too: pretty forms store some references as strings
  // (`call_target_name`), and a wrong "unused" would delete live code.
  if (attribute.kind == ir::Attribute::Kind::SymbolRef || attribute.kind == ir::Attribute::Kind::String) {
    out.insert(attribute.text);
  }
  for (const ir::Attribute &element : attribute.elements) collectSymbols(element, out);
  for (const ir::AttributeField &field : attribute.fields) collectSymbols(field.second, out);
}

bool isPrivate(const ir::Operation &function) {
  const ir::Attribute *visibility = function.attribute("sym_visibility");
  return visibility && visibility->kind == ir::Attribute::Kind::String && visibility->text == "private";
}

void check(const ir::Module &module, RuleContext &context) {
  std::set<std::string, std::less<>> used;
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    for (const ir::NamedAttribute &attribute : op->attributes) {
      if (attribute.name != "sym_name") collectSymbols(attribute.value, used);
    }
  });
  for (const auto &[name, function] : module.functions) {
    if (!isPrivate(*function) || used.count(name)) continue;
    // A function's body that refers to itself keeps nothing else alive.
    const ir::Attribute *symbol = function->attribute("sym_name");
    syntax::TextRange range = symbol && symbol->range.size() > 0 ? symbol->range : nameRangeOf(*function);
    context
        .report(range, "private function `@" + name + "` is never used",
                deleteOpFix(*function, context.text(), "Remove `@" + name + "`", FixSafety::Unsafe))
        .tags.push_back(DiagnosticTag::Unnecessary);
  }
}

}  // namespace

Rule unusedPrivateFunction() {
  return {{"SHLO102", "unused-private-function", RuleCategory::Correctness, Severity::Warning,
           FixAvailability::Unsafe, true, "A private function nothing refers to",
           "A private function is visible only inside its module; when no call, composite or other symbol "
           "reference names it, it is dead code (often left after inlining).\n\n"
           "Example:\n\n    func.func private @helper(%x: tensor<f32>) -> tensor<f32> { ... }\n\n"
           "Fix (unsafe: it deletes code): remove the function."},
          nullptr, check};
}

}  // namespace shlo::linter::rules
