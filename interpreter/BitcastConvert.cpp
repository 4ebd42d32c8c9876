// bitcast_convert (spec "bitcast_convert"): the operand's elements as one
// little-endian bit string in row-major order, cut into the result's
// elements. Element widths are the element types' own (i1: 1 bit, i4: 4,
// f4E2M1FN: 4, bf16: 16, complex<f32>: 64 with the real part in the low
// half), so i1 and sub-byte types work like the others. Quantized tensors
// take part through their storage type.
#include <cstring>
#include <vector>

#include "interpreter/Errors.h"
#include "interpreter/FloatFormats.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

/// A bit string written and read in order, up to 64 bits at a time.
class BitString {
 public:
  explicit BitString(uint64_t bits) : words_((bits + 63) / 64, 0) {}

  void put(uint64_t offset, uint64_t value, unsigned count) {
    if (count < 64) value &= (1ull << count) - 1;
    uint64_t word = offset / 64;
    unsigned shift = offset % 64;
    words_[word] |= value << shift;
    if (shift != 0 && shift + count > 64) words_[word + 1] |= value >> (64 - shift);
  }

  uint64_t get(uint64_t offset, unsigned count) const {
    uint64_t word = offset / 64;
    unsigned shift = offset % 64;
    uint64_t value = words_[word] >> shift;
    if (shift != 0 && shift + count > 64) value |= words_[word + 1] << (64 - shift);
    return count < 64 ? value & ((1ull << count) - 1) : value;
  }

 private:
  std::vector<uint64_t> words_;
};

uint64_t floatBits(float v, ElemKind kind) {
  if (kind == ElemKind::F16) return floatToHalfBits(v);
  if (kind == ElemKind::BF16) return floatToBFloat16Bits(v);
  if (isMinifloat(kind)) return encodeMinifloat(*minifloatFormat(floatFormatOf(kind)), v);
  uint32_t b;
  std::memcpy(&b, &v, 4);
  return b;
}

float floatFromBits(uint64_t bits, ElemKind kind) {
  if (kind == ElemKind::F16) return halfBitsToFloat(static_cast<uint16_t>(bits));
  if (kind == ElemKind::BF16) return bfloat16BitsToFloat(static_cast<uint16_t>(bits));
  if (isMinifloat(kind)) return static_cast<float>(decodeMinifloat(*minifloatFormat(floatFormatOf(kind)), static_cast<uint32_t>(bits)));
  uint32_t b = static_cast<uint32_t>(bits);
  float v;
  std::memcpy(&v, &b, 4);
  return v;
}

uint64_t doubleBits(double v) {
  uint64_t b;
  std::memcpy(&b, &v, 8);
  return b;
}

double doubleFromBits(uint64_t b) {
  double v;
  std::memcpy(&v, &b, 8);
  return v;
}

/// Writes element `i` of `t` (`width` bits) at `offset`.
void putElement(BitString &s, uint64_t offset, const Tensor &t, int64_t i, unsigned width) {
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    T v = t.data<T>()[i];
    if constexpr (kIsBool<T>) {
      s.put(offset, v ? 1 : 0, 1);
    } else if constexpr (kIsInt<T>) {
      s.put(offset, static_cast<uint64_t>(static_cast<std::make_unsigned_t<T>>(v)), width);
    } else if constexpr (std::is_same_v<T, float>) {
      s.put(offset, floatBits(v, t.kind()), width);
    } else if constexpr (std::is_same_v<T, double>) {
      s.put(offset, doubleBits(v), 64);
    } else if constexpr (std::is_same_v<T, std::complex<float>>) {
      s.put(offset, floatBits(v.real(), ElemKind::F32), 32);
      s.put(offset + 32, floatBits(v.imag(), ElemKind::F32), 32);
    } else {
      s.put(offset, doubleBits(v.real()), 64);
      s.put(offset + 64, doubleBits(v.imag()), 64);
    }
  });
}

void getElement(const BitString &s, uint64_t offset, Tensor &t, int64_t i, unsigned width) {
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    T &v = t.data<T>()[i];
    if constexpr (kIsBool<T>) {
      v = s.get(offset, 1) != 0;
    } else if constexpr (kIsInt<T>) {
      uint64_t bits = s.get(offset, width);
      // Sign-extend signed sub-word widths.
      if constexpr (std::is_signed_v<T>) {
        if (width < 64 && (bits >> (width - 1)) & 1) bits |= ~0ull << width;
      }
      v = static_cast<T>(bits);
    } else if constexpr (std::is_same_v<T, float>) {
      v = floatFromBits(s.get(offset, width), t.kind());
    } else if constexpr (std::is_same_v<T, double>) {
      v = doubleFromBits(s.get(offset, 64));
    } else if constexpr (std::is_same_v<T, std::complex<float>>) {
      v = {floatFromBits(s.get(offset, 32), ElemKind::F32), floatFromBits(s.get(offset + 32, 32), ElemKind::F32)};
    } else {
      v = {doubleFromBits(s.get(offset, 64)), doubleFromBits(s.get(offset + 64, 64))};
    }
  });
}

}  // namespace

Tensor evalBitcastConvert(const Tensor &operand, const ir::Type &resultType) {
  Tensor out(resultType);
  unsigned inWidth = elementBitWidth(operand.kind(), operand.bits());
  unsigned outWidth = elementBitWidth(out.kind(), out.bits());
  uint64_t totalBits = static_cast<uint64_t>(operand.numElements()) * inWidth;
  if (totalBits != static_cast<uint64_t>(out.numElements()) * outWidth) {
    throw RuntimeError("bitcast_convert: " + operand.type().str() + " has " + std::to_string(totalBits) + " bits, " +
                       resultType.str() + " has " + std::to_string(out.numElements() * outWidth));
  }
  BitString bits(totalBits);
  for (int64_t i = 0; i < operand.numElements(); ++i) putElement(bits, static_cast<uint64_t>(i) * inWidth, operand, i, inWidth);
  for (int64_t i = 0; i < out.numElements(); ++i) getElement(bits, static_cast<uint64_t>(i) * outWidth, out, i, outWidth);
  return out;
}

}  // namespace shlo::interpreter
