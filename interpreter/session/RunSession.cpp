#include "interpreter/session/RunSession.h"

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

}  // namespace

RunSummary runProgram(std::string_view text, const RunSettings &settings, RunReporter &reporter) {
  std::vector<analysis::Chunk> chunks =
      settings.splitInputFile ? analysis::splitInput(text) : std::vector<analysis::Chunk>{{0, text}};
  InterpreterOptions options = settings.options;
  options.elided = settings.inputs.elided;
  if (options.maxMemoryBytes > 0) MemoryBudget::setLimit(options.maxMemoryBytes);
  const RunInputs &inputs = settings.inputs;
  syntax::Parser parser;
  RunSummary summary;
  for (const analysis::Chunk &chunk : chunks) {
    analysis::Analysis result = analysis::analyze(parser, chunk.text);
    analysis::shiftDiagnostics(result.diagnostics, chunk.offset);
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
    std::vector<std::string> entries;
    if (!settings.entry.empty()) {
      if (!findFunction(module, settings.entry)) continue;
      summary.entryFound = true;
      entries = {settings.entry};
    } else {
      entries = defaultEntryFunctions(module);
    }
    Interpreter interp(module, options);
    interp.setObserver(settings.observer);
    for (const std::string &name : entries) {
      const ir::Operation *fn = findFunction(module, name);
      if (!fn) continue;
      const ir::Attribute *symName = fn->attribute("sym_name");
      syntax::TextRange nameRange = symName ? symName->range : fn->range;
      size_t arity =
          !fn->regions.empty() && !fn->regions[0]->blocks.empty() ? fn->regions[0]->blocks[0]->arguments.size() : 0;
      BoundArguments bound;
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
      FunctionOutcome outcome = interp.run(name, bound.values);
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
  }
  return summary;
}

}  // namespace shlo::interpreter
