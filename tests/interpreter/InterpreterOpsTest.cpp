// Unit tests of the interpreter's op functions and of whole programs: the
// values computed, f16/bf16 rounding, integer wrapping, dense literals, and
// clear errors for runtime failures and unsupported ops.
#include <gtest/gtest.h>

#include "interpreter/DenseLiteral.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Ops.h"
#include "semantic/analysis/Analysis.h"
#include "tests/support/Programs.h"

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
  return test::runProgram(text, keep, function);
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
  // Unit dimensions added in order: the operand's buffer, shared.
  Tensor unit = evalBroadcastInDim(x, {0, 2}, tensorType({2, 1, 3}, i32()));
  EXPECT_EQ(unit.bytes(), x.bytes());
  EXPECT_EQ(unit.shape(), (std::vector<int64_t>{2, 1, 3}));
  EXPECT_EQ(values<int32_t>(unit), (std::vector<int32_t>{1, 2, 3, 4, 5, 6}));
  // Out of order (a transpose), or repeating elements: a new buffer.
  Tensor swapped = evalBroadcastInDim(x, {2, 0}, tensorType({3, 1, 2}, i32()));
  EXPECT_NE(swapped.bytes(), x.bytes());
  EXPECT_EQ(values<int32_t>(swapped), (std::vector<int32_t>{1, 4, 2, 5, 3, 6}));
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

TEST(InterpreterOps, ExpectCloseOrdersInfinitiesAndSubnormals) {
  ir::Type t = tensorType({1}, f32());
  // +inf and -inf are far apart, not 0 ULPs.
  EXPECT_THROW(evalExpectClose(decodeDenseLiteral("[0x7F800000]", t), decodeDenseLiteral("[0xFF800000]", t), 3, 0),
               CheckFailure);
  EXPECT_NO_THROW(evalExpectClose(decodeDenseLiteral("[0x7F800000]", t), decodeDenseLiteral("[0x7F800000]", t), 0, 0));
  // Each subnormal step is one ULP: 0 and the fifth subnormal are 5 apart.
  Tensor zero = decodeDenseLiteral("[0.0]", t), fifth = decodeDenseLiteral("[0x00000005]", t);
  EXPECT_THROW(evalExpectClose(zero, fifth, 4, 0), CheckFailure);
  EXPECT_NO_THROW(evalExpectClose(zero, fifth, 5, 0));
  // Across zero: -1st and +2nd subnormals are 3 apart; -0 and +0 are equal.
  EXPECT_NO_THROW(evalExpectClose(decodeDenseLiteral("[0x80000001]", t), decodeDenseLiteral("[0x00000002]", t), 3, 3));
  EXPECT_NO_THROW(evalExpectClose(decodeDenseLiteral("[0x80000000]", t), zero, 0, 0));
  // An infinity is as far as can be from every finite value, the largest
  // included (it is the next bit pattern, but no ULP away).
  Tensor inf = decodeDenseLiteral("[0x7F800000]", t), largest = decodeDenseLiteral("[0x7F7FFFFF]", t);
  EXPECT_THROW(evalExpectClose(inf, largest, 1000, 0), CheckFailure);
  EXPECT_NO_THROW(evalExpectClose(inf, largest, UINT64_MAX, UINT64_MAX));
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
  %b = "mydialect.frobnicate"(%a) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}
)", "main", keep);
  EXPECT_EQ(u.status, FunctionOutcome::Status::Unsupported);
  EXPECT_NE(u.message.find("mydialect.frobnicate"), std::string::npos) << u.message;
}

namespace {

/// A body that applies a binary function to two 0-d tensors of type `t`.
BodyFn binaryBody(const ir::Type &t, Tensor (*fn)(const Tensor &, const Tensor &, const ir::Type &)) {
  return [t, fn](const std::vector<Tensor> &args) { return std::vector<Tensor>{fn(args.at(0), args.at(1), t)}; };
}

}  // namespace

