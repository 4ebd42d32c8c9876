// `shlo lint`: the linter over files and folders (linter/), with the
// configuration each file's folder gives, fixes written atomically, and
// text, JSON, SARIF or GitHub output.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli/Commands.h"
#include "cli/DiagnosticOutput.h"
#include "cli/HugePageHeap.h"
#include "cli/LintReport.h"
#include "linter/Config.h"
#include "linter/Fixer.h"
#include "linter/Linter.h"
#include "linter/RuleDocs.h"
#include "linter/RuleRegistry.h"

namespace shlo::cli {

namespace {

namespace fs = std::filesystem;

struct LintCliOptions {
  std::vector<std::string> paths;
  std::string format = "text";
  bool fix = false;
  bool unsafeFixes = false;
  bool diff = false;
  std::vector<std::string> select, extendSelect, ignore;
  bool statistics = false;
  unsigned jobs = 0;
  bool exitZero = false;
  bool noConfig = false;
  std::string config;
  std::string explain;
  bool listRules = false;
  std::string generateDocs;
  std::string color = "auto";
};

/// What linting one file gave.
struct FileOutcome {
  std::optional<syntax::SourceFile> source;  // The final text (fixed, when fixes applied).
  std::vector<Diagnostic> diagnostics;
  bool failedCheck = false;
  size_t fixesApplied = 0;
  std::string error;  // Unreadable, unwritable: exit 2.
  std::string fixRejected;
  std::string diff;  // --diff: the fixes as a unified diff.
};

/// A unified diff of `before` and `after` for `path`, from diff(1) (diffutils
/// is essential in Debian); empty when the texts are equal.
std::string unifiedDiff(const std::string &path, const std::string &before, const std::string &after) {
  fs::path folder = fs::temp_directory_path();
  std::string stem = "shlo-lint-diff-" + std::to_string(getpid()) + "-" + std::to_string(std::hash<std::string>{}(path));
  fs::path a = folder / (stem + ".a"), b = folder / (stem + ".b");
  std::ofstream(a, std::ios::binary) << before;
  std::ofstream(b, std::ios::binary) << after;
  auto quote = [](const std::string &text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
  };
  std::string command = "diff -u --label " + quote("a/" + path) + " --label " + quote("b/" + path) + " " +
                        quote(a.string()) + " " + quote(b.string());
  std::string out;
  if (FILE *pipe = popen(command.c_str(), "r")) {
    char buffer[4096];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
    pclose(pipe);
  }
  std::error_code ignored;
  fs::remove(a, ignored);
  fs::remove(b, ignored);
  return out;
}

std::vector<std::string> splitCodes(const std::vector<std::string> &lists) {
  std::vector<std::string> out;
  for (const std::string &list : lists) {
    size_t start = 0;
    while (start <= list.size()) {
      size_t comma = list.find(',', start);
      std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (!item.empty()) out.push_back(item);
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  }
  return out;
}

/// `*.mlir` under `folder`: the files git does not ignore when the folder is
/// in a work tree (`git ls-files`, so .gitignore is honoured), else every
/// one found outside hidden folders.
std::vector<std::string> mlirFilesUnder(const std::string &folder) {
  std::vector<std::string> out;
  std::string command = "git -C '" + folder + "' ls-files -z --cached --others --exclude-standard -- '*.mlir' 2>/dev/null";
  bool quoted = folder.find('\'') == std::string::npos;
  if (quoted) {
    if (FILE *pipe = popen(command.c_str(), "r")) {
      std::string listing;
      char buffer[4096];
      size_t n;
      while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) listing.append(buffer, n);
      int status = pclose(pipe);
      if (status == 0) {
        size_t start = 0;
        for (size_t zero = listing.find('\0'); zero != std::string::npos; zero = listing.find('\0', start)) {
          fs::path path = fs::path(folder) / listing.substr(start, zero - start);
          if (fs::is_regular_file(path)) out.push_back(path.lexically_normal().string());
          start = zero + 1;
        }
        std::sort(out.begin(), out.end());
        return out;
      }
    }
  }
  std::error_code error;
  fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, error), end;
  for (; !error && it != end; it.increment(error)) {
    std::string name = it->path().filename().string();
    if (it->is_directory() && !name.empty() && name[0] == '.') {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".mlir") out.push_back(it->path().lexically_normal().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// Writes `text` to a new file beside `path` and renames it over `path`, so
/// a failure leaves the original intact. The file keeps its permissions.
bool writeAtomically(const std::string &path, const std::string &text, std::string &error) {
  fs::path target(path);
  fs::path temp = target.parent_path() / ("." + target.filename().string() + ".shlo-lint-" + std::to_string(getpid()));
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
      error = "cannot write " + temp.string();
      std::error_code ignored;
      fs::remove(temp, ignored);
      return false;
    }
  }
  std::error_code code;
  fs::permissions(temp, fs::status(target, code).permissions(), code);
  fs::rename(temp, target, code);
  if (code) {
    error = "cannot replace " + path + ": " + code.message();
    std::error_code ignored;
    fs::remove(temp, ignored);
    return false;
  }
  return true;
}

/// Configurations by file, read once each; their problems printed once.
class ConfigCache {
 public:
  ConfigCache(const LintCliOptions &options) : options_(options) {}

