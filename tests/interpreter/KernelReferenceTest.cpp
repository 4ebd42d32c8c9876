// Every kernel of the kernel library (interpreter/kernels) against the
// reference path (`shlo run --reference`) on seeded random inputs of every
// element type the kernel takes, plus the element types that fall through
// to other paths (which must then agree exactly). IEEE operations must give
// the same bits; sums in another order (matrix products, convolutions) and
// exp agree within the tolerances stated at each test.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>

#include "interpreter/ElidedValues.h"
#include "interpreter/Ops.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/Parallel.h"
#include "tests/support/Programs.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

ir::ElementType floatType(ir::FloatFormat format) { return ir::ElementType::floating(format); }

/// The element types a float kernel is asked about.
std::vector<ir::ElementType> floatTypes() {
  return {floatType(ir::FloatFormat::F32), floatType(ir::FloatFormat::F16), floatType(ir::FloatFormat::BF16),
          floatType(ir::FloatFormat::F64)};
}

Tensor randomTensor(const std::vector<int64_t> &shape, const ir::ElementType &element, uint64_t salt) {
  return makeElidedValue(ir::Type::tensor(shape, element), {ElidedFill::Mode::Random, 7}, salt);
}

/// Runs `f` on the kernel path and on the reference path.
std::pair<Tensor, Tensor> bothPaths(const std::function<Tensor()> &f) {
  setKernelPath(KernelPath::Kernels);
  Tensor kernels = f();
  setKernelPath(KernelPath::Reference);
  Tensor reference = f();
  setKernelPath(KernelPath::Kernels);
  return {kernels, reference};
}

/// Same bits (NaNs equal to NaNs), element by element.
void expectSameBits(const Tensor &kernels, const Tensor &reference, const std::string &what) {
  ASSERT_EQ(kernels.shape(), reference.shape()) << what;
  ASSERT_EQ(kernels.kind(), reference.kind()) << what;
  for (int64_t i = 0; i < kernels.numElements(); ++i) {
    double k = kernels.realAt(i), r = reference.realAt(i);
    if (std::isnan(r)) {
      ASSERT_TRUE(std::isnan(k)) << what << " at " << i;
      continue;
    }
    ASSERT_EQ(k, r) << what << " at " << i;
    ASSERT_EQ(std::signbit(k), std::signbit(r)) << what << " (sign of zero) at " << i;
  }
}

/// The spacing of the format's values near 1: 2^-23 (f32), 2^-10 (f16),
/// 2^-7 (bf16), 2^-52 (f64).
double epsilonOf(ElemKind kind) {
  switch (kind) {
    case ElemKind::F16: return std::ldexp(1.0, -10);
    case ElemKind::BF16: return std::ldexp(1.0, -7);
    case ElemKind::F64: return std::ldexp(1.0, -52);
    default: return std::ldexp(1.0, -23);
  }
}

/// Sums of `terms` products in another order: within terms * eps(f32) of
/// the sum of magnitudes (`scale`), plus one rounding of the result's format.
void expectClose(const Tensor &kernels, const Tensor &reference, double scale, int64_t terms, const std::string &what) {
  ASSERT_EQ(kernels.shape(), reference.shape()) << what;
  double sumEps = kernels.kind() == ElemKind::F64 ? epsilonOf(ElemKind::F64) : epsilonOf(ElemKind::F32);
  for (int64_t i = 0; i < kernels.numElements(); ++i) {
    double k = kernels.realAt(i), r = reference.realAt(i);
    double tolerance = terms * sumEps * scale + 2 * epsilonOf(kernels.kind()) * std::abs(r);
    ASSERT_NEAR(k, r, tolerance) << what << " at " << i;
  }
}

double maxAbs(const Tensor &t) {
  double m = 0;
  for (int64_t i = 0; i < t.numElements(); ++i) m = std::max(m, std::abs(t.realAt(i)));
  return m;
}

}  // namespace

TEST(KernelReference, DotGeneralOnEveryFloatTypeAndLayout) {
  for (const ir::ElementType &element : floatTypes()) {
    for (int threads : {1, 2}) {
      setKernelThreads(threads);
      // [batch, M, K] x [K, batch, N] with the batch dimension in the middle
      // of rhs (read through its stride), a transposed rhs read in place
      // ([N, K], contracting its dimension 1), a matrix-vector, attention's
      // two batch dimensions apart ([b, t, h, d] x [b, t, h, d]), and free
      // dimensions out of order (copied first).
      Tensor a = randomTensor({3, 7, 40}, element, 1), b = randomTensor({40, 3, 33}, element, 2);
      auto [k1, r1] = bothPaths([&] {
        return evalDotGeneral(a, b, {0}, {1}, {2}, {0}, ir::Type::tensor({3, 7, 33}, element));
      });
      expectClose(k1, r1, maxAbs(a) * maxAbs(b) * 40, 40, "batched " + element.str());
      Tensor c = randomTensor({65, 300}, element, 3), d = randomTensor({129, 300}, element, 4);
      auto [k2, r2] = bothPaths([&] { return evalDotGeneral(c, d, {}, {}, {1}, {1}, ir::Type::tensor({65, 129}, element)); });
      expectClose(k2, r2, maxAbs(c) * maxAbs(d) * 300, 300, "transposed " + element.str());
      Tensor v = randomTensor({300}, element, 5);
      auto [k3, r3] = bothPaths([&] { return evalDotGeneral(c, v, {}, {}, {1}, {0}, ir::Type::tensor({65}, element)); });
      expectClose(k3, r3, maxAbs(c) * maxAbs(v) * 300, 300, "matrix-vector " + element.str());
      Tensor q = randomTensor({3, 9, 4, 16}, element, 19), kk = randomTensor({3, 9, 4, 16}, element, 20);
      auto [k4, r4] = bothPaths([&] {
        return evalDotGeneral(q, kk, {0, 2}, {0, 2}, {3}, {3}, ir::Type::tensor({3, 4, 9, 9}, element));
      });
      expectClose(k4, r4, maxAbs(q) * maxAbs(kk) * 16, 16, "attention " + element.str());
      Tensor f = randomTensor({5, 6, 7}, element, 21), g = randomTensor({6, 11}, element, 22);
      auto [k5, r5] = bothPaths([&] {
        return evalDotGeneral(f, g, {}, {}, {1}, {0}, ir::Type::tensor({5, 7, 11}, element));
      });
      expectClose(k5, r5, maxAbs(f) * maxAbs(g) * 6, 6, "split free dimensions " + element.str());
    }
  }
  setKernelThreads(1);
}

TEST(KernelReference, DotGeneralOnIntegersIsExact) {
  // Integers take the same loop on both paths: the switch must not change them.
  ir::ElementType i32 = ir::ElementType::integer(32);
  Tensor a = randomTensor({5, 6}, i32, 6), b = randomTensor({6, 4}, i32, 7);
  auto [k, r] = bothPaths([&] { return evalDotGeneral(a, b, {}, {}, {1}, {0}, ir::Type::tensor({5, 4}, i32)); });
  expectSameBits(k, r, "i32");
}

