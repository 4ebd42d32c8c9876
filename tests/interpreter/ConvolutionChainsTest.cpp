// Convolution chains (interpreter/eval/ConvolutionChains.h): a convolution
// with its batch norm, residual add and ReLU run as one oneDNN primitive
// must give the bits of the same ops run one by one on the kernel path
// (values kept for an observer turn the chains off), with NaN, infinities
// and signed zeros among the inputs, at 1 and 2 threads; and stay within
// the convolution's rounding of the reference path.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <cstring>
#include <limits>

#include "interpreter/ElidedValues.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/Parallel.h"
#include "tests/support/Programs.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

ir::ElementType f32() { return ir::ElementType::floating(ir::FloatFormat::F32); }

Tensor randomTensor(const std::vector<int64_t> &shape, uint64_t salt) {
  return makeElidedValue(ir::Type::tensor(shape, f32()), {ElidedFill::Mode::Random, 11}, salt);
}

/// Puts NaN, +-infinity and -0 at scattered elements (every `step`th).
void plantSpecials(Tensor &t, int64_t step) {
  const float specials[] = {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(), -0.0f};
  float *data = t.data<float>();
  for (int64_t i = step / 2, k = 0; i < t.numElements(); i += step, ++k) data[i] = specials[k % 4];
}

/// Same bits, NaNs equal to NaNs; counts the NaNs met in `nans`.
void expectSameBits(const Tensor &a, const Tensor &b, const std::string &what, int64_t &nans) {
  ASSERT_EQ(a.shape(), b.shape()) << what;
  const float *x = a.data<float>(), *y = b.data<float>();
  for (int64_t i = 0; i < a.numElements(); ++i) {
    if (std::isnan(y[i])) {
      ASSERT_TRUE(std::isnan(x[i])) << what << " at " << i << ": " << x[i];
      ++nans;
      continue;
    }
    uint32_t bx, by;
    std::memcpy(&bx, &x[i], 4);
    std::memcpy(&by, &y[i], 4);
    ASSERT_EQ(bx, by) << what << " at " << i << ": " << x[i] << " vs " << y[i];
  }
}

