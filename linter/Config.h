// The linter's configuration: `shlo.toml` (table `[lint]`) or
// `pyproject.toml` (table `[tool.shlo.lint]`), found by walking up from
// each linted file, as ruff finds `ruff.toml`/`[tool.ruff]`. Keys:
//   select = ["SHLO0", "numerics"]        extend-select = ["SHLO501"]
//   ignore = ["SHLO401"]
//   severity = { SHLO201 = "error" }      (error, warning, note/info, hint)
//   per-file-ignores = { "tests/**/*.mlir" = ["SHLO101"] }
// Globs are matched against the file's path relative to the configuration's
// folder (`*` stays within a folder, `**/` spans folders).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "linter/Linter.h"
#include "linter/Selection.h"

namespace shlo::linter {

struct PerFileIgnore {
  std::string pattern;
  std::vector<std::string> selectors;
};

struct LintConfig {
  std::filesystem::path file;  // Empty: no configuration found (defaults).
  RuleSelection selection;
  std::vector<PerFileIgnore> perFileIgnores;
  /// Problems, one line each (`shlo.toml:3:1: unknown key ...`): a bad
  /// file, a value of the wrong type, an unknown key, rule or severity.
  std::vector<std::string> problems;

  /// The rule codes per-file-ignores turn off for `path`.
  std::vector<std::string> ignoredFor(const std::filesystem::path &path) const;

  /// The options to lint `path` with: this configuration's selection, then
  /// `overrides` (the command line's), and the file's per-file ignores.
  /// What the CLI and the language server both call for a document.
  LintOptions optionsFor(const std::filesystem::path &path, const RuleSelection &overrides = {}) const;
};

/// The nearest `shlo.toml`, or `pyproject.toml` with a `[tool.shlo.lint]`
/// table, in `path`'s folder or above; nullopt when there is none.
std::optional<std::filesystem::path> findConfigFile(const std::filesystem::path &path);

/// Reads a configuration file (problems in LintConfig::problems).
LintConfig loadConfig(const std::filesystem::path &file);

/// Reads configuration text as if it were `file` (tests).
LintConfig parseConfig(std::string_view text, const std::filesystem::path &file);

/// Glob matching of a `/`-separated path: `*` and `?` within one segment,
/// `**/` any number of folders, `**` anything, `[...]` (`[!...]`) a class.
bool globMatches(std::string_view pattern, std::string_view path);

}  // namespace shlo::linter
