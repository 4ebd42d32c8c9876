// SHLO503 value-name-style: an SSA value or block argument whose name is not
// a number or snake_case (`%fooBar`, `%x.y`, `%a-b`). Off by default: a
// naming convention is a team's choice.
#include <cctype>
#include <set>

#include "linter/FixBuilder.h"
#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

/// What follows `%`: digits only, or lower-case letters, digits and `_`.
/// Names stablehlo-opt prints itself (`%iterArg`, `%iterArg_3` in while
/// bodies) are accepted: a round trip through it brings them back.
bool hasStyle(std::string_view name) {
  if (name.rfind("%iterArg", 0) == 0) return true;
  for (char c : name.substr(1)) {
    if (!std::islower(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c)) && c != '_') {
      return false;
    }
  }
  return true;
}

/// `%fooBar.baz-1` -> `%foo_bar_baz_1`: a capital starts a word, other
/// characters become `_`, runs of `_` are folded.
std::string snakeCase(std::string_view name) {
  std::string out = "%";
  for (size_t i = 1; i < name.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(name[i]);
    bool wordStart = std::isupper(c) && i > 1 && !std::isupper(static_cast<unsigned char>(name[i - 1]));
    if (wordStart && out.back() != '_') out += '_';
    if (std::isalnum(c)) {
      out += static_cast<char>(std::tolower(c));
    } else if (out.back() != '_') {
      out += '_';
    }
  }
  return out;
}

void collect(const ir::Operation &op, std::vector<const ir::Value *> &values) {
  for (const ir::Region *region : op.regions) {
    for (const ir::Block *block : region->blocks) {
      for (const ir::Value *argument : block->arguments) values.push_back(argument);
      for (const ir::Operation *inner : block->operations) {
        for (const ir::Value *result : inner->results) values.push_back(result);
        collect(*inner, values);
      }
    }
  }
}

/// Renames the value where it is defined and at each use; nullopt when a
/// range does not hold the name (a result of `%r:2`) or the name is taken.
std::optional<Fix> renameFix(const ir::Value &value, const std::string &name, const std::set<std::string> &taken,
                             std::string_view text) {
  if (taken.count(name) || name.size() < 2) return std::nullopt;
  auto holds = [&](syntax::TextRange range) {
    return range.size() > 0 && range.end <= text.size() && text.substr(range.begin, range.size()) == value.name;
  };
  if (!holds(value.range)) return std::nullopt;
  FixBuilder builder(text);
  builder.replaceName(value.range, name);
  for (const ir::Use &use : value.uses) {
    if (!holds(use.range)) return std::nullopt;
    builder.replaceName(use.range, name);
  }
  return builder.build("Rename `" + value.name + "` to `" + name + "`", FixSafety::Safe);
}

void check(const ir::Operation &op, RuleContext &context) {
  if (op.name != "func.func") return;
  std::vector<const ir::Value *> values;
  collect(op, values);
  std::set<std::string> taken;
  for (const ir::Value *value : values) taken.insert(value->name);
  for (const ir::Value *value : values) {
    if (value->name.size() < 2 || value->name[0] != '%' || value->name.find('#') != std::string::npos ||
        hasStyle(value->name)) {
      continue;
    }
    std::string name = snakeCase(value->name);
    std::optional<Fix> fix = renameFix(*value, name, taken, context.text());
    if (fix) taken.insert(name);
    context.report(value->range.size() > 0 ? value->range : nameRangeOf(op),
                   "value name `" + value->name + "` is not snake_case (`" + name + "`)", fix);
  }
}

}  // namespace

Rule valueNameStyle() {
  return {{"SHLO503", "value-name-style", RuleCategory::Style, Severity::Note, FixAvailability::Sometimes, false,
           "An SSA value name that is not a number or snake_case",
           "Value names carry no meaning in MLIR, but they are what a reader follows through a program. A file "
           "that mixes `%fooBar`, `%foo.bar` and `%foo_bar` is harder to read and to search; snake_case (lower-case "
           "letters, digits, `_`) or plain numbers keep it uniform. `%iterArg` names, which stablehlo-opt prints "
           "in while bodies, are accepted. Off by default: a naming convention is a team's choice.\n\n"
           "Example:\n\n    %hiddenState = stablehlo.tanh %x : tensor<4xf32>\n\n"
           "Fix (safe, when the new name is free in the function): rename the value to its snake_case form "
           "(`%hidden_state`) where it is defined and at every use."},
          check};
}

}  // namespace shlo::linter::rules