/// ResNet-50's bottleneck as JAX exports it: NHWC convolutions, batch norm
/// as subtract/multiply/add of broadcast per-feature vectors (the scale
/// rsqrt(var + eps) * gamma computed after the convolution), ReLU as a call
/// and as a maximum, residual adds (one whose buffer takes the result, one
/// still read after: copied); plus a tiny convolution (kept off
/// oneDNN: its chain runs one op at a time) and chains that must not fuse
/// (the value first in a subtract's rhs, the value read twice).
const char *kProgram = R"(
func.func @main(%x: tensor<1x14x14x64xf32>, %w1: tensor<3x3x64x64xf32>, %w2: tensor<1x1x64x64xf32>,
                %mean: tensor<64xf32>, %var: tensor<64xf32>, %gamma: tensor<64xf32>, %beta: tensor<64xf32>,
                %t: tensor<1x4x4x2xf32>, %tw: tensor<1x1x2x2xf32>, %tv: tensor<2xf32>)
    -> (tensor<1x14x14x64xf32>, tensor<1x14x14x64xf32>, tensor<1x4x4x2xf32>, tensor<1x14x14x64xf32>, tensor<1x14x14x64xf32>) {
  %eps = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %c1 = stablehlo.convolution(%x, %w1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x14x14x64xf32>, tensor<3x3x64x64xf32>) -> tensor<1x14x14x64xf32>
  %m1 = stablehlo.broadcast_in_dim %mean, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
  %m1b = stablehlo.broadcast_in_dim %m1, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<1x14x14x64xf32>
  %s1 = stablehlo.subtract %c1, %m1b : tensor<1x14x14x64xf32>
  %v1 = stablehlo.broadcast_in_dim %var, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
  %e1 = stablehlo.broadcast_in_dim %eps, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
  %ve = stablehlo.add %v1, %e1 : tensor<1x1x1x64xf32>
  %r = stablehlo.rsqrt %ve : tensor<1x1x1x64xf32>
  %g = stablehlo.reshape %gamma : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
  %sc = stablehlo.multiply %r, %g : tensor<1x1x1x64xf32>
  %scb = stablehlo.broadcast_in_dim %sc, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<1x14x14x64xf32>
  %p1 = stablehlo.multiply %s1, %scb : tensor<1x14x14x64xf32>
  %b = stablehlo.reshape %beta : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<1x14x14x64xf32>
  %a1 = stablehlo.add %p1, %bb : tensor<1x14x14x64xf32>
  %a1r = stablehlo.add %a1, %x : tensor<1x14x14x64xf32>
  %y1 = call @relu(%a1r) : (tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32>
  %c2 = stablehlo.convolution(%y1, %w2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x14x14x64xf32>, tensor<1x1x64x64xf32>) -> tensor<1x14x14x64xf32>
  %d2 = stablehlo.divide %c2, %scb : tensor<1x14x14x64xf32>
  %a2 = stablehlo.add %bb, %d2 : tensor<1x14x14x64xf32>
  %xn = stablehlo.negate %x : tensor<1x14x14x64xf32>
  %res = stablehlo.add %xn, %a2 : tensor<1x14x14x64xf32>
  %zb = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<1x14x14x64xf32>
  %y2 = stablehlo.maximum %res, %zb : tensor<1x14x14x64xf32>
  %c3 = stablehlo.convolution(%t, %tw) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x4x4x2xf32>
  %tb = stablehlo.broadcast_in_dim %tv, dims = [3] : (tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %s3 = stablehlo.subtract %c3, %tb : tensor<1x4x4x2xf32>
  %y3 = call @relu_small(%s3) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %c4 = stablehlo.convolution(%y2, %w2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x14x14x64xf32>, tensor<1x1x64x64xf32>) -> tensor<1x14x14x64xf32>
  %s4 = stablehlo.subtract %m1b, %c4 : tensor<1x14x14x64xf32>
  %c5 = stablehlo.convolution(%y2, %w1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x14x14x64xf32>, tensor<3x3x64x64xf32>) -> tensor<1x14x14x64xf32>
  %s5 = stablehlo.multiply %c5, %c5 : tensor<1x14x14x64xf32>
  return %y2, %s4, %y3, %s5, %y1 : tensor<1x14x14x64xf32>, tensor<1x14x14x64xf32>, tensor<1x4x4x2xf32>, tensor<1x14x14x64xf32>, tensor<1x14x14x64xf32>
}
func.func private @relu(%arg0: tensor<1x14x14x64xf32>) -> tensor<1x14x14x64xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x14x14x64xf32>
  %1 = stablehlo.maximum %0, %arg0 : tensor<1x14x14x64xf32>
  return %1 : tensor<1x14x14x64xf32>
}
func.func private @relu_small(%arg0: tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x4x4x2xf32>
  %1 = stablehlo.maximum %arg0, %0 : tensor<1x4x4x2xf32>
  return %1 : tensor<1x4x4x2xf32>
}
)";

std::vector<Value> arguments(bool specials) {
  Tensor x = randomTensor({1, 14, 14, 64}, 1), mean = randomTensor({64}, 4), var = randomTensor({64}, 5);
  if (specials) {
    plantSpecials(x, 97);
    plantSpecials(mean, 13);
  }
  // Variances positive (rsqrt), but one zero: a scale of +inf.
  for (int64_t i = 0; i < var.numElements(); ++i) var.data<float>()[i] = std::fabs(var.data<float>()[i]);
  var.data<float>()[7] = -9.99999974E-6f;
  return {x, randomTensor({3, 3, 64, 64}, 2), randomTensor({1, 1, 64, 64}, 3), mean, var, randomTensor({64}, 6),
          randomTensor({64}, 7), randomTensor({1, 4, 4, 2}, 8), randomTensor({1, 1, 2, 2}, 9), randomTensor({2}, 10)};
}

FunctionOutcome runWith(const ir::Module &module, const std::vector<Value> &args, ValueRetention retention,
                        std::shared_ptr<OpProfile> profile = nullptr) {
  InterpreterOptions options;
  options.retention = retention;
  options.profile = std::move(profile);
  Interpreter interpreter(module, options);
  return interpreter.run("main", args);
}

}  // namespace