TEST(InterpreterOps, ReduceWindowSpecExampleBothPaths) {
  // The spec's example: padding, base and window dilations together.
  ir::Type t = tensorType({3, 2}, i32()), s = tensorType({}, i32()), r = tensorType({2, 2}, i32());
  Tensor input = decodeDenseLiteral("[[1, 2], [3, 4], [5, 6]]", t);
  Tensor init = decodeDenseLiteral("0", s);
  Window w{{2, 1}, {4, 1}, {2, 1}, {3, 1}, {{2, 1}, {0, 0}}};
  BodyFn add = binaryBody(s, evalAdd);
  std::vector<Tensor> fast = evalReduceWindow({input}, {init}, w, add, "stablehlo.add", {r});
  std::vector<Tensor> general = evalReduceWindow({input}, {init}, w, add, "", {r});
  EXPECT_EQ(values<int32_t>(fast.at(0)), (std::vector<int32_t>{0, 0, 3, 4}));
  EXPECT_EQ(values<int32_t>(general.at(0)), (std::vector<int32_t>{0, 0, 3, 4}));
}

TEST(InterpreterOps, SelectAndScatterSpecExample) {
  ir::Type t = tensorType({4, 2}, i32()), s = tensorType({}, i32()), b = tensorType({}, ir::ElementType::integer(1));
  Tensor operand = decodeDenseLiteral("[[1, 5], [2, 5], [3, 6], [4, 4]]", t);
  Tensor source = decodeDenseLiteral("[[5, 6], [7, 8]]", tensorType({2, 2}, i32()));
  Tensor init = decodeDenseLiteral("0", s);
  BodyFn ge = [b](const std::vector<Tensor> &args) {
    return std::vector<Tensor>{evalCompare(args.at(0), args.at(1), "GE", "", b)};
  };
  Tensor out = evalSelectAndScatter(operand, source, init, {3, 1}, {2, 1}, {{0, 1}, {0, 0}}, ge, binaryBody(s, evalAdd), t);
  EXPECT_EQ(values<int32_t>(out), (std::vector<int32_t>{0, 0, 0, 0, 5, 14, 7, 0}));
}

TEST(InterpreterOps, SortIsStableAndSortsInputsTogether) {
  ir::Type t = tensorType({2, 3}, i32()), b = tensorType({}, ir::ElementType::integer(1));
  Tensor keys = decodeDenseLiteral("[[3, 1, 3], [2, 2, 1]]", t);
  Tensor payload = decodeDenseLiteral("[[0, 1, 2], [3, 4, 5]]", t);
  BodyFn less = [b](const std::vector<Tensor> &args) {
    return std::vector<Tensor>{evalCompare(args.at(0), args.at(1), "LT", "", b)};
  };
  std::vector<Tensor> rows = evalSort({keys, payload}, -1, true, less, {t, t});
  EXPECT_EQ(values<int32_t>(rows.at(0)), (std::vector<int32_t>{1, 3, 3, 1, 2, 2}));
  EXPECT_EQ(values<int32_t>(rows.at(1)), (std::vector<int32_t>{1, 0, 2, 5, 3, 4}));
  std::vector<Tensor> columns = evalSort({keys, payload}, 0, true, less, {t, t});
  EXPECT_EQ(values<int32_t>(columns.at(0)), (std::vector<int32_t>{2, 1, 1, 3, 2, 3}));
  EXPECT_EQ(values<int32_t>(columns.at(1)), (std::vector<int32_t>{3, 1, 5, 0, 4, 2}));
  EXPECT_THROW(evalSort({keys}, 2, true, less, {t}), RuntimeError);
}

