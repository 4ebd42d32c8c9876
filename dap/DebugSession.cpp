#include "dap/DebugSession.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <streambuf>
#include <unordered_map>

#include "interpreter/session/ChunkSelection.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Printing.h"
#include "interpreter/session/RunSession.h"
#include "semantic/analysis/Analysis.h"

namespace shlo::dap {

using interpreter::Frame;
using interpreter::FrameStack;
using interpreter::ObserverCommand;
using interpreter::Value;

const char *stopReasonName(StopReason reason) {
  switch (reason) {
    case StopReason::Entry: return "entry";
    case StopReason::Breakpoint: return "breakpoint";
    case StopReason::FunctionBreakpoint: return "function breakpoint";
    case StopReason::Step: return "step";
    case StopReason::Pause: return "pause";
    case StopReason::Exception: return "exception";
  }
  return "step";
}

namespace {

/// Tensors of at most this many elements show their elements as their value.
constexpr int64_t kShownElements = 32;

/// Lines written to it become output events (interpreter.print's stream).
class EventStreamBuffer : public std::streambuf {
 public:
  explicit EventStreamBuffer(SessionEvents &events) : events_(events) {}
  ~EventStreamBuffer() override { flushLine(); }

 protected:
  int overflow(int c) override {
    if (c == traits_type::eof()) return 0;
    line_ += static_cast<char>(c);
    if (c == '\n') flushLine();
    return c;
  }
  std::streamsize xsputn(const char *s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; ++i) overflow(static_cast<unsigned char>(s[i]));
    return n;
  }
  int sync() override {
    flushLine();
    return 0;
  }

 private:
  void flushLine() {
    if (line_.empty()) return;
    events_.output("stdout", line_);
    line_.clear();
  }
  SessionEvents &events_;
  std::string line_;
};

/// Whether a tensor holds a NaN and whether it holds an infinity.
struct NonFinite {
  bool nan = false, inf = false;
};
NonFinite nonFiniteOf(const Value &value) {
  NonFinite out;
  if (value.kind == Value::Kind::Tuple) {
    for (const Value &e : value.elements) {
      NonFinite inner = nonFiniteOf(e);
      out.nan |= inner.nan, out.inf |= inner.inf;
    }
    return out;
  }
  if (value.kind != Value::Kind::Tensor || value.tensor.isQuantized()) return out;
  const interpreter::Tensor &t = value.tensor;
  interpreter::dispatch(t.kind(), [&](auto zero) {
    using T = decltype(zero);
    if constexpr (interpreter::kIsFloat<T> || interpreter::kIsComplex<T>) {
      const T *data = t.data<T>();
      for (int64_t i = 0; i < t.numElements(); ++i) {
        if constexpr (interpreter::kIsComplex<T>) {
          out.nan |= std::isnan(data[i].real()) || std::isnan(data[i].imag());
          out.inf |= std::isinf(data[i].real()) || std::isinf(data[i].imag());
        } else {
          if (!std::isfinite(data[i])) {
            if (std::isnan(data[i])) out.nan = true;
            else out.inf = true;
          }
        }
      }
    }
  });
  return out;
}

int64_t bytesOf(const Value &value) {
  if (value.kind == Value::Kind::Tuple) {
    int64_t total = 0;
    for (const Value &e : value.elements) total += bytesOf(e);
    return total;
  }
  if (value.kind != Value::Kind::Tensor) return 0;
  return value.tensor.numElements() * static_cast<int64_t>(interpreter::storageSize(value.tensor.kind()));
}

/// A value as a variable shows it: its elements when few, else a summary
/// (shape, min, max, mean, NaN and infinity counts).
std::string summaryOf(const Value &value) {
  if (value.kind != Value::Kind::Tensor) return value.str();
  if (value.tensor.numElements() <= kShownElements && !value.tensor.isQuantized()) {
    return evaluateExpression("%v", [&](const std::string &) { return &value; }).str(kShownElements);
  }
  return interpreter::summarizeTensor(value.tensor);
}

std::string functionListOf(const ir::Module &module) {
  std::string out;
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    if (op->name != "func.func") return;
    const ir::Attribute *name = op->attribute("sym_name");
    if (!name) return;
    out += (out.empty() ? "@" : ", @") + name->text;
  });
  return out.empty() ? "none" : out;
}

/// The values an op reads and produces, from an env (absent ones left out).
void valuesOf(const ir::Operation &op, const interpreter::Env &env, std::vector<Value> &operands,
              std::vector<Value> &results) {
  for (const ir::Value *v : op.operands) {
    auto it = env.find(v);
    operands.push_back(it == env.end() ? Value::token() : it->second);
  }
  for (const ir::Value *v : op.results) {
    auto it = env.find(v);
    if (it != env.end()) results.push_back(it->second);
  }
}

/// The values in scope at a frame's op, as (IR value, value): what
/// dominates the op. The env also holds the values of sibling regions (a
/// while's cond seen from its body) and, kept for inspection, those of the
/// previous iteration further down the block; neither is in scope.
/// `ownResults`: the op has run (a stop after it), its results are in scope.
std::vector<std::pair<const ir::Value *, const Value *>> visibleValues(const Frame &f, bool ownResults) {
  std::vector<std::pair<const ir::Value *, const Value *>> values;
  if (!f.env || !f.op) return values;
  std::unordered_map<const ir::Block *, size_t> position;  // of the op or its ancestor in each block
  for (const ir::Operation *op = f.op; op && op->parentBlock; op = op->parentOp()) {
    const std::vector<ir::Operation *> &ops = op->parentBlock->operations;
    position[op->parentBlock] = static_cast<size_t>(std::find(ops.begin(), ops.end(), op) - ops.begin());
  }
  auto visible = [&](const ir::Value *v) {
    if (v->isBlockArgument()) return position.count(v->ownerBlock) > 0;
    if (!v->definingOp || !v->definingOp->parentBlock) return false;
    auto at = position.find(v->definingOp->parentBlock);
    if (at == position.end()) return false;
    const std::vector<ir::Operation *> &ops = v->definingOp->parentBlock->operations;
    if (ownResults && v->definingOp == f.op) return true;
    return static_cast<size_t>(std::find(ops.begin(), ops.end(), v->definingOp) - ops.begin()) < at->second;
  };
  for (const auto &[irValue, held] : *f.env) {
    if (irValue && visible(irValue)) values.emplace_back(irValue, &held);
  }
  return values;
}

