// A run session: what `shlo run` and a debugger share. It analyses a file
// (each `// -----` chunk on its own with --split-input-file), refuses chunks
// with errors, chooses the entry functions, binds the inputs to their
// arguments (--args, .npy/.npz, --elided fills), runs them and reports each
// step to a front end, which prints (the CLI) or presents (a debugger).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/Interpreter.h"
#include "interpreter/Observer.h"
#include "interpreter/session/RunInputs.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/diagnostics/Diagnostic.h"

namespace shlo::interpreter {

/// Where a run's time went (`shlo run --timing`): wall and process CPU
/// seconds (all threads) per phase, and the ops that took longest.
struct RunTimings {
  struct Phase {
    double wall = 0, cpu = 0;
  };
  /// Parsing, lowering and checking; binding inputs and making constants
  /// (filling elided weights); evaluation.
  Phase analysis, binding, evaluation;
  struct SlowOp {
    std::string name;
    size_t offset = 0;  // in the whole text
    double seconds = 0;
    int64_t count = 0;
  };
  /// The ten ops with the most evaluation time, longest first.
  std::vector<SlowOp> slowest;
  /// Evaluation time per op name (all its ops), most first; offset unused.
  std::vector<SlowOp> byName;
};

/// What to run and how.
struct RunSettings {
  /// Run only this function (in every chunk that defines it); "": each
  /// chunk's defaultEntryFunctions.
  std::string entry;
  bool splitInputFile = false;
  /// The parsed inputs; `inputs.elided` also fills elided constants.
  RunInputs inputs;
  /// The evaluator's options (grid size, probes, print output, retention,
  /// limits: maxSteps, timeoutSeconds, maxMemoryBytes, which runProgram
  /// applies to the MemoryBudget); `elided` is taken from `inputs`.
  InterpreterOptions options;
  /// Called by every function's evaluator (Observer.h); not owned.
  Observer *observer = nullptr;
  /// When set, runProgram measures each phase and the ops into it; not owned.
  RunTimings *timings = nullptr;
  /// The analysis of the whole text, when the caller made it already (a
  /// debugger checks the program before it runs it): used instead of
  /// analysing the text again. Ignored with splitInputFile.
  std::shared_ptr<const analysis::Analysis> analysis;
};

/// What a session tells its front end, in order, as it runs.
class RunReporter {
 public:
  virtual ~RunReporter() = default;
  /// A chunk with errors (syntax, lowering, verifier; offsets in the whole
  /// text): it is not run.
  virtual void chunkRejected(const std::vector<Diagnostic> &errors) = 0;
  /// The inputs do not fit `function`'s arguments (`error` is `run.arguments`
  /// at the function's name); it is not run.
  virtual void inputsRejected(const std::string &function, const Diagnostic &error) = 0;
  /// `filled` of `arity` arguments were not given and were filled by --elided.
  virtual void argumentsFilled(const std::string &function, size_t filled, size_t arity) = 0;
  /// A chunk about to run has `count` `dense_resource<__elided__>` constants,
  /// which --elided fills (said once per chunk, before its functions run).
  virtual void constantsFilled(size_t count) { (void)count; }
  /// `function` ran. When it did not pass, `failure` is the diagnostic to
  /// show: `run.error`, `run.check_failed` or `run.unsupported` at the
  /// failing op (or the function), the op named in the message.
  virtual void functionRan(const std::string &function, const FunctionOutcome &outcome,
                           const std::optional<Diagnostic> &failure) = 0;
};

struct RunSummary {
  size_t passed = 0, failed = 0;  // functions and rejected chunks/inputs
  bool entryFound = false;        // RunSettings::entry is defined somewhere
  bool inputsUsed = false;        // some function run takes arguments
  /// The functions defined in the chunks that were analysed without errors,
  /// in order (for "nothing to run" and "no function named" messages).
  std::vector<std::string> functions;
};

/// `@a, @b` for a list of function names; "none" when empty.
std::string functionList(const std::vector<std::string> &functions);

/// Runs the program `text` as `settings` say, reporting each step.
RunSummary runProgram(std::string_view text, const RunSettings &settings, RunReporter &reporter);

}  // namespace shlo::interpreter
