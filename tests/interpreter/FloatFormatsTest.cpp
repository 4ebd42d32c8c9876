// The small float formats' codec (interpreter/FloatFormats.h) against known
// encodings: largest values, NaN and infinity patterns, subnormals, rounding
// ties to even, overflow and saturation per format; and their use in
// tensors (dense literals, rounding on store, bitcast_convert).
#include <gtest/gtest.h>

#include <cmath>

#include "interpreter/DenseLiteral.h"
#include "interpreter/FloatFormats.h"
#include "interpreter/Ops.h"

using namespace shlo;
using namespace shlo::interpreter;
using F = ir::FloatFormat;

namespace {

MinifloatFormat format(F f) { return *minifloatFormat(f); }
double decode(F f, uint32_t bits) { return decodeMinifloat(format(f), bits); }
uint32_t encode(F f, double v) { return encodeMinifloat(format(f), v); }

ir::Type tensorOf(std::vector<int64_t> shape, F f) { return ir::Type::tensor(std::move(shape), ir::ElementType::floating(f)); }

}  // namespace

TEST(FloatFormats, OnlySmallFormatsHaveACodec) {
  EXPECT_FALSE(minifloatFormat(F::F32).has_value());
  EXPECT_FALSE(minifloatFormat(F::BF16).has_value());
  EXPECT_EQ(format(F::F4E2M1FN).width(), 4u);
  EXPECT_EQ(format(F::F6E3M2FN).width(), 6u);
  EXPECT_EQ(format(F::F8E8M0FNU).width(), 8u);
}

TEST(FloatFormats, F4E2M1FNValues) {
  const double positives[] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  for (uint32_t b = 0; b < 8; ++b) {
    EXPECT_EQ(decode(F::F4E2M1FN, b), positives[b]) << b;
    EXPECT_EQ(decode(F::F4E2M1FN, b | 8), -positives[b]) << b;
    EXPECT_EQ(encode(F::F4E2M1FN, positives[b]), b);
  }
  EXPECT_TRUE(std::signbit(decode(F::F4E2M1FN, 0x8)));
  // Ties to even: 2.5 -> 2 (0b0100), 3.5 -> 4 (0b0110), 0.25 -> 0, 0.75 -> 1.
  EXPECT_EQ(encode(F::F4E2M1FN, 2.5), 0x4u);
  EXPECT_EQ(encode(F::F4E2M1FN, 3.5), 0x6u);
  EXPECT_EQ(encode(F::F4E2M1FN, 0.25), 0x0u);
  EXPECT_EQ(encode(F::F4E2M1FN, 0.75), 0x2u);
  EXPECT_EQ(encode(F::F4E2M1FN, 5.0), 0x6u);  // tie between 4 and 6 -> 4 (even mantissa)
  // No infinity, no NaN: overflow and infinity saturate.
  EXPECT_EQ(encode(F::F4E2M1FN, 100.0), 0x7u);
  EXPECT_EQ(encode(F::F4E2M1FN, -INFINITY), 0xFu);
  EXPECT_EQ(format(F::F4E2M1FN).maxFinite(), 6.0);
}

TEST(FloatFormats, F6Formats) {
  EXPECT_EQ(format(F::F6E2M3FN).maxFinite(), 7.5);
  EXPECT_EQ(decode(F::F6E2M3FN, 0x01), 0.125);  // smallest subnormal
  EXPECT_EQ(decode(F::F6E2M3FN, 0x21), -0.125);
  EXPECT_EQ(format(F::F6E3M2FN).maxFinite(), 28.0);
  EXPECT_EQ(decode(F::F6E3M2FN, 0x01), 0.0625);
  EXPECT_EQ(encode(F::F6E3M2FN, 1e6), 0x1Fu);
}

TEST(FloatFormats, F8E4M3FN) {
  EXPECT_EQ(format(F::F8E4M3FN).maxFinite(), 448.0);
  EXPECT_EQ(decode(F::F8E4M3FN, 0x7E), 448.0);
  EXPECT_TRUE(std::isnan(decode(F::F8E4M3FN, 0x7F)));
  EXPECT_TRUE(std::isnan(decode(F::F8E4M3FN, 0xFF)));
  EXPECT_EQ(decode(F::F8E4M3FN, 0x01), std::ldexp(1.0, -9));
  EXPECT_EQ(encode(F::F8E4M3FN, NAN) & 0x7F, 0x7Fu);
  // No infinity: overflow (after rounding) and infinity give NaN.
  EXPECT_EQ(encode(F::F8E4M3FN, 470.0), 0x7Fu);  // rounds up past 448
  EXPECT_EQ(encode(F::F8E4M3FN, 464.0), 0x7Eu);  // tie: to the even 448
  EXPECT_EQ(encode(F::F8E4M3FN, INFINITY), 0x7Fu);
  EXPECT_EQ(encode(F::F8E4M3FN, -0.0), 0x80u);
}

