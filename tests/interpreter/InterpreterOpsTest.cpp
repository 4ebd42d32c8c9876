// Unit tests of the interpreter's op functions and of whole programs: the
// values computed, f16/bf16 rounding, integer wrapping, dense literals, and
// clear errors for runtime failures and unsupported ops.
#include <gtest/gtest.h>

#include "interpreter/DenseLiteral.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Ops.h"
#include "semantic/analysis/Analysis.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

ir::Type tensorType(std::vector<int64_t> shape, ir::ElementType e) { return ir::Type::tensor(std::move(shape), e); }
ir::ElementType f32() { return ir::ElementType::floating(ir::FloatFormat::F32); }
ir::ElementType i32() { return ir::ElementType::integer(32); }

template <typename T>
std::vector<T> values(const Tensor &t) {
  return std::vector<T>(t.data<T>(), t.data<T>() + t.numElements());
}

FunctionOutcome runProgram(const std::string &text, const std::string &function, analysis::Analysis &keep) {
  static syntax::Parser parser;
  keep = analysis::analyze(parser, text);
  for (const Diagnostic &d : keep.diagnostics) EXPECT_NE(d.severity, Severity::Error) << d.message;
  Interpreter interp(*keep.lowered.module);
  return interp.run(function);
}

}  // namespace

TEST(InterpreterOps, AddWrapsSubByteIntegers) {
  ir::Type t = tensorType({4}, ir::ElementType::integer(4));
  Tensor a = decodeDenseLiteral("[7, -8, 3, -1]", t);
  Tensor b = decodeDenseLiteral("[1, -1, 4, 1]", t);
  EXPECT_EQ(values<int8_t>(evalAdd(a, b, t)), (std::vector<int8_t>{-8, 7, 7, 0}));
}

TEST(InterpreterOps, F16RoundsOnStore) {
  ir::Type t = tensorType({2}, ir::ElementType::floating(ir::FloatFormat::F16));
  Tensor a = decodeDenseLiteral("[1.0, 65504.0]", t);
  Tensor b = decodeDenseLiteral("[0.0001, 32.0]", t);
  std::vector<float> sum = values<float>(evalAdd(a, b, t));
  EXPECT_EQ(sum[0], 1.0f);                // 1 + 1e-4 rounds back to 1 in f16.
  EXPECT_TRUE(std::isinf(sum[1]));         // Overflows to +inf.
}

TEST(InterpreterOps, DenseLiteralForms) {
  ir::Type f = tensorType({2, 2}, f32());
  EXPECT_EQ(values<float>(decodeDenseLiteral("1.5", f)), (std::vector<float>{1.5f, 1.5f, 1.5f, 1.5f}));
  EXPECT_EQ(values<float>(decodeDenseLiteral("\"0x0000803F000000400000404000008040\"", f)),
            (std::vector<float>{1, 2, 3, 4}));
  Tensor nan = decodeDenseLiteral("0x7FC00000", tensorType({}, f32()));
  EXPECT_TRUE(std::isnan(nan.data<float>()[0]));
  ir::Type c = tensorType({1}, ir::ElementType::complex(ir::FloatFormat::F64));
  EXPECT_EQ(decodeDenseLiteral("[(1.5, -2.0)]", c).data<std::complex<double>>()[0], std::complex<double>(1.5, -2.0));
  ir::Type b = tensorType({3}, ir::ElementType::integer(1));
  EXPECT_EQ(values<bool>(decodeDenseLiteral("[true, false, true]", b)), (std::vector<bool>{true, false, true}));
}

TEST(InterpreterOps, DotGeneralBatchedMatmul) {
  ir::Type lt = tensorType({1, 2, 3}, f32()), rt = tensorType({1, 3, 2}, f32()), ot = tensorType({1, 2, 2}, f32());
  Tensor lhs = decodeDenseLiteral("[[[1, 2, 3], [4, 5, 6]]]", lt);
  Tensor rhs = decodeDenseLiteral("[[[1, 0], [0, 1], [1, 1]]]", rt);
  Tensor out = evalDotGeneral(lhs, rhs, {0}, {0}, {2}, {1}, ot);
  EXPECT_EQ(values<float>(out), (std::vector<float>{4, 5, 10, 11}));
}