TEST(InterpreterOps, GatherRowsWithClampedStarts) {
  Tensor operand = decodeDenseLiteral("[[1, 2, 3], [4, 5, 6], [7, 8, 9]]", tensorType({3, 3}, i32()));
  // Row starts 2 and 9 (clamped to 2), slices of 1x2 from column 1.
  Tensor starts = decodeDenseLiteral("[[2, 1], [9, 1], [0, 5]]", tensorType({3, 2}, i32()));
  GatherDimensions dims;
  dims.offsetDims = {1};
  dims.collapsedSliceDims = {0};
  dims.startIndexMap = {0, 1};
  dims.indexVectorDim = 1;
  Tensor out = evalGather(operand, starts, dims, {1, 2}, tensorType({3, 2}, i32()));
  EXPECT_EQ(values<int32_t>(out), (std::vector<int32_t>{8, 9, 8, 9, 2, 3}));
}

TEST(InterpreterOps, ConvolutionFeatureGroupsAndReversal) {
  // b0f x 0io -> b0f, two feature groups: output feature k convolves input
  // feature k with kernel column k.
  Tensor lhs = decodeDenseLiteral("[[[1, 10], [2, 20], [3, 30], [4, 40]]]", tensorType({1, 4, 2}, i32()));
  Tensor rhs = decodeDenseLiteral("[[[1, 1]], [[1, -1]]]", tensorType({2, 1, 2}, i32()));
  ConvolutionParams p;
  p.dimensions = {0, 2, 1, 2, 0, 2, {1}, {0}, {1}};
  p.featureGroupCount = 2;
  ir::Type r = tensorType({1, 3, 2}, i32());
  EXPECT_EQ(values<int32_t>(evalConvolution(lhs, rhs, p, r)), (std::vector<int32_t>{3, -10, 5, -10, 7, -10}));
  p.windowReversal = {true};
  EXPECT_EQ(values<int32_t>(evalConvolution(lhs, rhs, p, r)), (std::vector<int32_t>{3, 10, 5, 10, 7, 10}));
  // Padding 1 on each side with lhs dilation 2: positions -1..7 of [1,_,2,_,3,_,4].
  ConvolutionParams q = p;
  q.windowReversal.clear();
  q.padding = {{1, 1}};
  q.lhsDilation = {2};
  EXPECT_EQ(values<int32_t>(evalConvolution(lhs, rhs, q, tensorType({1, 8, 2}, i32()))),
            (std::vector<int32_t>{1, -10, 1, 10, 2, -20, 2, 20, 3, -30, 3, 30, 4, -40, 4, 40}));
}

TEST(InterpreterPrograms, DynamicReshapeChecksTheStaticResultType) {
  analysis::Analysis keep;
  FunctionOutcome r = runProgram(R"(func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %s = stablehlo.constant dense<[2, 2]> : tensor<2xi64>
  %b = stablehlo.dynamic_reshape %a, %s : (tensor<4xi32>, tensor<2xi64>) -> tensor<?x2xi32>
  check.expect_eq_const %b, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %d = stablehlo.constant dense<[-1, 2]> : tensor<2xi64>
  %t = stablehlo.add %s, %d : tensor<2xi64>
  %c = stablehlo.dynamic_reshape %a, %t : (tensor<4xi32>, tensor<2xi64>) -> tensor<?x2xi32>
  func.return
}
)", "main", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_EQ(r.checks, 1);
  EXPECT_NE(r.message.find("dimension 1 is 4 at run time"), std::string::npos) << r.message;
}