TEST(FloatFormats, F8E5M2) {
  EXPECT_EQ(encode(F::F8E5M2, INFINITY), 0x7Cu);
  EXPECT_TRUE(std::isinf(decode(F::F8E5M2, 0x7C)));
  EXPECT_TRUE(std::isnan(decode(F::F8E5M2, 0x7D)));
  EXPECT_EQ(format(F::F8E5M2).maxFinite(), 57344.0);
  EXPECT_EQ(encode(F::F8E5M2, 1e6), 0x7Cu);  // overflow -> inf
  EXPECT_EQ(encode(F::F8E5M2, 0.1), 0x2Eu);  // 0.09375
  EXPECT_EQ(decode(F::F8E5M2, 0x2E), 0.09375);
}

TEST(FloatFormats, IeeeLikeF8E4M3AndF8E3M4) {
  EXPECT_EQ(format(F::F8E4M3).maxFinite(), 240.0);
  EXPECT_TRUE(std::isinf(decode(F::F8E4M3, 0x78)));
  EXPECT_TRUE(std::isnan(decode(F::F8E4M3, 0x7F)));
  EXPECT_EQ(format(F::F8E3M4).maxFinite(), 15.5);
  EXPECT_EQ(decode(F::F8E3M4, 0x01), 0.015625);
  EXPECT_EQ(decode(F::F8E3M4, encode(F::F8E3M4, 3.1415)), 3.125);
}

TEST(FloatFormats, FnuzFormats) {
  // One NaN, the negative-zero pattern; -0 encodes as +0.
  EXPECT_TRUE(std::isnan(decode(F::F8E4M3FNUZ, 0x80)));
  EXPECT_EQ(encode(F::F8E4M3FNUZ, -0.0), 0x00u);
  EXPECT_EQ(encode(F::F8E4M3FNUZ, NAN), 0x80u);
  EXPECT_EQ(decode(F::F8E4M3FNUZ, 0x7F), 240.0);
  EXPECT_EQ(decode(F::F8E4M3B11FNUZ, 0x7F), 30.0);
  EXPECT_EQ(decode(F::F8E5M2FNUZ, 0x7F), 57344.0);
  EXPECT_EQ(decode(F::F8E5M2FNUZ, 0x01), std::ldexp(1.0, -17));
  EXPECT_EQ(encode(F::F8E5M2FNUZ, 1e9), 0x80u);  // overflow -> NaN
  EXPECT_EQ(encode(F::F8E4M3FNUZ, -1e-9), 0x00u);  // underflow to +0, not NaN
}

TEST(FloatFormats, F8E8M0FNU) {
  EXPECT_EQ(decode(F::F8E8M0FNU, 127), 1.0);
  EXPECT_EQ(decode(F::F8E8M0FNU, 0), std::ldexp(1.0, -127));
  EXPECT_TRUE(std::isnan(decode(F::F8E8M0FNU, 0xFF)));
  EXPECT_EQ(encode(F::F8E8M0FNU, 0.1), 124u);     // 0.125
  EXPECT_EQ(encode(F::F8E8M0FNU, 3.1415), 129u);  // 4
  EXPECT_EQ(encode(F::F8E8M0FNU, 3.0), 129u);     // tie between 2 and 4 -> 4
  EXPECT_EQ(encode(F::F8E8M0FNU, -1.0), 0xFFu);   // no sign: NaN
  EXPECT_EQ(encode(F::F8E8M0FNU, 0.0), 0u);       // no zero: the smallest value
}