/// The value named `name` in scope at a frame's op, or null.
const Value *findVisible(const Frame &f, const std::string &name, bool ownResults) {
  if (!f.env) return nullptr;
  // Most names are unique in a function: the env's own lookup first.
  const Value *any = f.find(name);
  if (!any) return nullptr;
  for (const auto &[irValue, held] : visibleValues(f, ownResults)) {
    if (irValue->name == name) return held;
  }
  return nullptr;
}

}  // namespace

/// Forwards the evaluator's calls to the session, for one thread (the run's,
/// or a process's of a grid).
class DebugSession::Observer : public interpreter::Observer {
 public:
  Observer(DebugSession &session, int threadId) : session_(session), threadId_(threadId) {}
  ObserverCommand beforeOp(const FrameStack &frames) override { return session_.beforeOp(frames, threadId_); }
  ObserverCommand afterOp(const FrameStack &frames) override { return session_.afterOp(frames, threadId_); }
  ObserverCommand enterCall(const FrameStack &frames) override {
    session_.enterCall(frames);
    return ObserverCommand::Continue;
  }
  ObserverCommand exitCall(const FrameStack &frames, const std::vector<Value> &) override {
    // A process's outermost call returning: its thread ends.
    if (frames.size() == 1 && threadId_ != 1) session_.threadEnded(threadId_);
    return ObserverCommand::Continue;
  }
  interpreter::Observer *processObserver(const interpreter::ProcessContext &process) override {
    return session_.addProcess(process);
  }

 private:
  DebugSession &session_;
  int threadId_;
};

/// Turns what the run session reports into output events, and stops at a
/// runtime error when the `error` filter is on.
class DebugSession::Reporter : public interpreter::RunReporter {
 public:
  explicit Reporter(DebugSession &session) : session_(session) {}
  int exitCode = 0;

  void chunkRejected(const std::vector<Diagnostic> &errors) override {
    for (const Diagnostic &d : errors) session_.events_.output("stderr", where(d.range.begin) + "error: " + d.message + "\n");
    exitCode = 1;
  }
  void inputsRejected(const std::string &function, const Diagnostic &error) override {
    session_.events_.output("stderr", where(error.range.begin) + "error: " + error.message + "\n");
    session_.events_.output("stdout", "FAIL @" + function + " (inputs)\n");
    exitCode = 1;
  }
  void argumentsFilled(const std::string &function, size_t filled, size_t arity) override {
    session_.events_.output("console", "@" + function + ": " + std::to_string(filled) + " of " +
                                           std::to_string(arity) + " argument(s) not given; filled (elided)\n");
  }
  void constantsFilled(size_t count) override {
    session_.events_.output("console", std::to_string(count) +
                                           " elided constant(s) (dense_resource<__elided__>) filled (elided)\n");
  }
  void functionRan(const std::string &function, const interpreter::FunctionOutcome &outcome,
                   const std::optional<Diagnostic> &failure) override {
    {
      std::lock_guard<std::mutex> lock(session_.mutex_);
      if (session_.terminateRequested_) {
        exitCode = 1;
        return;
      }
    }
    if (failure) {
      exitCode = 1;
      std::string text = where(failure->range.begin) + "error: " + failure->message + "\n";
      using Status = interpreter::FunctionOutcome::Status;
      bool stop = false;
      {
        std::lock_guard<std::mutex> lock(session_.mutex_);
        stop = outcome.status == Status::CheckFailed    ? session_.filters_.check
               : outcome.status == Status::RuntimeError ? session_.filters_.error
                                                        : false;
      }
      if (stop && !outcome.frames.empty()) {
        // The envs are gone with the unwinding: the stack shows where, the
        // message what; values are not shown.
        std::unique_lock<std::mutex> lock(session_.mutex_);
        session_.errorFrames_ = outcome.frames;
        StopInfo info;
        info.reason = StopReason::Exception;
        info.description = std::string(interpreter::statusName(outcome.status)) + " in " +
                           (outcome.opName.empty() ? "@" + function : outcome.opName);
        info.text = failure->message;
        info.exceptionId = outcome.status == Status::CheckFailed ? "check" : "error";
        lock.unlock();
        session_.stopHere(session_.errorFrames_, info);
      }
      session_.events_.output("stderr", text);
      session_.events_.output("stdout", "FAIL @" + function + " (" + interpreter::statusName(outcome.status) + ")\n");
      return;
    }
    std::string text = "PASS @" + function + " (" + std::to_string(outcome.checks) + " check" +
                       (outcome.checks == 1 ? "" : "s") + ")\n";
    for (size_t i = 0; i < outcome.results.size(); ++i) {
      const Value &v = outcome.results[i];
      text += "  result #" + std::to_string(i) + ": ";
      if (v.kind == Value::Kind::Tensor) {
        text += interpreter::summarizeTensor(v.tensor) + "\n";
      } else {
        text += v.str() + "\n";
      }
    }
    session_.events_.output("stdout", text);
  }

 private:
  std::string where(uint32_t offset) const {
    const syntax::SourceFile &file = *session_.source_;
    syntax::Position p = file.position(offset, syntax::PositionEncoding::UTF8);
    return file.path() + ":" + std::to_string(p.line + 1) + ":" + std::to_string(p.character + 1) + ": ";
  }
  DebugSession &session_;
};

