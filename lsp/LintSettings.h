// The client's lint settings: the VS Code extension's `shlo.lint.rules`
// (rule selector -> "off" or a severity), sent as initializationOptions and
// in workspace/didChangeConfiguration. They lie over each document's
// `shlo.toml` as `shlo lint`'s command line does (LintConfig::optionsFor).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "linter/Selection.h"

namespace shlo::lsp {

struct ClientLintSettings {
  /// The `rules` object as given (to tell a change).
  nlohmann::json rules;
  linter::RuleSelection overrides;
  /// Entries that were dropped, one line each (an unknown rule or level).
  std::vector<std::string> problems;
};

/// Reads `{"lint": {"rules": {SELECTOR: LEVEL}}}` from initializationOptions
/// or a didChangeConfiguration's `settings` (also `{"shlo": {...}}`, as
/// clients that send their whole configuration do). A selector is what
/// `shlo.toml` takes (a code, a prefix, a category, a rule name, `ALL`);
/// LEVEL "off" turns its rules off (and wins, as `ignore` does), a
/// severity ("error", "warning", "note"/"info", "hint") turns them on with
/// that severity. nullopt when the settings hold no `lint.rules` object.
std::optional<ClientLintSettings> clientLintSettings(const nlohmann::json &settings);

}  // namespace shlo::lsp