TEST(KernelReference, ConvolutionOnEveryFloatTypeAndLayout) {
  for (const ir::ElementType &element : floatTypes()) {
    // NHWC x HWIO (ResNet's layout), stride 2, padding, rhs dilation and
    // reversal (oneDNN); NCHW with feature groups (oneDNN's grouped
    // kernels); lhs dilation (not oneDNN: Eigen or the loop).
    Tensor lhs = randomTensor({2, 17, 15, 8}, element, 8), rhs = randomTensor({3, 3, 8, 12}, element, 9);
    ConvolutionParams p;
    p.windowStrides = {2, 1};
    p.padding = {{1, 1}, {2, 0}};
    p.rhsDilation = {1, 2};
    p.windowReversal = {true, false};
    ConvolutionDimensions &d = p.dimensions;
    d.inputBatch = 0, d.inputSpatial = {1, 2}, d.inputFeature = 3;
    d.kernelSpatial = {0, 1}, d.kernelInputFeature = 2, d.kernelOutputFeature = 3;
    d.outputBatch = 0, d.outputSpatial = {1, 2}, d.outputFeature = 3;
    auto [k1, r1] = bothPaths([&] { return evalConvolution(lhs, rhs, p, ir::Type::tensor({2, 9, 13, 12}, element)); });
    double scale = maxAbs(lhs) * maxAbs(rhs) * 72;
    expectClose(k1, r1, scale, 72, "NHWC " + element.str());

    Tensor nchw = randomTensor({1, 8, 10, 10}, element, 10), oihw = randomTensor({6, 4, 3, 3}, element, 11);
    ConvolutionParams q;
    q.featureGroupCount = 2;
    q.padding = {{1, 1}, {1, 1}};
    ConvolutionDimensions &e = q.dimensions;
    e.inputBatch = 0, e.inputFeature = 1, e.inputSpatial = {2, 3};
    e.kernelOutputFeature = 0, e.kernelInputFeature = 1, e.kernelSpatial = {2, 3};
    e.outputBatch = 0, e.outputFeature = 1, e.outputSpatial = {2, 3};
    auto [k2, r2] = bothPaths([&] { return evalConvolution(nchw, oihw, q, ir::Type::tensor({1, 6, 10, 10}, element)); });
    expectClose(k2, r2, maxAbs(nchw) * maxAbs(oihw) * 36, 36, "grouped NCHW " + element.str());

    ConvolutionParams dilated = q;
    dilated.featureGroupCount = 1;
    dilated.lhsDilation = {2, 1};
    Tensor oihwFull = randomTensor({6, 8, 3, 3}, element, 12);
    auto [k3, r3] = bothPaths([&] { return evalConvolution(nchw, oihwFull, dilated, ir::Type::tensor({1, 6, 19, 10}, element)); });
    expectClose(k3, r3, maxAbs(nchw) * maxAbs(oihwFull) * 72, 72, "lhs-dilated " + element.str());
  }
}

TEST(KernelReference, ElementwiseArithmeticGivesTheSameBits) {
  using Binary = Tensor (*)(const Tensor &, const Tensor &, const ir::Type &);
  std::vector<std::pair<std::string, Binary>> ops = {{"add", evalAdd},           {"subtract", evalSubtract},
                                                     {"multiply", evalMultiply}, {"divide", evalDivide},
                                                     {"maximum", evalMaximum},   {"minimum", evalMinimum}};
  for (const ir::ElementType &element : floatTypes()) {
    // 70000 elements: two threads split it, and a tail is left over.
    ir::Type type = ir::Type::tensor({70001}, element);
    Tensor x = randomTensor({70001}, element, 13), y = randomTensor({70001}, element, 14);
    // Special values in the first lanes: NaN, infinities, signed zeros.
    std::vector<double> specials = {std::nan(""), INFINITY, -INFINITY, 0.0, -0.0, 1.0, -0.0, 0.0, std::nan("")};
    std::vector<double> partners = {1.0, -INFINITY, INFINITY, -0.0, 0.0, std::nan(""), -0.0, 0.0, 0.0};
    dispatch(x.kind(), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_floating_point_v<T>) {
        for (size_t i = 0; i < specials.size(); ++i) {
          x.data<T>()[i] = static_cast<T>(specials[i]);
          y.data<T>()[i] = static_cast<T>(partners[i]);
        }
      }
    });
    for (int threads : {1, 2}) {
      setKernelThreads(threads);
      for (const auto &entry : ops) {
        // Not a structured binding: clang 14 cannot capture one.
        const auto &name = entry.first;
        const auto &op = entry.second;
        auto [k, r] = bothPaths([&] { return op(x, y, type); });
        expectSameBits(k, r, name + " " + element.str());
      }
      auto [kn, rn] = bothPaths([&] { return evalNegate(x, type); });
      expectSameBits(kn, rn, "negate " + element.str());
      auto [ks, rs] = bothPaths([&] { return evalSqrt(y, type); });
      expectSameBits(ks, rs, "sqrt " + element.str());
    }
  }
  setKernelThreads(1);
}

TEST(KernelReference, ExponentialWithinOneUlp) {
  // exp's kernel is Highway's polynomial on f32 (1 ULP); libm's is the
  // reference. f16, bf16 and f64 fall through to the reference loop.
  for (const ir::ElementType &element : floatTypes()) {
    ir::Type type = ir::Type::tensor({10007}, element);
    Tensor x = randomTensor({10007}, element, 15);
    std::vector<double> specials = {std::nan(""), INFINITY, -INFINITY, 0.0, -0.0, 88.5, 89.0, -87.5, -104.0, -200.0};
    dispatch(x.kind(), [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_floating_point_v<T>) {
        for (int64_t i = 0; i < x.numElements(); ++i) x.data<T>()[i] *= 60;  // [-90, 90): beyond the fast range too
        for (size_t i = 0; i < specials.size(); ++i) x.data<T>()[i] = static_cast<T>(specials[i]);
      }
    });
    auto [k, r] = bothPaths([&] { return evalExponential(x, type); });
    if (x.kind() != ElemKind::F32) {
      expectSameBits(k, r, "exp " + element.str());
      continue;
    }
    for (int64_t i = 0; i < x.numElements(); ++i) {
      float kv = k.data<float>()[i], rv = r.data<float>()[i];
      if (std::isnan(rv) || std::isinf(rv) || rv == 0) {
        ASSERT_TRUE(kv == rv || (std::isnan(kv) && std::isnan(rv))) << "exp(" << x.data<float>()[i] << ")";
        continue;
      }
      ASSERT_LE(std::abs(kv - rv), std::nextafter(std::abs(rv), INFINITY) - std::abs(rv))
          << "exp(" << x.data<float>()[i] << "): " << kv << " vs " << rv;
    }
  }
}

