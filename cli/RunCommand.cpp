#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/Commands.h"
#include "cli/DiagnosticOutput.h"
#include "cli/RunInputs.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Parallel.h"
#include "interpreter/Printing.h"
#include "interpreter/io/ArgsLiteral.h"
#include "interpreter/io/Npy.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::cli {

namespace {

struct RunOptions {
  std::string file;
  std::string entry;
  std::string args;
  std::vector<std::string> inputs;
  std::string elided;
  std::string outputDir;
  int threads = 1;
  int64_t numReplicas = 0, numPartitions = 0;
  bool splitInputFile = false;
  bool print = false;
};

/// Results with at most this many elements are printed in full without --print.
constexpr int64_t kSmallTensor = 100;

const char *codeOf(interpreter::FunctionOutcome::Status status) {
  switch (status) {
    case interpreter::FunctionOutcome::Status::CheckFailed: return "run.check_failed";
    case interpreter::FunctionOutcome::Status::Unsupported: return "run.unsupported";
    default: return "run.error";
  }
}

Diagnostic diagnosticAt(syntax::TextRange range, size_t chunkOffset, std::string code, std::string message) {
  Diagnostic d;
  d.range = range;
  d.range.begin += static_cast<uint32_t>(chunkOffset);
  d.range.end += static_cast<uint32_t>(chunkOffset);
  d.code = std::move(code);
  d.message = std::move(message);
  return d;
}

/// A function name as a file name: quoted symbol names may hold anything.
std::string fileStemOf(const std::string &function) {
  std::string out;
  for (char c : function) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.') ? c : '_';
  return out.empty() ? "_" : out;
}

/// Prints one result (tuples element by element) and saves its tensors.
void emitResult(const interpreter::Value &value, const std::string &label, const std::string &fileStem,
                const RunOptions &options, bool showElements) {
  using interpreter::Value;
  if (value.kind == Value::Kind::Token) {
    std::cout << "  " << label << ": token\n";
    return;
  }
  if (value.kind == Value::Kind::Tuple) {
    std::cout << "  " << label << ": tuple of " << value.elements.size() << "\n";
    for (size_t i = 0; i < value.elements.size(); ++i) {
      emitResult(value.elements[i], label + "." + std::to_string(i), fileStem + "." + std::to_string(i), options,
                 showElements);
    }
    return;
  }
  const interpreter::Tensor &t = value.tensor;
  std::cout << "  " << label << ": " << interpreter::summarizeTensor(t) << "\n";
  if (options.print || (showElements && t.numElements() <= kSmallTensor)) {
    std::string text = interpreter::formatTensor(t);
    std::string indented = "    ";
    for (char c : text) indented += c == '\n' ? std::string("\n    ") : std::string(1, c);
    std::cout << indented << "\n";
  }
  if (!options.outputDir.empty()) {
    std::string path = (std::filesystem::path(options.outputDir) / (fileStem + ".npy")).string();
    interpreter::npy::writeTensor(path, t);
    std::cout << "    saved " << path << "\n";
  }
}

int runFile(const RunOptions &options) {
  RunInputs inputs;
  inputs.inputSpecs = options.inputs;
  if (!options.elided.empty()) {
    std::optional<interpreter::ElidedFill> fill = interpreter::parseElidedFill(options.elided);
    if (!fill) {
      std::cerr << "shlo run: error: --elided must be `zeros` or `random:SEED` (SEED a non-negative integer), got `"
                << options.elided << "`\n";
      return 2;
    }
    inputs.elided = *fill;
  }
  if (!options.args.empty()) {
    try {
      inputs.args = interpreter::parseArgsLiteral(options.args);
    } catch (const interpreter::RuntimeError &e) {
      std::cerr << "shlo run: error: " << e.what() << "\n";
      return 2;
    }
  }
  if (options.threads < 1) {
    std::cerr << "shlo run: error: --threads must be at least 1\n";
    return 2;
  }
  interpreter::setKernelThreads(options.threads);
  if (!options.outputDir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(options.outputDir, error);
    if (error || !std::filesystem::is_directory(options.outputDir)) {
      std::cerr << "shlo run: error: --output " << options.outputDir << ": cannot create the folder"
                << (error ? ": " + error.message() : std::string()) << "\n";
      return 2;
    }
  }

  std::optional<syntax::SourceFile> source = readSource(options.file);
  if (!source) return 2;
  const syntax::SourceFile &file = *source;
  std::vector<analysis::Chunk> chunks = options.splitInputFile ? analysis::splitInput(file.text())
                                                               : std::vector<analysis::Chunk>{{0, file.text()}};
  interpreter::InterpreterOptions interpreterOptions;
  interpreterOptions.elided = inputs.elided;
  interpreterOptions.numReplicas = options.numReplicas;
  interpreterOptions.numPartitions = options.numPartitions;
  // Probes go with the results when there is an output folder.
  interpreterOptions.probes = std::make_shared<interpreter::ProbeLog>(options.outputDir);
  syntax::Parser parser;
  int status = 0;
  size_t passed = 0, failed = 0;
  bool entryFound = false, inputsUsed = false;
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
    interpreter::Interpreter interp(module, interpreterOptions);
    for (const std::string &name : entries) {
      const ir::Operation *fn = interpreter::findFunction(module, name);
      if (!fn) continue;
      const ir::Attribute *symName = fn->attribute("sym_name");
      syntax::TextRange nameRange = symName ? symName->range : fn->range;
      size_t arity = !fn->regions.empty() && !fn->regions[0]->blocks.empty() ? fn->regions[0]->blocks[0]->arguments.size() : 0;
      BoundArguments bound;
      if (arity > 0 || inputs.any()) {
        inputsUsed = inputsUsed || arity > 0;
        try {
          bound = bindArguments(*fn, inputs);
        } catch (const InputError &e) {
          printDiagnosticsText(file, {diagnosticAt(nameRange, chunk.offset, "run.arguments", e.what())}, std::cerr);
          std::cout << "FAIL @" << name << " (inputs)\n";
          status = 1;
          ++failed;
          continue;
        }
        if (!bound.filled.empty()) {
          std::cerr << "shlo run: @" << name << ": " << bound.filled.size() << " of " << arity
                    << " argument(s) not given; filled with "
                    << (inputs.elided.mode == interpreter::ElidedFill::Mode::Zeros ? "zeros"
                                                                                   : "random values (--elided=" + options.elided + ")")
                    << "\n";
        }
      }
      interpreter::FunctionOutcome outcome = interp.run(name, bound.values);
      if (outcome.status == interpreter::FunctionOutcome::Status::Passed) {
        ++passed;
        std::cout << "PASS @" << name << " (" << outcome.checks << " check" << (outcome.checks == 1 ? "" : "s")
                  << ")\n";
        bool showResults = options.print || !options.entry.empty() || name == "main" || !options.outputDir.empty();
        if (showResults) {
          try {
            if (outcome.processResults.size() > 1) {
              // A grid run: every process's results, as (replica, partition).
              int64_t partitions = outcome.numPartitions;
              for (size_t p = 0; p < outcome.processResults.size(); ++p) {
                std::string process = "(" + std::to_string(p / partitions) + ", " + std::to_string(p % partitions) + ")";
                for (size_t i = 0; i < outcome.processResults[p].size(); ++i) {
                  emitResult(outcome.processResults[p][i], "process " + process + " result #" + std::to_string(i),
                             fileStemOf(name) + ".process" + std::to_string(p) + "." + std::to_string(i), options, true);
                }
              }
            } else {
              for (size_t i = 0; i < outcome.results.size(); ++i) {
                emitResult(outcome.results[i], "result #" + std::to_string(i),
                           fileStemOf(name) + "." + std::to_string(i), options, true);
              }
            }
          } catch (const interpreter::RuntimeError &e) {
            std::cerr << "shlo run: error: " << e.what() << "\n";
            status = std::max(status, 1);
          }
        }
        continue;
      }
      ++failed;
      status = 1;
      std::cout << "FAIL @" << name << " (" << interpreter::statusName(outcome.status) << ")\n";
      std::string message = outcome.message;
      if (!outcome.opName.empty() && message.find(outcome.opName) == std::string::npos) {
        message += " (in " + outcome.opName + ")";
      }
      printDiagnosticsText(
          file, {diagnosticAt(outcome.range.value_or(fn->range), chunk.offset, codeOf(outcome.status), message)},
          std::cerr);
    }
  }
  if (!options.entry.empty() && !entryFound) {
    std::cerr << options.file << ": error: no function named @" << options.entry << "\n";
    return 1;
  }
  if (inputs.any() && !inputsUsed) {
    std::cerr << "shlo run: error: --args/--input were given but no function that was run takes arguments\n";
    status = 1;
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
  command->add_option("--args", options->args,
                      "Inputs by position, as MLIR attributes: '[dense<[1, 2]> : tensor<2xi32>, dense<1.5> : tensor<f32>]'");
  command->add_option("--input", options->inputs,
                      "An input file: NAME=file.npy (NAME: %arg0, arg0 or a position) or file.npz (members by key); "
                      "repeatable")
      ->allow_extra_args(false);  // one file per --input: `--input a.npy prog.mlir` keeps prog.mlir positional
  command->add_option("--elided", options->elided,
                      "Fill dense_resource<__elided__> constants and arguments not given: zeros or random:SEED");
  command->add_option("--output", options->outputDir,
                      "Save results as DIR/<function>.<n>.npy (and probes as DIR/probe<n>.npy)");
  command->add_option("--threads", options->threads,
                      "Worker threads of the convolution and dot_general kernels (default 1)");
  command->add_option("--num-replicas", options->numReplicas,
                      "Processes per partition of the grid (default: the module's mhlo.num_replicas, else 1)")
      ->check(CLI::Range(int64_t{1}, int64_t{4096}));
  command->add_option("--num-partitions", options->numPartitions,
                      "Partitions of the grid (default: the module's mhlo.num_partitions, else 1)")
      ->check(CLI::Range(int64_t{1}, int64_t{4096}));
  command->add_flag("--split-input-file", options->splitInputFile, "Run each `// -----` chunk on its own");
  command->add_flag("--print", options->print, "Print every element of every result of every function run");
  command->callback([options, &exitCode] { exitCode = runFile(*options); });
}

}  // namespace shlo::cli