TEST(ConvolutionChains, GiveTheBitsOfTheOpsOneByOne) {
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(kProgram, keep);
  for (bool specials : {false, true}) {
    std::vector<Value> args = arguments(specials);
    int64_t nans = 0;
    for (int threads : {1, 2}) {
      setKernelThreads(threads);
      std::string what = std::string(specials ? "with specials" : "finite") + ", " + std::to_string(threads) + " threads";
      // Values kept until the function returns (as for an observer): the
      // ops run one by one.
      FunctionOutcome oneByOne = runWith(module, args, ValueRetention::KeepUntilReturn);
      auto profile = std::make_shared<OpProfile>();
      FunctionOutcome chained = runWith(module, args, ValueRetention::FreeAfterLastUse, profile);
      ASSERT_EQ(oneByOne.status, FunctionOutcome::Status::Passed) << oneByOne.message;
      ASSERT_EQ(chained.status, FunctionOutcome::Status::Passed) << chained.message;
      ASSERT_EQ(chained.results.size(), 5u);
      for (size_t i = 0; i < 5; ++i) {
        expectSameBits(chained.results[i].tensor, oneByOne.results[i].tensor,
                       "result " + std::to_string(i) + ", " + what, nans);
      }
      // The chains ran: the batch norms' full-size subtract, divide and the
      // residual add and ReLU maximum were not evaluated as ops; the ops
      // that end no chain were.
      std::map<std::string, int64_t> calls;
      for (const auto &[op, entry] : profile->entries()) calls[op->name] += entry.count;
      EXPECT_EQ(calls["stablehlo.convolution"], 5) << what;
      EXPECT_EQ(calls["stablehlo.divide"], 0) << what;
      EXPECT_EQ(calls["stablehlo.subtract"], 1) << what;  // %s4: the value is the rhs
      EXPECT_EQ(calls["stablehlo.multiply"], 2) << what;  // %sc (per feature), %s5 (reads %c5 twice)
      EXPECT_EQ(calls["stablehlo.add"], 1) << what;       // %ve (per feature)
      EXPECT_EQ(calls["stablehlo.negate"], 1) << what;
      EXPECT_EQ(calls["stablehlo.maximum"], 1) << what;  // @relu_small's broadcast is made: no step
    }
    // NaN reached the results (kept by the ReLU, as the spec's maximum does).
    if (specials) EXPECT_GT(nans, 0);
  }
  setKernelThreads(1);
}

TEST(ConvolutionChains, StayWithinTheConvolutionsRoundingOfTheReference) {
  // The reference path sums in its own order (576 products a result):
  // within 1e-4 of each result's largest magnitude.
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(kProgram, keep);
  std::vector<Value> args = arguments(false);
  setKernelPath(KernelPath::Reference);
  FunctionOutcome reference = runWith(module, args, ValueRetention::FreeAfterLastUse);
  setKernelPath(KernelPath::Kernels);
  FunctionOutcome chained = runWith(module, args, ValueRetention::FreeAfterLastUse);
  ASSERT_EQ(reference.status, FunctionOutcome::Status::Passed) << reference.message;
  ASSERT_EQ(chained.status, FunctionOutcome::Status::Passed) << chained.message;
  for (size_t r = 0; r < chained.results.size(); ++r) {
    const Tensor &k = chained.results[r].tensor, &ref = reference.results[r].tensor;
    ASSERT_EQ(k.shape(), ref.shape());
    double largest = 0;
    for (int64_t i = 0; i < ref.numElements(); ++i) {
      if (std::isfinite(ref.data<float>()[i])) largest = std::max(largest, std::fabs(double(ref.data<float>()[i])));
    }
    for (int64_t i = 0; i < k.numElements(); ++i) {
      double a = k.data<float>()[i], b = ref.data<float>()[i];
      if (std::isinf(b) || std::isnan(b)) {
        ASSERT_TRUE(a == b || (std::isnan(a) && std::isnan(b))) << "result " << r << " at " << i;
        continue;
      }
      ASSERT_NEAR(a, b, 1e-4 * largest) << "result " << r << " at " << i;
    }
  }
}