TEST(KernelReference, InstructionSetFollowsTheSwitch) {
  // Under SHLO_KERNEL_ISA=baseline (ctest's interpreter_kernels_baseline_isa)
  // neither oneDNN nor the loops may use AVX; otherwise both name a target.
  std::string summary = kernelIsaSummary();
  const char *isa = std::getenv("SHLO_KERNEL_ISA");
  if (isa != nullptr && std::string(isa) == "baseline") {
    EXPECT_NE(summary.find("oneDNN sse41"), std::string::npos) << summary;
    EXPECT_EQ(summary.find("AVX"), std::string::npos) << summary;
    EXPECT_EQ(summary.find("avx"), std::string::npos) << summary;
  } else {
    EXPECT_EQ(summary.rfind("oneDNN ", 0), 0u) << summary;
    EXPECT_NE(summary.find(", loops "), std::string::npos) << summary;
  }
}

TEST(KernelReference, TransposeGivesTheSameBits) {
  // The tiled copy on every storage width (1, 4, 8 and 16 bytes), with sizes
  // that leave partial tiles, and a 4-d permutation that keeps an outer
  // dimension; threads split the tiles.
  std::vector<ir::ElementType> elements = {ir::ElementType::integer(8), ir::ElementType::integer(1),
                                           floatType(ir::FloatFormat::F32), floatType(ir::FloatFormat::BF16),
                                           floatType(ir::FloatFormat::F64),
                                           ir::ElementType::complex(ir::FloatFormat::F64)};
  for (const ir::ElementType &element : elements) {
    for (int threads : {1, 2}) {
      setKernelThreads(threads);
      Tensor m = randomTensor({70, 45}, element, 16);
      auto [k1, r1] = bothPaths([&] { return evalTranspose(m, {1, 0}, ir::Type::tensor({45, 70}, element)); });
      ASSERT_EQ(std::memcmp(k1.bytes(), r1.bytes(), static_cast<size_t>(k1.numElements()) * storageSize(k1.kind())), 0)
          << element.str();
      Tensor t = randomTensor({3, 40, 5, 33}, element, 17);
      auto [k2, r2] = bothPaths([&] { return evalTranspose(t, {0, 3, 2, 1}, ir::Type::tensor({3, 33, 5, 40}, element)); });
      ASSERT_EQ(std::memcmp(k2.bytes(), r2.bytes(), static_cast<size_t>(k2.numElements()) * storageSize(k2.kind())), 0)
          << element.str();
      // An image to channels-last (NCHW -> NHWC): a short innermost dimension.
      Tensor image = randomTensor({2, 3, 37, 41}, element, 18);
      auto [k3, r3] =
          bothPaths([&] { return evalTranspose(image, {0, 2, 3, 1}, ir::Type::tensor({2, 37, 41, 3}, element)); });
      ASSERT_EQ(std::memcmp(k3.bytes(), r3.bytes(), static_cast<size_t>(k3.numElements()) * storageSize(k3.kind())), 0)
          << element.str();
    }
  }
  setKernelThreads(1);
}

TEST(KernelReference, ScalarBroadcastGivesTheSameBits) {
  for (const ir::ElementType &element : {floatType(ir::FloatFormat::F32), ir::ElementType::integer(8),
                                         ir::ElementType::complex(ir::FloatFormat::F64)}) {
    Tensor scalar = randomTensor({}, element, 18);
    auto [k, r] = bothPaths([&] { return evalBroadcastInDim(scalar, {}, ir::Type::tensor({33, 79, 17}, element)); });
    ASSERT_EQ(std::memcmp(k.bytes(), r.bytes(), static_cast<size_t>(k.numElements()) * storageSize(k.kind())), 0)
        << element.str();
  }
}

TEST(KernelReference, TransposesFoldedIntoDotGeneralsGiveTheReferenceResults) {
  // A weight transposed for dot_generals only (folded: read in place), one
  // whose permutation reorders the dot's free dimensions (made after all),
  // and a transpose also returned (not folded), against --reference.
  const std::string program = R"(
func.func @main(%x: tensor<5x16xf32>, %w: tensor<24x16xf32>, %t: tensor<4x3x16xf32>)
    -> (tensor<5x24xf32>, tensor<5x24xf32>, tensor<5x3x4xf32>, tensor<16x24xf32>) {
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<24x16xf32>) -> tensor<16x24xf32>
  %a = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<5x16xf32>, tensor<16x24xf32>) -> tensor<5x24xf32>
  %b = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<5x16xf32>, tensor<16x24xf32>) -> tensor<5x24xf32>
  %tt = stablehlo.transpose %t, dims = [2, 1, 0] : (tensor<4x3x16xf32>) -> tensor<16x3x4xf32>
  %c = stablehlo.dot_general %x, %tt, contracting_dims = [1] x [0] : (tensor<5x16xf32>, tensor<16x3x4xf32>) -> tensor<5x3x4xf32>
  %kept = stablehlo.transpose %w, dims = [1, 0] : (tensor<24x16xf32>) -> tensor<16x24xf32>
  %d = stablehlo.dot_general %x, %kept, contracting_dims = [1] x [0] : (tensor<5x16xf32>, tensor<16x24xf32>) -> tensor<5x24xf32>
  return %a, %d, %c, %kept : tensor<5x24xf32>, tensor<5x24xf32>, tensor<5x3x4xf32>, tensor<16x24xf32>
}
)";
  ir::ElementType f32 = floatType(ir::FloatFormat::F32);
  std::vector<Value> arguments = {randomTensor({5, 16}, f32, 23), randomTensor({24, 16}, f32, 24),
                                  randomTensor({4, 3, 16}, f32, 25)};
  analysis::Analysis keepKernels, keepReference;
  setKernelPath(KernelPath::Kernels);
  FunctionOutcome kernels = test::runProgram(program, keepKernels, "main", arguments);
  setKernelPath(KernelPath::Reference);
  FunctionOutcome reference = test::runProgram(program, keepReference, "main", arguments);
  setKernelPath(KernelPath::Kernels);
  ASSERT_EQ(kernels.status, FunctionOutcome::Status::Passed) << kernels.message;
  ASSERT_EQ(reference.status, FunctionOutcome::Status::Passed) << reference.message;
  ASSERT_EQ(kernels.results.size(), 4u);
  for (size_t i = 0; i < 3; ++i) {
    expectClose(kernels.results[i].tensor, reference.results[i].tensor, 16 * 1.0, 16, "result " + std::to_string(i));
  }
  expectSameBits(kernels.results[3].tensor, reference.results[3].tensor, "returned transpose");
}

