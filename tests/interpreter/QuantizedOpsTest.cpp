// Quantized tensors (interpreter/Quantization.h): uniform_quantize and
// uniform_dequantize per tensor and per axis, saturation to the storage
// range, requantization, dequantize-op-quantize for elementwise ops, ops that
// run on storage values, bodies with quantized operands, and the error for
// an op whose quantized form is not supported.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>

#include "interpreter/DenseLiteral.h"
#include "interpreter/Errors.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Ops.h"
#include "interpreter/Quantization.h"
#include "semantic/analysis/Analysis.h"
#include "tests/support/Programs.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

ir::ElementType f32() { return ir::ElementType::floating(ir::FloatFormat::F32); }

/// `!quant.uniform<i8:f32[:dimension], {scale:zero_point, ...}>`
ir::ElementType quantized(std::vector<double> scales, std::vector<int64_t> zeroPoints,
                          std::optional<int64_t> dimension = std::nullopt, unsigned width = 8) {
  auto q = std::make_shared<ir::QuantizedElement>();
  q->storageType = ir::ElementType::integer(width);
  q->storageMin = -(int64_t(1) << (width - 1));
  q->storageMax = (int64_t(1) << (width - 1)) - 1;
  q->expressedType = f32();
  q->quantizationDimension = dimension;
  q->scales = std::move(scales);
  q->zeroPoints = std::move(zeroPoints);
  return ir::ElementType::quantized(q);
}

template <typename T>
std::vector<T> values(const Tensor &t) {
  return std::vector<T>(t.data<T>(), t.data<T>() + t.numElements());
}

FunctionOutcome runProgram(const std::string &text, analysis::Analysis &keep) { return test::runProgram(text, keep); }

}  // namespace

TEST(Quantization, QuantizePerTensorRoundsHalfToEvenAndSaturates) {
  ir::Type q = ir::Type::tensor({6}, quantized({0.5}, {-20}));
  Tensor x = decodeDenseLiteral("[3.0, 0.25, 0.75, 1000.0, -1000.0, 0x7FC00000]", ir::Type::tensor({6}, f32()));
  Tensor r = evalUniformQuantize(x, q);
  EXPECT_TRUE(r.isQuantized());
  // 3/0.5-20 = -14; 0.25/0.5-20 = -19.5 -> -20 (even); 0.75/0.5-20 = -18.5
  // -> -18; saturation to [-128, 127]; NaN -> 0 (documented choice).
  EXPECT_EQ(values<int8_t>(r), (std::vector<int8_t>{-14, -20, -18, 127, -128, 0}));
}

TEST(Quantization, PerAxisQuantizeAndDequantize) {
  ir::Type q = ir::Type::tensor({2}, quantized({0.1, 0.5}, {-30, -20}, 0));
  Tensor x = decodeDenseLiteral("[4.0, 15.0]", ir::Type::tensor({2}, f32()));
  Tensor r = evalUniformQuantize(x, q);
  EXPECT_EQ(values<int8_t>(r), (std::vector<int8_t>{10, 10}));
  Tensor back = evalUniformDequantize(r, ir::Type::tensor({2}, f32()));
  EXPECT_NEAR(back.data<float>()[0], 4.0f, 1e-6);
  EXPECT_NEAR(back.data<float>()[1], 15.0f, 1e-6);
  // Per-axis along dimension 1 of a 2x2 tensor: columns use their own scale.
  ir::Type q2 = ir::Type::tensor({2, 2}, quantized({1.0, 2.0}, {0, 1}, 1));
  Tensor y = decodeDenseLiteral("[[1.0, 4.0], [-3.0, -8.0]]", ir::Type::tensor({2, 2}, f32()));
  EXPECT_EQ(values<int8_t>(evalUniformQuantize(y, q2)), (std::vector<int8_t>{1, 3, -3, -3}));
}

TEST(Quantization, RequantizeChangesParameters) {
  ir::Type from = ir::Type::tensor({2}, quantized({0.1, 0.5}, {-30, -20}, 0));
  ir::Type to = ir::Type::tensor({2}, quantized({0.1, 0.2}, {-20, -30}, 0));
  Tensor storage = decodeDenseLiteral("[10, 10]", ir::Type::tensor({2}, ir::ElementType::integer(8)));
  Tensor q = evalBitcastConvert(storage, from);
  EXPECT_EQ(values<int8_t>(evalUniformQuantize(q, to)), (std::vector<int8_t>{20, 45}));
}

TEST(Quantization, SubByteStorageSaturates) {
  ir::Type q = ir::Type::tensor({3}, quantized({1.0}, {0}, std::nullopt, 4));
  Tensor x = decodeDenseLiteral("[7.0, -8.0, 100.0]", ir::Type::tensor({3}, f32()));
  EXPECT_EQ(values<int8_t>(evalUniformQuantize(x, q)), (std::vector<int8_t>{7, -8, 7}));
}

TEST(QuantizedPrograms, AddDequantizesAddsAndQuantizes) {
  analysis::Analysis keep;
  FunctionOutcome r = runProgram(R"(
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %qa = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  %qb = stablehlo.uniform_quantize %b : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %s = stablehlo.add %qa, %qb : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %bits = stablehlo.bitcast_convert %s : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xi8>
  check.expect_eq_const %bits, dense<[-12, -8]> : tensor<2xi8>
  func.return
}
)", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  EXPECT_EQ(r.checks, 1);
}

