// The evaluator over the semantic model's IR: walks a function's ops in
// order, keeps SSA values in a per-call environment, runs regions for
// control flow and bodies, and hands each op to its eval function (Ops.h).
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "interpreter/ElidedValues.h"
#include "interpreter/Errors.h"
#include "interpreter/Probe.h"
#include "interpreter/ProcessGrid.h"
#include "interpreter/Tensor.h"
#include "semantic/ir/IR.h"

namespace shlo::interpreter {

/// How running one function ended.
struct FunctionOutcome {
  enum class Status { Passed, CheckFailed, RuntimeError, Unsupported };
  std::string function;
  Status status = Status::Passed;
  std::string message;
  std::optional<syntax::TextRange> range;  // Of the op that failed.
  std::string opName;
  std::vector<Value> results;
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
};

class Interpreter {
 public:
  explicit Interpreter(const ir::Module &module, InterpreterOptions options = {});
  const InterpreterOptions &options() const { return options_; }

  /// Calls function `name`. Throws RuntimeError (with the failing op's
  /// range), UnsupportedOp or CheckFailure.
  std::vector<Value> call(const std::string &name, const std::vector<Value> &arguments);
  /// The same, catching what evaluation throws.
  FunctionOutcome run(const std::string &name, const std::vector<Value> &arguments = {});

  using Env = std::unordered_map<const ir::Value *, Value>;
  /// Runs a region's entry block with `arguments`; returns what its
  /// terminator returns.
  std::vector<Value> runRegion(const ir::Region &region, const std::vector<Value> &arguments, Env &env);
  std::vector<Value> callFunction(const ir::Operation &function, const std::vector<Value> &arguments);

  int checksEvaluated() const { return checks_; }
  void countCheck(int n = 1) { checks_ += n; }
  const ir::Module &module() const { return module_; }

  /// The process this interpreter runs as (set by run_parallel for its
  /// processes; otherwise process (0, 0) of a 1x1 grid).
  const ProcessContext &process() const { return process_; }
  void setProcess(const ProcessContext &process) { process_ = process; }
  const Tensor &constantOf(const ir::Operation &op);

 private:
  void evalOp(const ir::Operation &op, Env &env);

  const ir::Module &module_;
  InterpreterOptions options_;
  std::unordered_map<const ir::Operation *, Tensor> constants_;
  int checks_ = 0;
  int depth_ = 0;
  std::shared_ptr<ProcessGrid> ownGrid_;  // The 1x1 grid outside run_parallel.
  ProcessContext process_;
};

/// The functions `shlo run` runs without --entry: @main if the module has
/// one, else every function without arguments, in file order.
std::vector<std::string> defaultEntryFunctions(const ir::Module &module);
/// The function op named `name`, or null.
const ir::Operation *findFunction(const ir::Module &module, const std::string &name);
/// Whether an op name is evaluated by the interpreter.
bool isSupportedOp(const std::string &name);

}  // namespace shlo::interpreter
