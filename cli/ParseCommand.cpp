#include <chrono>
#include <iostream>
#include <optional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cli/Commands.h"
#include "cli/DiagnosticOutput.h"
#include "semantic/syntax/SourceFile.h"
#include "semantic/diagnostics/SyntaxDiagnostics.h"
#include "semantic/syntax/SyntaxTree.h"
#include "semantic/syntax/TreePrinter.h"

namespace shlo::cli {

namespace {

struct ParseOptions {
  std::vector<std::string> files;
  std::string format = "text";
  bool tree = false;
  bool summary = false;
};

/// `stablehlo.add` -> `stablehlo`; `"chlo.erf"` -> `chlo`; `module` -> `builtin`.
std::string dialectOf(std::string_view name) {
  if (!name.empty() && name.front() == '"') name = name.substr(1, name.size() - 2);
  size_t dot = name.find('.');
  if (dot == std::string_view::npos) return name == "module" ? "builtin" : "func";
  return std::string(name.substr(0, dot));
}

void printSummary(const syntax::SourceFile &file, const syntax::SyntaxTree &tree, size_t errors, double seconds) {
  std::map<std::string, size_t> byDialect;
  size_t operations = 0, functions = 0;
  syntax::forEachOperation(tree, [&](syntax::Node op) {
    std::string_view name = syntax::textOf(syntax::fieldOf(op, "name"), file.text());
    ++operations;
    if (name == "func.func" || name == "ml_program.func" || name == "\"func.func\"") ++functions;
    ++byDialect[dialectOf(name)];
  });
  double megabytes = static_cast<double>(file.text().size()) / 1e6;
  std::cout << file.path() << ": " << file.lineCount() << " lines, " << functions << " functions, " << operations
            << " operations (";
  bool first = true;
  for (const auto &[dialect, count] : byDialect) {
    std::cout << (first ? "" : ", ") << dialect << " " << count;
    first = false;
  }
  std::cout << "), " << errors << " syntax errors; parsed in " << seconds * 1e3 << " ms ("
            << (seconds > 0 ? megabytes / seconds : 0.0) << " MB/s)\n";
}

int runParse(const ParseOptions &options) {
  syntax::Parser parser;
  nlohmann::json all = nlohmann::json::array();
  int status = 0;
  for (const std::string &path : options.files) {
    std::optional<syntax::SourceFile> source = readSource(path);
    if (!source) {
      status = 2;
      continue;
    }
    const syntax::SourceFile &file = *source;
    auto start = std::chrono::steady_clock::now();
    syntax::SyntaxTree tree = parser.parse(file.text());
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::vector<Diagnostic> diagnostics = syntax::collectSyntaxDiagnostics(tree, file.text());
    if (!diagnostics.empty() && status == 0) status = 1;
    if (options.tree) syntax::printTree(tree, std::cout);
    if (options.format == "json") {
      for (auto &entry : diagnosticsToJson(file, diagnostics)) all.push_back(std::move(entry));
    } else {
      printDiagnosticsText(file, diagnostics, std::cerr);
    }
    if (options.summary) printSummary(file, tree, diagnostics.size(), seconds);
  }
  if (options.format == "json") printJson(all);
  return status;
}

}  // namespace

void registerParseCommand(CLI::App &app, int &exitCode) {
  auto options = std::make_shared<ParseOptions>();
  CLI::App *command = app.add_subcommand("parse", "Parse files and report syntax errors");
  command->add_option("files", options->files, "StableHLO .mlir files")->required();
  command->add_option("--format", options->format, "Output format for diagnostics")
      ->check(CLI::IsMember({"text", "json"}));
  command->add_flag("--tree", options->tree, "Print the syntax tree");
  command->add_flag("--summary", options->summary, "Print counts of functions and operations per file");
  command->callback([options, &exitCode] { exitCode = runParse(*options); });
}

}  // namespace shlo::cli
