// Where the interpreter's arithmetic has to match how the conformance
// suites' expected values were produced: complex products with one fused
// multiply-add per part, and chlo.cosh as CHLO's decomposition computes it.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "interpreter/DenseLiteral.h"
#include "interpreter/Ops.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

ir::Type c64(std::vector<int64_t> shape) {
  return ir::Type::tensor(std::move(shape), ir::ElementType::complex(ir::FloatFormat::F32));
}

}  // namespace

TEST(Precision, ComplexMultiplyFusesOneProductPerPart) {
  // x^4 as (x*x)*(x*x) for the first element of testdata's
  // integer_pow_complex64_20_30.mlir; rounding all four products instead
  // gives (0x3BB08C8E, 0xBB933F44), a few ULPs off.
  Tensor x = decodeDenseLiteral("[(0x3E91F2AA, 0xBD4CFA95)]", c64({1}));
  Tensor square = evalMultiply(x, x, c64({1}));
  Tensor fourth = evalMultiply(square, square, c64({1}));
  std::complex<float> expected = decodeDenseLiteral("[(0x3BB08C91, 0xBB933F45)]", c64({1})).data<std::complex<float>>()[0];
  EXPECT_EQ(fourth.data<std::complex<float>>()[0], expected);
}

TEST(Precision, ComplexMultiplyKeepsSpecialValues) {
  Tensor a = decodeDenseLiteral("[(0x7F800000, 0x7F800000), (2.0, 3.0)]", c64({2}));
  Tensor b = decodeDenseLiteral("[(1.0, 0.0), (4.0, -5.0)]", c64({2}));
  Tensor p = evalMultiply(a, b, c64({2}));
  std::complex<float> inf = p.data<std::complex<float>>()[0];
  EXPECT_TRUE(std::isinf(inf.real()) || std::isinf(inf.imag()));
  EXPECT_EQ(p.data<std::complex<float>>()[1], std::complex<float>(23.0f, 2.0f));
}

TEST(Precision, CoshFollowsTheChloDecomposition) {
  ir::Type f32 = ir::Type::tensor({3}, ir::ElementType::floating(ir::FloatFormat::F32));
  Tensor x = decodeDenseLiteral("[0.0, 2.5, -89.0]", f32);
  Tensor r = evalCosh(x, f32);
  const float logHalf = std::log(0.5f);
  for (int i = 0; i < 3; ++i) {
    float v = x.data<float>()[i];
    EXPECT_EQ(r.data<float>()[i], std::exp(v + logHalf) + std::exp(logHalf - v)) << i;
  }
  EXPECT_EQ(r.data<float>()[0], 1.0f);
  EXPECT_TRUE(std::isfinite(r.data<float>()[2]));  // e^89 overflows f32, cosh(89) does not
}

namespace {

ir::Type f32(std::vector<int64_t> shape) {
  return ir::Type::tensor(std::move(shape), ir::ElementType::floating(ir::FloatFormat::F32));
}

using FloatFn = Tensor (*)(const Tensor &, const ir::Type &);

/// Every element equals the double function's value rounded once to float.
void expectCorrectlyRounded(FloatFn op, double (*reference)(double), const char *name) {
  std::vector<float> inputs;
  for (int i = -400; i <= 400; ++i) inputs.push_back(static_cast<float>(i) * 0.0173f + 1e-3f);
  inputs.push_back(1e-30f);
  inputs.push_back(-3.5e-8f);
  ir::Type type = f32({static_cast<int64_t>(inputs.size())});
  Tensor x(type);
  for (size_t i = 0; i < inputs.size(); ++i) x.data<float>()[i] = inputs[i];
  Tensor r = op(x, type);
  size_t off = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    float expected = static_cast<float>(reference(static_cast<double>(inputs[i])));
    if (!(r.data<float>()[i] == expected || (std::isnan(expected) && std::isnan(r.data<float>()[i])))) ++off;
  }
  EXPECT_EQ(off, 0u) << name << ": " << off << " of " << inputs.size() << " elements not correctly rounded";
}

}  // namespace

TEST(Precision, F32TranscendentalFunctionsAreCorrectlyRounded) {
  expectCorrectlyRounded(evalSinh, [](double v) { return std::sinh(v); }, "sinh");
  expectCorrectlyRounded(evalTanh, [](double v) { return std::tanh(v); }, "tanh");
  expectCorrectlyRounded(evalCbrt, [](double v) { return std::cbrt(v); }, "cbrt");
  expectCorrectlyRounded(evalExponentialMinusOne, [](double v) { return std::expm1(v); }, "expm1");
  expectCorrectlyRounded(evalLogPlusOne, [](double v) { return std::log1p(v); }, "log_plus_one");
}

TEST(Precision, ComplexLogPlusOneKeepsATinyRealPart) {
  // log(1 + z) for z = 1e-10 + 1e-5i: the real part is about
  // 1e-10 + 5e-11 (x + y^2/2), which 1 + z in f32 rounds away entirely.
  Tensor z = decodeDenseLiteral("[(1.0e-10, 1.0e-5)]", c64({1}));
  std::complex<float> r = evalLogPlusOne(z, c64({1})).data<std::complex<float>>()[0];
  double x = 1e-10f, y = 1e-5f;
  double expected = 0.5 * std::log1p(x * (2 + x) + y * y);
  EXPECT_NEAR(r.real(), expected, expected * 1e-6);
  EXPECT_NEAR(r.imag(), std::atan2(y, 1 + x), 1e-12);
}

TEST(Precision, ComplexSquareDoesNotOverflowInTheImaginaryPart) {
  // (3e38 + 1e-30i)^2: 2 * 3e38 overflows f32, 3e38 * 1e-30 * 2 = 6e8 does not.
  Tensor z = decodeDenseLiteral("[(1.0e10, 1.0e-30), (3.0e38, 1.0e-30)]", c64({2}));
  Tensor r = evalSquare(z, c64({2}));
  EXPECT_FLOAT_EQ(r.data<std::complex<float>>()[1].imag(), 6.0e8f);
  EXPECT_FLOAT_EQ(r.data<std::complex<float>>()[0].imag(), 2.0e-20f);
}

namespace {

ir::Type bf16(std::vector<int64_t> shape) {
  return ir::Type::tensor(std::move(shape), ir::ElementType::floating(ir::FloatFormat::BF16));
}

/// The body's value for the fast path is never called: `fastBody` names add.
std::vector<Tensor> unusedBody(const std::vector<Tensor> &) { return {}; }

}  // namespace

TEST(Precision, Bf16ReduceWindowRoundsAfterEveryAddition) {
  // A cumulative sum over 256 + 1 + 1 + ... in bf16: 257 is not a bf16
  // value (8 bits of mantissa), so each step rounds 256 + 1 back to 256
  // (ties to even); summing in f32 and rounding once gives 264.
  const int64_t n = 9;
  Tensor x(bf16({n}));
  x.data<float>()[0] = 256.0f;
  for (int64_t i = 1; i < n; ++i) x.data<float>()[i] = 1.0f;
  Tensor zero(bf16({}));
  zero.data<float>()[0] = 0.0f;
  Window window{{n}, {1}, {1}, {1}, {{n - 1, 0}}};
  std::vector<Tensor> r = evalReduceWindow({x}, {zero}, window, unusedBody, "stablehlo.add", {bf16({n})});
  EXPECT_EQ(r[0].data<float>()[n - 1], 256.0f);
  std::vector<Tensor> s = evalReduce({x}, {zero}, {0}, unusedBody, "stablehlo.add", {bf16({})});
  EXPECT_EQ(s[0].data<float>()[0], 256.0f);
}