TEST(KernelReference, InPlaceEvaluationGivesTheSameBitsAndKeepsLiveOperands) {
  // Elementwise results written into operands that die at the op (freed
  // after their last use) against a run that keeps every value (no operand
  // is ever given up): the same bits, on the kernel path and on the
  // reference path. %e is returned and also read by negate, %a and %b are
  // the caller's: none may be overwritten. `maximum %s, %s` reads one value
  // twice (never in place); subtract's rhs dies (in place into the rhs);
  // %h is f16 (computed in f32, rounded in place).
  const std::string program = R"(
func.func @main(%a: tensor<70001xf32>, %b: tensor<70001xf32>, %h: tensor<70001xf16>)
    -> (tensor<70001xf32>, tensor<70001xf32>, tensor<70001xf16>) {
  %s = stablehlo.add %a, %b : tensor<70001xf32>
  %m = stablehlo.multiply %s, %b : tensor<70001xf32>
  %e = stablehlo.exponential %m : tensor<70001xf32>
  %n = stablehlo.negate %e : tensor<70001xf32>
  %d = stablehlo.subtract %b, %n : tensor<70001xf32>
  %x = stablehlo.maximum %d, %d : tensor<70001xf32>
  %q = stablehlo.sqrt %x : tensor<70001xf32>
  %v = stablehlo.divide %q, %a : tensor<70001xf32>
  %w = stablehlo.minimum %v, %b : tensor<70001xf32>
  %h2 = stablehlo.multiply %h, %h : tensor<70001xf16>
  %h3 = stablehlo.add %h2, %h : tensor<70001xf16>
  return %w, %e, %h3 : tensor<70001xf32>, tensor<70001xf32>, tensor<70001xf16>
}
)";
  ir::ElementType f32 = floatType(ir::FloatFormat::F32), f16 = floatType(ir::FloatFormat::F16);
  std::vector<Value> arguments = {randomTensor({70001}, f32, 31), randomTensor({70001}, f32, 32),
                                  randomTensor({70001}, f16, 33)};
  std::vector<std::vector<unsigned char>> before;
  for (const Value &v : arguments) {
    before.emplace_back(v.tensor.bytes(), v.tensor.bytes() + v.tensor.numElements() * storageSize(v.tensor.kind()));
  }
  for (KernelPath path : {KernelPath::Kernels, KernelPath::Reference}) {
    setKernelPath(path);
    analysis::Analysis keep;
    const ir::Module &module = test::loadProgram(program, keep);
    InterpreterOptions kept;
    kept.retention = ValueRetention::KeepUntilReturn;
    Interpreter freeing(module), keeping(module, kept);
    FunctionOutcome inPlace = freeing.run("main", arguments), copied = keeping.run("main", arguments);
    ASSERT_EQ(inPlace.status, FunctionOutcome::Status::Passed) << inPlace.message;
    ASSERT_EQ(copied.status, FunctionOutcome::Status::Passed) << copied.message;
    ASSERT_EQ(inPlace.results.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
      const Tensor &k = inPlace.results[i].tensor, &r = copied.results[i].tensor;
      ASSERT_EQ(k.numElements(), r.numElements());
      EXPECT_EQ(std::memcmp(k.bytes(), r.bytes(), static_cast<size_t>(k.numElements()) * storageSize(k.kind())), 0)
          << "result " << i << (path == KernelPath::Kernels ? " (kernels)" : " (reference)");
    }
    for (size_t i = 0; i < arguments.size(); ++i) {
      EXPECT_EQ(std::memcmp(arguments[i].tensor.bytes(), before[i].data(), before[i].size()), 0) << "argument " << i;
    }
  }
  setKernelPath(KernelPath::Kernels);
}

TEST(KernelReference, ElementwiseChainsReuseTheBufferOfADyingOperand) {
  // 16 steps over 1 MiB f32 tensors, each reading the previous result once
  // and the caller's argument: in place, one buffer beyond the argument is
  // ever live; with a fresh result per op, two (the dying operand and the
  // result) while each op runs.
  std::string text = "func.func @main(%c: tensor<262144xf32>) -> tensor<262144xf32> {\n"
                     "  %v0 = stablehlo.negate %c : tensor<262144xf32>\n";
  for (int i = 1; i <= 16; ++i) {
    const char *op = i % 3 == 0 ? "multiply" : i % 3 == 1 ? "add" : "maximum";
    text += "  %v" + std::to_string(i) + " = stablehlo." + op + " %v" + std::to_string(i - 1) + ", %c : tensor<262144xf32>\n";
  }
  text += "  func.return %v16 : tensor<262144xf32>\n}\n";
  ir::ElementType f32 = floatType(ir::FloatFormat::F32);
  std::vector<Value> arguments = {randomTensor({262144}, f32, 41)};
  analysis::Analysis keep;
  const ir::Module &module = test::loadProgram(text, keep);
  setKernelPath(KernelPath::Kernels);
  int64_t before = Tensor::liveBytes();
  Interpreter interp(module);
  Tensor::resetPeakBytes();
  FunctionOutcome r = interp.run("main", arguments);
  ASSERT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  const int64_t mib = 1 << 20;
  EXPECT_LE(Tensor::peakBytes() - before, mib + mib / 16) << "peak " << (Tensor::peakBytes() - before) / double(mib) << " MiB";
  // The reference path never computes in place: two buffers, as said above.
  setKernelPath(KernelPath::Reference);
  Interpreter reference(module);
  Tensor::resetPeakBytes();
  FunctionOutcome copied = reference.run("main", arguments);
  setKernelPath(KernelPath::Kernels);
  ASSERT_EQ(copied.status, FunctionOutcome::Status::Passed) << copied.message;
  EXPECT_GE(Tensor::peakBytes() - before, 2 * mib);
  ASSERT_EQ(r.results.at(0).tensor.numElements(), copied.results.at(0).tensor.numElements());
  EXPECT_EQ(std::memcmp(r.results[0].tensor.bytes(), copied.results[0].tensor.bytes(), 262144 * sizeof(float)), 0);
}

namespace {

/// Special values in the first elements of a float tensor: NaN, infinities,
/// signed zeros (the bits maximum/minimum and division must keep).
void plantSpecials(Tensor &t, size_t shift) {
  std::vector<double> specials = {std::nan(""), INFINITY, -INFINITY, 0.0, -0.0, 1.0, -0.0, 0.0, std::nan("")};
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      for (size_t i = 0; i < specials.size() && i < static_cast<size_t>(t.numElements()); ++i) {
        t.data<T>()[i] = static_cast<T>(specials[(i + shift) % specials.size()]);
      }
    }
  });
}

}  // namespace

