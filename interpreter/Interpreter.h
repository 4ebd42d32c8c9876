// The evaluator over the semantic model's IR: walks a function's ops in
// order, keeps SSA values in a per-call environment, runs regions for
// control flow and bodies, and hands each op to its eval function (Ops.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "interpreter/ElementwiseFusion.h"
#include "interpreter/ElidedValues.h"
#include "interpreter/Errors.h"
#include "interpreter/Observer.h"
#include "interpreter/OpProfile.h"
#include "interpreter/Probe.h"
#include "interpreter/ProcessGrid.h"
#include "interpreter/Tensor.h"
#include "semantic/ir/IR.h"

namespace shlo::interpreter {

class ConvolutionChains;

/// How running one function ended.
struct FunctionOutcome {
  enum class Status { Passed, CheckFailed, RuntimeError, Unsupported };
  std::string function;
  Status status = Status::Passed;
  std::string message;
  std::optional<syntax::TextRange> range;  // Of the op that failed.
  std::string opName;
  /// Where the failure was raised, outermost first (RuntimeError::frames).
  FrameStack frames;
  std::vector<Value> results;  // On a grid: process (0, 0)'s.
  /// When the function ran on a process grid (see Interpreter::run): every
  /// process's results, in row-major process order; empty otherwise.
  std::vector<std::vector<Value>> processResults;
  int64_t numPartitions = 1;  // Of the grid processResults came from: process p is (p / this, p % this).
  int checks = 0;  // check.* expectations evaluated
};

const char *statusName(FunctionOutcome::Status status);

/// How a run is set up; run_parallel's processes share their parent's.
struct InterpreterOptions {
  /// Where interpreter.print writes; null: standard output.
  std::ostream *printOutput = nullptr;
  /// Where interpreter.probe writes; null: a log over a temporary folder.
  std::shared_ptr<ProbeLog> probes;
  /// What `dense_resource<__elided__>` constants hold; Error: a runtime error.
  ElidedFill elided;
  /// The process grid run() uses (`shlo run --num-replicas/--num-partitions`);
  /// 0: the module's mhlo.num_replicas / mhlo.num_partitions (else 1).
  int64_t numReplicas = 0, numPartitions = 0;
  /// How long values live: a debugger keeps them for inspection.
  ValueRetention retention = ValueRetention::FreeAfterLastUse;
  /// The most ops one run() may evaluate (each op, and each iteration of a
  /// `while`, counts one; a run_parallel process counts its own); beyond
  /// it, a LimitExceeded at the op (`shlo run --max-steps`). 0: no limit.
  int64_t maxSteps = 0;
  /// Wall-clock seconds one run() may take, checked every
  /// kStepsPerClockCheck steps; beyond it, a LimitExceeded at the op
  /// (`shlo run --timeout`). 0: no limit.
  double timeoutSeconds = 0;
  /// The tensor memory budget in bytes (MemoryBudget::setLimit), applied
  /// by the run session before it runs (`shlo run --max-memory`); 0: keep
  /// the budget as it is (MemoryBudget::defaultLimit unless set).
  int64_t maxMemoryBytes = 0;
  /// When set, every op's wall time is added to it (`shlo run --timing`).
  std::shared_ptr<OpProfile> profile;
  /// Chains of f32 elementwise ops run as one pass (ElementwiseFusion.h)
  /// on the kernel path, when no observer is set and values are freed after
  /// their last use; the results are the same bits.
  bool fuseElementwise = true;
};

/// How many steps pass between two looks at the clock for timeoutSeconds.
constexpr int64_t kStepsPerClockCheck = 1024;

class Interpreter {
 public:
  explicit Interpreter(const ir::Module &module, InterpreterOptions options = {});
  const InterpreterOptions &options() const { return options_; }