TEST(InterpreterPrograms, ReshapeSharesTheBufferAndNothingWritesIt) {
  // The reshape is the operand's buffer under another shape; the negate
  // after it is the reshape's last use, but %a, returned, holds the same
  // buffer: the negate must not compute in place.
  ir::Type flat = ir::Type::tensor({70000}, ir::ElementType::floating(ir::FloatFormat::F32));
  Tensor a(flat);
  for (int64_t i = 0; i < a.numElements(); ++i) a.data<float>()[i] = static_cast<float>(i) - 7.5f;
  Tensor b = evalReshape(a, ir::Type::tensor({700, 100}, flat.element()));
  EXPECT_EQ(b.bytes(), a.bytes());
  EXPECT_EQ(b.shape(), (std::vector<int64_t>{700, 100}));
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(R"(
func.func @main(%a: tensor<70000xf32>) -> (tensor<70000xf32>, tensor<700x100xf32>) {
  %b = stablehlo.reshape %a : (tensor<70000xf32>) -> tensor<700x100xf32>
  %n = stablehlo.negate %b : tensor<700x100xf32>
  return %a, %n : tensor<70000xf32>, tensor<700x100xf32>
}
)", keep);
  Interpreter interp(module);
  FunctionOutcome r = interp.run("main", {Value(a)});
  ASSERT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  for (int64_t i = 0; i < a.numElements(); ++i) {
    ASSERT_EQ(r.results.at(0).tensor.data<float>()[i], static_cast<float>(i) - 7.5f) << i;
    ASSERT_EQ(r.results.at(1).tensor.data<float>()[i], 7.5f - static_cast<float>(i)) << i;
  }
}

TEST(InterpreterOps, TriangularSolveAllSidesAndTransposes) {
  // a's lower triangle is L = [[2, 0], [1, 4]]; its upper part (9) is never read.
  ir::Type at = tensorType({2, 2}, f32());
  Tensor a = decodeDenseLiteral("[[2, 9], [1, 4]]", at);
  Tensor b = decodeDenseLiteral("[[2, 4], [9, 6]]", at);
  // L x = b.
  EXPECT_EQ(values<float>(evalTriangularSolve(a, b, true, true, false, "NO_TRANSPOSE", at)),
            (std::vector<float>{1, 2, 2, 1}));
  // L^T x = b: [[2, 1], [0, 4]] x = b.
  EXPECT_EQ(values<float>(evalTriangularSolve(a, b, true, true, false, "TRANSPOSE", at)),
            (std::vector<float>{-0.125f, 1.25f, 2.25f, 1.5f}));
  // x L = b.
  EXPECT_EQ(values<float>(evalTriangularSolve(a, b, false, true, false, "NO_TRANSPOSE", at)),
            (std::vector<float>{0.5f, 1, 3.75f, 1.5f}));
  // Unit diagonal: L = [[1, 0], [1, 1]].
  EXPECT_EQ(values<float>(evalTriangularSolve(a, b, true, true, true, "NO_TRANSPOSE", at)),
            (std::vector<float>{2, 4, 7, 2}));
}

TEST(InterpreterOps, FftRoundTripsAndRfftTruncates) {
  ir::Type c = tensorType({4}, ir::ElementType::complex(ir::FloatFormat::F64));
  Tensor x = decodeDenseLiteral("[(1.0, 0.0), (2.0, -1.0), (0.0, 3.0), (-1.0, 0.5)]", c);
  Tensor f = evalFft(x, "FFT", {4}, c);
  EXPECT_NEAR(f.data<std::complex<double>>()[0].real(), 2.0, 1e-12);
  EXPECT_NEAR(f.data<std::complex<double>>()[0].imag(), 2.5, 1e-12);
  Tensor back = evalFft(f, "IFFT", {4}, c);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(std::abs(back.data<std::complex<double>>()[i] - x.data<std::complex<double>>()[i]), 0, 1e-12);
  ir::Type r = tensorType({4}, ir::ElementType::floating(ir::FloatFormat::F64));
  ir::Type half = tensorType({3}, ir::ElementType::complex(ir::FloatFormat::F64));
  Tensor real = decodeDenseLiteral("[1.0, 2.0, 3.0, 4.0]", r);
  Tensor spectrum = evalFft(real, "RFFT", {4}, half);
  EXPECT_NEAR(std::abs(spectrum.data<std::complex<double>>()[2] - std::complex<double>(-2, 0)), 0, 1e-12);
  Tensor again = evalFft(spectrum, "IRFFT", {4}, r);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(again.data<double>()[i], i + 1.0, 1e-12);
  EXPECT_THROW(evalFft(real, "FFT", {8}, r), RuntimeError);
}