TEST(InterpreterOps, TransposeSliceBroadcast) {
  Tensor x = decodeDenseLiteral("[[1, 2, 3], [4, 5, 6]]", tensorType({2, 3}, i32()));
  EXPECT_EQ(values<int32_t>(evalTranspose(x, {1, 0}, tensorType({3, 2}, i32()))),
            (std::vector<int32_t>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(values<int32_t>(evalSlice(x, {0, 1}, {2, 3}, {1, 2}, tensorType({2, 1}, i32()))),
            (std::vector<int32_t>{2, 5}));
  Tensor row = decodeDenseLiteral("[7, 8]", tensorType({2}, i32()));
  EXPECT_EQ(values<int32_t>(evalBroadcastInDim(row, {0}, tensorType({2, 2}, i32()))),
            (std::vector<int32_t>{7, 7, 8, 8}));
}

TEST(InterpreterOps, CompareTotalOrderAndMaximumNaN) {
  ir::Type t = tensorType({2}, f32());
  Tensor a = decodeDenseLiteral("[-0.0, 0x7FC00000]", t);
  Tensor b = decodeDenseLiteral("[0.0, 1.0]", t);
  Tensor lt = evalCompare(a, b, "LT", "TOTALORDER", tensorType({2}, ir::ElementType::integer(1)));
  EXPECT_EQ(values<bool>(lt), (std::vector<bool>{true, false}));
  Tensor m = evalMaximum(a, b, t);
  EXPECT_EQ(m.data<float>()[0], 0.0f);
  EXPECT_TRUE(std::isnan(m.data<float>()[1]));
}

TEST(InterpreterOps, ExpectCloseCountsUlps) {
  ir::Type t = tensorType({1}, f32());
  Tensor a = decodeDenseLiteral("[1.0]", t);
  Tensor b = decodeDenseLiteral("[0x3F800002]", t);  // Two ULPs above 1.0.
  EXPECT_NO_THROW(evalExpectClose(a, b, 2, 0));
  EXPECT_THROW(evalExpectClose(a, b, 1, 0), CheckFailure);
}

TEST(InterpreterPrograms, WhileReduceAndCall) {
  analysis::Analysis keep;
  FunctionOutcome r = runProgram(R"(
func.func @sum(%x: tensor<4xi64>) -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
  func.return %s : tensor<i64>
}
func.func @main() -> tensor<i64> {
  %x = stablehlo.iota dim = 0 : tensor<4xi64>
  %s = func.call @sum(%x) : (tensor<4xi64>) -> tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %r:2 = stablehlo.while(%i = %s, %n = %one) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %s : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %j = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %j, %n : tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %s, dense<6> : tensor<i64>
  func.return %s : tensor<i64>
}
)", "main", keep);
  ASSERT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  EXPECT_EQ(r.checks, 1);
  ASSERT_EQ(r.results.size(), 1u);
  EXPECT_EQ(r.results[0].tensor.data<int64_t>()[0], 6);
}

TEST(InterpreterPrograms, DivisionByZeroIsAClearErrorAtTheOp) {
  analysis::Analysis keep;
  std::string text = R"(func.func @main() {
  %a = stablehlo.constant dense<1> : tensor<i32>
  %b = stablehlo.constant dense<0> : tensor<i32>
  %c = stablehlo.divide %a, %b : tensor<i32>
  func.return
}
)";
  FunctionOutcome r = runProgram(text, "main", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_NE(r.message.find("division by zero"), std::string::npos);
  EXPECT_EQ(r.opName, "stablehlo.divide");
  ASSERT_TRUE(r.range.has_value());
  EXPECT_EQ(text.substr(r.range->begin, 4), "%c =" );
}

TEST(InterpreterPrograms, FailedCheckAndUnsupportedOp) {
  analysis::Analysis keep;
  FunctionOutcome r = runProgram(R"(func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %a, dense<[1, 3]> : tensor<2xi32>
  func.return
}
)", "main", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::CheckFailed);
  EXPECT_NE(r.message.find("2 (actual) vs 3 (expected) at index [1]"), std::string::npos) << r.message;

  FunctionOutcome u = runProgram(R"(func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 0.0], [0.0, 1.0]]> : tensor<2x2xf32>
  %b = stablehlo.cholesky %a, lower = true : tensor<2x2xf32>
  func.return
}
)", "main", keep);
  EXPECT_EQ(u.status, FunctionOutcome::Status::Unsupported);
  EXPECT_NE(u.message.find("stablehlo.cholesky"), std::string::npos) << u.message;
}