TEST(FloatFormats, EveryPatternRoundTrips) {
  for (F f : {F::F4E2M1FN, F::F6E2M3FN, F::F6E3M2FN, F::F8E3M4, F::F8E4M3, F::F8E4M3FN, F::F8E4M3FNUZ,
              F::F8E4M3B11FNUZ, F::F8E5M2, F::F8E5M2FNUZ, F::F8E8M0FNU}) {
    MinifloatFormat m = format(f);
    for (uint32_t b = 0; b < (1u << m.width()); ++b) {
      double v = decodeMinifloat(m, b);
      if (std::isnan(v)) continue;
      EXPECT_EQ(encodeMinifloat(m, v), b) << ir::floatFormatName(f) << " " << b;
    }
  }
}

TEST(FloatFormats, TensorsDecodeAndRoundOnStore) {
  ir::Type t = tensorOf({4}, F::F8E4M3FN);
  Tensor a = decodeDenseLiteral("[0.1, 0x7E, 3.1415, 1000.0]", t);
  EXPECT_EQ(a.data<float>()[0], 0.1015625f);
  EXPECT_EQ(a.data<float>()[1], 448.0f);
  EXPECT_EQ(a.data<float>()[2], 3.25f);
  EXPECT_TRUE(std::isnan(a.data<float>()[3]));
  Tensor b = decodeDenseLiteral("[1.0, 1.0, 1.0, 1.0]", t);
  Tensor sum = evalAdd(a, b, t);  // computed in float, rounded back
  EXPECT_EQ(sum.data<float>()[0], 1.125f);
  EXPECT_EQ(sum.data<float>()[1], 448.0f);
  Tensor hex = decodeDenseLiteral("\"0x7E01\"", tensorOf({2}, F::F8E4M3FN));
  EXPECT_EQ(hex.data<float>()[0], 448.0f);
  EXPECT_EQ(hex.data<float>()[1], std::ldexp(1.0f, -9));
}

TEST(FloatFormats, BitcastConvertUsesEncodings) {
  ir::Type i8 = ir::Type::tensor({2}, ir::ElementType::integer(8));
  Tensor bits = decodeDenseLiteral("[124, -4]", i8);  // 0x7C, 0xFC
  Tensor f = evalBitcastConvert(bits, tensorOf({2}, F::F8E5M2));
  EXPECT_TRUE(std::isinf(f.data<float>()[0]) && f.data<float>()[0] > 0);
  EXPECT_TRUE(std::isinf(f.data<float>()[1]) && f.data<float>()[1] < 0);
  Tensor back = evalBitcastConvert(f, i8);
  EXPECT_EQ(back.data<int8_t>()[0], 124);
  EXPECT_EQ(back.data<int8_t>()[1], -4);
  // Two f4E2M1FN elements make one i8 (low element in the low bits).
  Tensor f4 = decodeDenseLiteral("[[6.0, -0.5]]", tensorOf({1, 2}, F::F4E2M1FN));
  Tensor packed = evalBitcastConvert(f4, ir::Type::tensor({1}, ir::ElementType::integer(8, ir::Signedness::Unsigned)));
  EXPECT_EQ(packed.data<uint8_t>()[0], 0x97);
}

TEST(FloatFormats, NextAfterStepsThroughEncodings) {
  MinifloatFormat e4m3 = format(F::F8E4M3FN);
  EXPECT_EQ(nextAfterMinifloat(e4m3, 1.0, 2.0), 1.125);
  EXPECT_EQ(nextAfterMinifloat(e4m3, 1.0, 0.0), 0.9375);
  EXPECT_EQ(nextAfterMinifloat(e4m3, 0.0, -1.0), -std::ldexp(1.0, -9));
  EXPECT_TRUE(std::isnan(nextAfterMinifloat(e4m3, 448.0, 1000.0)));
  EXPECT_TRUE(std::isinf(nextAfterMinifloat(format(F::F8E5M2), 57344.0, INFINITY)));
  EXPECT_EQ(nextAfterMinifloat(format(F::F4E2M1FN), 6.0, 7.0), 6.0);
  EXPECT_EQ(nextAfterMinifloat(format(F::F4E2M1FN), -6.0, 0.0), -4.0);
  EXPECT_EQ(nextAfterMinifloat(format(F::F8E8M0FNU), 1.0, 3.0), 2.0);
  // Through the op: chlo.next_after on an f8 tensor.
  ir::Type t = tensorOf({1}, F::F8E4M3FN);
  Tensor r = evalNextAfter(decodeDenseLiteral("[1.0]", t), decodeDenseLiteral("[2.0]", t), t);
  EXPECT_EQ(r.data<float>()[0], 1.125f);
}
