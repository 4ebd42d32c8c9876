// What a debugger sees of a run: the frame stack (function -> op -> region,
// with a `while`'s iteration) and the values in scope, through an observer
// the evaluator calls before and after each op and on region and call entry
// and exit. With no observer set the evaluator pays one pointer test per op.
#pragma once

#include <vector>

#include "interpreter/Frame.h"
#include "interpreter/Tensor.h"

namespace shlo::interpreter {

/// What an observer asks of the evaluator after a callback returns.
enum class ObserverCommand {
  Continue,
  /// Stop the run: the evaluator throws RunStopped (a RuntimeError).
  Stop,
};

struct ProcessContext;

/// Called by the evaluator on the thread that runs the program. A callback
/// that blocks pauses the run (a debugger waits there for the user); values
/// it reads stay valid until it returns. Processes of a grid
/// (run_parallel, collectives) run their own evaluators, each on its own
/// thread, observed by what processObserver returns (by default nothing).
class Observer {
 public:
  virtual ~Observer() = default;
  /// The observer of one process of a grid, asked on the parent's thread
  /// before the processes start; its callbacks then come from that
  /// process's thread. Null (the default): the process runs unobserved.
  /// Not owned: it must outlive the run.
  virtual Observer *processObserver(const ProcessContext &process) {
    (void)process;
    return nullptr;
  }
  /// Before an op runs (terminators included); frames.back() is its Op frame.
  virtual ObserverCommand beforeOp(const FrameStack &frames) {
    (void)frames;
    return ObserverCommand::Continue;
  }
  /// After an op ran and its results are bound in frames.back().env.
  virtual ObserverCommand afterOp(const FrameStack &frames) {
    (void)frames;
    return ObserverCommand::Continue;
  }
  /// On entry to a region, its arguments bound; frames.back() is the Region frame.
  virtual ObserverCommand enterRegion(const FrameStack &frames) {
    (void)frames;
    return ObserverCommand::Continue;
  }
  /// On exit of a region with the values its terminator returns.
  virtual ObserverCommand exitRegion(const FrameStack &frames, const std::vector<Value> &results) {
    (void)frames, (void)results;
    return ObserverCommand::Continue;
  }
  /// On entry to a function (the entry and every func.call), arguments bound.
  virtual ObserverCommand enterCall(const FrameStack &frames) {
    (void)frames;
    return ObserverCommand::Continue;
  }
  virtual ObserverCommand exitCall(const FrameStack &frames, const std::vector<Value> &results) {
    (void)frames, (void)results;
    return ObserverCommand::Continue;
  }
};

/// How long the evaluator keeps values.
enum class ValueRetention {
  /// Freed after their last use in their block (memory follows the live set).
  FreeAfterLastUse,
  /// Kept until their function returns, so that an observer can read any of
  /// them (a loop's values are replaced by the next iteration's).
  KeepUntilReturn,
};

}  // namespace shlo::interpreter
