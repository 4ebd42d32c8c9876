#include <algorithm>
#include <cstdio>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <malloc.h>
#include <sched.h>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/Commands.h"
#include "cli/DiagnosticOutput.h"
#include "cli/RunProgress.h"
#include "interpreter/Interpreter.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/Parallel.h"
#include "interpreter/session/ChunkSelection.h"
#include "interpreter/session/RunSession.h"
#include "interpreter/session/Trace.h"
#include "interpreter/Printing.h"
#include "interpreter/io/ArgsLiteral.h"
#include "interpreter/io/Npy.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::cli {

namespace {

/// The CPUs this process may run on (its affinity mask: a container's or
/// taskset's limit), else the machine's.
int availableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) return CPU_COUNT(&set);
  return static_cast<int>(std::thread::hardware_concurrency());
}

struct RunOptions {
  std::string file;
  std::string entry;
  std::string args;
  std::vector<std::string> inputs;
  std::string elided;
  std::string outputDir;
  int threads = 1;
  CLI::Option *threadsOption = nullptr;  // not given: the cores this process may use
  int64_t numReplicas = 0, numPartitions = 0;
  bool splitInputFile = false;
  size_t chunk = 0;  // --chunk N (1-based); 0: the whole file
  bool print = false;
  bool reference = false;
  bool noFusion = false;  // --no-fusion: elementwise chains op by op
  bool timing = false;     // --timing: phases and slowest ops on stderr  // --reference: the spec-following loops, no kernel library
  std::string maxMemory;  // --max-memory BYTES[K|M|G]
  int64_t maxSteps = 0;
  double timeout = 0;
  interpreter::ElidedFill elidedFill;  // --elided, parsed
  std::string traceDir;                    // --trace DIR
  std::vector<std::string> traceFilter;    // --trace-filter
};

/// Results with at most this many elements are printed in full without --print.
constexpr int64_t kSmallTensor = 100;

/// `--max-memory`: a byte count with an optional K, M or G suffix (powers
/// of 1024, either case); nullopt when malformed, zero or beyond int64.
std::optional<int64_t> parseByteSize(const std::string &text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 19 || text.size() - digits > 1) return std::nullopt;
  int shift = 0;
  if (digits < text.size()) {
    switch (std::toupper(static_cast<unsigned char>(text[digits]))) {
      case 'K': shift = 10; break;
      case 'M': shift = 20; break;
      case 'G': shift = 30; break;
      default: return std::nullopt;
    }
  }
  unsigned long long value = std::stoull(text.substr(0, digits));
  if (value == 0 || value > static_cast<unsigned long long>(INT64_MAX) >> shift) return std::nullopt;
  return static_cast<int64_t>(value << shift);
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
    // saveResults wrote it before the function was reported as passed.
    std::cout << "    saved " << (std::filesystem::path(options.outputDir) / (fileStem + ".npy")).string() << "\n";
  }
}

/// Writes one result's tensors (tuples element by element) as
/// `--output DIR/<fileStem>.npy`, the names emitResult prints. Throws
/// RuntimeError when a file cannot be written.
void saveResult(const interpreter::Value &value, const std::string &fileStem, const RunOptions &options) {
  using interpreter::Value;
  if (value.kind == Value::Kind::Token) return;
  if (value.kind == Value::Kind::Tuple) {
    for (size_t i = 0; i < value.elements.size(); ++i) {
      saveResult(value.elements[i], fileStem + "." + std::to_string(i), options);
    }
    return;
  }
  interpreter::npy::writeTensor((std::filesystem::path(options.outputDir) / (fileStem + ".npy")).string(), value.tensor);
}

/// Prints what the session reports: diagnostics on stderr, PASS/FAIL lines
/// and results on stdout.
class RunPrinter : public interpreter::RunReporter {
 public:
  RunPrinter(const syntax::SourceFile &file, const RunOptions &options) : file_(file), options_(options) {}
  int status = 0;
  /// Functions that passed but whose results could not be saved (--output).
  int outputFailures = 0;

  void chunkRejected(const std::vector<Diagnostic> &errors) override {
    printDiagnosticsText(file_, errors, std::cerr);
    status = 1;
  }

  void inputsRejected(const std::string &function, const Diagnostic &error) override {
    printDiagnosticsText(file_, {error}, std::cerr);
    std::cout << "FAIL @" << function << " (inputs)\n";
    status = 1;
  }

