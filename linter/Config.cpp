#include "linter/Config.h"

#include <fstream>
#include <regex>
#include <sstream>

#include <toml++/toml.h>

#include "linter/RuleRegistry.h"

namespace shlo::linter {

namespace {

namespace fs = std::filesystem;

std::string where(const fs::path &file, const toml::source_region &region) {
  return file.filename().string() + ":" + std::to_string(region.begin.line) + ":" +
         std::to_string(region.begin.column) + ": ";
}

std::vector<std::string> strings(const toml::node &node, const fs::path &file, std::string_view key,
                                 std::vector<std::string> &problems) {
  std::vector<std::string> out;
  const toml::array *array = node.as_array();
  if (!array) {
    problems.push_back(where(file, node.source()) + "`" + std::string(key) + "` must be an array of strings");
    return out;
  }
  for (const toml::node &element : *array) {
    if (std::optional<std::string> value = element.value<std::string>()) {
      out.push_back(*value);
    } else {
      problems.push_back(where(file, element.source()) + "`" + std::string(key) + "` must hold strings");
    }
  }
  return out;
}

void checkSelectors(const std::vector<std::string> &selectors, const fs::path &file, std::string_view key,
                    std::vector<std::string> &problems) {
  for (const std::string &selector : selectors) {
    if (matchSelector(selector).empty()) {
      problems.push_back(file.filename().string() + ": `" + std::string(key) + "` names `" + selector +
                         "`, which is no lint rule, prefix or category [lint.unknown-code]");
    }
  }
}

void readLintTable(const toml::table &table, const fs::path &file, LintConfig &config) {
  for (const auto &[key, node] : table) {
    std::string_view name = key.str();
    if (name == "select" || name == "ignore" || name == "extend-select") {
      std::vector<std::string> list = strings(node, file, name, config.problems);
      checkSelectors(list, file, name, config.problems);
      (name == "select" ? config.selection.select
                        : name == "ignore" ? config.selection.ignore : config.selection.extendSelect) = list;
    } else if (name == "severity") {
      const toml::table *levels = node.as_table();
      if (!levels) {
        config.problems.push_back(where(file, node.source()) + "`severity` must be a table of CODE = \"level\"");
        continue;
      }
      for (const auto &[code, level] : *levels) {
        std::optional<std::string> text = level.value<std::string>();
        std::optional<Severity> severity = text ? parseSeverity(*text) : std::nullopt;
        if (!findRule(code.str())) {
          config.problems.push_back(where(file, level.source()) + "`severity` names `" + std::string(code.str()) +
                                    "`, which is no lint rule [lint.unknown-code]");
        } else if (!severity) {
          config.problems.push_back(where(file, level.source()) +
                                    "severity must be \"error\", \"warning\", \"note\" or \"hint\"");
        } else {
          config.selection.severity[std::string(findRule(code.str())->info.code)] = *severity;
        }
      }
    } else if (name == "per-file-ignores") {
      const toml::table *globs = node.as_table();
      if (!globs) {
        config.problems.push_back(where(file, node.source()) + "`per-file-ignores` must be a table of glob = [codes]");
        continue;
      }
      for (const auto &[glob, codes] : *globs) {
        PerFileIgnore entry{std::string(glob.str()), strings(codes, file, "per-file-ignores", config.problems)};
        checkSelectors(entry.selectors, file, "per-file-ignores", config.problems);
        config.perFileIgnores.push_back(std::move(entry));
      }
    } else {
      config.problems.push_back(where(file, node.source()) + "unknown key `" + std::string(name) + "`");
    }
  }
}

}  // namespace

bool globMatches(std::string_view pattern, std::string_view path) {
  std::string regex;
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    if (pattern.compare(i, 3, "**/") == 0) {
      regex += "(.*/)?";
      i += 2;
    } else if (pattern.compare(i, 2, "**") == 0) {
      regex += ".*";
      ++i;
    } else if (c == '*') {
      regex += "[^/]*";
    } else if (c == '?') {
      regex += "[^/]";
    } else if (c == '[') {
      size_t close = pattern.find(']', i + 1);
      if (close == std::string_view::npos) return false;
      std::string set(pattern.substr(i + 1, close - i - 1));
      if (!set.empty() && set[0] == '!') set[0] = '^';
      regex += "[" + set + "]";
      i = close;
    } else {
      if (std::string_view("\\^$.|+(){}").find(c) != std::string_view::npos) regex += '\\';
      regex += c;
    }
  }
  try {
    return std::regex_match(std::string(path), std::regex(regex));
  } catch (const std::regex_error &) {
    return false;
  }
}

std::vector<std::string> LintConfig::ignoredFor(const fs::path &path) const {
  std::vector<std::string> out;
  if (perFileIgnores.empty()) return out;
  fs::path base = file.empty() ? fs::current_path() : file.parent_path();
  std::error_code error;
  fs::path absolute = fs::absolute(path, error);
  std::string relative = fs::relative(absolute, fs::absolute(base, error), error).generic_string();
  if (error || relative.empty()) relative = path.generic_string();
  std::string name = path.filename().string();
  for (const PerFileIgnore &entry : perFileIgnores) {
    // A pattern without a folder matches the file name anywhere, as ruff does.
    bool match = globMatches(entry.pattern, relative) ||
                 (entry.pattern.find('/') == std::string::npos && globMatches(entry.pattern, name));
    if (!match) continue;
    for (const std::string &selector : entry.selectors) {
      for (const Rule *rule : matchSelector(selector)) out.push_back(std::string(rule->info.code));
    }
  }
  return out;
}

LintOptions LintConfig::optionsFor(const fs::path &path, const RuleSelection &overrides) const {
  LintOptions options;
  options.selection = selection;
  options.selection.overrideWith(overrides);
  options.fileIgnores = ignoredFor(path);
  return options;
}

LintConfig parseConfig(std::string_view text, const fs::path &file) {
  LintConfig config;
  config.file = file;
  toml::table root;
  try {
    root = toml::parse(text, file.string());
  } catch (const toml::parse_error &error) {
    config.problems.push_back(where(file, error.source()) + std::string(error.description()));
    return config;
  }
  bool pyproject = file.filename() == "pyproject.toml";
  const toml::node *lint = pyproject ? root.at_path("tool.shlo.lint").node() : root.at_path("lint").node();
  if (!lint) return config;
  if (const toml::table *table = lint->as_table()) {
    readLintTable(*table, file, config);
  } else {
    config.problems.push_back(where(file, lint->source()) + "`lint` must be a table");
  }
  return config;
}

LintConfig loadConfig(const fs::path &file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    LintConfig config;
    config.file = file;
    config.problems.push_back(file.string() + ": cannot be read");
    return config;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parseConfig(buffer.str(), file);
}

std::optional<fs::path> findConfigFile(const fs::path &path) {
  std::error_code error;
  fs::path folder = fs::absolute(path, error);
  if (error) return std::nullopt;
  if (!fs::is_directory(folder, error)) folder = folder.parent_path();
  for (; !folder.empty(); folder = folder.parent_path()) {
    fs::path shlo = folder / "shlo.toml";
    if (fs::is_regular_file(shlo, error)) return shlo;
    fs::path pyproject = folder / "pyproject.toml";
    if (fs::is_regular_file(pyproject, error)) {
      std::ifstream in(pyproject);
      std::string line;
      while (std::getline(in, line)) {
        if (line.find("[tool.shlo") != std::string::npos) return pyproject;
      }
    }
    if (folder == folder.root_path()) break;
  }
  return std::nullopt;
}

}  // namespace shlo::linter