TEST(InterpreterOps, MulhiTopKNextAfterErfInv) {
  ir::Type s8 = tensorType({3}, ir::ElementType::integer(8));
  Tensor a = decodeDenseLiteral("[127, -128, 100]", s8), b = decodeDenseLiteral("[127, -128, -3]", s8);
  EXPECT_EQ(values<int8_t>(evalMulhi(a, b, s8)), (std::vector<int8_t>{63, 64, -2}));

  ir::Type t = tensorType({2, 3}, f32());
  Tensor x = decodeDenseLiteral("[[1.0, 3.0, 3.0], [0x7FC00000, -1.0, 2.0]]", t);
  std::vector<Tensor> top = evalTopK(x, 2, tensorType({2, 2}, f32()), tensorType({2, 2}, i32()));
  EXPECT_EQ(values<float>(top[0])[0], 3.0f);
  EXPECT_TRUE(std::isnan(values<float>(top[0])[2]));
  EXPECT_EQ(values<int32_t>(top[1]), (std::vector<int32_t>{1, 2, 0, 2}));

  ir::Type h = tensorType({2}, ir::ElementType::floating(ir::FloatFormat::F16));
  Tensor from = decodeDenseLiteral("[1.0, 0.0]", h), to = decodeDenseLiteral("[2.0, -1.0]", h);
  std::vector<float> next = values<float>(evalNextAfter(from, to, h));
  EXPECT_EQ(next[0], 1.0f + 1.0f / 1024);      // One f16 ULP above 1.
  EXPECT_EQ(next[1], -std::ldexp(1.0f, -24));  // The smallest negative f16 subnormal.

  ir::Type d = tensorType({3}, ir::ElementType::floating(ir::FloatFormat::F64));
  Tensor y = decodeDenseLiteral("[0.5, -0.999, 1.0]", d);
  std::vector<double> inv = values<double>(evalErfInv(y, d));
  EXPECT_NEAR(std::erf(inv[0]), 0.5, 1e-15);
  EXPECT_NEAR(std::erf(inv[1]), -0.999, 1e-15);
  EXPECT_TRUE(std::isinf(inv[2]));
}

TEST(InterpreterProcessGrid, CollectivesAcrossReplicas) {
  analysis::Analysis keep;
  FunctionOutcome r = runProgram(R"(
func.func @sum(%x: tensor<2xi64>) -> (tensor<2xi64>, tensor<ui32>, tensor<2xi64>) {
  %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %m = stablehlo.multiply %a, %b : tensor<i64>
      stablehlo.return %m : tensor<i64>
  }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  %id = stablehlo.replica_id : tensor<ui32>
  %p = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>}
      : (tensor<2xi64>) -> tensor<2xi64>
  func.return %s, %id, %p : tensor<2xi64>, tensor<ui32>, tensor<2xi64>
}
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %c = stablehlo.constant dense<[5, 6]> : tensor<2xi64>
  %r:9 = "interpreter.run_parallel"(%a, %b, %c) {programs = [[@sum], [@sum], [@sum]]}
      : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<ui32>, tensor<2xi64>,
         tensor<2xi64>, tensor<ui32>, tensor<2xi64>, tensor<2xi64>, tensor<ui32>, tensor<2xi64>)
  check.expect_eq_const %r#0, dense<[15, 48]> : tensor<2xi64>
  check.expect_eq_const %r#6, dense<[15, 48]> : tensor<2xi64>
  check.expect_eq_const %r#7, dense<2> : tensor<ui32>
  check.expect_eq_const %r#2, dense<[0, 0]> : tensor<2xi64>
  check.expect_eq_const %r#5, dense<[1, 2]> : tensor<2xi64>
  check.expect_eq_const %r#8, dense<[3, 4]> : tensor<2xi64>
  func.return
}
)", "main", keep);
  ASSERT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  EXPECT_EQ(r.checks, 6);
}