  void argumentsFilled(const std::string &function, size_t filled, size_t arity) override {
    std::cerr << "shlo run: @" << function << ": " << filled << " of " << arity << " argument(s) not given; filled with "
              << (options_.elidedFill.mode == interpreter::ElidedFill::Mode::Zeros
                      ? "zeros"
                      : "random values (--elided=" + options_.elided + ")")
              << "\n";
  }

  void constantsFilled(size_t count) override {
    std::cerr << "shlo run: " << count << " elided constant(s) (dense_resource<__elided__>) filled with "
              << (options_.elidedFill.mode == interpreter::ElidedFill::Mode::Zeros
                      ? "zeros"
                      : "random values (--elided=" + options_.elided + ")")
              << "\n";
  }

  void functionRan(const std::string &name, const interpreter::FunctionOutcome &outcome,
                   const std::optional<Diagnostic> &failure) override {
    if (failure) {
      status = 1;
      std::cout << "FAIL @" << name << " (" << interpreter::statusName(outcome.status) << ")\n";
      printDiagnosticsText(file_, {*failure}, std::cerr);
      return;
    }
    // Results are saved before PASS is printed: a run whose output could
    // not be written has failed (nothing is reported as saved that is not).
    if (!options_.outputDir.empty()) {
      try {
        saveResults(name, outcome);
      } catch (const std::exception &e) {
        status = 1;
        ++outputFailures;
        std::cout << "FAIL @" << name << " (output)\n";
        std::cerr << "shlo run: error: --output: " << e.what() << "\n";
        return;
      }
    }
    std::cout << "PASS @" << name << " (" << outcome.checks << " check" << (outcome.checks == 1 ? "" : "s") << ")\n";
    bool showResults = options_.print || !options_.entry.empty() || name == "main" || !options_.outputDir.empty();
    if (!showResults) return;
    try {
      if (outcome.processResults.size() > 1) {
        // A grid run: every process's results, as (replica, partition).
        int64_t partitions = outcome.numPartitions;
        for (size_t p = 0; p < outcome.processResults.size(); ++p) {
          std::string process = "(" + std::to_string(p / partitions) + ", " + std::to_string(p % partitions) + ")";
          for (size_t i = 0; i < outcome.processResults[p].size(); ++i) {
            emitResult(outcome.processResults[p][i], "process " + process + " result #" + std::to_string(i),
                       fileStemOf(name) + ".process" + std::to_string(p) + "." + std::to_string(i), options_, true);
          }
        }
      } else {
        for (size_t i = 0; i < outcome.results.size(); ++i) {
          emitResult(outcome.results[i], "result #" + std::to_string(i), fileStemOf(name) + "." + std::to_string(i),
                     options_, true);
        }
      }
    } catch (const interpreter::RuntimeError &e) {
      std::cerr << "shlo run: error: " << e.what() << "\n";
      status = std::max(status, 1);
    }
  }

 private:
  void saveResults(const std::string &name, const interpreter::FunctionOutcome &outcome) {
    if (outcome.processResults.size() > 1) {
      for (size_t p = 0; p < outcome.processResults.size(); ++p) {
        for (size_t i = 0; i < outcome.processResults[p].size(); ++i) {
          saveResult(outcome.processResults[p][i],
                     fileStemOf(name) + ".process" + std::to_string(p) + "." + std::to_string(i), options_);
        }
      }
      return;
    }
    for (size_t i = 0; i < outcome.results.size(); ++i) {
      saveResult(outcome.results[i], fileStemOf(name) + "." + std::to_string(i), options_);
    }
  }

  const syntax::SourceFile &file_;
  const RunOptions &options_;
};

/// `--timing`, on stderr: each phase's wall and CPU seconds (CPU over all
/// threads), then the ten ops that took longest, at their source locations.
void printTimings(const syntax::SourceFile &file, const interpreter::RunTimings &t) {
  auto phase = [](const char *name, const interpreter::RunTimings::Phase &p) {
    char line[160];
    std::snprintf(line, sizeof line, "  %-44s %9.4f s wall %9.4f s cpu\n", name, p.wall, p.cpu);
    std::cerr << line;
  };
  std::cerr << "timing:\n";
  phase("parse and check", t.analysis);
  phase("bind inputs, make constants/weights, memory", t.binding);
  phase("evaluate (run phase)", t.evaluation);
  std::cerr << "slowest ops (wall, calls):\n";
  for (const interpreter::RunTimings::SlowOp &op : t.slowest) {
    syntax::Position at = file.position(static_cast<uint32_t>(op.offset), syntax::PositionEncoding::UTF8);
    char line[200];
    std::snprintf(line, sizeof line, "  %9.4f s %6lld  %-28s %s:%u:%u\n", op.seconds, static_cast<long long>(op.count),
                  op.name.c_str(), file.path().c_str(), at.line + 1, at.character + 1);
    std::cerr << line;
  }
  std::cerr << "time per op name (wall, calls):\n";
  for (size_t i = 0; i < t.byName.size() && i < 10; ++i) {
    char line[160];
    std::snprintf(line, sizeof line, "  %9.4f s %6lld  %s\n", t.byName[i].seconds,
                  static_cast<long long>(t.byName[i].count), t.byName[i].name.c_str());
    std::cerr << line;
  }
}

