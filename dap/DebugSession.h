// A debug session: the work behind `shlo dap` and `shlo debug`, free of any
// protocol. It loads a program, runs it through the run session
// (interpreter/session) on a thread of its own, and drives the evaluator
// through its observer: breakpoints (by line, conditional, hit counts, log
// points, by function), exception filters (a NaN produced, an infinity
// produced, a failed check, a runtime error), stepping (over, into, out, back through a bounded history
// of recent ops), pause and terminate. While the run is paused, the front
// end's thread inspects it: the stack, the values in scope, expressions.
//
// Threads: the front end calls everything from one thread; events come from
// the run's thread (and the front end's, for steps back), so an
// implementation of SessionEvents must be safe to call from either.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "dap/Expression.h"
#include "interpreter/Observer.h"
#include "interpreter/session/RunInputs.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::dap {

/// A request the session cannot serve now or at all (the message says why).
class SessionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// What to run: the launch arguments, parsed.
struct LaunchSettings {
  std::string programPath;
  /// Run only this function; "": `@main`, or every function without arguments.
  std::string entry;
  /// Run only this `// -----` chunk (1-based, as `shlo run --chunk`); 0:
  /// the whole file.
  size_t chunk = 0;
  interpreter::RunInputs inputs;
  bool stopOnEntry = false;
};

/// Why the run stopped (DAP's `stopped` reasons).
enum class StopReason { Entry, Breakpoint, FunctionBreakpoint, Step, Pause, Exception };
const char *stopReasonName(StopReason reason);

struct StopInfo {
  StopReason reason = StopReason::Step;
  /// For people: "breakpoint at line 4", "NaN produced by stablehlo.divide".
  std::string description;
  /// Exceptions: the message (the runtime error, what was produced).
  std::string text;
  /// Exceptions: the filter that stopped (`nan`, `infinity`, `check`, `error`).
  std::string exceptionId;
  int threadId = 1;
  std::vector<int> breakpointIds;
};

/// How the session reports to its front end.
class SessionEvents {
 public:
  virtual ~SessionEvents() = default;
  virtual void stopped(const StopInfo &info) = 0;
  /// `category`: "stdout" (interpreter.print, results), "stderr" (errors),
  /// "console" (log points, notes). `text` ends with a newline.
  virtual void output(const std::string &category, const std::string &text) = 0;
  /// The run ended: 0 when every function ran passed, 1 otherwise.
  virtual void exited(int exitCode) = 0;
};

/// A line breakpoint as asked for (lines from 1).
struct LineBreakpointSpec {
  int line = 0;
  std::string condition, hitCondition, logMessage;
};
/// Where it was placed: at the first op that starts on `line` or after it
/// (`verified` false when no op does).
struct BreakpointResult {
  int id = 0;
  bool verified = false;
  int line = 0, column = 0;
  std::string message;
};

/// One frame of the stack, innermost first: an op and where it is.
struct StackEntry {
  int id = 0;
  std::string name;  // `stablehlo.add in @main > stablehlo.while body (iteration 3)`
  int line = 0, column = 0, endLine = 0, endColumn = 0;  // From 1
  std::string sourceLocation;  // The op's `loc(...)` file location (`model.py:12:5`), if any.
};

struct ScopeEntry {
  std::string name;  // "Locals", "Operands and results"
  int variablesReference = 0;
  int64_t namedVariables = 0;
};

struct VariableEntry {
  std::string name, value, type;
  /// Non-zero when it has children (a tensor's rows or elements, a tuple's elements).
  int variablesReference = 0;
  /// Children by index (for paging): a tensor's first dimension.
  int64_t indexedVariables = 0;
};

struct EvaluateResult {
  std::string value, type;
  int variablesReference = 0;
  int64_t indexedVariables = 0;
};

/// The exception filters (DAP `setExceptionBreakpoints`): where a run
/// stops without a breakpoint.
struct ExceptionFilters {
  /// After the first op whose results hold a NaN its operands do not.
  bool nan = false;
  /// After the first op whose results hold an infinity its operands do not.
  bool infinity = false;
  /// Where a `check.expect_*` op fails.
  bool check = false;
  /// Where a runtime error is raised (not a failed check, not an op the
  /// interpreter does not support).
  bool error = false;
};

struct ThreadEntry {
  int id = 0;
  std::string name;
};