  /// Calls function `name`. Throws RuntimeError (with the failing op's
  /// range), UnsupportedOp or CheckFailure.
  std::vector<Value> call(const std::string &name, const std::vector<Value> &arguments);
  /// The same, catching what evaluation throws. When the options or the
  /// module ask for a grid larger than 1x1 (mhlo.num_replicas /
  /// mhlo.num_partitions) and the function uses collectives
  /// (usesCollectives), or the options ask for it, it runs on that grid:
  /// `results` are process (0, 0)'s and `processResults` everyone's.
  FunctionOutcome run(const std::string &name, const std::vector<Value> &arguments = {});
  /// Evaluates every `stablehlo.constant` of the module now (decodes its
  /// literal or fills its elided data) so that a timed run measures the
  /// evaluation alone. A constant that cannot be made is left for its op to
  /// report when it runs. Convolutions with constant kernels get them in
  /// the kernel library's layout too (support::prepareConvolution), and on
  /// the kernel path the kernel module is loaded and its threads started.
  /// Small pure ops of constants are evaluated now too
  /// (ConstantFolding.cpp): at run time their results are looked up.
  void prepareConstants();
  /// Whether prepareConstants evaluated `op` (its results are looked up).
  bool isFolded(const ir::Operation &op) const { return folded_.count(&op) != 0; }
  /// The most bytes of tensors one call of `function` holds at once, from
  /// its plan (value lifetimes): each op's results, from the op to their
  /// last use, and at a call or an op with regions the most its body holds
  /// besides. Constants and the function's arguments are left out (made
  /// before the call). An estimate: a buffer shared by a reshape or taken
  /// over in place counts twice, a fused group's inside results count too.
  /// 0 for a function without a body.
  int64_t plannedPeakBytes(const ir::Operation &function);
  /// Calls function `name` as every process of a numReplicas x numPartitions
  /// process grid (spec "Parallel execution"): one thread and evaluator per
  /// process, each given `arguments`. Returns each process's results in
  /// row-major order ((0,0), (0,1), ..., (1,0), ...). Throws like call(),
  /// with the failing process named in the message; RuntimeError for a grid
  /// size below 1.
  std::vector<std::vector<Value>> runOnGrid(const std::string &name, const std::vector<Value> &arguments,
                                            int64_t numReplicas, int64_t numPartitions);

  using Env = interpreter::Env;
  /// Runs a region's entry block with `arguments`; returns what its
  /// terminator returns. `iteration`: a while's iteration (Frame::iteration).
  std::vector<Value> runRegion(const ir::Region &region, const std::vector<Value> &arguments, Env &env,
                               int64_t iteration = -1);
  std::vector<Value> callFunction(const ir::Operation &function, const std::vector<Value> &arguments);

  /// The observer the evaluator calls (Observer.h); null (the default):
  /// none. Set it before a run, not from inside one; not owned.
  void setObserver(Observer *observer) { observer_ = observer; }
  Observer *observer() const { return observer_; }
  /// The frame stack, outermost first; kept only while an observer is set.
  const FrameStack &frames() const { return frames_; }

  /// Counts one step (an op, or a `while` iteration) against the options'
  /// maxSteps and timeoutSeconds; throws LimitExceeded beyond either. One
  /// increment and one comparison unless a limit is near or the clock is due.
  void step() {
    if (++steps_ >= nextLimitCheck_) checkLimits();
  }
  /// Steps counted since the run started.
  int64_t steps() const { return steps_; }

  int checksEvaluated() const { return checks_; }
  void countCheck(int n = 1) { checks_ += n; }
  const ir::Module &module() const { return module_; }

  /// The process this interpreter runs as (set by run_parallel for its
  /// processes; otherwise process (0, 0) of a 1x1 grid).
  const ProcessContext &process() const { return process_; }
  void setProcess(const ProcessContext &process) { process_ = process; }
  const Tensor &constantOf(const ir::Operation &op);
  /// How many times `op` has asked before (0 the first time): ops with
  /// implementation-defined output (rng) use it to differ per evaluation
  /// while a fresh Interpreter repeats the same values.
  uint64_t nextEvaluation(const ir::Operation &op) { return evaluations_[&op]++; }

  /// Whether operand `i` of `op`, the op being evaluated, was given up to
  /// it: `op` is its last use, the value was moved out of the environment
  /// and the evaluator may offer its buffer for the result (BufferOffer,
  /// Tensor.h). Only when values are freed after their last use and no
  /// observer is set; false for ops with regions or quantized types.
  bool operandGivenUp(const ir::Operation &op, size_t i) const {
    return givenUpOp_ == &op && i < 32 && (givenUpMask_ >> i & 1u);
  }

 private:
  void evalOp(const ir::Operation &op, Env &env);
  /// evalOp without the observer and the error's frame.
  void evaluate(const ir::Operation &op, Env &env);
  std::vector<Value> runBlock(const ir::Region &region, const std::vector<Value> &arguments, Env &env);
  /// Throws RunStopped when the observer answered Stop.
  static void obey(ObserverCommand command);
  /// Starts counting steps and the clock (the constructor and run()).
  void startLimits();
  /// step()'s slow path: throws past a limit, else sets the next check.
  void checkLimits();