namespace {

/// Runs a 2-process grid of @a and @b (one i64 operand each) and returns the outcome.
FunctionOutcome runPair(const std::string &a, const std::string &b, analysis::Analysis &keep) {
  return runProgram(a + "\n" + b + R"(
func.func @main() {
  %x = stablehlo.constant dense<1> : tensor<i64>
  %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@a], [@b]]} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  func.return
}
)", "main", keep);
}

const char *kAllReduceA = R"(func.func @a(%x: tensor<i64>) -> tensor<i64> {
  %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%p: tensor<i64>, %q: tensor<i64>):
      %m = stablehlo.add %p, %q : tensor<i64>
      stablehlo.return %m : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i64>) -> tensor<i64>
  func.return %s : tensor<i64>
})";

}  // namespace

TEST(InterpreterProcessGrid, AProcessThatNeverReachesTheCollectiveIsAnErrorNotAHang) {
  analysis::Analysis keep;
  FunctionOutcome r = runPair(kAllReduceA, R"(func.func @b(%x: tensor<i64>) -> tensor<i64> {
  func.return %x : tensor<i64>
})", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_EQ(r.opName, "stablehlo.all_reduce");
  EXPECT_NE(r.message.find("process (1, 0) ended without reaching this all_reduce"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("process (0, 0)"), std::string::npos) << r.message;
}

TEST(InterpreterProcessGrid, CrossedCollectivesAreReportedAsADeadlock) {
  analysis::Analysis keep;
  FunctionOutcome r = runPair(kAllReduceA, R"(func.func @b(%x: tensor<i64>) -> tensor<i64> {
  %g = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}
      : (tensor<i64>) -> tensor<i64>
  func.return %g : tensor<i64>
})", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_NE(r.message.find("deadlocked"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("waits at all_reduce"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("waits at collective_broadcast"), std::string::npos) << r.message;
}

TEST(InterpreterProcessGrid, APeersOwnErrorIsReportedFirst) {
  analysis::Analysis keep;
  FunctionOutcome r = runPair(kAllReduceA, R"(func.func @b(%x: tensor<i64>) -> tensor<i64> {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %d = stablehlo.divide %x, %z : tensor<i64>
  func.return %d : tensor<i64>
})", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_EQ(r.opName, "stablehlo.divide");
  EXPECT_NE(r.message.find("process (1, 0): "), std::string::npos) << r.message;
}

TEST(InterpreterProcessGrid, RecvWithoutASenderAndCollectivesOutsideAGrid) {
  analysis::Analysis keep;
  FunctionOutcome r = runProgram(R"(func.func @main() {
  %t = stablehlo.after_all : !stablehlo.token
  %v, %t2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true}
      : (!stablehlo.token) -> (tensor<i64>, !stablehlo.token)
  func.return
}
)", "main", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_NE(r.message.find("recv on channel 5"), std::string::npos) << r.message;

  // Outside run_parallel a function is process (0, 0) of a 1x1 grid.
  FunctionOutcome one = runProgram(R"(
func.func @main() {
  %x = stablehlo.constant dense<7> : tensor<i64>
  %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%p: tensor<i64>, %q: tensor<i64>):
      %m = stablehlo.add %p, %q : tensor<i64>
      stablehlo.return %m : tensor<i64>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<i64>) -> tensor<i64>
  %id = stablehlo.partition_id : tensor<ui32>
  check.expect_eq_const %s, dense<7> : tensor<i64>
  check.expect_eq_const %id, dense<0> : tensor<ui32>
  func.return
}
)", "main", keep);
  EXPECT_EQ(one.status, FunctionOutcome::Status::Passed) << one.message;
}

