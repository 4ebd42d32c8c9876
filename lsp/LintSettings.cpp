#include "lsp/LintSettings.h"

#include "linter/RuleRegistry.h"

namespace shlo::lsp {

std::optional<ClientLintSettings> clientLintSettings(const nlohmann::json &settings) {
  if (!settings.is_object()) return std::nullopt;
  const nlohmann::json *root = &settings;
  if (auto shlo = settings.find("shlo"); shlo != settings.end() && shlo->is_object()) root = &*shlo;
  auto lint = root->find("lint");
  if (lint == root->end() || !lint->is_object()) return std::nullopt;
  auto rules = lint->find("rules");
  if (rules == lint->end() || !rules->is_object()) return std::nullopt;
  ClientLintSettings out;
  out.rules = *rules;
  for (const auto &[selector, level] : rules->items()) {
    std::vector<const linter::Rule *> matched = linter::matchSelector(selector);
    if (matched.empty()) {
      out.problems.push_back("shlo.lint.rules: `" + selector + "` names no rule");
      continue;
    }
    std::string name = level.is_string() ? level.get<std::string>() : level.dump();
    if (name == "off") {
      out.overrides.ignore.push_back(selector);
      continue;
    }
    std::optional<Severity> severity = linter::parseSeverity(name);
    if (!severity) {
      out.problems.push_back("shlo.lint.rules: `" + selector + "`: " + name +
                             " is not off, error, warning, note, info or hint");
      continue;
    }
    // A rule off by default is turned on when given a severity: that is
    // what setting one asks for.
    out.overrides.extendSelect.push_back(selector);
    for (const linter::Rule *rule : matched) out.overrides.severity[std::string(rule->info.code)] = *severity;
  }
  return out;
}

}  // namespace shlo::lsp