DebugSession::DebugSession(SessionEvents &events)
    : events_(events), observer_(std::make_unique<Observer>(*this, 1)) {
  threads_.push_back(ThreadEntry{1, "main"});
}

interpreter::Observer *DebugSession::addProcess(const interpreter::ProcessContext &process) {
  std::lock_guard<std::mutex> lock(mutex_);
  int id = nextThreadId_++;
  processObservers_.push_back(std::make_unique<Observer>(*this, id));
  threads_.push_back(ThreadEntry{id, "process " + (process.grid ? process.grid->processName(process.id()) : "?")});
  return processObservers_.back().get();
}

void DebugSession::threadEnded(int threadId) {
  std::lock_guard<std::mutex> lock(mutex_);
  threads_.erase(std::remove_if(threads_.begin(), threads_.end(), [&](const ThreadEntry &t) { return t.id == threadId; }),
                 threads_.end());
}

DebugSession::~DebugSession() { terminate(); }

void DebugSession::load(LaunchSettings settings) { install(loadProgram(std::move(settings))); }

DebugSession::Program DebugSession::loadProgram(LaunchSettings settings) {
  std::string text, error;
  if (!syntax::readFile(settings.programPath, text, error)) throw SessionError(settings.programPath + ": " + error);
  if (settings.chunk > 0) {
    // The other chunks blanked out: lines and breakpoints stay the file's.
    std::optional<std::string> chunk = interpreter::onlyChunk(text, settings.chunk);
    if (!chunk) {
      size_t count = interpreter::chunkCount(text);
      throw SessionError("chunk " + std::to_string(settings.chunk) + ": " + settings.programPath + " has " +
                         std::to_string(count) + " `// -----` chunk" + (count == 1 ? "" : "s"));
    }
    text = std::move(*chunk);
  }
  auto source = std::make_unique<syntax::SourceFile>(settings.programPath, std::move(text));
  syntax::Parser parser;
  // Kept for the run: analysing the program again would cost as much again.
  auto analysed = std::make_shared<analysis::Analysis>(analysis::analyze(parser, source->text()));
  const analysis::Analysis &analysis = *analysed;
  std::string errors;
  int count = 0;
  for (const Diagnostic &d : analysis.diagnostics) {
    if (d.severity != Severity::Error) continue;
    if (++count > 5) continue;
    syntax::Position p = source->position(d.range.begin, syntax::PositionEncoding::UTF8);
    errors += "\n" + settings.programPath + ":" + std::to_string(p.line + 1) + ":" + std::to_string(p.character + 1) +
              ": error: " + d.message;
  }
  if (count > 0) {
    throw SessionError(settings.programPath + " has " + std::to_string(count) + " error" + (count == 1 ? "" : "s") +
                       " and is not run:" + errors);
  }
  const ir::Module &module = *analysis.lowered.module;
  std::vector<std::string> entries;
  if (!settings.entry.empty()) {
    if (settings.entry[0] == '@') settings.entry.erase(0, 1);
    if (!interpreter::findFunction(module, settings.entry)) {
      throw SessionError("no function named @" + settings.entry + " in " + settings.programPath +
                         "; its functions: " + functionListOf(module));
    }
    entries = {settings.entry};
  } else {
    entries = interpreter::defaultEntryFunctions(module);
    if (entries.empty()) {
      throw SessionError("nothing to run in " + settings.programPath +
                         ": no @main and no function without arguments; choose one with `entry` (functions: " +
                         functionListOf(module) + ")");
    }
  }
  for (const std::string &name : entries) {
    const ir::Operation *fn = interpreter::findFunction(module, name);
    size_t arity =
        !fn->regions.empty() && !fn->regions[0]->blocks.empty() ? fn->regions[0]->blocks[0]->arguments.size() : 0;
    if (arity == 0 && !settings.inputs.any()) continue;
    // Arguments left to --elided alone cannot fail to bind; making them
    // here would double the cost of a model's weights.
    if (!settings.inputs.any() && settings.inputs.elided.mode != interpreter::ElidedFill::Mode::Error) continue;
    try {
      interpreter::bindArguments(*fn, settings.inputs);
    } catch (const interpreter::InputError &e) {
      throw SessionError("the inputs of @" + name + " (" + interpreter::describeArguments(*fn) + "): " + e.what());
    }
  }
  // Lines where an op starts, for placing breakpoints.
  Program program;
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    if (op->name == "func.func") {
      if (const ir::Attribute *name = op->attribute("sym_name")) program.functionNames.push_back(name->text);
      return;
    }
    if (op->name == "builtin.module" || op->name == "module") return;
    if (op->parentBlock && op->parentBlock->parent && op->parentBlock->parent->implicit) return;
    syntax::Position p = source->position(op->range.begin, syntax::PositionEncoding::UTF16);
    program.opLines.emplace(static_cast<int>(p.line) + 1, static_cast<int>(p.character) + 1);
  });
  program.settings = std::move(settings);
  program.source = std::move(source);
  program.analysis = std::move(analysed);
  return program;
}

void DebugSession::install(Program program) {
  std::lock_guard<std::mutex> lock(mutex_);
  settings_ = std::move(program.settings);
  source_ = std::move(program.source);
  opLines_ = std::move(program.opLines);
  functionNames_ = std::move(program.functionNames);
  analysis_ = std::move(program.analysis);
}

