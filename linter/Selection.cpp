#include "linter/Selection.h"

#include "linter/RuleRegistry.h"

namespace shlo::linter {

namespace {

bool named(const std::vector<std::string> &selectors, const RuleInfo &rule) {
  for (const std::string &selector : selectors) {
    for (const Rule *match : matchSelector(selector)) {
      if (match->info.code == rule.code) return true;
    }
  }
  return false;
}

}  // namespace

bool RuleSelection::enabled(const RuleInfo &rule) const {
  if (named(ignore, rule)) return false;
  if (named(extendSelect, rule)) return true;
  return select.empty() ? rule.enabledByDefault : named(select, rule);
}

Severity RuleSelection::severityOf(const RuleInfo &rule) const {
  auto it = severity.find(rule.code);
  if (it == severity.end()) it = severity.find(rule.name);
  return it == severity.end() ? rule.severity : it->second;
}

std::vector<std::string> RuleSelection::unknownSelectors() const {
  std::vector<std::string> out;
  for (const auto *list : {&select, &extendSelect, &ignore}) {
    for (const std::string &selector : *list) {
      if (matchSelector(selector).empty()) out.push_back(selector);
    }
  }
  for (const auto &[code, level] : severity) {
    if (!findRule(code)) out.push_back(code);
  }
  return out;
}

void RuleSelection::overrideWith(const RuleSelection &later) {
  if (!later.select.empty()) select = later.select;
  for (const std::string &selector : later.extendSelect) extendSelect.push_back(selector);
  for (const std::string &selector : later.ignore) ignore.push_back(selector);
  for (const auto &[code, level] : later.severity) severity[code] = level;
}

std::optional<Severity> parseSeverity(std::string_view name) {
  if (name == "error") return Severity::Error;
  if (name == "warning") return Severity::Warning;
  if (name == "note" || name == "info") return Severity::Note;
  if (name == "hint") return Severity::Hint;
  return std::nullopt;
}

}  // namespace shlo::linter
