// SHLO502 quoted-symbol-name: a symbol (function) name MLIR can only write
// quoted, `@"<lambda>"`, because it is not a bare identifier.
#include <cctype>

#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

/// MLIR's bare identifier: a letter or `_`, then letters, digits, `_`, `$`, `.`.
bool isBareIdentifier(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '$' && c != '.') return false;
  }
  return true;
}

void check(const ir::Operation &op, RuleContext &context) {
  const ir::NamedAttribute *symbol = op.namedAttribute("sym_name");
  if (!symbol || symbol->value.kind != ir::Attribute::Kind::String) return;
  std::string_view name = symbol->value.text;
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
  if (isBareIdentifier(name)) return;
  syntax::TextRange range = symbol->value.range.size() > 0 ? symbol->value.range : nameRangeOf(op);
  context.report(range, "symbol name `" + std::string(name) +
                            "` needs quotes in MLIR; use letters, digits, `_`, `$` and `.` (not first)");
}

}  // namespace

Rule quotedSymbolName() {
  return {{"SHLO502", "quoted-symbol-name", RuleCategory::Style, Severity::Note, FixAvailability::None, false,
           "A symbol name that must be quoted",
           "MLIR writes a symbol bare (`@main`) when it is an identifier: a letter or `_` first, then letters, "
           "digits, `_`, `$` or `.`. Any other name is written quoted (`@\"<lambda>\"`, `@\"my-fn\"`): harder to "
           "grep, to refer to from the command line (`shlo run --entry`), and to map to a function name in "
           "generated code. Exporters produce such names from anonymous Python functions.\n\n"
           "Example:\n\n    func.func private @\"<lambda>\"(%x: tensor<f32>) -> tensor<f32>\n\n"
           "Fix: none automatic (a public symbol is the module's interface): rename the function and its "
           "references, or name the function in the exporting program."},
          check};
}

}  // namespace shlo::linter::rules