void DebugSession::restart(std::optional<LaunchSettings> settings) {
  LaunchSettings next;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!source_) throw SessionError("no program is loaded");
    next = settings ? std::move(*settings) : settings_;
  }
  // Read and checked before the run is touched: a program that no longer
  // loads leaves the session as it was.
  Program program = loadProgram(std::move(next));
  {
    std::lock_guard<std::mutex> lock(mutex_);
    restarting_ = true;
    terminateRequested_ = true;
    resumed_.notify_all();
  }
  if (runner_.joinable()) runner_.join();
  install(std::move(program));
  std::lock_guard<std::mutex> lock(mutex_);
  restarting_ = false;
  terminateRequested_ = false;
  finished_ = false;
  paused_ = false;
  pauseRequested_ = false;
  resumeRequested_ = false;
  stepping_ = false;
  entryStopped_ = false;
  pendingFunctionBreak_ = false;
  afterStop_ = false;
  live_ = nullptr;
  errorFrames_.clear();
  history_.clear();
  historyBytes_ = 0;
  cursor_ = 0;
  references_.clear();
  threads_ = {ThreadEntry{1, "main"}};
  processObservers_.clear();
  nextThreadId_ = 2;
  pausedThread_ = stepThread_ = 1;
  // The same breakpoints on the program as it reads now.
  lineBreakpoints_.clear();
  for (const auto &[id, spec] : lineSpecs_) placeLineBreakpoint(id, spec);
  std::vector<std::string> kept;
  for (const std::string &name : functionBreakpoints_) {
    if (std::find(functionNames_.begin(), functionNames_.end(), name) != functionNames_.end()) kept.push_back(name);
  }
  functionBreakpoints_ = std::move(kept);
}

const syntax::SourceFile &DebugSession::source() const {
  if (!source_) throw SessionError("no program is loaded");
  return *source_;
}

std::vector<BreakpointResult> DebugSession::setLineBreakpoints(const std::vector<LineBreakpointSpec> &specs) {
  std::lock_guard<std::mutex> lock(mutex_);
  lineBreakpoints_.clear();
  lineSpecs_.clear();
  std::vector<BreakpointResult> out;
  for (const LineBreakpointSpec &spec : specs) {
    int id = nextBreakpointId_++;
    lineSpecs_.emplace_back(id, spec);
    out.push_back(placeLineBreakpoint(id, spec));
  }
  return out;
}

BreakpointResult DebugSession::placeLineBreakpoint(int id, const LineBreakpointSpec &spec) {
  BreakpointResult result;
  result.id = id;
  result.line = spec.line;
  auto at = opLines_.lower_bound(spec.line);
  if (!source_) {
    result.message = "no program is loaded yet";
  } else if (at == opLines_.end()) {
    result.message = "no op on line " + std::to_string(spec.line) + " or after it";
  } else {
    std::string error;
    if (!spec.condition.empty()) {
      // Only the syntax can be checked before the run: names are resolved then.
      try {
        evaluateExpression(spec.condition, nullptr);
      } catch (const ExpressionError &e) {
        std::string what = e.what();
        if (what.find("is not in scope") == std::string::npos) error = "condition: " + what;
      }
    }
    if (error.empty()) {
      result.verified = true;
      result.line = at->first;
      result.column = at->second;
      lineBreakpoints_[at->first].push_back(LineBreakpoint{result.id, spec, 0});
    } else {
      result.message = error;
    }
  }
  return result;
}

std::vector<BreakpointResult> DebugSession::setFunctionBreakpoints(const std::vector<std::string> &names) {
  std::lock_guard<std::mutex> lock(mutex_);
  functionBreakpoints_.clear();
  std::vector<BreakpointResult> out;
  for (std::string name : names) {
    if (!name.empty() && name[0] == '@') name.erase(0, 1);
    BreakpointResult result;
    result.id = nextBreakpointId_++;
    if (std::find(functionNames_.begin(), functionNames_.end(), name) != functionNames_.end()) {
      result.verified = true;
      functionBreakpoints_.push_back(name);
    } else {
      result.message = "no function named @" + name;
    }
    out.push_back(result);
  }
  return out;
}

void DebugSession::setExceptionFilters(const ExceptionFilters &filters) {
  std::lock_guard<std::mutex> lock(mutex_);
  filters_ = filters;
}

void DebugSession::start() {
  if (!source_) throw SessionError("no program is loaded");
  if (runner_.joinable()) return;
  runner_ = std::thread([this] { run(); });
}

void DebugSession::run() {
  EventStreamBuffer buffer(events_);
  std::ostream printed(&buffer);
  interpreter::RunSettings settings;
  settings.entry = settings_.entry;
  settings.inputs = settings_.inputs;
  settings.analysis = analysis_;
  {
    // Every value in scope stays readable when the run is set to stop (a
    // breakpoint, stop on entry). Otherwise memory follows the live set as
    // under `shlo run` (kept values cost page faults: 1.5x on ResNet-50),
    // and a later stop shows the values still live there, besides the op's
    // operands and results, which an exception stop always has.
    std::lock_guard<std::mutex> lock(mutex_);
    bool willStop = settings_.stopOnEntry || !lineBreakpoints_.empty() || !functionBreakpoints_.empty();
    settings.options.retention =
        willStop ? interpreter::ValueRetention::KeepUntilReturn : interpreter::ValueRetention::FreeAfterLastUse;
  }
  settings.options.printOutput = &printed;
  settings.options.probes = std::make_shared<interpreter::ProbeLog>();
  settings.observer = observer_.get();
  Reporter reporter(*this);
  try {
    interpreter::runProgram(source_->text(), settings, reporter);
  } catch (const std::exception &e) {
    events_.output("stderr", settings_.programPath + ": error: " + e.what() + "\n");
    reporter.exitCode = 1;
  }
  printed.flush();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    finished_ = true;
    if (restarting_) return;  // The session goes on with a new run.
  }
  events_.exited(reporter.exitCode);
}

int DebugSession::lineOf(uint32_t offset) const {
  return static_cast<int>(source_->position(offset, syntax::PositionEncoding::UTF16).line) + 1;
}

void DebugSession::enterCall(const FrameStack &frames) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (functionBreakpoints_.empty()) return;
  std::string name = frames.back().functionName();
  if (std::find(functionBreakpoints_.begin(), functionBreakpoints_.end(), name) != functionBreakpoints_.end()) {
    pendingFunctionBreak_ = true;
  }
}

