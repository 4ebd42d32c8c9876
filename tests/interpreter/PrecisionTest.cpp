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