class DebugSession {
 public:
  /// How many ops the history for steps back keeps, and how many bytes of
  /// their tensors at most (but always the last two ops).
  static constexpr size_t kHistory = 64;
  static constexpr int64_t kHistoryBytes = int64_t{16} << 20;

  explicit DebugSession(SessionEvents &events);
  /// Stops the run and waits for its thread.
  ~DebugSession();

  /// Reads, parses and checks the program, the entry and the inputs.
  /// Throws SessionError naming the problem (an unreadable file, the
  /// first errors of the program, an entry that is not there with the
  /// functions that are, inputs that do not fit the entry's arguments).
  void load(LaunchSettings settings);
  /// The program's source, once loaded.
  const syntax::SourceFile &source() const;

  /// Replaces the line breakpoints of the program. Lines are from 1.
  std::vector<BreakpointResult> setLineBreakpoints(const std::vector<LineBreakpointSpec> &specs);
  /// Replaces the function breakpoints (`@name` or `name`): the run stops
  /// before the first op of each call of the function.
  std::vector<BreakpointResult> setFunctionBreakpoints(const std::vector<std::string> &names);
  /// Which exceptions stop the run (ExceptionFilters). For `nan` and
  /// `infinity`, ops without operands (constants) are not checked: their
  /// values are written in the program, not produced.
  void setExceptionFilters(const ExceptionFilters &filters);

  /// Starts the run on its own thread (after load). With a breakpoint or
  /// stop on entry, every value stays until its function returns, so that
  /// any value in scope can be read at a stop; without, memory follows the
  /// live set as under `shlo run` (a pause then shows the values still live).

  void start();
  bool started() const { return runner_.joinable(); }
  /// DAP `restart`: reads and checks the program again (with `settings`,
  /// or the last launch's when nullopt; SessionError before anything
  /// changes when they do not load), ends the run without an `exited`
  /// event, re-places the breakpoints (same ids, hit counts from 0) and
  /// leaves the session ready for start().
  void restart(std::optional<LaunchSettings> settings);

  enum class Step { Continue, Over, In, Out };
  /// Resumes a paused run (a no-op when it runs). While the view is in the
  /// history (after steps back), Over/In/Out move forward through it
  /// instead and return the stop for the front end to report (after its
  /// answer); Continue returns to the run and resumes it.
  std::optional<StopInfo> resume(Step step);
  /// Moves the view one op back in the history; returns the stop to report.
  /// Throws SessionError at the history's start or when not paused.
  StopInfo stepBack();
  /// Asks the running program to stop before its next op.
  void pause();
  /// Ends the run (before its next op) and waits for it; `exited` follows.
  void terminate();
  bool paused() const;
  /// Whether the run has ended (`exited` was sent).
  bool finished() const;
  /// Why the run is paused now; nullopt when it is not.
  std::optional<StopInfo> lastStop() const;

  std::vector<ThreadEntry> threads() const;

  // Inspection of the paused run (SessionError when it is not paused).
  /// The paused thread's stack (threadId 0: whichever is paused); empty
  /// for the other threads, which wait outside any op.
  std::vector<StackEntry> stackTrace(int threadId = 0);
  std::vector<ScopeEntry> scopes(int frameId);
  /// Children of a reference from scopes(), variables() or evaluate();
  /// `start`/`count` page through a tensor's first dimension (count 0: all).
  std::vector<VariableEntry> variables(int reference, int64_t start = 0, int64_t count = 0);
  /// An expression (Expression.h) in frame `frameId` (0: the innermost).
  EvaluateResult evaluate(const std::string &expression, int frameId = 0);
  /// The names of the values in scope of the innermost frame (completion).
  std::vector<std::string> namesInScope();