ObserverCommand DebugSession::beforeOp(const FrameStack &frames, int threadId) {
  std::unique_lock<std::mutex> lock(mutex_);
  // While one thread is paused, the others wait: all threads stop together.
  if (paused_) resumed_.wait(lock, [&] { return !paused_ || terminateRequested_; });
  if (terminateRequested_) return ObserverCommand::Stop;
  const ir::Operation *op = frames.back().op;
  const size_t depth = frames.size();
  std::optional<StopInfo> stop;
  auto stopFor = [&](StopReason reason, std::string description) {
    if (stop) return;
    stop = StopInfo{};
    stop->threadId = threadId;
    stop->reason = reason;
    stop->description = std::move(description);
  };
  if (pauseRequested_) {
    pauseRequested_ = false;
    stopFor(StopReason::Pause, "paused");
  }
  if (settings_.stopOnEntry && !entryStopped_) stopFor(StopReason::Entry, "entry");
  entryStopped_ = true;
  if (stepping_ && threadId == stepThread_ && (step_ == Step::In || (step_ == Step::Over && depth <= stepDepth_) ||
                    (step_ == Step::Out && depth + 2 <= stepDepth_))) {
    stopFor(StopReason::Step, "step");
  }
  if (pendingFunctionBreak_) {
    pendingFunctionBreak_ = false;
    stopFor(StopReason::FunctionBreakpoint, "function breakpoint at @" + [&] {
      for (size_t i = frames.size(); i-- > 0;) {
        if (frames[i].kind == Frame::Kind::Function) return frames[i].functionName();
      }
      return std::string();
    }());
  }
  // Ops of implicit regions (`applies stablehlo.add`) share their owner's line.
  bool implicit = op && op->parentBlock && op->parentBlock->parent && op->parentBlock->parent->implicit;
  if (!lineBreakpoints_.empty() && op && !implicit) {
    auto at = lineBreakpoints_.find(lineOf(op->range.begin));
    if (at != lineBreakpoints_.end()) {
      for (LineBreakpoint &bp : at->second) {
        if (!bp.spec.condition.empty()) {
          std::string error;
          bool holds = evaluateCondition(bp.spec.condition, frames, error);
          if (!error.empty()) {
            lock.unlock();
            events_.output("console", "breakpoint condition `" + bp.spec.condition + "` at line " +
                                          std::to_string(at->first) + ": " + error + "\n");
            lock.lock();
          }
          if (!holds) continue;
        }
        ++bp.hits;
        if (!bp.spec.hitCondition.empty() && !hitConditionHolds(bp.spec.hitCondition, bp.hits)) continue;
        if (!bp.spec.logMessage.empty()) {
          std::string message = interpolate(bp.spec.logMessage, frames);
          lock.unlock();
          events_.output("console", message + "\n");
          lock.lock();
          continue;
        }
        stopFor(StopReason::Breakpoint, "breakpoint at line " + std::to_string(at->first));
        if (stop->reason == StopReason::Breakpoint) stop->breakpointIds.push_back(bp.id);
      }
    }
  }
  if (!stop) return ObserverCommand::Continue;
  lock.unlock();
  return stopHere(frames, *stop);
}

ObserverCommand DebugSession::afterOp(const FrameStack &frames, int threadId) {
  const Frame &top = frames.back();
  if (!top.op || !top.env) return ObserverCommand::Continue;
  HistoryEntry entry;
  entry.threadId = threadId;
  valuesOf(*top.op, *top.env, entry.operands, entry.results);
  std::unique_lock<std::mutex> lock(mutex_);
  if (paused_) resumed_.wait(lock, [&] { return !paused_ || terminateRequested_; });
  if (terminateRequested_) return ObserverCommand::Stop;
  const bool checkNan = filters_.nan, checkInf = filters_.infinity;
  entry.frames = frames;
  for (Frame &f : entry.frames) f.env = nullptr;
  for (const Value &v : entry.operands) entry.bytes += bytesOf(v);
  for (const Value &v : entry.results) entry.bytes += bytesOf(v);
  historyBytes_ += entry.bytes;
  history_.push_back(std::move(entry));
  // Bounded in ops and in bytes: on a large model the history would
  // otherwise keep activations alive that the run frees.
  while (history_.size() > kHistory || (history_.size() > 2 && historyBytes_ > kHistoryBytes)) {
    historyBytes_ -= history_.front().bytes;
    history_.pop_front();
  }
  // A probe's value is shown as it passes (the output of a probe is its
  // operand, so results.front() is what it wrote).
  if (top.op->name == "interpreter.probe" && !history_.back().results.empty()) {
    const ir::Attribute *id = top.op->attribute("probe_id");
    Value probed = history_.back().results.front();
    lock.unlock();
    events_.output("console", "probe \"" + (id ? id->text : std::string("?")) + "\" at line " +
                                  std::to_string(lineOf(top.op->range.begin)) + ": " + summaryOf(probed) + "\n");
    lock.lock();
  }
  // A constant's NaN or infinity is written in the program (a max's -inf
  // init), not produced: only ops that read operands are checked.
  if ((!checkNan && !checkInf) || top.op->operands.empty()) return ObserverCommand::Continue;
  // Scanned outside the lock: the values are shared, never changed.
  std::vector<Value> results = history_.back().results, operands = history_.back().operands;
  lock.unlock();
  NonFinite produced;
  for (const Value &r : results) {
    NonFinite f = nonFiniteOf(r);
    produced.nan |= f.nan, produced.inf |= f.inf;
  }
  if (!produced.nan && !produced.inf) return ObserverCommand::Continue;
  NonFinite given;
  for (const Value &o : operands) {
    NonFinite f = nonFiniteOf(o);
    given.nan |= f.nan, given.inf |= f.inf;
  }
  bool newNan = checkNan && produced.nan && !given.nan, newInf = checkInf && produced.inf && !given.inf;
  if (!newNan && !newInf) return ObserverCommand::Continue;
  StopInfo info;
  info.threadId = threadId;
  info.reason = StopReason::Exception;
  info.exceptionId = newNan ? "nan" : "infinity";
  std::string what = newNan ? "NaN" : "infinity";
  info.description = what + " produced by " + top.op->name;
  info.text = top.op->name + " at line " + std::to_string(lineOf(top.op->range.begin)) + " produced " +
              (newNan ? "a NaN" : "an infinity") + " from operands without one";
  return stopHere(frames, info, true);
}

