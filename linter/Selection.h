// Which rules run and how severe their findings are: the command line's and
// the configuration's select/ignore lists and severity overrides.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "linter/Rule.h"

namespace shlo::linter {

struct RuleSelection {
  /// Selectors (RuleRegistry.h) of the rules to run; empty: the rules
  /// enabled by default.
  std::vector<std::string> select;
  /// Added to `select` (or to the defaults): ruff's `extend-select`.
  std::vector<std::string> extendSelect;
  /// Selectors of rules not to run; they win over `select`.
  std::vector<std::string> ignore;
  /// Severity per rule code, overriding the rule's default.
  std::map<std::string, Severity, std::less<>> severity;

  bool operator==(const RuleSelection &) const = default;

  /// True when the rule runs under this selection.
  bool enabled(const RuleInfo &rule) const;
  /// The severity findings of `rule` get.
  Severity severityOf(const RuleInfo &rule) const;
  /// Selectors in the lists that name no rule (to be reported).
  std::vector<std::string> unknownSelectors() const;
  /// `later`'s non-empty lists replace this selection's, its severities are
  /// added (the command line over the configuration).
  void overrideWith(const RuleSelection &later);
};

/// "error", "warning", "note"/"info", "hint" -> Severity.
std::optional<Severity> parseSeverity(std::string_view name);

}  // namespace shlo::linter
