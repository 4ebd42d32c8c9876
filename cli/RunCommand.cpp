#include <iostream>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include "cli/Commands.h"
#include "cli/DiagnosticOutput.h"
#include "interpreter/Interpreter.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::cli {

namespace {

struct RunOptions {
  std::string file;
  std::string entry;
  bool splitInputFile = false;
  bool print = false;
};

const char *codeOf(interpreter::FunctionOutcome::Status status) {
  switch (status) {
    case interpreter::FunctionOutcome::Status::CheckFailed: return "run.check_failed";
    case interpreter::FunctionOutcome::Status::Unsupported: return "run.unsupported";
    default: return "run.error";
  }
}

int runFile(const RunOptions &options) {
  std::optional<syntax::SourceFile> source = readSource(options.file);
  if (!source) return 2;
  const syntax::SourceFile &file = *source;
  std::vector<analysis::Chunk> chunks = options.splitInputFile ? analysis::splitInput(file.text())
                                                               : std::vector<analysis::Chunk>{{0, file.text()}};
  syntax::Parser parser;
  int status = 0;
  size_t passed = 0, failed = 0;
  bool entryFound = false;
  for (const analysis::Chunk &chunk : chunks) {
    analysis::Analysis result = analysis::analyze(parser, chunk.text);
    analysis::shiftDiagnostics(result.diagnostics, chunk.offset);
    std::vector<Diagnostic> errors;
    for (const Diagnostic &d : result.diagnostics) {
      if (d.severity == Severity::Error) errors.push_back(d);
    }
    if (!errors.empty()) {
      // A program that does not parse or verify is not run.
      printDiagnosticsText(file, errors, std::cerr);
      status = 1;
      ++failed;
      continue;
    }
    const ir::Module &module = *result.lowered.module;
    std::vector<std::string> entries;
    if (!options.entry.empty()) {
      if (!interpreter::findFunction(module, options.entry)) continue;
      entryFound = true;
      entries = {options.entry};
    } else {
      entries = interpreter::defaultEntryFunctions(module);
    }
    interpreter::Interpreter interp(module);
    for (const std::string &name : entries) {
      const ir::Operation *fn = interpreter::findFunction(module, name);
      size_t arity = fn && !fn->regions.empty() && !fn->regions[0]->blocks.empty()
                         ? fn->regions[0]->blocks[0]->arguments.size()
                         : 0;
      if (arity != 0) {
        Diagnostic d;
        d.range = fn->attribute("sym_name") ? fn->attribute("sym_name")->range : fn->range;
        d.range.begin += chunk.offset;
        d.range.end += chunk.offset;
        d.code = "run.arguments";
        d.message = "@" + name + " takes " + std::to_string(arity) +
                    " arguments; passing inputs to `shlo run` is not supported yet";
        printDiagnosticsText(file, {d}, std::cerr);
        std::cout << "FAIL @" << name << "\n";
        status = 1;
        ++failed;
        continue;
      }
      interpreter::FunctionOutcome outcome = interp.run(name);
      if (outcome.status == interpreter::FunctionOutcome::Status::Passed) {
        ++passed;
        std::cout << "PASS @" << name << " (" << outcome.checks << " check" << (outcome.checks == 1 ? "" : "s")
                  << ")\n";
        if (options.print || !options.entry.empty()) {
          for (size_t i = 0; i < outcome.results.size(); ++i) {
            std::cout << "  result #" << i << ": " << outcome.results[i].str() << "\n";
          }
        }
        continue;
      }
      ++failed;
      status = 1;
      std::cout << "FAIL @" << name << " (" << interpreter::statusName(outcome.status) << ")\n";
      Diagnostic d;
      d.code = codeOf(outcome.status);
      d.message = outcome.message;
      if (!outcome.opName.empty() && outcome.message.find(outcome.opName) == std::string::npos) {
        d.message += " (in " + outcome.opName + ")";
      }
      d.range = outcome.range.value_or(fn ? fn->range : syntax::TextRange{});
      d.range.begin += chunk.offset;
      d.range.end += chunk.offset;
      // Only the op's first line: the caret line is enough.
      printDiagnosticsText(file, {d}, std::cerr);
    }
  }
  if (!options.entry.empty() && !entryFound) {
    std::cerr << options.file << ": error: no function named @" << options.entry << "\n";
    return 1;
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return status;
}

}  // namespace

void registerRunCommand(CLI::App &app, int &exitCode) {
  auto options = std::make_shared<RunOptions>();
  CLI::App *command = app.add_subcommand(
      "run", "Interpret a StableHLO program: @main, or every function without arguments, with pass/fail per function");
  command->add_option("file", options->file, "StableHLO .mlir file")->required();
  command->add_option("--entry", options->entry, "Run only this function (its results are printed)");
  command->add_flag("--split-input-file", options->splitInputFile, "Run each `// -----` chunk on its own");
  command->add_flag("--print", options->print, "Print the results of every function run");
  command->callback([options, &exitCode] { exitCode = runFile(*options); });
}

}  // namespace shlo::cli
