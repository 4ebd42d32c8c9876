#include "interpreter/session/RunSession.h"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <optional>

#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"

namespace shlo::interpreter {

namespace {

const char *codeOf(FunctionOutcome::Status status) {
  switch (status) {
    case FunctionOutcome::Status::CheckFailed: return "run.check_failed";
    case FunctionOutcome::Status::Unsupported: return "run.unsupported";
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

/// Adds the wall and CPU time since it was made to a phase when destroyed.
class PhaseClock {
 public:
  explicit PhaseClock(RunTimings::Phase *phase) : phase_(phase) {
    if (phase_) start_ = now();
  }
  ~PhaseClock() {
    if (!phase_) return;
    std::pair<double, double> end = now();
    phase_->wall += end.first - start_.first;
    phase_->cpu += end.second - start_.second;
  }

 private:
  static std::pair<double, double> now() {
    timespec cpu{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    return {wall, static_cast<double>(cpu.tv_sec) + static_cast<double>(cpu.tv_nsec) * 1e-9};
  }
  RunTimings::Phase *phase_;
  std::pair<double, double> start_;
};

}  // namespace

std::string functionList(const std::vector<std::string> &functions) {
  std::string out;
  for (const std::string &f : functions) out += (out.empty() ? "@" : ", @") + f;
  return out.empty() ? "none" : out;
}

RunSummary runProgram(std::string_view text, const RunSettings &settings, RunReporter &reporter) {
  std::vector<analysis::Chunk> chunks =
      settings.splitInputFile ? analysis::splitInput(text) : std::vector<analysis::Chunk>{{0, text}};
  InterpreterOptions options = settings.options;
  options.elided = settings.inputs.elided;
  if (options.maxMemoryBytes > 0) MemoryBudget::setLimit(options.maxMemoryBytes);
  const RunInputs &inputs = settings.inputs;
  RunTimings *timings = settings.timings;
  if (timings) options.profile = std::make_shared<OpProfile>();
  syntax::Parser parser;
  RunSummary summary;
  for (const analysis::Chunk &chunk : chunks) {
    std::optional<PhaseClock> analysisClock(timings ? &timings->analysis : nullptr);
    analysis::Analysis analysed;
    const bool given = settings.analysis && !settings.splitInputFile;
    if (!given) {
      analysed = analysis::analyze(parser, chunk.text);
      analysis::shiftDiagnostics(analysed.diagnostics, chunk.offset);
    }
    const analysis::Analysis &result = given ? *settings.analysis : analysed;
    analysisClock.reset();
    std::vector<Diagnostic> errors;
    for (const Diagnostic &d : result.diagnostics) {
      if (d.severity == Severity::Error) errors.push_back(d);
    }
    if (!errors.empty()) {
      // A program that does not parse or verify is not run.
      reporter.chunkRejected(errors);
      ++summary.failed;
      continue;
    }
    const ir::Module &module = *result.lowered.module;
    size_t elidedConstants = 0;
    ir::walk(module.topLevel, [&](const ir::Operation *op) {
      if (op->name == "func.func") {
        if (const ir::Attribute *name = op->attribute("sym_name")) summary.functions.push_back(name->text);
      } else if (op->name == "stablehlo.constant") {
        const ir::Attribute *value = op->attribute("value");
        if (value && value->kind == ir::Attribute::Kind::DenseResource && value->text == "__elided__") ++elidedConstants;
      }
    });
    std::vector<std::string> entries;
    if (!settings.entry.empty()) {
      if (!findFunction(module, settings.entry)) continue;
      summary.entryFound = true;
      entries = {settings.entry};
    } else {
      entries = defaultEntryFunctions(module);
    }
    if (elidedConstants > 0 && !entries.empty() && inputs.elided.mode != ElidedFill::Mode::Error) {
      reporter.constantsFilled(elidedConstants);
    }
    Interpreter interp(module, options);
    interp.setObserver(settings.observer);
    if (timings) {
      PhaseClock clock(&timings->binding);
      interp.prepareConstants();
    }
    for (const std::string &name : entries) {
      const ir::Operation *fn = findFunction(module, name);
      if (!fn) continue;
      const ir::Attribute *symName = fn->attribute("sym_name");
      syntax::TextRange nameRange = symName ? symName->range : fn->range;
      size_t arity =
          !fn->regions.empty() && !fn->regions[0]->blocks.empty() ? fn->regions[0]->blocks[0]->arguments.size() : 0;
      BoundArguments bound;
      std::optional<PhaseClock> bindClock(timings ? &timings->binding : nullptr);
      if (arity > 0 || inputs.any()) {
        summary.inputsUsed = summary.inputsUsed || arity > 0;
        try {
          bound = bindArguments(*fn, inputs);
        } catch (const InputError &e) {
          reporter.inputsRejected(name, diagnosticAt(nameRange, chunk.offset, "run.arguments", e.what()));
          ++summary.failed;
          continue;
        }
        if (!bound.filled.empty()) reporter.argumentsFilled(name, bound.filled.size(), arity);
      }
      // As for the constants: the run phase measures evaluation, with the
      // pages its tensors will need already in the process.
      if (timings) Tensor::warmAllocator(interp.plannedPeakBytes(*fn));
      bindClock.reset();
      FunctionOutcome outcome;
      {
        PhaseClock clock(timings ? &timings->evaluation : nullptr);
        outcome = interp.run(name, bound.values);
      }
      if (outcome.status == FunctionOutcome::Status::Passed) {
        ++summary.passed;
        reporter.functionRan(name, outcome, std::nullopt);
        continue;
      }
      ++summary.failed;
      std::string message = outcome.message;
      if (!outcome.opName.empty() && message.find(outcome.opName) == std::string::npos) {
        message += " (in " + outcome.opName + ")";
      }
      reporter.functionRan(
          name, outcome,
          diagnosticAt(outcome.range.value_or(fn->range), chunk.offset, codeOf(outcome.status), message));
    }
    if (timings) {
      for (const auto &[op, entry] : options.profile->entries()) {
        // A named copy: clang 14 cannot capture a structured binding.
        const std::string &opName = entry.label.empty() ? op->name : entry.label;
        timings->slowest.push_back({opName, chunk.offset + op->range.begin, entry.seconds, entry.count});
        auto same = std::find_if(timings->byName.begin(), timings->byName.end(),
                                 [&](const RunTimings::SlowOp &s) { return s.name == opName; });
        if (same == timings->byName.end()) {
          timings->byName.push_back({opName, 0, entry.seconds, entry.count});
        } else {
          same->seconds += entry.seconds;
          same->count += entry.count;
        }
      }
      options.profile = std::make_shared<OpProfile>();  // the next chunk's ops are others
    }
  }
  if (timings) {
    std::sort(timings->slowest.begin(), timings->slowest.end(),
              [](const RunTimings::SlowOp &a, const RunTimings::SlowOp &b) { return a.seconds > b.seconds; });
    if (timings->slowest.size() > 10) timings->slowest.resize(10);
    std::sort(timings->byName.begin(), timings->byName.end(),
              [](const RunTimings::SlowOp &a, const RunTimings::SlowOp &b) { return a.seconds > b.seconds; });
  }
  return summary;
}

}  // namespace shlo::interpreter