  const linter::LintConfig &forFile(const std::string &path) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<fs::path> file;
    if (!options_.config.empty()) file = fs::path(options_.config);
    else if (!options_.noConfig) file = linter::findConfigFile(path);
    std::string key = file ? file->string() : "";
    auto it = configs_.find(key);
    if (it != configs_.end()) return *it->second;
    auto config = std::make_unique<linter::LintConfig>(file ? linter::loadConfig(*file) : linter::LintConfig{});
    for (const std::string &problem : config->problems) std::cerr << "shlo lint: warning: " << problem << "\n";
    return *(configs_[key] = std::move(config));
  }

 private:
  const LintCliOptions &options_;
  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<linter::LintConfig>> configs_;
};

FileOutcome lintFile(const std::string &path, const LintCliOptions &options, const linter::RuleSelection &cli,
                     ConfigCache &configs, syntax::Parser &parser) {
  FileOutcome outcome;
  std::string text, error;
  if (!syntax::readFile(path, text, error)) {
    outcome.error = path + ": error: " + error;
    return outcome;
  }
  const linter::LintConfig &config = configs.forFile(path);
  linter::LintOptions lintOptions = config.optionsFor(path, cli);
  if (options.fix || options.unsafeFixes || options.diff) {
    linter::FixResult fixed = linter::fixText(parser, text, lintOptions, options.unsafeFixes);
    if (options.diff) {
      // Nothing is written: the diff shows what --fix would change.
      if (fixed.applied > 0) outcome.diff = unifiedDiff(path, text, fixed.text);
      outcome.fixesApplied = fixed.applied;
      outcome.fixRejected = fixed.rejected;
      outcome.source.emplace(path, std::move(text));
      return outcome;
    }
    outcome.fixesApplied = fixed.applied;
    outcome.fixRejected = fixed.rejected;
    outcome.failedCheck = fixed.remaining.failedCheck;
    outcome.diagnostics = std::move(fixed.remaining.diagnostics);
    if (fixed.applied > 0 && !writeAtomically(path, fixed.text, error)) {
      outcome.error = path + ": error: " + error;
      outcome.fixesApplied = 0;
      linter::TextLint again = linter::lintText(parser, text, lintOptions);
      outcome.diagnostics = std::move(again.diagnostics);
    } else {
      text = std::move(fixed.text);
    }
  } else {
    linter::TextLint result = linter::lintText(parser, text, lintOptions);
    outcome.failedCheck = result.failedCheck;
    outcome.diagnostics = std::move(result.diagnostics);
  }
  outcome.source.emplace(path, std::move(text));
  return outcome;
}

int explainRule(const std::string &codeOrName) {
  const linter::Rule *rule = linter::findRule(codeOrName);
  if (!rule) {
    std::cerr << "shlo lint: unknown rule `" << codeOrName << "` (shlo lint --list-rules lists them)\n";
    return 2;
  }
  std::cout << linter::ruleMarkdown(rule->info);
  return 0;
}

int listRules() {
  for (const linter::Rule &rule : linter::allRules()) {
    const linter::RuleInfo &info = rule.info;
    std::string name(info.name);
    name.resize(std::max<size_t>(name.size(), 26), ' ');
    std::string category = linter::ruleCategoryName(info.category);
    category.resize(std::max<size_t>(category.size(), 12), ' ');
    std::string fix = info.fix == linter::FixAvailability::None ? "" : std::string(" [fix: ") +
                                                                         linter::fixAvailabilityName(info.fix) + "]";
    std::cout << info.code << "  " << name << " " << category << " " << info.summary << fix
              << (info.enabledByDefault ? "" : " (off by default)") << "\n";
  }
  return 0;
}

int generateDocs(const std::string &folder) {
  std::error_code error;
  fs::create_directories(folder, error);
  auto write = [&](const fs::path &path, const std::string &text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    return static_cast<bool>(out);
  };
  bool ok = write(fs::path(folder) / "README.md", linter::rulesIndexMarkdown());
  for (const linter::Rule &rule : linter::allRules()) {
    ok &= write(fs::path(folder) / (std::string(rule.info.code) + ".md"), linter::ruleMarkdown(rule.info));
  }
  if (!ok) std::cerr << "shlo lint: cannot write the rule pages under " << folder << "\n";
  return ok ? 0 : 2;
}

int runLint(const LintCliOptions &options) {
  heapInHugePagesForInputs(options.paths);
  std::vector<std::string> files;
  for (const std::string &path : options.paths) {
    std::error_code error;
    if (fs::is_directory(path, error)) {
      for (std::string &file : mlirFilesUnder(path)) files.push_back(std::move(file));
    } else {
      files.push_back(path);
    }
  }
  linter::RuleSelection cli;
  cli.select = splitCodes(options.select);
  cli.extendSelect = splitCodes(options.extendSelect);
  cli.ignore = splitCodes(options.ignore);
  for (const std::string &unknown : cli.unknownSelectors()) {
    std::cerr << "shlo lint: unknown rule, prefix or category `" << unknown << "` [lint.unknown-code]\n";
    return 2;
  }
  ConfigCache configs(options);
  std::vector<FileOutcome> outcomes(files.size());
  unsigned jobs = options.jobs ? options.jobs : std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
  jobs = std::min<unsigned>(jobs, std::max<size_t>(files.size(), 1));
  std::atomic<size_t> next{0};
  auto worker = [&] {
    syntax::Parser parser;
    for (size_t i = next++; i < files.size(); i = next++) {
      try {
        outcomes[i] = lintFile(files[i], options, cli, configs, parser);
      } catch (const std::exception &e) {
        outcomes[i].error = files[i] + ": error: internal error: " + e.what();
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (std::thread &thread : threads) thread.join();

  int status = 0;
  size_t findings = 0, fixable = 0, unsafeFixable = 0, fixed = 0, failed = 0;
  std::map<std::string, size_t> perCode;
  if (options.diff) {
    size_t changed = 0, fixes = 0;
    for (size_t i = 0; i < files.size(); ++i) {
      if (!outcomes[i].error.empty()) {
        std::cerr << outcomes[i].error << "\n";
        status = 2;
      }
      std::cout << outcomes[i].diff;
      changed += !outcomes[i].diff.empty();
      fixes += outcomes[i].fixesApplied;
    }
    std::cerr << "Would fix " << fixes << (fixes == 1 ? " finding" : " findings") << " in " << changed
              << (changed == 1 ? " file" : " files") << ".\n";
    return status == 2 ? 2 : (changed > 0 && !options.exitZero ? 1 : 0);
  }
  std::vector<LintedFile> linted;
  for (size_t i = 0; i < files.size(); ++i) {
    FileOutcome &outcome = outcomes[i];
    if (!outcome.error.empty()) {
      std::cerr << outcome.error << "\n";
      status = 2;
    }
    if (!outcome.fixRejected.empty()) {
      std::cerr << files[i] << ": warning: fixes not applied: the fixed file would not check clean ("
                << outcome.fixRejected << ")\n";
    }
    fixed += outcome.fixesApplied;
    if (!outcome.source) continue;
    failed += outcome.failedCheck;
    for (const Diagnostic &d : outcome.diagnostics) {
      ++findings;
      ++perCode[d.code];
      if (!d.fixes.empty()) ++(d.fixes[0].safety == FixSafety::Safe ? fixable : unsafeFixable);
    }
    linted.push_back({&*outcome.source, &outcome.diagnostics});
  }
  if (options.format == "json") {
    nlohmann::json all = nlohmann::json::array();
    for (const LintedFile &file : linted) {
      for (auto &entry : diagnosticsToJson(*file.file, *file.diagnostics)) all.push_back(std::move(entry));
    }
    printJson(all);
  } else if (options.format == "sarif") {
    printJson(sarifLog(linted, SHLO_VERSION));
  } else if (options.format == "github") {
    std::cout << githubAnnotations(linted);
  } else {
    bool color = useColor(options.color, STDOUT_FILENO);
    for (const LintedFile &file : linted) printDiagnosticsText(*file.file, *file.diagnostics, std::cout, color);
    if (options.statistics) {
      std::vector<std::pair<size_t, std::string>> counts;
      for (const auto &[code, count] : perCode) counts.push_back({count, code});
      std::sort(counts.begin(), counts.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
      });
      for (const auto &[count, code] : counts) {
        const linter::Rule *rule = linter::findRule(code);
        std::printf("%6zu  %-10s %s\n", count, code.c_str(), rule ? std::string(rule->info.name).c_str() : "check");
      }
    }
    if (fixed > 0) std::cout << "Fixed " << fixed << (fixed == 1 ? " finding" : " findings") << ".\n";
    if (findings == 0) {
      std::cout << "All checks passed (" << files.size() << (files.size() == 1 ? " file" : " files") << ").\n";
    } else {
      std::cout << "Found " << findings << (findings == 1 ? " finding" : " findings") << " in " << files.size()
                << (files.size() == 1 ? " file" : " files");
      if (failed > 0) std::cout << " (" << failed << " failing `shlo check`)";
      std::cout << ".\n";
      if (fixable > 0) std::cout << fixable << " fixable with --fix.\n";
      if (unsafeFixable > 0) std::cout << unsafeFixable << " more fixable with --unsafe-fixes.\n";
    }
  }
  std::cout.flush();
  if (status == 2) return 2;
  return findings > 0 && !options.exitZero ? 1 : 0;
}

}  // namespace

void registerLintCommand(CLI::App &app, int &exitCode) {
  auto options = std::make_shared<LintCliOptions>();
  CLI::App *command = app.add_subcommand(
      "lint",
      "Lint StableHLO files and folders (*.mlir): deprecated ops, dead code, ops that do nothing, numerical "
      "hazards, portability (exit 0 clean, 1 findings, 2 usage or internal error)");
  command->add_option("paths", options->paths, "Files and folders (folders: every *.mlir git does not ignore)");
  command->add_option("--format", options->format, "Output format")
      ->check(CLI::IsMember({"text", "json", "sarif", "github"}));
  command->add_flag("--fix", options->fix, "Apply safe fixes (files are replaced atomically)");
  command->add_flag("--unsafe-fixes", options->unsafeFixes, "Apply unsafe fixes too (implies --fix)");
  command->add_flag("--diff", options->diff,
                    "Print the fixes as a unified diff instead of writing them (exit 1 when there are some)");
  command->add_option("--select", options->select, "Rules to run: codes, prefixes (SHLO3), categories, names, ALL")
      ->delimiter(',')->allow_extra_args(false);
  command->add_option("--extend-select", options->extendSelect, "Rules to run besides the selected ones")
      ->delimiter(',')->allow_extra_args(false);
  command->add_option("--ignore", options->ignore, "Rules not to run")->delimiter(',')->allow_extra_args(false);
  command->add_flag("--statistics", options->statistics, "Print the number of findings per rule");
  command->add_option("--jobs,-j", options->jobs, "Files linted in parallel (default: cores, at most 8)")
      ->check(CLI::Range(1u, 256u));
  command->add_flag("--exit-zero", options->exitZero, "Exit 0 even with findings");
  command->add_option("--config", options->config, "Configuration file (default: shlo.toml/pyproject.toml above each file)");
  command->add_flag("--isolated", options->noConfig, "Ignore configuration files");
  command->add_option("--explain", options->explain, "Print a rule's documentation and exit");
  command->add_flag("--list-rules", options->listRules, "List the rules and exit");
  command->add_option("--generate-docs", options->generateDocs, "Write the rule pages (docs/rules/) into a folder");
  command->add_option("--color", options->color, "Colour text output (NO_COLOR is honoured by auto)")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  command->callback([options, &exitCode] {
    if (!options->explain.empty()) {
      exitCode = explainRule(options->explain);
      return;
    }
    if (options->listRules) {
      exitCode = listRules();
      return;
    }
    if (!options->generateDocs.empty()) {
      exitCode = generateDocs(options->generateDocs);
      return;
    }
    if (options->paths.empty()) throw CLI::RequiredError("paths");
    exitCode = runLint(*options);
  });
}

}  // namespace shlo::cli
