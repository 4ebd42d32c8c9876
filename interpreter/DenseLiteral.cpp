#include "interpreter/DenseLiteral.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>

#include "interpreter/Errors.h"
#include "interpreter/FloatFormats.h"
#include "semantic/ir/DenseLiteral.h"

namespace shlo::interpreter {

namespace {

template <typename T>
T fromBits(uint64_t bits, ElemKind kind) {
  if constexpr (std::is_same_v<T, float>) {
    if (kind == ElemKind::F16) return halfBitsToFloat(static_cast<uint16_t>(bits));
    if (kind == ElemKind::BF16) return bfloat16BitsToFloat(static_cast<uint16_t>(bits));
    if (isMinifloat(kind)) {
      return static_cast<float>(decodeMinifloat(*minifloatFormat(floatFormatOf(kind)), static_cast<uint32_t>(bits)));
    }
    uint32_t b = static_cast<uint32_t>(bits);
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  } else if constexpr (std::is_same_v<T, double>) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  } else if constexpr (kIsBool<T>) {
    return bits != 0;
  } else {
    return static_cast<T>(bits);
  }
}

template <typename T>
T convertScalar(const ir::DenseScalar &l, ElemKind kind) {
  using K = ir::DenseScalar::Kind;
  if (l.kind == K::Bits) return fromBits<T>(l.magnitude, kind);
  if constexpr (kIsBool<T>) {
    return l.kind == K::Bool ? l.boolean : l.asDouble() != 0;
  } else if constexpr (kIsInt<T>) {
    return static_cast<T>(l.integerBits());
  } else {
    if constexpr (std::is_same_v<T, float>) {
      // Round once, from the literal's double, not through float.
      if (isMinifloat(kind)) return static_cast<T>(roundToMinifloat(*minifloatFormat(floatFormatOf(kind)), l.asDouble()));
    }
    return static_cast<T>(l.asDouble());
  }
}

template <typename T>
T convertElement(const ir::DenseElement &l, ElemKind kind) {
  if constexpr (kIsComplex<T>) {
    using P = typename T::value_type;
    ElemKind part = std::is_same_v<P, float> ? ElemKind::F32 : ElemKind::F64;
    if (l.complex) return T(convertScalar<P>(l.real, part), convertScalar<P>(l.imag, part));
    if (l.real.kind == ir::DenseScalar::Kind::Bits) throw RuntimeError("hex element in a complex dense literal");
    return T(static_cast<P>(l.real.asDouble()), 0);
  } else {
    if (l.complex) throw RuntimeError("complex element in a non-complex dense literal");
    return convertScalar<T>(l.real, kind);
  }
}

/// Writes the elements straight into the tensor's buffer.
template <typename T>
class TensorSink : public ir::DenseElementSink {
 public:
  TensorSink(T *data, int64_t count, ElemKind kind) : data_(data), count_(count), kind_(kind) {}
  void element(int64_t index, const ir::DenseElement &value) override {
    if (index < count_) data_[index] = convertElement<T>(value, kind_);
  }
  void hexBlob(std::string_view hex, size_t elementBytes) override {
    bool splat = hex.size() / 2 == elementBytes && count_ != 1;
    unsigned char bytes[16] = {};
    for (int64_t i = 0; i < count_; ++i) {
      size_t at = splat ? 0 : static_cast<size_t>(i) * elementBytes * 2;
      for (size_t b = 0; b < elementBytes && b < sizeof bytes; ++b) {
        bytes[b] = static_cast<unsigned char>(ir::hexDigitValue(hex[at + 2 * b]) * 16 +
                                              ir::hexDigitValue(hex[at + 2 * b + 1]));
      }
      data_[i] = fromRaw(bytes, elementBytes);
    }
  }

 private:
  T fromRaw(const unsigned char *src, size_t elementBytes) {
    if constexpr (std::is_same_v<T, float>) {
      if (elementBytes == 2) return fromBits<float>(static_cast<uint16_t>(src[0] | (src[1] << 8)), kind_);
      if (elementBytes == 1) return fromBits<float>(src[0], kind_);
    }
    if constexpr (kIsBool<T>) {
      return src[0] != 0;
    } else {
      T value;
      std::memcpy(&value, src, std::min(sizeof(T), elementBytes));
      return value;
    }
  }

  T *data_;
  int64_t count_;
  ElemKind kind_;
};

}  // namespace

Tensor decodeDenseLiteral(std::string_view literal, const ir::Type &type) {
  Tensor t(type);
  int64_t n = t.numElements();
  // One reader for the verifier and here: what `check` accepts decodes.
  ir::DenseLiteralForm form;
  std::optional<ir::DenseLiteralProblem> problem;
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    TensorSink<T> sink(t.data<T>(), n, t.kind());
    problem = ir::readDenseLiteral(literal, type, &sink, &form);
    if (!problem && form.splat && !form.hex && n > 1) {
      T *p = t.data<T>();
      std::fill(p + 1, p + n, p[0]);
    }
  });
  if (problem) throw RuntimeError(problem->message);
  t.finalize();
  return t;
}

}  // namespace shlo::interpreter
