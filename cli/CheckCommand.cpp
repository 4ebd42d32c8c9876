#include <iostream>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include "cli/Commands.h"
#include "cli/DiagnosticOutput.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::cli {

namespace {

struct CheckOptions {
  std::vector<std::string> files;
  std::string format = "text";
  bool splitInputFile = false;
};

int runCheck(const CheckOptions &options) {
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
    std::vector<analysis::Chunk> chunks =
        options.splitInputFile ? analysis::splitInput(file.text())
                               : std::vector<analysis::Chunk>{{0, file.text()}};
    std::vector<Diagnostic> diagnostics;
    for (const analysis::Chunk &chunk : chunks) {
      analysis::Analysis result = analysis::analyze(parser, chunk.text);
      analysis::shiftDiagnostics(result.diagnostics, chunk.offset);
      for (Diagnostic &d : result.diagnostics) diagnostics.push_back(std::move(d));
    }
    for (const Diagnostic &d : diagnostics) {
      if (d.severity == Severity::Error && status == 0) status = 1;
    }
    if (options.format == "json") {
      for (auto &entry : diagnosticsToJson(file, diagnostics)) all.push_back(std::move(entry));
    } else {
      printDiagnosticsText(file, diagnostics, std::cerr);
    }
  }
  if (options.format == "json") printJson(all);
  return status;
}

}  // namespace

void registerCheckCommand(CLI::App &app, int &exitCode) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App *command =
      app.add_subcommand("check", "Check files against the StableHLO spec: syntax, SSA, types and op constraints");
  command->add_option("files", options->files, "StableHLO .mlir files")->required();
  command->add_option("--format", options->format, "Output format for diagnostics")
      ->check(CLI::IsMember({"text", "json"}));
  command->add_flag("--split-input-file", options->splitInputFile,
                    "Check each `// -----` chunk on its own (line numbers stay those of the file)");
  command->callback([options, &exitCode] { exitCode = runCheck(*options); });
}

}  // namespace shlo::cli