ObserverCommand DebugSession::stopHere(const FrameStack &frames, StopInfo info, bool after) {
  std::unique_lock<std::mutex> lock(mutex_);
  // Another thread may have stopped since this one decided to.
  resumed_.wait(lock, [&] { return !paused_ || terminateRequested_; });
  if (terminateRequested_) return ObserverCommand::Stop;
  live_ = &frames;
  pausedThread_ = info.threadId;
  afterStop_ = after;
  paused_ = true;
  resumeRequested_ = false;
  stepping_ = false;
  cursor_ = history_.size();
  references_.clear();
  lastStop_ = info;
  lock.unlock();
  events_.stopped(info);
  lock.lock();
  resumed_.wait(lock, [&] { return resumeRequested_ || terminateRequested_; });
  paused_ = false;
  live_ = nullptr;
  references_.clear();
  resumed_.notify_all();  // The threads waiting for this pause to end.
  return terminateRequested_ ? ObserverCommand::Stop : ObserverCommand::Continue;
}

std::optional<StopInfo> DebugSession::resume(Step step) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!paused_) return std::nullopt;
  if (cursor_ < history_.size() && step != Step::Continue) {
    ++cursor_;
    references_.clear();
    StopInfo info;
    info.reason = StopReason::Step;
    info.description = cursor_ < history_.size() ? "step (history)" : "step";
    return info;
  }
  step_ = step;
  stepThread_ = pausedThread_;
  stepping_ = step != Step::Continue;
  stepDepth_ = live_ ? live_->size() : 0;
  resumeRequested_ = true;
  resumed_.notify_all();
  return std::nullopt;
}

StopInfo DebugSession::stepBack() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!paused_) throw SessionError("the program is not paused");
  if (cursor_ == 0) {
    throw SessionError("no earlier op in the history (it keeps the last " + std::to_string(kHistory) + " ops)");
  }
  --cursor_;
  references_.clear();
  StopInfo info;
  info.reason = StopReason::Step;
  info.description = "step back";
  return info;
}

void DebugSession::pause() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!paused_) pauseRequested_ = true;
}

void DebugSession::terminate() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    terminateRequested_ = true;
    resumed_.notify_all();
  }
  if (runner_.joinable() && runner_.get_id() != std::this_thread::get_id()) runner_.join();
}

bool DebugSession::paused() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return paused_;
}

bool DebugSession::finished() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return finished_;
}

std::optional<StopInfo> DebugSession::lastStop() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!paused_) return std::nullopt;
  return lastStop_;
}

std::vector<ThreadEntry> DebugSession::threads() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return threads_;
}

void DebugSession::requirePaused() const {
  if (!paused_) throw SessionError("the program is not paused");
}

const FrameStack &DebugSession::shownFrames() const {
  return cursor_ < history_.size() ? history_[cursor_].frames : *live_;
}

size_t DebugSession::frameIndexOf(int frameId) const {
  const FrameStack &frames = shownFrames();
  if (frameId == 0) {
    for (size_t i = frames.size(); i-- > 0;) {
      if (frames[i].kind == Frame::Kind::Op) return i;
    }
    throw SessionError("no frame");
  }
  size_t index = static_cast<size_t>(frameId - 1);
  if (frameId < 0 || index >= frames.size() || frames[index].kind != Frame::Kind::Op) {
    throw SessionError("no frame " + std::to_string(frameId));
  }
  return index;
}

std::vector<StackEntry> DebugSession::stackTrace(int threadId) {
  std::lock_guard<std::mutex> lock(mutex_);
  requirePaused();
  std::vector<StackEntry> out;
  // The other threads wait outside any op the user can inspect.
  if (threadId != 0 && threadId != pausedThread_) return out;
  const FrameStack &frames = shownFrames();
  for (size_t i = frames.size(); i-- > 0;) {
    const Frame &f = frames[i];
    if (f.kind != Frame::Kind::Op || !f.op) continue;
    StackEntry entry;
    entry.id = static_cast<int>(i) + 1;
    entry.name = f.op->name;
    if (i > 0) entry.name += " in " + frames[i - 1].describe();
    if (cursor_ < history_.size() && i + 1 == frames.size()) entry.name += " [history]";
    syntax::Position begin = source_->position(f.op->range.begin, syntax::PositionEncoding::UTF16);
    // The op's first line only: a while's range spans its regions.
    uint32_t firstLineEnd = f.op->range.end;
    std::string_view text = source_->text();
    size_t newline = text.find('\n', f.op->range.begin);
    if (newline != std::string_view::npos && newline < firstLineEnd) firstLineEnd = static_cast<uint32_t>(newline);
    syntax::Position end = source_->position(firstLineEnd, syntax::PositionEncoding::UTF16);
    entry.line = static_cast<int>(begin.line) + 1;
    entry.column = static_cast<int>(begin.character) + 1;
    entry.endLine = static_cast<int>(end.line) + 1;
    entry.endColumn = static_cast<int>(end.character) + 1;
    if (const ir::Location *loc = f.op->sourceLocation()) {
      entry.sourceLocation = loc->name + ":" + std::to_string(loc->line) + ":" + std::to_string(loc->column);
      entry.name += " (" + entry.sourceLocation + ")";
    }
    out.push_back(std::move(entry));
  }
  return out;
}