TEST(KernelReference, BinaryOpsWithAnUnmadeBroadcastGiveTheSameBits) {
  // evalBinaryWithBroadcast on the kernel path (the broadcast read as a
  // repeated row, or made where it is not one) against the op on the made
  // broadcast on the reference path: per-feature rows of NHWC activations
  // ([C] and [1, 1, 1, C]), a scalar, a row of two trailing dimensions, an
  // NCHW feature vector (made), and values repeated along the trailing
  // dimensions (columns), each operand order, 1 and 2 threads.
  using Binary = Tensor (*)(const Tensor &, const Tensor &, const ir::Type &);
  std::vector<std::pair<std::string, Binary>> ops = {{"add", evalAdd},           {"subtract", evalSubtract},
                                                     {"multiply", evalMultiply}, {"divide", evalDivide},
                                                     {"maximum", evalMaximum},   {"minimum", evalMinimum}};
  struct Case {
    std::vector<int64_t> fullShape, smallShape, dims;
  };
  std::vector<Case> cases = {{{2, 15, 17, 24}, {24}, {3}},
                             {{2, 15, 17, 24}, {1, 1, 1, 24}, {0, 1, 2, 3}},
                             {{3, 7001}, {}, {}},
                             {{2, 15, 17, 24}, {17, 24}, {2, 3}},
                             {{2, 24, 15, 17}, {24}, {1}},
                             // Columns: softmax's row maxima ([b, h, t, 1]
                             // to [b, h, t, t]), layer norm's means, a
                             // tail after the vectors, a row too short
                             // for the column kernel (made).
                             {{3, 8, 79, 79}, {3, 8, 79, 1}, {0, 1, 2, 3}},
                             {{33, 79, 256}, {33, 79}, {0, 1}},
                             {{2, 1, 5, 37}, {2, 5}, {0, 2}},
                             {{40, 7}, {40, 1}, {0, 1}}};
  for (const ir::ElementType &element : floatTypes()) {
    for (size_t c = 0; c < cases.size(); ++c) {
      const Case &shape = cases[c];
      ir::Type type = ir::Type::tensor(shape.fullShape, element);
      Tensor full = randomTensor(shape.fullShape, element, 50 + c), small = randomTensor(shape.smallShape, element, 60 + c);
      plantSpecials(full, 0);
      plantSpecials(small, 3);
      for (int threads : {1, 2}) {
        setKernelThreads(threads);
        for (const auto &entry : ops) {
          const auto &name = entry.first;
          const auto &op = entry.second;
          for (bool smallIsLhs : {false, true}) {
            setKernelPath(KernelPath::Kernels);
            Tensor k = evalBinaryWithBroadcast(op, full, small, shape.dims, smallIsLhs, type);
            setKernelPath(KernelPath::Reference);
            Tensor made = evalBroadcastInDim(small, shape.dims, type);
            Tensor r = smallIsLhs ? op(made, full, type) : op(full, made, type);
            setKernelPath(KernelPath::Kernels);
            expectSameBits(k, r, name + " " + element.str() + " case " + std::to_string(c) +
                                     (smallIsLhs ? " (broadcast lhs)" : ""));
          }
        }
      }
    }
  }
  setKernelThreads(1);
}

TEST(KernelReference, BroadcastsReadByElementwiseOpsAreNotMade) {
  // Batch-norm's shape in an exported model: per-feature parameters
  // broadcast to the activations and read by subtract, multiply and add,
  // ReLU's zero read by maximum, an f16 divide. %kept is also returned
  // (made); %other is the rhs of an add whose lhs is a broadcast too (read
  // in place, the lhs made). Same bits as --reference;
  // on the kernel path no other activation-sized broadcast is made.
  const std::string program = R"(
func.func @main(%x: tensor<1x32x32x64xf32>, %m: tensor<64xf32>, %s: tensor<64xf32>, %h: tensor<1x32x32x64xf16>,
                %hm: tensor<64xf16>) -> (tensor<1x32x32x64xf32>, tensor<1x32x32x64xf16>, tensor<1x32x32x64xf32>) {
  %hb = stablehlo.broadcast_in_dim %hm, dims = [3] : (tensor<64xf16>) -> tensor<1x32x32x64xf16>
  %hd = stablehlo.divide %h, %hb : tensor<1x32x32x64xf16>
  %kept = stablehlo.broadcast_in_dim %s, dims = [3] : (tensor<64xf32>) -> tensor<1x32x32x64xf32>
  %other = stablehlo.broadcast_in_dim %m, dims = [3] : (tensor<64xf32>) -> tensor<1x32x32x64xf32>
  %both = stablehlo.add %kept, %other : tensor<1x32x32x64xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [3] : (tensor<64xf32>) -> tensor<1x32x32x64xf32>
  %c = stablehlo.subtract %x, %mb : tensor<1x32x32x64xf32>
  %s1 = stablehlo.reshape %s : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
  %sb = stablehlo.broadcast_in_dim %s1, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<1x32x32x64xf32>
  %d = stablehlo.multiply %sb, %c : tensor<1x32x32x64xf32>
  %e = stablehlo.add %d, %mb : tensor<1x32x32x64xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %zb = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<1x32x32x64xf32>
  %r = stablehlo.maximum %e, %zb : tensor<1x32x32x64xf32>
  %out = stablehlo.add %r, %both : tensor<1x32x32x64xf32>
  return %out, %hd, %kept : tensor<1x32x32x64xf32>, tensor<1x32x32x64xf16>, tensor<1x32x32x64xf32>
}
)";
  ir::ElementType f32 = floatType(ir::FloatFormat::F32), f16 = floatType(ir::FloatFormat::F16);
  std::vector<Value> arguments = {randomTensor({1, 32, 32, 64}, f32, 71), randomTensor({64}, f32, 72),
                                  randomTensor({64}, f32, 73), randomTensor({1, 32, 32, 64}, f16, 74),
                                  randomTensor({64}, f16, 75)};
  analysis::Analysis keepKernels, keepReference;
  setKernelPath(KernelPath::Kernels);
  const ir::Module &module = test::loadProgram(program, keepKernels);
  Interpreter kernelsRun(module);
  int64_t before = Tensor::liveBytes();
  Tensor::resetPeakBytes();
  FunctionOutcome kernels = kernelsRun.run("main", arguments);
  int64_t kernelPeak = Tensor::peakBytes() - before;
  setKernelPath(KernelPath::Reference);
  FunctionOutcome reference = test::runProgram(program, keepReference, "main", arguments);
  setKernelPath(KernelPath::Kernels);
  ASSERT_EQ(kernels.status, FunctionOutcome::Status::Passed) << kernels.message;
  ASSERT_EQ(reference.status, FunctionOutcome::Status::Passed) << reference.message;
  ASSERT_EQ(kernels.results.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    expectSameBits(kernels.results[i].tensor, reference.results[i].tensor, "result " + std::to_string(i));
  }
  // Live during the batch-norm chain: %hd, %kept, %both and the chain's
  // one buffer (in place), at most an f32 activation each; a made %mb, %sb
  // or %zb would add one more.
  const int64_t activation = 32 * 32 * 64 * 4;
  EXPECT_LE(kernelPeak, 4 * activation + activation / 8) << "peak " << kernelPeak / double(activation) << " activations";
}