TEST(QuantizedPrograms, ShapeOpsMoveStorageAndBodiesRunPerElement) {
  analysis::Analysis keep;
  // reshape/transpose keep the storage values; reduce's body `add` sees
  // quantized scalars, so it dequantizes, adds and requantizes at each step
  // (a typed loop over storage values would add the zero point four times:
  // -10 - 8 - 6 - 4 = -28, i.e. -9.0).
  FunctionOutcome r = runProgram(R"(
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<1x3xf32>) -> tensor<1x3x!quant.uniform<i8:f32, 0.5:-10>>
  %t = stablehlo.transpose %q, dims = [1, 0] : (tensor<1x3x!quant.uniform<i8:f32, 0.5:-10>>) -> tensor<3x1x!quant.uniform<i8:f32, 0.5:-10>>
  %v = stablehlo.reshape %t : (tensor<3x1x!quant.uniform<i8:f32, 0.5:-10>>) -> tensor<3x!quant.uniform<i8:f32, 0.5:-10>>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %qz = stablehlo.uniform_quantize %z : (tensor<f32>) -> tensor<!quant.uniform<i8:f32, 0.5:-10>>
  %s = stablehlo.reduce(%v init: %qz) applies stablehlo.add across dimensions = [0] : (tensor<3x!quant.uniform<i8:f32, 0.5:-10>>, tensor<!quant.uniform<i8:f32, 0.5:-10>>) -> tensor<!quant.uniform<i8:f32, 0.5:-10>>
  %f = stablehlo.uniform_dequantize %s : (tensor<!quant.uniform<i8:f32, 0.5:-10>>) -> tensor<f32>
  check.expect_almost_eq_const %f, dense<6.0> : tensor<f32>
  %bits = stablehlo.bitcast_convert %v : (tensor<3x!quant.uniform<i8:f32, 0.5:-10>>) -> tensor<3xi8>
  check.expect_eq_const %bits, dense<[-8, -6, -4]> : tensor<3xi8>
  func.return
}
)", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  EXPECT_EQ(r.checks, 2);
}

TEST(QuantizedPrograms, HybridDotGeneralDequantizesTheWeights) {
  analysis::Analysis keep;
  FunctionOutcome r = runProgram(R"(
func.func @main() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %w = stablehlo.constant dense<[[2.0], [3.0]]> : tensor<2x1xf32>
  %qw = stablehlo.uniform_quantize %w : (tensor<2x1xf32>) -> tensor<2x1x!quant.uniform<i8:f32, 0.25:0>>
  %d = stablehlo.dot_general %lhs, %qw, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x1x!quant.uniform<i8:f32, 0.25:0>>) -> tensor<1x1xf32>
  check.expect_almost_eq_const %d, dense<[[8.0]]> : tensor<1x1xf32>
  func.return
}
)", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
}

TEST(QuantizedPrograms, UnsupportedQuantizedOpIsReportedNotMiscomputed) {
  // An op outside both tables (here a made-up elementwise op) must not run
  // on storage values.
  ir::Type q = ir::Type::tensor({1}, quantized({0.5}, {0}));
  std::deque<ir::Value> storage(2);
  storage[0].type = q;
  storage[1].type = q;
  ir::Operation op;
  op.name = "stablehlo.popcnt";
  op.operands = {&storage[0]};
  op.results = {&storage[1]};
  ASSERT_TRUE(involvesQuantizedTypes(op));
  Tensor x(q);
  bool called = false;
  EXPECT_THROW(evalQuantizedOp(op, {Value(x)},
                               [&](const ir::Operation &, const std::vector<Value> &) {
                                 called = true;
                                 return std::vector<Value>{};
                               }),
               UnsupportedOp);
  EXPECT_FALSE(called);
}

TEST(QuantizedPrograms, QuantizedConstantsHoldStorageValues) {
  analysis::Analysis keep;
  FunctionOutcome r = runProgram(R"(
func.func @main() {
  %c = stablehlo.constant dense<[10, -128, 127]> : tensor<3x!quant.uniform<i8:f32, 0.5:-20>>
  %f = stablehlo.uniform_dequantize %c : (tensor<3x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<3xf32>
  check.expect_almost_eq_const %f, dense<[15.0, -54.0, 73.5]> : tensor<3xf32>
  // -73.5 saturates: -73.5 / 0.5 - 20 = -167 -> -128 -> -54.0.
  %n = stablehlo.negate %c : tensor<3x!quant.uniform<i8:f32, 0.5:-20>>
  %g = stablehlo.uniform_dequantize %n : (tensor<3x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<3xf32>
  check.expect_almost_eq_const %g, dense<[-15.0, 54.0, -54.0]> : tensor<3xf32>
  func.return
}
)", keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  EXPECT_EQ(r.checks, 2);
}

TEST(Quantization, I32StorageSaturatesWithoutOverflow) {
  // 2147483647 is not an f32: the clamp bound rounds up to 2^31, and the
  // conversion must still land on storage_max.
  ir::Type q = ir::Type::tensor({2}, quantized({1.0}, {0}, std::nullopt, 32));
  Tensor x = decodeDenseLiteral("[1e20, -1e20]", ir::Type::tensor({2}, f32()));
  EXPECT_EQ(values<int32_t>(evalUniformQuantize(x, q)), (std::vector<int32_t>{2147483647, -2147483647 - 1}));
}