int DebugSession::addReference(Reference reference) {
  references_.push_back(std::move(reference));
  return static_cast<int>(references_.size());
}

std::vector<ScopeEntry> DebugSession::scopes(int frameId) {
  std::lock_guard<std::mutex> lock(mutex_);
  requirePaused();
  size_t index = frameIndexOf(frameId);
  const Frame &f = shownFrames()[index];
  std::vector<ScopeEntry> out;
  Reference op;
  op.kind = Reference::Kind::OpValues;
  op.frameIndex = index;
  out.push_back(ScopeEntry{"Operands and results", addReference(op),
                           static_cast<int64_t>(f.op->operands.size() + f.op->results.size())});
  if (f.env) {
    Reference locals;
    locals.kind = Reference::Kind::Locals;
    locals.frameIndex = index;
    out.push_back(ScopeEntry{"Locals", addReference(locals), static_cast<int64_t>(f.env->size())});
  }
  return out;
}

VariableEntry DebugSession::describeValue(const std::string &name, const Value &value) {
  VariableEntry out;
  out.name = name;
  if (value.kind == Value::Kind::Token) {
    out.value = "token";
    out.type = "!stablehlo.token";
    return out;
  }
  if (value.kind == Value::Kind::Tuple) {
    out.value = "tuple of " + std::to_string(value.elements.size());
    out.type = "tuple";
    Reference r;
    r.kind = Reference::Kind::Value;
    r.value = value;
    r.name = name;
    out.variablesReference = addReference(std::move(r));
    return out;
  }
  const interpreter::Tensor &t = value.tensor;
  out.type = t.type().str();
  if (t.numElements() <= kShownElements) {
    out.value = evaluateExpression("%v", [&](const std::string &) { return &value; }).str(kShownElements);
  } else {
    out.value = interpreter::summarizeTensor(t);
  }
  if (t.rank() > 0 && t.numElements() > 0) {
    Reference r;
    r.kind = Reference::Kind::Value;
    r.value = value;
    r.name = name;
    out.variablesReference = addReference(std::move(r));
    out.indexedVariables = t.shape()[0];
  }
  return out;
}

