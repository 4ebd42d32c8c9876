// The spec's small floating-point formats ("Types": f4E2M1FN, f6E2M3FN,
// f6E3M2FN, f8E3M4, f8E4M3, f8E4M3FN, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E5M2,
// f8E5M2FNUZ, f8E8M0FNU) as one codec parametrised by exponent bits,
// mantissa bits, bias and the format's rule for non-finite values. LLVM 14's
// APFloat knows only f8E5M2 of these, so the interpreter carries its own.
//
// Encoding rounds to nearest, ties to even. What a format cannot represent
// (these choices follow LLVM's APFloat where it defines them):
// - IEEE-like formats (f8E3M4, f8E4M3, f8E5M2): overflow -> infinity.
// - NaN-only formats (FN: all-ones pattern is NaN; FNUZ: the negative-zero
//   pattern is NaN): overflow and infinity -> NaN. FNUZ has no -0: -0 -> +0.
// - Finite-only formats (f4E2M1FN, f6E2M3FN, f6E3M2FN): overflow and
//   infinity saturate to the largest finite value of that sign; NaN -> +0
//   (the formats have no NaN; implementation-defined).
// - f8E8M0FNU (unsigned powers of two, NaN = 0xFF): negative numbers, NaN
//   and infinity -> NaN; zero and values below 2^-127 -> 2^-127 (no zero).
#pragma once

#include <cstdint>
#include <optional>

#include "semantic/ir/Types.h"

namespace shlo::interpreter {

struct MinifloatFormat {
  enum class NonFinite : uint8_t {
    Ieee,             // max exponent: infinity (mantissa 0) or NaN
    NanAllOnes,       // "FN": no infinity; the all-ones magnitude is NaN
    NanNegativeZero,  // "FNUZ": no infinity, no -0; 0b1000... is NaN
    FiniteOnly,       // no infinity, no NaN
    UnsignedExponent  // f8E8M0FNU: no sign, no zero, no subnormals; all-ones is NaN
  };
  ir::FloatFormat format;
  unsigned exponentBits;
  unsigned mantissaBits;
  int bias;
  NonFinite nonFinite;

  /// Storage width in bits: sign (if any) + exponent + mantissa.
  unsigned width() const { return exponentBits + mantissaBits + (nonFinite == NonFinite::UnsignedExponent ? 0 : 1); }
  /// The largest finite value.
  double maxFinite() const;
};

/// The codec of a small float format; nullopt for f16, bf16, f32, f64 and
/// the other formats with hardware or LLVM support.
std::optional<MinifloatFormat> minifloatFormat(ir::FloatFormat format);

/// `value` rounded to the format (ties to even), as its bit pattern in the
/// low `width()` bits.
uint32_t encodeMinifloat(const MinifloatFormat &format, double value);
/// The value of a bit pattern (bits above `width()` are ignored).
double decodeMinifloat(const MinifloatFormat &format, uint32_t bits);
/// chlo.next_after in the format: the neighbour of `from` (a value of the
/// format) towards `to`; NaN if either is NaN, `to` if they are equal.
double nextAfterMinifloat(const MinifloatFormat &format, double from, double to);
/// decode(encode(value)): the nearest value of the format.
inline double roundToMinifloat(const MinifloatFormat &format, double value) {
  return decodeMinifloat(format, encodeMinifloat(format, value));
}

}  // namespace shlo::interpreter