 private:
  class Observer;
  class Reporter;
  struct LineBreakpoint {
    int id = 0;
    LineBreakpointSpec spec;
    int64_t hits = 0;
  };
  /// One op of the history: where it ran, and its operands and results.
  struct HistoryEntry {
    int threadId = 1;
    interpreter::FrameStack frames;  // envs cleared
    std::vector<interpreter::Value> operands, results;
    int64_t bytes = 0;
  };
  /// A loaded program: what load() checks before it changes anything.
  struct Program {
    LaunchSettings settings;
    std::unique_ptr<syntax::SourceFile> source;
    std::map<int, int> opLines;
    std::vector<std::string> functionNames;
    std::shared_ptr<const analysis::Analysis> analysis;
  };
  static Program loadProgram(LaunchSettings settings);
  void install(Program program);
  /// Places one line breakpoint (mutex_ held).
  BreakpointResult placeLineBreakpoint(int id, const LineBreakpointSpec &spec);
  /// A variables reference: a scope, or a value (a tensor from `prefix`
  /// on, or a tuple) to expand.
  struct Reference {
    enum class Kind { Locals, OpValues, Value, Expression } kind = Kind::Locals;
    size_t frameIndex = 0;  // Into the frames shown, for scopes
    interpreter::Value value;
    ExpressionValue expression;  // An evaluate result that is no value in scope
    std::vector<int64_t> prefix;
    std::string name;
  };

  // Called on the run's thread.
  interpreter::ObserverCommand beforeOp(const interpreter::FrameStack &frames, int threadId);
  interpreter::ObserverCommand afterOp(const interpreter::FrameStack &frames, int threadId);
  void enterCall(const interpreter::FrameStack &frames);
  /// A process of a grid starts (run_parallel, collectives): a thread of its own.
  interpreter::Observer *addProcess(const interpreter::ProcessContext &process);
  void threadEnded(int threadId);
  /// Blocks until resumed; Stop when terminated. `after`: the top op has
  /// run (its results are in scope).
  interpreter::ObserverCommand stopHere(const interpreter::FrameStack &frames, StopInfo info, bool after = false);
  void run();

  // Helpers of the inspection side (mutex_ held).
  const interpreter::FrameStack &shownFrames() const;
  std::vector<size_t> opFrameIndexes() const;
  size_t frameIndexOf(int frameId) const;
  int addReference(Reference reference);
  VariableEntry describeValue(const std::string &name, const interpreter::Value &value);
  int lineOf(uint32_t offset) const;
  const interpreter::Value *lookup(size_t frameIndex, const std::string &name) const;
  void requirePaused() const;
  bool evaluateCondition(const std::string &condition, const interpreter::FrameStack &frames, std::string &error);
  static bool hitConditionHolds(const std::string &condition, int64_t hits);
  std::string interpolate(const std::string &message, const interpreter::FrameStack &frames);

  SessionEvents &events_;
  LaunchSettings settings_;
  std::unique_ptr<syntax::SourceFile> source_;
  /// The analysis of source_, made by load() and reused by the run.
  std::shared_ptr<const analysis::Analysis> analysis_;
  std::unique_ptr<interpreter::Observer> observer_;
  std::vector<std::unique_ptr<interpreter::Observer>> processObservers_;
  std::vector<ThreadEntry> threads_;
  int nextThreadId_ = 2;
  int pausedThread_ = 1, stepThread_ = 1;
  /// Line -> column (from 1) of the first op starting on each line.
  std::map<int, int> opLines_;
  std::vector<std::string> functionNames_;

  mutable std::mutex mutex_;
  std::condition_variable resumed_;
  // Breakpoints (read by the run's thread under mutex_).
  std::map<int, std::vector<LineBreakpoint>> lineBreakpoints_;  // by the line of the op they stop at
  /// As asked for, with their ids: placed again on restart.
  std::vector<std::pair<int, LineBreakpointSpec>> lineSpecs_;
  std::vector<std::string> functionBreakpoints_;
  ExceptionFilters filters_;
  bool pendingFunctionBreak_ = false;
  bool entryStopped_ = false;
  int nextBreakpointId_ = 1;
  // Run control.
  Step step_ = Step::Continue;
  size_t stepDepth_ = 0;
  bool stepping_ = false;  // a step was asked: the next matching op stops
  bool pauseRequested_ = false;
  bool terminateRequested_ = false;
  bool paused_ = false;
  bool afterStop_ = false;
  bool finished_ = false;
  /// The run ends for a restart: no `exited` for it.
  bool restarting_ = false;
  StopInfo lastStop_;
  bool resumeRequested_ = false;
  const interpreter::FrameStack *live_ = nullptr;
  interpreter::FrameStack errorFrames_;
  // The history and the view into it: history_.size() when at the run.
  std::deque<HistoryEntry> history_;
  int64_t historyBytes_ = 0;
  size_t cursor_ = 0;
  // Inspection state, reset at every stop.
  std::vector<Reference> references_;
  std::thread runner_;
};

}  // namespace shlo::dap