TEST(KernelReference, PoolingGivesTheSameBits) {
  // reduce_window over NHWC activations (the innermost dimension outside
  // the window: the kernel's rows) with max, add, min and multiply, padding
  // and a base dilation, against the reference path: same bits (the fold's
  // order is kept), special values included; f16, f64 and a window over
  // the innermost dimension fall through to the typed loop.
  struct Fold {
    const char *body;
    double init;
  };
  std::vector<Fold> folds = {{"stablehlo.maximum", -INFINITY}, {"stablehlo.add", 0.0}, {"stablehlo.minimum", INFINITY},
                             {"stablehlo.multiply", 1.0}};
  Window pool{{1, 3, 3, 1}, {1, 2, 2, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {{0, 0}, {1, 1}, {1, 1}, {0, 0}}};
  Window dilated{{1, 2, 3, 1}, {1, 1, 2, 1}, {1, 2, 1, 1}, {1, 1, 2, 1}, {{0, 0}, {0, 1}, {2, 0}, {0, 0}}};
  Window overFeatures{{1, 1, 2, 2}, {1, 1, 1, 2}, {1, 1, 1, 1}, {1, 1, 1, 1}, {{0, 0}, {0, 0}, {0, 0}, {0, 0}}};
  for (const ir::ElementType &element : floatTypes()) {
    Tensor input = randomTensor({2, 11, 13, 20}, element, 81);
    plantSpecials(input, 0);
    for (const Fold &fold : folds) {
      Tensor init = makeElidedValue(ir::Type::tensor({}, element), {ElidedFill::Mode::Zeros, 0}, 0);
      dispatch(init.kind(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_floating_point_v<T>) init.data<T>()[0] = static_cast<T>(fold.init);
      });
      BinaryKernel kernel = binaryKernelOf(binaryFoldOf(fold.body));
      ir::Type scalar = ir::Type::tensor({}, element);
      BodyFn body = [&](const std::vector<Tensor> &args) { return std::vector<Tensor>{kernel(args[0], args[1], scalar)}; };
      for (const Window *window : {&pool, &dilated, &overFeatures}) {
        std::vector<int64_t> shape;
        for (size_t d = 0; d < 4; ++d) {
          int64_t padded = (input.shape()[d] - 1) * window->baseDilations[d] + 1 + window->padding[d].first +
                           window->padding[d].second;
          int64_t span = (window->windowDimensions[d] - 1) * window->windowDilations[d] + 1;
          shape.push_back((padded - span) / window->windowStrides[d] + 1);
        }
        for (int threads : {1, 2}) {
          setKernelThreads(threads);
          auto [k, r] = bothPaths([&] {
            return evalReduceWindow({input}, {init}, *window, body, fold.body, {ir::Type::tensor(shape, element)}).at(0);
          });
          expectSameBits(k, r, std::string(fold.body) + " " + element.str());
        }
      }
    }
  }
  setKernelThreads(1);
}

TEST(KernelReference, PreparedConvolutionWeightsGiveTheSameBits) {
  // Weights put in oneDNN's layout once (prepareConvolutionKernel, as for
  // a model's constants) give the bits of weights reordered on each call;
  // weights whose buffer died are not served to new weights that may get
  // the same address. NHWC x HWIO 3x3 (blocked layouts), grouped NCHW.
  ir::ElementType f32 = floatType(ir::FloatFormat::F32);
  ConvolutionParams p;
  p.padding = {{1, 1}, {1, 1}};
  ConvolutionDimensions &d = p.dimensions;
  d.inputBatch = 0, d.inputSpatial = {1, 2}, d.inputFeature = 3;
  d.kernelSpatial = {0, 1}, d.kernelInputFeature = 2, d.kernelOutputFeature = 3;
  d.outputBatch = 0, d.outputSpatial = {1, 2}, d.outputFeature = 3;
  ConvolutionParams q;
  q.featureGroupCount = 2;
  q.padding = {{1, 1}, {1, 1}};
  ConvolutionDimensions &e = q.dimensions;
  e.inputBatch = 0, e.inputFeature = 1, e.inputSpatial = {2, 3};
  e.kernelOutputFeature = 0, e.kernelInputFeature = 1, e.kernelSpatial = {2, 3};
  e.outputBatch = 0, e.outputFeature = 1, e.outputSpatial = {2, 3};
  struct Case {
    std::vector<int64_t> lhs, rhs, result;
    const ConvolutionParams *params;
  };
  std::vector<Case> cases = {{{1, 12, 12, 16}, {3, 3, 16, 24}, {1, 12, 12, 24}, &p},
                             {{1, 16, 10, 10}, {24, 8, 3, 3}, {1, 24, 10, 10}, &q}};
  setKernelPath(KernelPath::Kernels);
  for (int threads : {1, 2}) {
    setKernelThreads(threads);
    for (size_t c = 0; c < cases.size(); ++c) {
      const Case &shape = cases[c];
      ir::Type type = ir::Type::tensor(shape.result, f32);
      Tensor lhs = randomTensor(shape.lhs, f32, 90 + c), rhs = randomTensor(shape.rhs, f32, 92 + c);
      Tensor plain = evalConvolution(lhs, rhs, *shape.params, type);
      prepareConvolutionKernel(lhs.type(), rhs, *shape.params, type);
      expectSameBits(evalConvolution(lhs, rhs, *shape.params, type), plain, "prepared, case " + std::to_string(c));
      for (uint64_t round = 0; round < 4; ++round) {
        {
          Tensor gone = randomTensor(shape.rhs, f32, 100 + round);
          prepareConvolutionKernel(lhs.type(), gone, *shape.params, type);
        }
        Tensor fresh = randomTensor(shape.rhs, f32, 200 + round);
        Tensor kernels = evalConvolution(lhs, fresh, *shape.params, type);
        setKernelPath(KernelPath::Reference);
        Tensor reference = evalConvolution(lhs, fresh, *shape.params, type);
        setKernelPath(KernelPath::Kernels);
        int64_t terms = shape.rhs[0] * shape.rhs[1] * shape.rhs[2] * shape.rhs[3] / shape.result[c == 0 ? 3 : 1];
        expectClose(kernels, reference, maxAbs(lhs) * maxAbs(fresh) * terms, terms,
                    "new weights after prepared ones died, case " + std::to_string(c));
      }
    }
  }
  setKernelThreads(1);
}

namespace {

/// NaN, infinities and signed zeros at every `every`-th element, so that
/// they land in many rows and lanes. In f32, each NaN has its own payload
/// and sign: which one a fold keeps shows in the bits.
void plantScatteredSpecials(Tensor &t, int64_t every) {
  std::vector<double> specials = {std::nan(""), INFINITY, -INFINITY, 0.0, -0.0};
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T>) {
      for (int64_t i = 0, s = 0; i < t.numElements(); i += every, ++s) {
        T value = static_cast<T>(specials[static_cast<size_t>(s) % specials.size()]);
        if constexpr (std::is_same_v<T, float>) {
          if (std::isnan(value)) {
            uint32_t bits = 0x7fc00000u | static_cast<uint32_t>(s + 1) | (s % 2 == 0 ? 0x80000000u : 0u);
            std::memcpy(&value, &bits, sizeof bits);
          }
        }
        t.data<T>()[i] = value;
      }
    }
  });
}

/// The same bytes (NaN payloads and signs included).
void expectSameBytes(const Tensor &kernels, const Tensor &reference, const std::string &what) {
  ASSERT_EQ(kernels.shape(), reference.shape()) << what;
  ASSERT_EQ(kernels.kind(), reference.kind()) << what;
  size_t size = static_cast<size_t>(kernels.numElements()) * storageSize(kernels.kind());
  EXPECT_EQ(std::memcmp(kernels.bytes(), reference.bytes(), size), 0) << what;
}

}  // namespace