int runFile(RunOptions &options) {
  interpreter::RunSettings settings;
  settings.inputs.inputSpecs = options.inputs;
  if (!options.elided.empty()) {
    std::optional<interpreter::ElidedFill> fill = interpreter::parseElidedFill(options.elided);
    if (!fill) {
      std::cerr << "shlo run: error: --elided must be `zeros` or `random:SEED` (SEED a non-negative integer), got `"
                << options.elided << "`\n";
      return 2;
    }
    settings.inputs.elided = *fill;
    options.elidedFill = *fill;
  }
  if (!options.args.empty()) {
    try {
      settings.inputs.args = interpreter::parseArgsLiteral(options.args);
    } catch (const interpreter::RuntimeError &e) {
      std::cerr << "shlo run: error: " << e.what() << "\n";
      return 2;
    }
  }
  // Threads are started up front (a persistent pool): beyond a few hundred
  // they only cost memory and start-up time, and 100000 would hang.
  constexpr int kMaxThreads = 256;
  if (options.threadsOption == nullptr || options.threadsOption->count() == 0) {
    options.threads = std::clamp(availableCores(), 1, kMaxThreads);
  }
  if (options.threads < 1 || options.threads > kMaxThreads) {
    std::cerr << "shlo run: error: --threads must be between 1 and " << kMaxThreads << "\n";
    return 2;
  }
  interpreter::setKernelThreads(options.threads);
  // Every op's result is a fresh buffer: glibc would map each big one afresh
  // and unmap it when freed, faulting every page in again (12-14% of
  // ResNet-50's time). Kept in the heap, freed buffers are reused.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  interpreter::setKernelPath(options.reference ? interpreter::KernelPath::Reference : interpreter::KernelPath::Kernels);
  if (!options.maxMemory.empty()) {
    std::optional<int64_t> bytes = parseByteSize(options.maxMemory);
    if (!bytes) {
      std::cerr << "shlo run: error: --max-memory must be a positive byte count with an optional K, M or G suffix, got `"
                << options.maxMemory << "`\n";
      return 2;
    }
    settings.options.maxMemoryBytes = *bytes;
  }
  settings.options.maxSteps = options.maxSteps;
  settings.options.fuseElementwise = !options.noFusion;
  settings.options.timeoutSeconds = options.timeout;
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
  // --chunk: the other chunks blanked out, so offsets and lines (in
  // messages, traces) stay the file's.
  std::optional<std::string> chunkText;
  if (options.chunk > 0) {
    chunkText = interpreter::onlyChunk(source->text(), options.chunk);
    if (!chunkText) {
      size_t count = interpreter::chunkCount(source->text());
      std::cerr << "shlo run: error: --chunk " << options.chunk << ": " << options.file << " has " << count
                << " `// -----` chunk" << (count == 1 ? "" : "s") << "\n";
      return 2;
    }
  }
  settings.entry = options.entry;
  settings.splitInputFile = options.splitInputFile && !chunkText;
  settings.options.numReplicas = options.numReplicas;
  settings.options.numPartitions = options.numPartitions;
  // Probes go with the results when there is an output folder.
  settings.options.probes = std::make_shared<interpreter::ProbeLog>(options.outputDir);
  RunPrinter printer(*source, options);
  interpreter::RunTimings timings;
  if (options.timing) settings.timings = &timings;
  std::unique_ptr<interpreter::TraceWriter> trace;
  if (!options.traceDir.empty()) {
    try {
      const syntax::SourceFile &file = *source;
      trace = std::make_unique<interpreter::TraceWriter>(options.traceDir, options.traceFilter, [&file](uint32_t offset) {
        return static_cast<int>(file.position(offset, syntax::PositionEncoding::UTF8).line) + 1;
      });
    } catch (const interpreter::RuntimeError &e) {
      std::cerr << "shlo run: error: " << e.what() << "\n";
      return 2;
    }
    settings.observer = trace.get();
  }
  std::unique_ptr<RunProgress> progress;
  if (shouldShowProgress()) {
    const syntax::SourceFile &file = *source;
    progress = std::make_unique<RunProgress>(
        std::cerr,
        [&file](uint32_t offset) {
          return static_cast<int>(file.position(offset, syntax::PositionEncoding::UTF8).line) + 1;
        },
        settings.observer);
    settings.observer = progress.get();
  }
  interpreter::RunSummary summary;
  try {
    summary = interpreter::runProgram(chunkText ? std::string_view(*chunkText) : source->text(), settings, printer);
  } catch (const std::bad_alloc &) {
    // Evaluation reports its own at the op; this is what is left (the
    // analysis, binding inputs, printing), still a run-time failure.
    std::cerr << options.file << ": error: out of memory\n";
    return 1;
  } catch (const std::exception &e) {
    std::cerr << options.file << ": error: " << e.what() << "\n";
    return 1;
  }
  progress.reset();
  int status = printer.status;
  if (options.timing) printTimings(*source, timings);
  if (!options.entry.empty() && !summary.entryFound) {
    std::cerr << options.file << ": error: no function named @" << options.entry
              << "; its functions: " << interpreter::functionList(summary.functions) << "\n";
    return 1;
  }
  if (summary.passed + summary.failed == 0) {
    // `0 passed, 0 failed` with exit 0 would pass a CI step that ran nothing.
    std::cerr << options.file << ": error: nothing to run: no @main and no function without arguments; "
              << "choose one with --entry (functions: " << interpreter::functionList(summary.functions) << ")\n";
    return 1;
  }
  if (settings.inputs.any() && !summary.inputsUsed) {
    std::cerr << "shlo run: error: --args/--input were given but no function that was run takes arguments\n";
    status = 1;
  }
  if (trace) std::cerr << "shlo run: --trace: " << trace->written() << " result(s) saved in " << options.traceDir << "\n";
  std::cout << summary.passed - printer.outputFailures << " passed, " << summary.failed + printer.outputFailures
            << " failed\n";
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
  options->threadsOption =
      command->add_option("--threads", options->threads,
                          "Worker threads of the kernel library (default: the cores this process may run on)");
  command->add_option("--num-replicas", options->numReplicas,
                      "Processes per partition of the grid (default: the module's mhlo.num_replicas, else 1)")
      ->check(CLI::Range(int64_t{1}, int64_t{4096}));
  command->add_option("--num-partitions", options->numPartitions,
                      "Partitions of the grid (default: the module's mhlo.num_partitions, else 1)")
      ->check(CLI::Range(int64_t{1}, int64_t{4096}));
  command->add_option("--max-memory", options->maxMemory,
                      "Memory budget for tensors, in bytes (suffix K, M or G); default: half of the machine's "
                      "memory, address-space limit or cgroup limit");
  command->add_option("--max-steps", options->maxSteps,
                      "Stop with an error after this many ops (and while iterations) per function; default: no limit")
      ->check(CLI::Range(int64_t{1}, INT64_MAX));
  command->add_option("--timeout", options->timeout,
                      "Stop with an error after this many seconds of wall clock per function; default: no limit")
      ->check(CLI::Range(0.001, 1e9));
  command->add_option("--trace", options->traceDir,
                      "Save every op's results as DIR/<step>.<n>.npy with DIR/index.csv (for shlo trace-diff)");
  command->add_option("--trace-filter", options->traceFilter,
                      "Trace only these ops (stablehlo.add or add) or functions (@name); repeatable")
      ->allow_extra_args(false);
  command->add_flag("--split-input-file", options->splitInputFile, "Run each `// -----` chunk on its own");
  command->add_option("--chunk", options->chunk,
                      "Run only the Nth `// -----` chunk (1 = the first; line numbers stay those of the file)")
      ->check(CLI::Range(size_t{1}, size_t{1} << 30));
  command->add_flag("--reference", options->reference,
                    "Evaluate every op with the spec-following reference loops instead of the kernel library "
                    "(oneDNN, vectorised loops)");
  command->add_flag("--no-fusion", options->noFusion,
                    "Run chains of elementwise ops op by op instead of as one fused pass (same results; for "
                    "measuring what fusion saves)");
  command->add_flag("--timing", options->timing,
                    "Print on stderr the wall and CPU time of each phase (parse and check, binding inputs and "
                    "weights, evaluation) and the ten ops that took longest");
  command->add_flag("--print", options->print, "Print every element of every result of every function run");
  command->callback([options, &exitCode] { exitCode = runFile(*options); });
}

}  // namespace shlo::cli
