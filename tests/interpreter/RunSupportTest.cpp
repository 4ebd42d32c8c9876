// What `shlo run` builds on besides the ops: the printed layout of tensors
// (StableHLO's, as its printing tests check it), result summaries, --elided
// fills, --args literals, and interpreter.print/probe through programs.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <sstream>

#include "interpreter/DenseLiteral.h"
#include "interpreter/ElidedValues.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Printing.h"
#include "interpreter/io/ArgsLiteral.h"
#include "semantic/analysis/Analysis.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

ir::Type tensorType(std::vector<int64_t> shape, ir::ElementType e) { return ir::Type::tensor(std::move(shape), e); }
ir::ElementType f32() { return ir::ElementType::floating(ir::FloatFormat::F32); }
ir::ElementType i8() { return ir::ElementType::integer(8); }

std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const RuntimeError &e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(Printing, StableHloLayout) {
  // The layouts of ../shared/conformance/interpret/printing.mlir's CHECK lines.
  EXPECT_EQ(formatTensor(decodeDenseLiteral("[1, 2, -3, -4]", tensorType({4}, i8()))), "tensor<4xi8> {\n  [1, 2, -3, -4]\n}");
  EXPECT_EQ(formatTensor(decodeDenseLiteral("1", tensorType({}, ir::ElementType::integer(8, ir::Signedness::Unsigned)))),
            "tensor<ui8> {1}");
  EXPECT_EQ(formatTensor(decodeDenseLiteral("[[1, 2], [3, 4]]", tensorType({2, 2}, i8()))),
            "tensor<2x2xi8> {\n  [\n    [1, 2],\n    [3, 4]\n  ]\n}");
  EXPECT_EQ(formatTensor(decodeDenseLiteral("[[[0, 1], [2, 3]], [[4, 0], [1, 2]]]", tensorType({2, 2, 2}, i8()))),
            "tensor<2x2x2xi8> {\n  [\n    [\n      [0, 1],\n      [2, 3]\n    ],\n    [\n      [4, 0],\n      [1, 2]\n    ]\n  ]\n}");
  EXPECT_EQ(formatTensor(Tensor(tensorType({0, 2}, i8()))), "tensor<0x2xi8> {\n  []\n}");
  EXPECT_EQ(formatTensor(Tensor(tensorType({2, 0}, i8()))), "tensor<2x0xi8> {\n  [\n    [],\n    []\n  ]\n}");
  EXPECT_EQ(formatTensor(decodeDenseLiteral("[true, false]", tensorType({2}, ir::ElementType::integer(1)))),
            "tensor<2xi1> {\n  [true, false]\n}");
  EXPECT_EQ(formatTensor(decodeDenseLiteral("[1.0, -4.0]", tensorType({2}, ir::ElementType::floating(ir::FloatFormat::F16)))),
            "tensor<2xf16> {\n  [1.000000e+00, -4.000000e+00]\n}");
  EXPECT_EQ(formatTensor(decodeDenseLiteral("(3.14, 1.0)", tensorType({1}, ir::ElementType::complex(ir::FloatFormat::F32)))),
            "tensor<1xcomplex<f32>> {\n  [[3.140000e+00, 1.000000e+00]]\n}");
}

TEST(Printing, Summaries) {
  EXPECT_EQ(summarizeTensor(decodeDenseLiteral("[1.0, 0x7FC00000, 3.0, 0x7F800000]", tensorType({4}, f32()))),
            "tensor<4xf32>: min 1 max 3 mean 2, 1 NaN, 1 inf");
  EXPECT_EQ(summarizeTensor(decodeDenseLiteral("[-3, 5]", tensorType({2}, i8()))), "tensor<2xi8>: min -3 max 5 mean 1");
  EXPECT_EQ(summarizeTensor(Tensor(tensorType({0}, f32()))), "tensor<0xf32>: no elements");
}

TEST(ElidedValues, ParsesTheFlag) {
  EXPECT_EQ(parseElidedFill("zeros")->mode, ElidedFill::Mode::Zeros);
  EXPECT_EQ(parseElidedFill("random:42")->seed, 42u);
  EXPECT_FALSE(parseElidedFill("random:"));
  EXPECT_FALSE(parseElidedFill("random:-1"));
  EXPECT_FALSE(parseElidedFill("random:1x"));
  EXPECT_FALSE(parseElidedFill("ones"));
}