// stablehlo.square (newer than the spec copy in shared/): complex squares keep
// a zero real part where the plain product would give inf - inf.
TEST(InterpreterOps, SquareOfLargeComplexKeepsAZeroRealPart) {
  analysis::Analysis keep;
  FunctionOutcome r = runProgram(R"(func.func @main() {
  %x = stablehlo.constant dense<[(2.0, 1.0), (1.0e+308, 1.0e+308), (1.0e+155, 2.0e+155)]> : tensor<3xcomplex<f64>>
  %y = stablehlo.square %x : tensor<3xcomplex<f64>>
  check.expect_almost_eq_const %y, dense<[(3.0, 4.0), (0.0, 0x7FF0000000000000), (0xFFF0000000000000, 0x7FF0000000000000)]> : tensor<3xcomplex<f64>>
  %f = stablehlo.constant dense<[-3.0, 0.5]> : tensor<2xf32>
  %g = stablehlo.square %f : tensor<2xf32>
  check.expect_eq_const %g, dense<[9.0, 0.25]> : tensor<2xf32>
  func.return
})",
                                 "main", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  EXPECT_EQ(r.checks, 2);
}

// The older `custom_call @check.eq` form: integers compare exactly, floats
// within expect_almost_eq's default tolerance (as StableHLO's runner does).
TEST(InterpreterOps, CustomCallCheckEqIsExactForIntegersAndTolerantForFloats) {
  analysis::Analysis keep;
  FunctionOutcome close = runProgram(R"(func.func @main() -> tensor<i1> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.00001, 2.0]> : tensor<2xf32>
  %r = stablehlo.custom_call @check.eq(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  func.return %r : tensor<i1>
})",
                                     "main", keep);
  EXPECT_EQ(close.status, FunctionOutcome::Status::Passed) << close.message;
  analysis::Analysis keep2;
  FunctionOutcome far = runProgram(R"(func.func @main() -> tensor<i1> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.01, 2.0]> : tensor<2xf32>
  %r = stablehlo.custom_call @check.eq(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  func.return %r : tensor<i1>
})",
                                   "main", keep2);
  EXPECT_EQ(far.status, FunctionOutcome::Status::CheckFailed);
  analysis::Analysis keep3;
  FunctionOutcome ints = runProgram(R"(func.func @main() -> tensor<i1> {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
  %r = stablehlo.custom_call @check.eq(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<i1>
  func.return %r : tensor<i1>
})",
                                    "main", keep3);
  EXPECT_EQ(ints.status, FunctionOutcome::Status::CheckFailed);
}

// The custom_call spelling of expect_almost_eq has no tolerance attribute:
// StableHLO's runner checks it within an absolute 1e-3 (the check dialect's
// op defaults to 1e-4). A difference of 5e-4 passes the one, fails the other.
TEST(InterpreterOps, CustomCallExpectAlmostEqUsesTheRunnersTolerance) {
  auto run = [](const std::string &check) {
    analysis::Analysis keep;
    return runProgram(R"(func.func @main() {
  %a = stablehlo.constant dense<[3000.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[3000.0, 2.0005]> : tensor<2xf32>
  )" + check + R"(
  func.return
})",
                      "main", keep);
  };
  FunctionOutcome customCall =
      run("stablehlo.custom_call @check.expect_almost_eq(%a, %b) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()");
  EXPECT_EQ(customCall.status, FunctionOutcome::Status::Passed) << customCall.message;
  FunctionOutcome dialect = run("check.expect_almost_eq %a, %b : tensor<2xf32>");
  EXPECT_EQ(dialect.status, FunctionOutcome::Status::CheckFailed);
  FunctionOutcome far = run(
      "stablehlo.custom_call @check.expect_almost_eq(%a, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()\n"
      "  %c = stablehlo.constant dense<[3000.002, 2.0]> : tensor<2xf32>\n"
      "  stablehlo.custom_call @check.expect_almost_eq(%a, %c) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()");
  EXPECT_EQ(far.status, FunctionOutcome::Status::CheckFailed);
}
