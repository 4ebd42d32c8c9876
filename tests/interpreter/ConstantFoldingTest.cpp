// Constant subexpressions folded at load (interpreter/ConstantFolding.cpp):
// which ops prepareConstants evaluates ahead (pure, every operand a constant
// or folded, small), and that a run with them folded gives the bits of a
// run without, steps and observer included.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "interpreter/Interpreter.h"
#include "interpreter/Observer.h"
#include "semantic/ir/IR.h"
#include "tests/support/Programs.h"

namespace shlo::interpreter {
namespace {

// A batch norm's scale as exported models compute it (rsqrt(var + eps) *
// gamma, broadcast), applied to an argument; an rng and a large broadcast
// of constants, and a check, beside it.
constexpr const char *kProgram = R"(
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xui32>, tensor<512x256xf32>) {
  %var = stablehlo.constant dense<[0.5, 2.0, 0.0]> : tensor<3xf32>
  %gamma = stablehlo.constant dense<[1.5, -1.0, 3.0]> : tensor<3xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<f32>
  %epsb = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<3xf32>
  %sum = stablehlo.add %var, %epsb : tensor<3xf32>
  %inv = stablehlo.rsqrt %sum : tensor<3xf32>
  %scale = stablehlo.multiply %inv, %gamma : tensor<3xf32>
  %scaleb = stablehlo.broadcast_in_dim %scale, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %y = stablehlo.multiply %x, %scaleb : tensor<2x3xf32>
  %lo = stablehlo.constant dense<0> : tensor<ui32>
  %hi = stablehlo.constant dense<100> : tensor<ui32>
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<ui32>, tensor<ui32>, tensor<2xi64>) -> tensor<2x3xui32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %big = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<512x256xf32>
  check.expect_almost_eq_const %scale, dense<[2.121299, -0.707105, 948.683289]> : tensor<3xf32>
  return %y, %r, %big : tensor<2x3xf32>, tensor<2x3xui32>, tensor<512x256xf32>
}
)";

const ir::Operation *opDefining(const ir::Module &module, const std::string &name) {
  const ir::Operation *found = nullptr;
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    for (const ir::Value *r : op->results) {
      if (r->name == name) found = op;
    }
  });
  return found;
}

/// Counts the ops an observer sees.
class Counter : public Observer {
 public:
  ObserverCommand beforeOp(const FrameStack &) override {
    ++ops;
    return ObserverCommand::Continue;
  }
  int ops = 0;
};

Value input() {
  Tensor x(ir::Type::tensor({2, 3}, ir::ElementType::floating(ir::FloatFormat::F32)));
  for (int64_t i = 0; i < 6; ++i) x.data<float>()[i] = 0.25f * static_cast<float>(i) - 0.5f;
  return Value(x);
}

TEST(ConstantFolding, PureSmallOpsOfConstantsAreFoldedAndNothingElse) {
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(kProgram, keep);
  Interpreter interp(module);
  interp.prepareConstants();
  for (const char *name : {"%epsb", "%sum", "%inv", "%scale", "%scaleb"}) {
    EXPECT_TRUE(interp.isFolded(*opDefining(module, name))) << name;
  }
  EXPECT_FALSE(interp.isFolded(*opDefining(module, "%y"))) << "reads an argument";
  EXPECT_FALSE(interp.isFolded(*opDefining(module, "%r"))) << "rng is not pure";
  EXPECT_FALSE(interp.isFolded(*opDefining(module, "%big"))) << "512 KiB: past the per-op bound";
}

TEST(ConstantFolding, FoldedRunsGiveTheBitsStepsAndObservedOpsOfUnfoldedOnes) {
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(kProgram, keep);
  Interpreter plain(module), folded(module);
  folded.prepareConstants();
  FunctionOutcome a = plain.run("main", {input()}), b = folded.run("main", {input()});
  ASSERT_EQ(a.status, FunctionOutcome::Status::Passed) << a.message;
  ASSERT_EQ(b.status, FunctionOutcome::Status::Passed) << b.message;
  EXPECT_EQ(b.checks, 1);
  ASSERT_EQ(a.results.size(), b.results.size());
  const Tensor &ya = a.results[0].tensor, &yb = b.results[0].tensor;
  ASSERT_EQ(ya.numElements(), yb.numElements());
  EXPECT_EQ(std::memcmp(ya.bytes(), yb.bytes(), static_cast<size_t>(ya.numElements()) * sizeof(float)), 0);
  EXPECT_EQ(plain.steps(), folded.steps());
  // An observer meets every op, folded or not.
  Counter seenPlain, seenFolded;
  Interpreter observedPlain(module), observedFolded(module);
  observedFolded.prepareConstants();
  observedPlain.setObserver(&seenPlain);
  observedFolded.setObserver(&seenFolded);
  ASSERT_EQ(observedPlain.run("main", {input()}).status, FunctionOutcome::Status::Passed);
  ASSERT_EQ(observedFolded.run("main", {input()}).status, FunctionOutcome::Status::Passed);
  EXPECT_GT(seenPlain.ops, 15);
  EXPECT_EQ(seenPlain.ops, seenFolded.ops);
}

}  // namespace
}  // namespace shlo::interpreter
