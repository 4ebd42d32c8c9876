// The interpreter driven through its observer (Observer.h), as a debugger
// drives it: the run pauses on its own thread before a chosen op inside a
// `while` body, the test reads the frame stack and a value the evaluator
// would otherwise have freed, then resumes the run to its result.
#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "interpreter/Interpreter.h"
#include "interpreter/Observer.h"
#include "semantic/ir/IR.h"
#include "tests/support/Programs.h"

namespace shlo::interpreter {
namespace {

// Sum of i*i for i in [0, 4): 0 + 1 + 4 + 9 = 14. In the body, %sq is last
// used by %s2, so it is freed before the body's return op runs.
constexpr const char *kSumOfSquares = R"(
func.func @main() -> tensor<i64> {
  %init = stablehlo.constant dense<0> : tensor<i64>
  %r:2 = stablehlo.while(%i = %init, %s = %init) : tensor<i64>, tensor<i64>
    cond {
      %limit = stablehlo.constant dense<4> : tensor<i64>
      %c = stablehlo.compare LT, %i, %limit : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %sq = stablehlo.multiply %i, %i : tensor<i64>
      %next = stablehlo.add %i, %one : tensor<i64>
      %s2 = stablehlo.add %s, %sq : tensor<i64>
      stablehlo.return %next, %s2 : tensor<i64>, tensor<i64>
    }
  return %r#1 : tensor<i64>
}
)";

int64_t scalarOf(const Value &v) {
  EXPECT_EQ(v.kind, Value::Kind::Tensor);
  return v.tensor.intAt(0);
}

/// Pauses the run before the op named `opName` directly inside a while body
/// at `iteration`: the callback blocks until the test calls resume().
class PauseBefore : public Observer {
 public:
  PauseBefore(std::string opName, int64_t iteration) : opName_(std::move(opName)), iteration_(iteration) {}

  ObserverCommand beforeOp(const FrameStack &frames) override {
    ++opsSeen;
    if (frames.size() < 2 || frames.back().op->name != opName_) return ObserverCommand::Continue;
    const Frame &region = frames[frames.size() - 2];
    // A while's cond runs with the same iteration number: only the body counts.
    if (region.kind != Frame::Kind::Region || region.iteration != iteration_ || region.op->regions.size() != 2 ||
        region.region != region.op->regions[1]) {
      return ObserverCommand::Continue;
    }
    std::unique_lock<std::mutex> lock(mutex_);
    paused_ = &frames;
    changed_.notify_all();
    changed_.wait(lock, [&] { return resumed_; });
    paused_ = nullptr;
    return ObserverCommand::Continue;
  }

  /// Blocks until the run is paused; the stack stays valid until resume().
  const FrameStack &waitUntilPaused() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return paused_ != nullptr; });
    return *paused_;
  }

  void resume() {
    std::lock_guard<std::mutex> lock(mutex_);
    resumed_ = true;
    changed_.notify_all();
  }

  int opsSeen = 0;

 private:
  std::string opName_;
  int64_t iteration_;
  std::mutex mutex_;
  std::condition_variable changed_;
  const FrameStack *paused_ = nullptr;
  bool resumed_ = false;
};

TEST(ObserverTest, PausesInsideWhileBodyInspectsFramesAndResumes) {
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(kSumOfSquares, keep);
  InterpreterOptions options;
  options.retention = ValueRetention::KeepUntilReturn;
  Interpreter interpreter(module, options);
  PauseBefore observer("stablehlo.return", 2);
  interpreter.setObserver(&observer);

  std::optional<FunctionOutcome> outcome;
  std::thread run([&] { outcome = interpreter.run("main"); });

  const FrameStack &frames = observer.waitUntilPaused();
  ASSERT_EQ(frames.size(), 4u);
  EXPECT_EQ(frames[0].kind, Frame::Kind::Function);
  EXPECT_EQ(frames[0].functionName(), "main");
  EXPECT_EQ(frames[1].kind, Frame::Kind::Op);
  EXPECT_EQ(frames[1].op->name, "stablehlo.while");
  EXPECT_EQ(frames[2].kind, Frame::Kind::Region);
  EXPECT_EQ(frames[2].op, frames[1].op);
  EXPECT_EQ(frames[2].region, frames[1].op->regions[1]) << "paused in the body, not the cond";
  EXPECT_EQ(frames[2].iteration, 2);
  EXPECT_EQ(frames[2].describe(), "stablehlo.while region #1 (iteration 2)");
  EXPECT_EQ(frames[3].kind, Frame::Kind::Op);
  EXPECT_EQ(frames[3].op->name, "stablehlo.return");
  EXPECT_EQ(frames[3].op->operands.size(), 2u);

  // In scope: the body's arguments (i = 2, s = 0 + 1), and %sq = i * i,
  // whose last use (%s2) has run: kept only because of the retention policy.
  const Frame &top = frames.back();
  ASSERT_NE(top.find("%i"), nullptr);
  EXPECT_EQ(scalarOf(*top.find("%i")), 2);
  ASSERT_NE(top.find("%s"), nullptr);
  EXPECT_EQ(scalarOf(*top.find("%s")), 1);
  ASSERT_NE(top.find("%sq"), nullptr);
  EXPECT_EQ(scalarOf(*top.find("%sq")), 4);
  ASSERT_NE(top.find("%s2"), nullptr);
  EXPECT_EQ(scalarOf(*top.find("%s2")), 5);
  // Values of the enclosing function are in scope too.
  ASSERT_NE(frames[0].find("%init"), nullptr);
  EXPECT_EQ(scalarOf(*frames[0].find("%init")), 0);

  observer.resume();
  run.join();
  ASSERT_TRUE(outcome);
  ASSERT_EQ(outcome->status, FunctionOutcome::Status::Passed) << outcome->message;
  ASSERT_EQ(outcome->results.size(), 1u);
  EXPECT_EQ(scalarOf(outcome->results[0]), 14);
  EXPECT_TRUE(interpreter.frames().empty()) << "the stack unwinds with the run";
}