  /// When a block's values die: after op i, `dropAfter[i]` are used no
  /// more (a use inside an op's regions counts as a use by that op); block
  /// arguments never used are in `dropAtEntry`.
  struct BlockPlan {
    std::vector<const ir::Value *> dropAtEntry;
    std::vector<std::vector<const ir::Value *>> dropAfter;
    /// Whether op i is a terminator (OpTraits.h), looked up once per block.
    std::vector<bool> terminator;
    /// Elementwise fusion (used when fusing(): the same block otherwise runs
    /// op by op): the groups, and for op i the group it ends (>= 0), or
    /// kFusedAway when it runs inside a later op's group, or -1.
    std::vector<FusionGroup> groups;
    std::vector<int> groupAt;
    /// dropAfter with each group's ops placed at its last op.
    std::vector<std::vector<const ir::Value *>> fusedDropAfter;
  };
  static constexpr int kFusedAway = -2;
  /// Whether this run fuses elementwise chains (InterpreterOptions::fuseElementwise).
  bool fusing() const;
  /// Runs a group at the place of its last op; false when it cannot run
  /// fused (the caller runs its ops one by one). Counts a step per op and
  /// charges the group's time to its last op under the group's label.
  bool evalFused(const ir::Block &block, const FusionGroup &group, Env &env,
                 const std::vector<const ir::Value *> &dying);
  /// Counts one level of call or region nesting (callFunction, runRegion);
  /// past syntax::kMaxNestingDepth, a RuntimeError at `op` (the region's op;
  /// a call's error gets its op from the caller).
  void enterNested(const ir::Operation *op);
  const BlockPlan &planOf(const ir::Block &block);
  /// ConstantFolding.cpp: evaluates the small pure ops of constants of each
  /// function body into folded_; bindFolded puts an op's folded results in
  /// `env` (false when it has none).
  void foldConstantSubexpressions();
  bool bindFolded(const ir::Operation &op, Env &env) const;
  /// plannedPeakBytes of a block; 0 for a block already being measured
  /// (recursion).
  int64_t blockPeakBytes(const ir::Block &block, std::unordered_set<const ir::Block *> &measuring);
  std::unordered_map<const ir::Block *, BlockPlan> plans_;
  std::unordered_map<const ir::Operation *, uint64_t> evaluations_;

  const ir::Module &module_;
  InterpreterOptions options_;
  std::unordered_map<const ir::Operation *, Tensor> constants_;
  std::unordered_map<const ir::Operation *, std::vector<Value>> folded_;
  int checks_ = 0;
  /// Calls and regions being evaluated, one level each (enterNested).
  int depth_ = 0;
  int64_t steps_ = 0;
  int64_t nextLimitCheck_ = INT64_MAX;
  std::chrono::steady_clock::time_point deadline_;
  std::shared_ptr<ProcessGrid> ownGrid_;  // The 1x1 grid outside run_parallel.
  ProcessContext process_;
  Observer *observer_ = nullptr;
  FrameStack frames_;
  /// The values that die after the op runBlock evaluates next (its
  /// dropAfter list), read and cleared by evaluate(); null when values are
  /// kept.
  const std::vector<const ir::Value *> *dyingAfterOp_ = nullptr;
  /// Seconds the profiled ops nested in the op being timed took (OpProfile).
  double nestedProfileSeconds_ = 0;
  /// Convolutions with their batch norm, residual add and ReLU run as one
  /// (eval/ConvolutionChains.h); shared_ptr: the type is incomplete here.
  std::shared_ptr<ConvolutionChains> convolutionChains_;
  /// operandGivenUp(): the op and a bit per operand index.
  const ir::Operation *givenUpOp_ = nullptr;
  uint32_t givenUpMask_ = 0;
};

/// The functions `shlo run` runs without --entry: @main if the module has
/// one, else every function without arguments, in file order.
std::vector<std::string> defaultEntryFunctions(const ir::Module &module);
/// The function op named `name`, or null.
const ir::Operation *findFunction(const ir::Module &module, const std::string &name);
/// The process grid a module asks for: the module op's mhlo.num_replicas and
/// mhlo.num_partitions (1 each when absent).
struct GridSize {
  int64_t numReplicas = 1, numPartitions = 1;
};
GridSize gridSizeOf(const ir::Module &module);
/// Whether function `name`, or a function it calls, has an op that talks to
/// other processes (collectives, replica_id/partition_id, send/recv).
bool usesCollectives(const ir::Module &module, const std::string &name);
/// Runs functions[i] with arguments[i] as process i of `grid` (row-major),
/// each on its own thread with its own evaluator sharing `in`'s module and
/// options; returns each process's results and adds their checks to `in`'s.
/// The first real failure (not a process left waiting because of it) is
/// rethrown, naming the process, with its frame stack.
std::vector<std::vector<Value>> runProcesses(Interpreter &in, const std::shared_ptr<ProcessGrid> &grid,
                                             const std::vector<const ir::Operation *> &functions,
                                             const std::vector<std::vector<Value>> &arguments);
/// Whether an op name is evaluated by the interpreter.
bool isSupportedOp(const std::string &name);

}  // namespace shlo::interpreter