TEST(ElidedValues, RandomValuesAreReproducibleAndInRange) {
  ElidedFill fill = *parseElidedFill("random:3");
  // fan_in = elements / largest dimension = 3*3*16 (the output features are the largest).
  ir::Type kernel = tensorType({3, 3, 16, 32}, f32());
  Tensor a = makeElidedValue(kernel, fill, 10), b = makeElidedValue(kernel, fill, 10), c = makeElidedValue(kernel, fill, 11);
  EXPECT_EQ(a.str(1000000), b.str(1000000));
  EXPECT_NE(a.str(1000000), c.str(1000000));
  double bound = std::sqrt(3.0 / 144.0), lo = 1, hi = -1;
  for (int64_t i = 0; i < a.numElements(); ++i) {
    lo = std::min<double>(lo, a.data<float>()[i]);
    hi = std::max<double>(hi, a.data<float>()[i]);
  }
  EXPECT_GE(lo, -bound);
  EXPECT_LT(hi, bound);
  EXPECT_LT(lo, -bound / 2);  // spread over the range, not stuck at 0
  EXPECT_GT(hi, bound / 2);
  Tensor scale = makeElidedValue(tensorType({64}, f32()), fill, 1);
  for (int64_t i = 0; i < 64; ++i) {
    EXPECT_GE(scale.data<float>()[i], 0.5f);
    EXPECT_LT(scale.data<float>()[i], 1.5f);
  }
  Tensor ids = makeElidedValue(tensorType({64}, ir::ElementType::integer(32)), fill, 2);
  int ones = 0;
  for (int64_t i = 0; i < 64; ++i) {
    EXPECT_TRUE(ids.data<int32_t>()[i] == 0 || ids.data<int32_t>()[i] == 1);
    ones += ids.data<int32_t>()[i];
  }
  EXPECT_GT(ones, 0);
  EXPECT_LT(ones, 64);
  Tensor zeros = makeElidedValue(kernel, *parseElidedFill("zeros"), 10);
  EXPECT_EQ(summarizeTensor(zeros), "tensor<3x3x16x32xf32>: min 0 max 0 mean 0");
}

TEST(ArgsLiteral, ParsesStableHloSyntax) {
  std::vector<Tensor> args = parseArgsLiteral("[dense<1> : tensor<2xi32>, dense<[1.5, -2.0]> : tensor<2xf32>, dense<true> : tensor<i1>]");
  ASSERT_EQ(args.size(), 3u);
  EXPECT_EQ(args[0].str(), "dense<[1, 1]> : tensor<2xi32>");
  EXPECT_EQ(args[1].str(), "dense<[1.5, -2.0]> : tensor<2xf32>");
  EXPECT_EQ(args[2].str(), "dense<true> : tensor<i1>");
  EXPECT_TRUE(parseArgsLiteral("[]").empty());
  EXPECT_NE(errorOf([] { parseArgsLiteral("not_array"); }).find("expected an array of dense elements attributes"),
            std::string::npos);
  EXPECT_NE(errorOf([] { parseArgsLiteral("[4.0 : f32]"); }).find("element #0 (column 2) is"), std::string::npos);
  EXPECT_NE(errorOf([] { parseArgsLiteral("[dense<[1, 2, 3]> : tensor<2xi32>]"); }).find("element #0"), std::string::npos);
  EXPECT_NE(errorOf([] { parseArgsLiteral("[dense<1> : tensor<2xi32>"); }).find("--args: column"), std::string::npos);
}

TEST(InterpreterDialect, PrintAndProbeThroughAProgram) {
  const char *text = R"(
func.func @main() {
  %0 = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  interpreter.print %0 : tensor<2xf32>
  %1 = interpreter.probe %0, probe_id = "x" : tensor<2xf32>
  %2 = stablehlo.add %1, %1 : tensor<2xf32>
  %3 = interpreter.probe %2, probe_id = "x" : tensor<2xf32>
  check.expect_serialized_eq %0, probe_id = "x" : tensor<2xf32>
  check.expect_serialized_eq %2, probe_id = "x", iter = 1 : tensor<2xf32>
  func.return
}
func.func @wrong() {
  %0 = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %1 = interpreter.probe %0, probe_id = "y" : tensor<2xf32>
  %2 = stablehlo.add %1, %1 : tensor<2xf32>
  check.expect_serialized_eq %2, probe_id = "y" : tensor<2xf32>
  func.return
}
func.func @missing() {
  %0 = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  check.expect_serialized_eq %0, probe_id = "never" : tensor<2xf32>
  func.return
}
)";
  syntax::Parser parser;
  analysis::Analysis a = analysis::analyze(parser, text);
  for (const Diagnostic &d : a.diagnostics) ASSERT_NE(d.severity, Severity::Error) << d.message;
  std::ostringstream printed;
  InterpreterOptions options;
  options.printOutput = &printed;
  Interpreter interp(*a.lowered.module, options);
  FunctionOutcome main = interp.run("main");
  EXPECT_EQ(main.status, FunctionOutcome::Status::Passed) << main.message;
  EXPECT_EQ(main.checks, 2);
  EXPECT_EQ(printed.str(), "%0 = tensor<2xf32> {\n  [1.500000e+00, -2.000000e+00]\n}\n");
  FunctionOutcome wrong = interp.run("wrong");
  EXPECT_EQ(wrong.status, FunctionOutcome::Status::CheckFailed);
  EXPECT_NE(wrong.message.find("probe \"y\" iteration 0"), std::string::npos) << wrong.message;
  FunctionOutcome missing = interp.run("missing");
  EXPECT_EQ(missing.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_NE(missing.message.find("probe \"never\" ran 0 time(s)"), std::string::npos) << missing.message;
}