/// Records what the value `name` holds before op `opName` each time.
class Recorder : public Observer {
 public:
  Recorder(std::string opName, std::string name) : opName_(std::move(opName)), name_(std::move(name)) {}
  ObserverCommand beforeOp(const FrameStack &frames) override {
    if (frames.back().op->name == opName_) found.push_back(frames.back().find(name_) != nullptr);
    return ObserverCommand::Continue;
  }
  ObserverCommand enterCall(const FrameStack &frames) override {
    calls.push_back(frames.back().functionName());
    return ObserverCommand::Continue;
  }
  ObserverCommand enterRegion(const FrameStack &frames) override {
    iterations.push_back(frames.back().iteration);
    return ObserverCommand::Continue;
  }
  std::vector<bool> found;
  std::vector<std::string> calls;
  std::vector<int64_t> iterations;

 private:
  std::string opName_, name_;
};

TEST(ObserverTest, WithoutRetentionTheValueIsFreedAfterItsLastUse) {
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(kSumOfSquares, keep);
  Interpreter interpreter(module);  // FreeAfterLastUse
  Recorder recorder("stablehlo.return", "%sq");
  interpreter.setObserver(&recorder);
  FunctionOutcome outcome = interpreter.run("main");
  ASSERT_EQ(outcome.status, FunctionOutcome::Status::Passed) << outcome.message;
  EXPECT_EQ(scalarOf(outcome.results[0]), 14);
  // Four body returns, five cond returns: %sq is never in scope at a return.
  EXPECT_EQ(recorder.found, std::vector<bool>(9, false));
  EXPECT_EQ(recorder.calls, std::vector<std::string>{"main"});
  // cond 0, body 0, cond 1, body 1, ..., cond 4.
  EXPECT_EQ(recorder.iterations, (std::vector<int64_t>{0, 0, 1, 1, 2, 2, 3, 3, 4}));
}

TEST(ObserverTest, RuntimeErrorCarriesTheFrameStack) {
  constexpr const char *program = R"(
func.func @main() -> tensor<i64> {
  %init = stablehlo.constant dense<3> : tensor<i64>
  %r = stablehlo.while(%i = %init) : tensor<i64>
    cond {
      %zero = stablehlo.constant dense<0> : tensor<i64>
      %c = stablehlo.compare GE, %i, %zero : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %q = func.call @inverse(%i) : (tensor<i64>) -> tensor<i64>
      %one = stablehlo.constant dense<1> : tensor<i64>
      %next = stablehlo.subtract %i, %one : tensor<i64>
      stablehlo.return %next : tensor<i64>
    }
  return %r : tensor<i64>
}
func.func @inverse(%x: tensor<i64>) -> tensor<i64> {
  %one = stablehlo.constant dense<1> : tensor<i64>
  %q = stablehlo.divide %one, %x : tensor<i64>
  return %q : tensor<i64>
}
)";
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(program, keep);
  Interpreter interpreter(module);
  FunctionOutcome outcome = interpreter.run("main");
  ASSERT_EQ(outcome.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_EQ(outcome.opName, "stablehlo.divide");
  std::vector<std::string> described;
  for (const Frame &f : outcome.frames) {
    described.push_back(f.describe());
    EXPECT_EQ(f.env, nullptr);
  }
  // 3, 2, 1 divide fine; i = 0 fails in iteration 3.
  EXPECT_EQ(described, (std::vector<std::string>{"@main", "stablehlo.while", "stablehlo.while region #1 (iteration 3)",
                                                 "func.call", "@inverse", "stablehlo.divide"}));
}

class Stopper : public Observer {
 public:
  ObserverCommand afterOp(const FrameStack &frames) override {
    return frames.back().op->name == "stablehlo.multiply" ? ObserverCommand::Stop : ObserverCommand::Continue;
  }
};

TEST(ObserverTest, StopEndsTheRunAtTheOp) {
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(kSumOfSquares, keep);
  Interpreter interpreter(module);
  Stopper stopper;
  interpreter.setObserver(&stopper);
  FunctionOutcome outcome = interpreter.run("main");
  EXPECT_EQ(outcome.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_EQ(outcome.opName, "stablehlo.multiply");
  EXPECT_NE(outcome.message.find("stopped"), std::string::npos) << outcome.message;
  EXPECT_TRUE(interpreter.frames().empty());
}

}  // namespace
}  // namespace shlo::interpreter
