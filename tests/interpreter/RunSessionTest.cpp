// The run session (interpreter/session/) as a front end other than the CLI
// sees it: chunks, entries, bound inputs and outcomes through a reporter.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "interpreter/session/RunSession.h"

namespace shlo::interpreter {
namespace {

/// Records every report as one line.
class Recorder : public RunReporter {
 public:
  void chunkRejected(const std::vector<Diagnostic> &errors) override {
    events.push_back("rejected " + std::to_string(errors.size()) + " at " + std::to_string(errors.at(0).range.begin));
  }
  void inputsRejected(const std::string &function, const Diagnostic &error) override {
    events.push_back("inputs @" + function + " " + error.code);
  }
  void argumentsFilled(const std::string &function, size_t filled, size_t arity) override {
    events.push_back("filled @" + function + " " + std::to_string(filled) + "/" + std::to_string(arity));
  }
  void functionRan(const std::string &function, const FunctionOutcome &outcome,
                   const std::optional<Diagnostic> &failure) override {
    std::string line = "ran @" + function + " " + statusName(outcome.status);
    if (failure) line += " " + failure->code + " at " + std::to_string(failure->range.begin);
    if (!outcome.results.empty()) line += " = " + std::to_string(outcome.results[0].tensor.intAt(0));
    events.push_back(line);
  }
  std::vector<std::string> events;
};

constexpr const char *kProgram = R"(func.func @one() -> tensor<i32> {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  return %0 : tensor<i32>
}
// -----
func.func @broken() -> tensor<i32> {
  return %missing : tensor<i32>
}
// -----
func.func @main(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.divide %arg0, %arg1 : tensor<i32>
  return %0 : tensor<i32>
}
)";

TEST(RunSessionTest, ReportsEachChunkAndFunctionInOrder) {
  RunSettings settings;
  settings.splitInputFile = true;
  settings.inputs.elided.mode = ElidedFill::Mode::Zeros;  // 0 / 0: division by zero
  Recorder recorder;
  RunSummary summary = runProgram(kProgram, settings, recorder);
  std::string text = kProgram;
  size_t broken = text.find("%missing"), divide = text.find("%0 = stablehlo.divide");
  ASSERT_EQ(recorder.events.size(), 4u);
  EXPECT_EQ(recorder.events[0], "ran @one passed = 1");
  EXPECT_EQ(recorder.events[1], "rejected 1 at " + std::to_string(broken)) << "offsets are the whole file's";
  EXPECT_EQ(recorder.events[2], "filled @main 2/2");
  EXPECT_EQ(recorder.events[3], "ran @main runtime error run.error at " + std::to_string(divide));
  EXPECT_EQ(summary.passed, 1u);
  EXPECT_EQ(summary.failed, 2u);
  EXPECT_TRUE(summary.inputsUsed);
}

TEST(RunSessionTest, InputsThatDoNotFitAreReportedAtTheFunction) {
  RunSettings settings;
  settings.entry = "one";
  settings.splitInputFile = true;
  settings.inputs.args = {Tensor(ir::Type::tensor({}, ir::ElementType::integer(32)))};
  Recorder recorder;
  RunSummary summary = runProgram(kProgram, settings, recorder);
  ASSERT_EQ(recorder.events.size(), 2u) << "every chunk is analysed; only @one runs";
  EXPECT_EQ(recorder.events[0], "inputs @one run.arguments");
  EXPECT_EQ(summary.failed, 2u) << "the rejected chunk and @one";
}

TEST(RunSessionTest, EntryRunsOnlyThatFunction) {
  RunSettings settings;
  settings.splitInputFile = true;
  settings.entry = "one";
  Recorder recorder;
  RunSummary summary = runProgram(kProgram, settings, recorder);
  EXPECT_TRUE(summary.entryFound);
  ASSERT_FALSE(recorder.events.empty());
  EXPECT_EQ(recorder.events[0], "ran @one passed = 1");
}

}  // namespace
}  // namespace shlo::interpreter
