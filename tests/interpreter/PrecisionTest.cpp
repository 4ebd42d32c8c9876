// Where the interpreter's arithmetic has to match how the conformance
// suites' expected values were produced: complex products with one fused
// multiply-add per part, and chlo.cosh and chlo.sinh as CHLO's decomposition
// computes them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <string>
#include <vector>

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

TEST(Precision, SinhFollowsTheChloDecomposition) {
  // CHLO's sinh: (m + m / (m + 1)) / 2 with m = expm1(x) below |x| = 1, else
  // e^(x + log(1/2)) - e^(log(1/2) - x), each step rounded to f32. The last
  // input is from StableHLO's testdata (sinh_float32_20_20_chlo): the exact
  // sinh rounds to -14654.519 there, the decomposition gives -14654.526 and
  // XLA's expected value is -14654.525.
  ir::Type type = ir::Type::tensor({6}, ir::ElementType::floating(ir::FloatFormat::F32));
  Tensor x = decodeDenseLiteral("[0.0, 0.5, -0.999, 2.5, -89.0, -10.2856512]", type);
  Tensor r = evalSinh(x, type);
  const float logHalf = std::log(0.5f);
  auto exp = [](float v) { return static_cast<float>(std::exp(static_cast<double>(v))); };
  for (int i = 0; i < 6; ++i) {
    float v = x.data<float>()[i];
    float m = static_cast<float>(std::expm1(static_cast<double>(v)));
    float expected = std::fabs(v) < 1.0f ? 0.5f * (m + m / (m + 1.0f)) : exp(v + logHalf) - exp(logHalf - v);
    EXPECT_EQ(r.data<float>()[i], expected) << i;
  }
  EXPECT_EQ(r.data<float>()[0], 0.0f);
  EXPECT_TRUE(std::isfinite(r.data<float>()[4]));  // e^89 overflows f32, sinh(89) does not
  EXPECT_NEAR(r.data<float>()[5], -14654.5254f, 1e-3f);
  EXPECT_NE(r.data<float>()[5], static_cast<float>(std::sinh(static_cast<double>(x.data<float>()[5]))));
}

TEST(Precision, ComplexSinhFollowsTheChloDecomposition) {
  Tensor z = decodeDenseLiteral("[(0.5, -1.25), (3.0, 0.0)]", c64({2}));
  Tensor r = evalSinh(z, c64({2}));
  const std::complex<float> logHalf(std::log(0.5f), 0.0f);
  for (int i = 0; i < 2; ++i) {
    std::complex<float> v = z.data<std::complex<float>>()[i];
    EXPECT_EQ(r.data<std::complex<float>>()[i], std::exp(v + logHalf) - std::exp(logHalf - v)) << i;
  }
  EXPECT_NEAR(r.data<std::complex<float>>()[1].real(), std::sinh(3.0f), 1e-5f);
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

namespace {

/// The exact DFT of `in` (long double, twiddle angles reduced mod n),
/// divided by n when `inverse`.
std::vector<std::complex<long double>> exactDft(const std::vector<std::complex<long double>> &in, bool inverse) {
  size_t n = in.size();
  std::vector<std::complex<long double>> out(n);
  const long double pi = 3.141592653589793238462643383279502884L;
  for (size_t k = 0; k < n; ++k) {
    std::complex<long double> sum = 0;
    for (size_t j = 0; j < n; ++j) {
      long double angle = (inverse ? 2 : -2) * pi * static_cast<long double>((j * k) % n) / static_cast<long double>(n);
      sum += in[j] * std::complex<long double>(std::cos(angle), std::sin(angle));
    }
    out[k] = inverse ? sum / static_cast<long double>(n) : sum;
  }
  return out;
}

/// A deterministic pseudo-random value in [-1, 1) (a linear congruential
/// sequence: the test needs varied inputs, not good randomness).
double nextValue(uint64_t &state) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return static_cast<double>(state >> 11) / static_cast<double>(1ULL << 52) - 1.0;
}

}  // namespace