std::vector<VariableEntry> DebugSession::variables(int reference, int64_t start, int64_t count) {
  std::lock_guard<std::mutex> lock(mutex_);
  requirePaused();
  if (reference < 1 || static_cast<size_t>(reference) > references_.size()) {
    throw SessionError("no variables reference " + std::to_string(reference) + " (stale after the run moved?)");
  }
  // A copy: describeValue adds references (and may reallocate).
  Reference ref = references_[static_cast<size_t>(reference) - 1];
  std::vector<VariableEntry> out;
  const FrameStack &frames = shownFrames();
  if (ref.kind == Reference::Kind::Locals) {
    const Frame &f = frames[ref.frameIndex];
    if (!f.env) return out;
    std::vector<std::pair<const ir::Value *, const Value *>> values =
        visibleValues(f, afterStop_ && ref.frameIndex + 1 == frames.size());
    std::sort(values.begin(), values.end(), [](const auto &a, const auto &b) {
      return a.first->range.begin != b.first->range.begin ? a.first->range.begin < b.first->range.begin
                                                          : a.first->name < b.first->name;
    });
    for (const auto &[irValue, held] : values) out.push_back(describeValue(irValue->name, *held));
    return out;
  }
  if (ref.kind == Reference::Kind::OpValues) {
    const Frame &f = frames[ref.frameIndex];
    std::vector<Value> operands, results;
    bool historyTop = cursor_ < history_.size() && ref.frameIndex + 1 == frames.size();
    if (historyTop) {
      operands = history_[cursor_].operands;
      results = history_[cursor_].results;
    } else if (f.env) {
      valuesOf(*f.op, *f.env, operands, results);
    }
    for (size_t i = 0; i < operands.size() && i < f.op->operands.size(); ++i) {
      out.push_back(describeValue("operand " + f.op->operands[i]->name, operands[i]));
    }
    for (size_t i = 0; i < results.size() && i < f.op->results.size(); ++i) {
      out.push_back(describeValue("result " + f.op->results[i]->name, results[i]));
    }
    return out;
  }
  // A value: a tuple's elements, or a tensor's rows (or elements) after `prefix`.
  if (ref.kind == Reference::Kind::Value && ref.value.kind == Value::Kind::Tuple) {
    for (size_t i = 0; i < ref.value.elements.size(); ++i) {
      out.push_back(describeValue("#" + std::to_string(i), ref.value.elements[i]));
    }
    return out;
  }
  // A tensor in scope, or an expression's array (row-major, as double).
  const bool isExpression = ref.kind == Reference::Kind::Expression;
  const std::vector<int64_t> &shape = isExpression ? ref.expression.shape : ref.value.tensor.shape();
  size_t dim = ref.prefix.size();
  if (dim >= shape.size()) return out;
  int64_t size = shape[dim];
  int64_t first = std::clamp<int64_t>(start, 0, size);
  int64_t last = count > 0 ? std::min(size, first + count) : size;
  std::vector<int64_t> strides(shape.size(), 1);
  if (isExpression) {
    for (size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * shape[d];
  } else {
    strides = ref.value.tensor.strides();
  }
  int64_t base = 0;
  for (size_t d = 0; d < dim; ++d) base += ref.prefix[d] * strides[d];
  std::string element = isExpression ? ref.expression.elementType : ref.value.tensor.type().element().str();
  auto elementAt = [&](int64_t index) {
    return isExpression ? ref.expression.elements[static_cast<size_t>(index)] : ref.value.tensor.realAt(index);
  };
  for (int64_t i = first; i < last; ++i) {
    VariableEntry entry;
    entry.name = "[" + std::to_string(i) + "]";
    if (dim + 1 == shape.size()) {
      entry.value = formatElement(elementAt(base + i * strides[dim]), element);
      entry.type = element;
    } else {
      std::string slice;
      for (int64_t p : ref.prefix) slice += std::to_string(p) + ", ";
      slice += std::to_string(i);
      std::vector<int64_t> rest(shape.begin() + static_cast<ptrdiff_t>(dim) + 1, shape.end());
      ExpressionValue shapeOnly;
      shapeOnly.shape = rest;
      shapeOnly.elementType = element;
      entry.type = shapeOnly.typeString();
      entry.value = entry.type + " (" + ref.name + "[" + slice + "])";
      Reference child = ref;
      child.prefix.push_back(i);
      entry.variablesReference = addReference(std::move(child));
      entry.indexedVariables = rest[0];
    }
    out.push_back(std::move(entry));
  }
  return out;
}

const Value *DebugSession::lookup(size_t frameIndex, const std::string &name) const {
  const FrameStack &frames = shownFrames();
  const Frame &f = frames[frameIndex];
  if (cursor_ < history_.size() && frameIndex + 1 == frames.size()) {
    const HistoryEntry &entry = history_[cursor_];
    for (size_t i = 0; i < f.op->operands.size() && i < entry.operands.size(); ++i) {
      if (f.op->operands[i]->name == name) return &entry.operands[i];
    }
    for (size_t i = 0; i < f.op->results.size() && i < entry.results.size(); ++i) {
      if (f.op->results[i]->name == name) return &entry.results[i];
    }
    return nullptr;
  }
  return findVisible(f, name, afterStop_ && frameIndex + 1 == frames.size());
}

EvaluateResult DebugSession::evaluate(const std::string &expression, int frameId) {
  std::lock_guard<std::mutex> lock(mutex_);
  requirePaused();
  size_t index = frameIndexOf(frameId);
  const Value *named = nullptr;
  ExpressionValue value;
  try {
    value = evaluateExpression(expression, [&](const std::string &name) {
      named = lookup(index, name);
      return named;
    });
  } catch (const ExpressionError &e) {
    throw SessionError(e.what());
  } catch (const std::exception &e) {
    throw SessionError(std::string("cannot evaluate: ") + e.what());
  }
  EvaluateResult out;
  out.value = value.str();
  out.type = value.typeString();
  // A plain name (or `%x` alone) expands like a variable.
  std::string trimmed = expression;
  trimmed.erase(0, trimmed.find_first_not_of(" \t"));
  trimmed.erase(trimmed.find_last_not_of(" \t") + 1);
  if (named && lookup(index, trimmed[0] == '%' ? trimmed : "%" + trimmed) == named) {
    VariableEntry v = describeValue(trimmed, *named);
    out.variablesReference = v.variablesReference;
    out.indexedVariables = v.indexedVariables;
  } else if (!value.isScalar() && !value.elements.empty()) {
    // A slice or an elementwise result expands into rows and elements too.
    Reference r;
    r.kind = Reference::Kind::Expression;
    r.name = "(" + trimmed + ")";
    out.indexedVariables = value.shape[0];
    r.expression = std::move(value);
    out.variablesReference = addReference(std::move(r));
  }
  return out;
}

std::vector<std::string> DebugSession::namesInScope() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> out;
  if (!paused_) return out;
  const FrameStack &frames = shownFrames();
  for (size_t i = frames.size(); i-- > 0;) {
    if (frames[i].env) {
      for (const auto &[irValue, held] : *frames[i].env) out.push_back(irValue->name);
      break;
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool DebugSession::evaluateCondition(const std::string &condition, const FrameStack &frames, std::string &error) {
  try {
    ExpressionValue v = evaluateExpression(condition, [&](const std::string &name) { return findVisible(frames.back(), name, false); });
    return v.truthy();
  } catch (const std::exception &e) {
    // A name defined later is not an error: the condition does not hold yet.
    std::string what = e.what();
    if (what.find("is not in scope") == std::string::npos) error = what;
    return false;
  }
}

bool DebugSession::hitConditionHolds(const std::string &condition, int64_t hits) {
  // `N` or `>= N`: from the Nth hit on; `== N`, `> N`, `< N`, `<= N`; `% N`: every Nth.
  std::string text;
  for (char c : condition) {
    if (!std::isspace(static_cast<unsigned char>(c))) text += c;
  }
  std::string op;
  while (!text.empty() && std::string("<>=%!").find(text[0]) != std::string::npos) {
    op += text[0];
    text.erase(0, 1);
  }
  int64_t n = 0;
  try {
    size_t used = 0;
    n = std::stoll(text, &used);
    if (used != text.size()) return false;
  } catch (const std::exception &) {
    return false;
  }
  if (op.empty() || op == ">=") return hits >= n;
  if (op == "==" || op == "=") return hits == n;
  if (op == ">") return hits > n;
  if (op == "<") return hits < n;
  if (op == "<=") return hits <= n;
  if (op == "%") return n > 0 && hits % n == 0;
  return false;
}

std::string DebugSession::interpolate(const std::string &message, const FrameStack &frames) {
  // `{expression}` is replaced by its value; `{{` and `}}` are braces.
  std::string out;
  for (size_t i = 0; i < message.size(); ++i) {
    if (message[i] == '{' && i + 1 < message.size() && message[i + 1] == '{') {
      out += '{';
      ++i;
    } else if (message[i] == '}' && i + 1 < message.size() && message[i + 1] == '}') {
      out += '}';
      ++i;
    } else if (message[i] == '{') {
      size_t close = message.find('}', i);
      if (close == std::string::npos) {
        out += message.substr(i);
        break;
      }
      std::string expression = message.substr(i + 1, close - i - 1);
      try {
        out += evaluateExpression(expression, [&](const std::string &name) { return findVisible(frames.back(), name, false); }).str(16);
      } catch (const std::exception &e) {
        out += std::string("<") + e.what() + ">";
      }
      i = close;
    } else {
      out += message[i];
    }
  }
  return out;
}

}  // namespace shlo::dap