TEST(KernelReference, ReduceGivesTheSameBits) {
  // reduce with add, max, min and multiply bodies: over the innermost
  // dimensions (softmax, layer norm: rowFoldKernelF32), over dimensions
  // with kept ones inside (global pooling: windowFoldKernelF32), to a
  // scalar, and across a size-1 dimension; forms the kernels do not take
  // (reduced dimensions on both sides of a kept one, a short kept inner
  // run) and f16, bf16, f64 fall through to the typed loop. Against the
  // reference path, 1 and 2 threads: same bits (the kernels keep the
  // loop's left-to-right order), special values included. The small case
  // is also checked against the body itself run per element (no typed
  // loop at all), the spec's schedule taken literally.
  struct Fold {
    const char *body;
    double init;
  };
  std::vector<Fold> folds = {{"stablehlo.add", 0.0}, {"stablehlo.maximum", -INFINITY},
                             {"stablehlo.minimum", INFINITY}, {"stablehlo.multiply", 1.0}};
  struct Case {
    std::vector<int64_t> shape, dims;
  };
  std::vector<Case> cases = {
      {{70, 2100}, {1}},         // rows, two threads' worth
      {{3, 8, 79, 79}, {3}},     // softmax's rows
      {{3, 5, 17}, {1, 2}},      // two reduced dimensions merged
      {{64, 2100}, {0}},         // columns
      {{2, 7, 7, 40}, {1, 2}},   // global pooling: [kept, reduced, kept]
      {{37, 29}, {0, 1}},        // to a scalar
      {{4, 1, 6, 9}, {1, 2, 3}}, // a size-1 dimension among the reduced
      {{6, 5, 7}, {0, 2}},       // reduced on both sides: the typed loop
      {{50, 3}, {0}},            // a short kept inner run: the typed loop
  };
  int64_t bodyChecks = 0;
  for (const ir::ElementType &element : floatTypes()) {
    ir::Type scalar = ir::Type::tensor({}, element);
    for (const Case &c : cases) {
      Tensor input = randomTensor(c.shape, element, 91);
      plantScatteredSpecials(input, 97);
      std::vector<int64_t> resultShape;
      for (size_t d = 0; d < c.shape.size(); ++d) {
        if (std::find(c.dims.begin(), c.dims.end(), static_cast<int64_t>(d)) == c.dims.end()) {
          resultShape.push_back(c.shape[d]);
        }
      }
      for (const Fold &fold : folds) {
        Tensor init = makeElidedValue(scalar, {ElidedFill::Mode::Zeros, 0}, 0);
        dispatch(init.kind(), [&](auto tag) {
          using T = decltype(tag);
          if constexpr (std::is_floating_point_v<T>) init.data<T>()[0] = static_cast<T>(fold.init);
        });
        BinaryKernel kernel = binaryKernelOf(binaryFoldOf(fold.body));
        BodyFn body = [&](const std::vector<Tensor> &args) { return std::vector<Tensor>{kernel(args[0], args[1], scalar)}; };
        // Which NaN maximum and minimum keep is the fold's choice (the
        // first in order): its payload and sign are checked too. A sum or
        // product of two NaNs carries the payload of whichever operand the
        // compiler put first (IEEE and C++ leave it open), on either path.
        bool keepsNaNPayloads = std::string(fold.body) == "stablehlo.maximum" || std::string(fold.body) == "stablehlo.minimum";
        std::string what = std::string(fold.body) + " " + element.str() + " over " + std::to_string(c.dims.size()) +
                           " dims of rank " + std::to_string(c.shape.size());
        auto run = [&](const std::string &fastBody) {
          return evalReduce({input}, {init}, c.dims, body, fastBody, {ir::Type::tensor(resultShape, element)}).at(0);
        };
        for (int threads : {1, 2}) {
          setKernelThreads(threads);
          auto [k, r] = bothPaths([&] { return run(fold.body); });
          expectSameBits(k, r, what);
          if (keepsNaNPayloads) expectSameBytes(k, r, what);
        }
        if (input.numElements() <= 5000) {
          setKernelThreads(1);
          setKernelPath(KernelPath::Reference);
          Tensor literal = run("");
          setKernelPath(KernelPath::Kernels);
          Tensor kernels = run(fold.body);
          expectSameBits(kernels, literal, what + " (body per element)");
          if (keepsNaNPayloads) expectSameBytes(kernels, literal, what + " (body per element)");
          ++bodyChecks;
        }
      }
    }
  }
  setKernelThreads(1);
  // Every element type and fold met the body-per-element check on the
  // small cases.
  EXPECT_EQ(bodyChecks, 4 * 6 * 4);
}