TEST(Precision, FftIsAccurateForAnyLength) {
  // Lengths with large prime factors (17, 97) as well as powers of two: the
  // result is within half an ULP of the exact transform plus a few ULPs of
  // double in the spectrum's magnitude (computed in double, rounded once).
  for (int64_t n : {1, 2, 17, 64, 97, 360}) {
    for (ir::FloatFormat format : {ir::FloatFormat::F32, ir::FloatFormat::F64}) {
      ir::Type type = ir::Type::tensor({n}, ir::ElementType::complex(format));
      uint64_t state = static_cast<uint64_t>(n);
      std::vector<std::complex<long double>> input(static_cast<size_t>(n));
      std::string literal = "[";
      for (int64_t i = 0; i < n; ++i) {
        double re = nextValue(state), im = nextValue(state);
        if (format == ir::FloatFormat::F32) {
          re = static_cast<float>(re);
          im = static_cast<float>(im);
        }
        input[static_cast<size_t>(i)] = {re, im};
        char buffer[96];
        std::snprintf(buffer, sizeof buffer, "%s(%.17g, %.17g)", i ? ", " : "", re, im);
        literal += buffer;
      }
      Tensor x = decodeDenseLiteral(literal + "]", type);
      for (bool inverse : {false, true}) {
        Tensor result = evalFft(x, inverse ? "IFFT" : "FFT", {n}, type);
        std::vector<std::complex<long double>> exact = exactDft(input, inverse);
        long double scale = 0;
        for (const auto &v : exact) scale = std::max(scale, std::abs(v));
        double epsilon = format == ir::FloatFormat::F32 ? 0x1p-24 : 0x1p-53;
        for (int64_t k = 0; k < n; ++k) {
          std::complex<long double> got =
              format == ir::FloatFormat::F32
                  ? std::complex<long double>(result.data<std::complex<float>>()[k].real(),
                                              result.data<std::complex<float>>()[k].imag())
                  : std::complex<long double>(result.data<std::complex<double>>()[k].real(),
                                              result.data<std::complex<double>>()[k].imag());
          const auto &e = exact[static_cast<size_t>(k)];
          long double bound = epsilon * (std::abs(e.real()) + std::abs(e.imag())) + 64 * 0x1p-53 * scale;
          EXPECT_LE(std::abs(got.real() - e.real()), bound) << "n " << n << " k " << k << (inverse ? " IFFT" : " FFT");
          EXPECT_LE(std::abs(got.imag() - e.imag()), bound) << "n " << n << " k " << k << (inverse ? " IFFT" : " FFT");
        }
      }
    }
  }
}

TEST(Precision, ExpectIsCloseUsesPerElementBounds) {
  ir::Type f = ir::Type::tensor({3}, ir::ElementType::floating(ir::FloatFormat::F32));
  Tensor expected = decodeDenseLiteral("[1.0, 0x7F800000, 0x7FC00000]", f);
  Tensor bounds = decodeDenseLiteral("[0.25, 0.0, 0.0]", f);
  // Within the bound, the same infinity, NaN for NaN: passes.
  EXPECT_NO_THROW(evalExpectIsClose(decodeDenseLiteral("[1.2, 0x7F800000, 0x7FC00000]", f), expected, bounds, nullptr));
  // Past the bound.
  EXPECT_THROW(evalExpectIsClose(decodeDenseLiteral("[1.3, 0x7F800000, 0x7FC00000]", f), expected, bounds, nullptr),
               CheckFailure);
  // An infinity is only close to itself, a NaN only to a NaN.
  EXPECT_THROW(evalExpectIsClose(decodeDenseLiteral("[1.0, 0xFF800000, 0x7FC00000]", f), expected, bounds, nullptr),
               CheckFailure);
  EXPECT_THROW(evalExpectIsClose(decodeDenseLiteral("[1.0, 0x7F800000, 1.0]", f), expected, bounds, nullptr),
               CheckFailure);
  // Complex values: the modulus of the difference, against a real bound.
  Tensor z = decodeDenseLiteral("[(3.0, 4.0)]", c64({1}));
  ir::Type bound = ir::Type::tensor({1}, ir::ElementType::floating(ir::FloatFormat::F32));
  EXPECT_NO_THROW(evalExpectIsClose(z, decodeDenseLiteral("[(0.0, 0.0)]", c64({1})), decodeDenseLiteral("[5.0]", bound), nullptr));
  Tensor less = decodeDenseLiteral("[4.9]", bound);
  EXPECT_THROW(evalExpectIsClose(z, decodeDenseLiteral("[(0.0, 0.0)]", c64({1})), less, nullptr), CheckFailure);
}

TEST(Precision, ComplexExpFollowsC99AtInfinities) {
  // C99 Annex G (cexp), what numpy and StableHLO's interpreter (std::exp on
  // std::complex) give: e^(-inf + i inf) = +-0 +- i0, e^(+inf + i inf) =
  // +-inf + i NaN, e^(+inf + i0) = +inf + i0, e^(x + i inf) = NaN + i NaN.
  Tensor z = decodeDenseLiteral(
      "[(0xFF800000, 0x7F800000), (0xFF800000, 0xFF800000), (0x7F800000, 0x7F800000), (0x7F800000, 0xFF800000), "
      "(0x7F800000, 0.0), (1.0, 0x7F800000)]",
      c64({6}));
  Tensor e = evalExponential(z, c64({6}));
  const std::complex<float> *r = e.data<std::complex<float>>();
  for (int i : {0, 1}) {
    EXPECT_EQ(r[i].real(), 0.0f) << i;
    EXPECT_EQ(r[i].imag(), 0.0f) << i;
  }
  for (int i : {2, 3}) {
    EXPECT_TRUE(std::isinf(r[i].real())) << i;
    EXPECT_TRUE(std::isnan(r[i].imag())) << i;
  }
  EXPECT_EQ(r[4], std::complex<float>(INFINITY, 0.0f));
  EXPECT_TRUE(std::isnan(r[5].real()) && std::isnan(r[5].imag()));
}
