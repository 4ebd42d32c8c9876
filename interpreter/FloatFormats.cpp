#include "interpreter/FloatFormats.h"

#include <cmath>
#include <limits>

namespace shlo::interpreter {

namespace {

using NF = MinifloatFormat::NonFinite;

uint32_t allOnes(unsigned bits) { return (1u << bits) - 1; }

/// The largest exponent field and, at that exponent, the largest mantissa
/// field of a finite value.
void largestFinite(const MinifloatFormat &f, uint32_t &exponentField, uint32_t &mantissaField) {
  exponentField = allOnes(f.exponentBits);
  mantissaField = allOnes(f.mantissaBits);
  switch (f.nonFinite) {
    case NF::Ieee: exponentField -= 1; break;
    case NF::NanAllOnes: mantissaField -= 1; break;
    case NF::UnsignedExponent: exponentField -= 1; break;
    case NF::NanNegativeZero:
    case NF::FiniteOnly: break;
  }
}

uint32_t nanBits(const MinifloatFormat &f, bool negative) {
  uint32_t sign = negative ? 1u << (f.exponentBits + f.mantissaBits) : 0;
  switch (f.nonFinite) {
    case NF::Ieee:  // A quiet NaN: all-ones exponent, top mantissa bit set.
      return sign | (allOnes(f.exponentBits) << f.mantissaBits) | (1u << (f.mantissaBits - 1));
    case NF::NanAllOnes: return sign | allOnes(f.exponentBits + f.mantissaBits);
    case NF::NanNegativeZero: return 1u << (f.exponentBits + f.mantissaBits);
    case NF::UnsignedExponent: return allOnes(f.exponentBits);
    case NF::FiniteOnly: return 0;
  }
  return 0;
}

}  // namespace

std::optional<MinifloatFormat> minifloatFormat(ir::FloatFormat format) {
  using F = ir::FloatFormat;
  switch (format) {
    case F::F4E2M1FN: return MinifloatFormat{format, 2, 1, 1, NF::FiniteOnly};
    case F::F6E2M3FN: return MinifloatFormat{format, 2, 3, 1, NF::FiniteOnly};
    case F::F6E3M2FN: return MinifloatFormat{format, 3, 2, 3, NF::FiniteOnly};
    case F::F8E3M4: return MinifloatFormat{format, 3, 4, 3, NF::Ieee};
    case F::F8E4M3: return MinifloatFormat{format, 4, 3, 7, NF::Ieee};
    case F::F8E4M3FN: return MinifloatFormat{format, 4, 3, 7, NF::NanAllOnes};
    case F::F8E4M3FNUZ: return MinifloatFormat{format, 4, 3, 8, NF::NanNegativeZero};
    case F::F8E4M3B11FNUZ: return MinifloatFormat{format, 4, 3, 11, NF::NanNegativeZero};
    case F::F8E5M2: return MinifloatFormat{format, 5, 2, 15, NF::Ieee};
    case F::F8E5M2FNUZ: return MinifloatFormat{format, 5, 2, 16, NF::NanNegativeZero};
    case F::F8E8M0FNU: return MinifloatFormat{format, 8, 0, 127, NF::UnsignedExponent};
    default: return std::nullopt;
  }
}

double MinifloatFormat::maxFinite() const {
  uint32_t e, m;
  largestFinite(*this, e, m);
  return decodeMinifloat(*this, (e << mantissaBits) | m);
}

double decodeMinifloat(const MinifloatFormat &f, uint32_t bits) {
  bits &= allOnes(f.width());
  if (f.nonFinite == NF::UnsignedExponent) {
    if (bits == allOnes(f.exponentBits)) return std::numeric_limits<double>::quiet_NaN();
    return std::ldexp(1.0, static_cast<int>(bits) - f.bias);
  }
  unsigned magnitudeBits = f.exponentBits + f.mantissaBits;
  bool negative = (bits >> magnitudeBits) & 1;
  uint32_t magnitude = bits & allOnes(magnitudeBits);
  uint32_t exponentField = magnitude >> f.mantissaBits, mantissaField = magnitude & allOnes(f.mantissaBits);
  double nan = std::numeric_limits<double>::quiet_NaN();
  switch (f.nonFinite) {
    case NF::Ieee:
      if (exponentField == allOnes(f.exponentBits)) {
        if (mantissaField != 0) return nan;
        return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
      }
      break;
    case NF::NanAllOnes:
      if (magnitude == allOnes(magnitudeBits)) return nan;
      break;
    case NF::NanNegativeZero:
      if (negative && magnitude == 0) return nan;
      break;
    default: break;
  }
  double value = exponentField == 0
                     ? std::ldexp(static_cast<double>(mantissaField), 1 - f.bias - static_cast<int>(f.mantissaBits))
                     : std::ldexp(static_cast<double>(mantissaField | (1u << f.mantissaBits)),
                                  static_cast<int>(exponentField) - f.bias - static_cast<int>(f.mantissaBits));
  return negative ? -value : value;
}

uint32_t encodeMinifloat(const MinifloatFormat &f, double value) {
  bool negative = std::signbit(value);
  unsigned magnitudeBits = f.exponentBits + f.mantissaBits;
  uint32_t sign = negative ? 1u << magnitudeBits : 0;
  uint32_t maxExponentField, maxMantissaField;
  largestFinite(f, maxExponentField, maxMantissaField);
  uint32_t largest = (maxExponentField << f.mantissaBits) | maxMantissaField;
  auto overflow = [&]() -> uint32_t {
    switch (f.nonFinite) {
      case NF::Ieee: return sign | (allOnes(f.exponentBits) << f.mantissaBits);
      case NF::FiniteOnly: return sign | largest;
      default: return nanBits(f, negative);
    }
  };
  if (std::isnan(value)) return nanBits(f, negative);
  if (f.nonFinite == NF::UnsignedExponent && negative && value != 0) return nanBits(f, true);
  if (std::isinf(value)) return overflow();
  double a = std::fabs(value);
  if (f.nonFinite == NF::UnsignedExponent) {
    // Powers of two only: the "significand" is the implicit 1, so a tie
    // (1.5 * 2^k) rounds to the even significand 2, i.e. up.
    int exponent = a == 0 ? -f.bias : std::max(std::ilogb(a), -f.bias);
    double scaled = std::ldexp(a, -exponent);  // in [1, 2) above 2^-bias
    double q = std::nearbyint(scaled);
    if (q < 1) q = 1;  // no zero: the smallest value
    int64_t field = exponent + f.bias + (q >= 2 ? 1 : 0);
    if (field > static_cast<int64_t>(maxExponentField)) return overflow();
    return static_cast<uint32_t>(field);
  }
  if (a == 0) return f.nonFinite == NF::NanNegativeZero ? 0 : sign;
  int minNormalExponent = 1 - f.bias;
  int exponent = std::max(std::ilogb(a), minNormalExponent);
  // The significand in units of the last place at this exponent; nearbyint
  // rounds ties to even in the default rounding mode.
  double q = std::nearbyint(std::ldexp(a, static_cast<int>(f.mantissaBits) - exponent));
  uint64_t significand = static_cast<uint64_t>(q);
  uint64_t exponentField;
  if (significand >= (2ull << f.mantissaBits)) {  // rounded up to the next binade
    significand >>= 1;
    ++exponent;
  }
  if (significand < (1ull << f.mantissaBits)) {
    exponentField = 0;  // subnormal (or zero)
  } else {
    exponentField = static_cast<uint64_t>(exponent + f.bias);
    significand -= 1ull << f.mantissaBits;
  }
  uint64_t magnitude = (exponentField << f.mantissaBits) | significand;
  if (magnitude > largest) return overflow();
  if (magnitude == 0 && f.nonFinite == NF::NanNegativeZero) return 0;
  return sign | static_cast<uint32_t>(magnitude);
}

double nextAfterMinifloat(const MinifloatFormat &f, double from, double to) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  if (std::isnan(from) || std::isnan(to)) return nan;
  if (from == to) return to;
  uint32_t bits = encodeMinifloat(f, from);
  if (f.nonFinite == NF::UnsignedExponent) {
    // Powers of two only: step the exponent field, staying in range.
    uint32_t top = allOnes(f.exponentBits) - 1;
    if (from < to) return bits < top ? decodeMinifloat(f, bits + 1) : decodeMinifloat(f, bits);
    return bits > 0 ? decodeMinifloat(f, bits - 1) : decodeMinifloat(f, bits);
  }
  uint32_t signBit = 1u << (f.exponentBits + f.mantissaBits);
  if (from == 0) return decodeMinifloat(f, 1u | (to < 0 ? signBit : 0));  // smallest subnormal towards `to`
  // Away from zero increments the magnitude, towards zero decrements it.
  bool away = (from < to) == (from > 0);
  uint32_t maxExponentField, maxMantissaField;
  largestFinite(f, maxExponentField, maxMantissaField);
  if (away && (bits & (signBit - 1)) == ((maxExponentField << f.mantissaBits) | maxMantissaField)) {
    // Past the largest finite value: infinity, NaN, or (finite-only) none.
    if (f.nonFinite == NF::Ieee) return from > 0 ? INFINITY : -INFINITY;
    return f.nonFinite == NF::FiniteOnly ? from : nan;
  }
  bits = away ? bits + 1 : bits - 1;
  return decodeMinifloat(f, bits);
}

}  // namespace shlo::interpreter