TEST(KernelReference, SoftmaxAndLayerNormGiveTheReferenceBits) {
  // searchless-chess's attention softmax and layer norm as exported: row
  // reduces (max, add), their results broadcast back along the rows and
  // read by subtract/divide/multiply without being made, the layer norm's
  // scale times its reciprocal deviation (two broadcasts). Same bits as
  // --reference at 1 and 2 threads; no row-sized broadcast is made. The
  // softmax's exponential is a negation here: exp is within one ULP of the
  // reference, not bit-identical (ExponentialWithinOneUlp).
  const std::string program = R"(
func.func @main(%x: tensor<4x8x64x64xf32>, %y: tensor<4x33x256xf32>, %g: tensor<256xf32>) -> (tensor<4x8x64x64xf32>, tensor<4x33x256xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [3] : (tensor<4x8x64x64xf32>, tensor<f32>) -> tensor<4x8x64xf32>
  %m1 = stablehlo.broadcast_in_dim %m, dims = [0, 1, 2] : (tensor<4x8x64xf32>) -> tensor<4x8x64x1xf32>
  %mb = stablehlo.broadcast_in_dim %m1, dims = [0, 1, 2, 3] : (tensor<4x8x64x1xf32>) -> tensor<4x8x64x64xf32>
  %d = stablehlo.subtract %x, %mb : tensor<4x8x64x64xf32>
  %e = stablehlo.negate %d : tensor<4x8x64x64xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [3] : (tensor<4x8x64x64xf32>, tensor<f32>) -> tensor<4x8x64xf32>
  %s1 = stablehlo.broadcast_in_dim %s, dims = [0, 1, 2] : (tensor<4x8x64xf32>) -> tensor<4x8x64x1xf32>
  %sb = stablehlo.broadcast_in_dim %s1, dims = [0, 1, 2, 3] : (tensor<4x8x64x1xf32>) -> tensor<4x8x64x64xf32>
  %p = stablehlo.divide %e, %sb : tensor<4x8x64x64xf32>
  %n = stablehlo.constant dense<2.560000e+02> : tensor<f32>
  %sum = stablehlo.reduce(%y init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<4x33x256xf32>, tensor<f32>) -> tensor<4x33xf32>
  %sum1 = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<4x33xf32>) -> tensor<4x33x1xf32>
  %nb = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<f32>) -> tensor<4x33x1xf32>
  %mean = stablehlo.divide %sum1, %nb : tensor<4x33x1xf32>
  %meanb = stablehlo.broadcast_in_dim %mean, dims = [0, 1, 2] : (tensor<4x33x1xf32>) -> tensor<4x33x256xf32>
  %c = stablehlo.subtract %y, %meanb : tensor<4x33x256xf32>
  %sq = stablehlo.multiply %c, %c : tensor<4x33x256xf32>
  %var = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<4x33x256xf32>, tensor<f32>) -> tensor<4x33xf32>
  %var1 = stablehlo.broadcast_in_dim %var, dims = [0, 1] : (tensor<4x33xf32>) -> tensor<4x33x1xf32>
  %r = stablehlo.rsqrt %var1 : tensor<4x33x1xf32>
  %scale = stablehlo.broadcast_in_dim %g, dims = [2] : (tensor<256xf32>) -> tensor<4x33x256xf32>
  %rb = stablehlo.broadcast_in_dim %r, dims = [0, 1, 2] : (tensor<4x33x1xf32>) -> tensor<4x33x256xf32>
  %sr = stablehlo.multiply %scale, %rb : tensor<4x33x256xf32>
  %out = stablehlo.multiply %c, %sr : tensor<4x33x256xf32>
  return %p, %out : tensor<4x8x64x64xf32>, tensor<4x33x256xf32>
}
)";
  ir::ElementType f32 = floatType(ir::FloatFormat::F32);
  Tensor x = randomTensor({4, 8, 64, 64}, f32, 101), y = randomTensor({4, 33, 256}, f32, 102);
  plantScatteredSpecials(x, 331);
  std::vector<Value> arguments = {x, y, randomTensor({256}, f32, 103)};
  setKernelPath(KernelPath::Reference);
  analysis::Analysis keepReference;
  FunctionOutcome reference = test::runProgram(program, keepReference, "main", arguments);
  setKernelPath(KernelPath::Kernels);
  ASSERT_EQ(reference.status, FunctionOutcome::Status::Passed) << reference.message;
  for (int threads : {1, 2}) {
    setKernelThreads(threads);
    analysis::Analysis keepKernels;
    const ir::Module &module = test::loadProgram(program, keepKernels);
    Interpreter kernelsRun(module);
    int64_t before = Tensor::liveBytes();
    Tensor::resetPeakBytes();
    FunctionOutcome kernels = kernelsRun.run("main", arguments);
    int64_t kernelPeak = Tensor::peakBytes() - before;
    ASSERT_EQ(kernels.status, FunctionOutcome::Status::Passed) << kernels.message;
    ASSERT_EQ(kernels.results.size(), 2u);
    for (size_t i = 0; i < 2; ++i) {
      expectSameBits(kernels.results[i].tensor, reference.results[i].tensor,
                     "result " + std::to_string(i) + " at " + std::to_string(threads) + " threads");
    }
    // Live at most: the softmax's one buffer (in place), then its result
    // beside the layer norm's two (%c is read twice). A made %mb or %sb
    // would hold two score buffers at once, more than that bound (the
    // layer norm's broadcasts are row-sized and would not show here).
    const int64_t scores = 4 * 8 * 64 * 64 * 4, rows = 4 * 33 * 256 * 4;
    EXPECT_LE(kernelPeak, scores + 2 * rows + rows / 4) << "peak " << kernelPeak << " bytes";
  }
  setKernelThreads(1);
}

TEST(KernelReference, ReduceKeepsTheSignOfZeroExtrema) {
  // Rows whose maximum (minimum) is a zero: +0 wins over -0 for maximum,
  // -0 over +0 for minimum, wherever in the row (and in which lane) the
  // winning zero sits; rows of one sign of zero keep it.
  ir::ElementType f32 = floatType(ir::FloatFormat::F32);
  const int64_t rows = 64, length = 37;
  for (const char *body : {"stablehlo.maximum", "stablehlo.minimum"}) {
    bool isMax = std::string(body) == "stablehlo.maximum";
    Tensor input = randomTensor({rows, length}, f32, 111);
    float *x = input.data<float>();
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t j = 0; j < length; ++j) {
        // Away from zero on the losing side, zeros of the row's sign
        // pattern: row r has +0 (max) / -0 (min) only at column r % length
        // when r is odd.
        float away = isMax ? -1.0f - static_cast<float>(j) : 1.0f + static_cast<float>(j);
        float zero = isMax ? -0.0f : 0.0f;
        float winner = isMax ? 0.0f : -0.0f;
        x[r * length + j] = j % 3 == 0 ? away : (r % 2 == 1 && j == r % length ? winner : zero);
      }
    }
    Tensor init = makeElidedValue(ir::Type::tensor({}, f32), {ElidedFill::Mode::Zeros, 0}, 0);
    init.data<float>()[0] = isMax ? -INFINITY : INFINITY;
    BinaryKernel kernel = binaryKernelOf(binaryFoldOf(body));
    ir::Type scalar = ir::Type::tensor({}, f32);
    BodyFn fn = [&](const std::vector<Tensor> &args) { return std::vector<Tensor>{kernel(args[0], args[1], scalar)}; };
    auto [k, r] = bothPaths([&] { return evalReduce({input}, {init}, {1}, fn, body, {ir::Type::tensor({rows}, f32)}).at(0); });
    expectSameBytes(k, r, body);
    for (int64_t row = 0; row < rows; ++row) {
      // The expectation itself, so that both paths cannot agree on a wrong sign.
      bool winnerPresent = row % 2 == 1 && (row % length) % 3 != 0;
      float expected = winnerPresent ? (isMax ? 0.0f : -0.0f) : (isMax ? -0.0f : 0.0f);
      EXPECT_EQ(std::signbit(k.data<float>()[row]), std::signbit(expected)) << body << " row " << row;
      EXPECT_EQ(k.data<float>()[row], 0.0f) << body << " row " << row;
    }
  }
}

TEST(KernelReference, TinyConvolutionsTakeTheReferenceLoop) {
  // conv_general_dilated_float32_2_3_9_float32_12_1_3's shape: 360
  // multiply-adds in feature groups. It stays off oneDNN (whose AVX-512
  // fused multiply-adds gave 4 ULP where the file allows 3): the reference
  // loop's bits on the kernel path, for every float type.
  for (const ir::ElementType &element : floatTypes()) {
    Tensor lhs = randomTensor({2, 3, 9}, element, 121), rhs = randomTensor({12, 1, 3}, element, 122);
    ConvolutionParams p;
    p.featureGroupCount = 3;
    p.rhsDilation = {2};
    ConvolutionDimensions &d = p.dimensions;
    d.inputBatch = 0, d.inputFeature = 1, d.inputSpatial = {2};
    d.kernelOutputFeature = 0, d.kernelInputFeature = 1, d.kernelSpatial = {2};
    d.outputBatch = 0, d.outputFeature = 1, d.outputSpatial = {2};
    auto [k, r] = bothPaths([&] { return evalConvolution(lhs, rhs, p, ir::Type::tensor({2, 12, 5}, element)); });
    expectSameBits(k, r, "tiny grouped convolution " + element.str());
  }
}
