#include "interpreter/DenseLiteral.h"

#include <cmath>
#include <cstring>
#include <memory>
#include <string>

#include "interpreter/Errors.h"
#include "interpreter/FloatFormats.h"

namespace shlo::interpreter {

namespace {

struct Literal {
  enum class Kind : uint8_t { Int, Float, Bits, Bool, Complex } kind = Kind::Int;
  bool negative = false;
  uint64_t magnitude = 0;  // Int (absolute value), Bits (pattern)
  double real = 0, imag = 0;
  bool boolean = false;
  // Complex: the parts as written (hex parts are bit patterns).
  std::shared_ptr<Literal> re, im;
};

class Scanner {
 public:
  explicit Scanner(std::string_view text) : s_(text) {}

  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r')) ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool done() {
    skip();
    return i_ >= s_.size();
  }
  char peek() {
    skip();
    return i_ < s_.size() ? s_[i_] : '\0';
  }

  // Number or boolean.
  Literal scalar() {
    skip();
    Literal lit;
    size_t start = i_;
    if (s_.substr(i_, 4) == "true") {
      i_ += 4;
      lit.kind = Literal::Kind::Bool;
      lit.boolean = true;
      return lit;
    }
    if (s_.substr(i_, 5) == "false") {
      i_ += 5;
      lit.kind = Literal::Kind::Bool;
      return lit;
    }
    bool negative = false;
    if (i_ < s_.size() && (s_[i_] == '-' || s_[i_] == '+')) {
      negative = s_[i_] == '-';
      ++i_;
    }
    if (s_.substr(i_, 2) == "0x" || s_.substr(i_, 2) == "0X") {
      i_ += 2;
      size_t b = i_;
      while (i_ < s_.size() && std::isxdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
      lit.kind = Literal::Kind::Bits;
      lit.magnitude = std::stoull(std::string(s_.substr(b, i_ - b)), nullptr, 16);
      lit.negative = negative;
      return lit;
    }
    size_t b = i_;
    bool isFloat = false;
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        ++i_;
      } else if (c == '.' || c == 'e' || c == 'E' || ((c == '-' || c == '+') && (s_[i_ - 1] == 'e' || s_[i_ - 1] == 'E'))) {
        isFloat = true;
        ++i_;
      } else if (std::isalpha(static_cast<unsigned char>(c))) {  // inf, nan
        isFloat = true;
        ++i_;
      } else {
        break;
      }
    }
    std::string token(s_.substr(b, i_ - b));
    if (token.empty()) throw RuntimeError("bad dense literal near `" + std::string(s_.substr(start, 20)) + "`");
    if (isFloat) {
      lit.kind = Literal::Kind::Float;
      lit.real = std::strtod(token.c_str(), nullptr);
      if (negative) lit.real = -lit.real;
    } else {
      lit.kind = Literal::Kind::Int;
      lit.magnitude = std::strtoull(token.c_str(), nullptr, 10);
      lit.negative = negative;
    }
    return lit;
  }

  void elements(std::vector<Literal> &out) {
    if (eat('[')) {
      if (eat(']')) return;
      do {
        elements(out);
      } while (eat(','));
      if (!eat(']')) throw RuntimeError("bad dense literal: expected `]`");
      return;
    }
    if (eat('(')) {
      Literal re = scalar();
      if (!eat(',')) throw RuntimeError("bad dense literal: expected `,` in a complex pair");
      Literal im = scalar();
      if (!eat(')')) throw RuntimeError("bad dense literal: expected `)`");
      Literal lit;
      lit.kind = Literal::Kind::Complex;
      lit.real = asDouble(re);
      lit.imag = asDouble(im);
      lit.re = std::make_shared<Literal>(re);
      lit.im = std::make_shared<Literal>(im);
      out.push_back(lit);
      return;
    }
    out.push_back(scalar());
  }

  static double asDouble(const Literal &l) {
    switch (l.kind) {
      case Literal::Kind::Float: return l.real;
      case Literal::Kind::Int: return l.negative ? -static_cast<double>(l.magnitude) : static_cast<double>(l.magnitude);
      case Literal::Kind::Bool: return l.boolean ? 1 : 0;
      default: return l.real;
    }
  }

  size_t position() const { return i_; }

 private:
  std::string_view s_;
  size_t i_ = 0;
};

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
T convertLiteral(const Literal &l, ElemKind kind) {
  if constexpr (kIsComplex<T>) {
    using P = typename T::value_type;
    if (l.kind == Literal::Kind::Complex) {
      ElemKind part = std::is_same_v<P, float> ? ElemKind::F32 : ElemKind::F64;
      return T(convertLiteral<P>(*l.re, part), convertLiteral<P>(*l.im, part));
    }
    if (l.kind == Literal::Kind::Bits) throw RuntimeError("hex element in a complex dense literal");
    return T(static_cast<P>(Scanner::asDouble(l)), 0);
  } else {
    if (l.kind == Literal::Kind::Complex) throw RuntimeError("complex element in a non-complex dense literal");
    if (l.kind == Literal::Kind::Bits) return fromBits<T>(l.magnitude, kind);
    if constexpr (kIsBool<T>) {
      return l.kind == Literal::Kind::Bool ? l.boolean : Scanner::asDouble(l) != 0;
    } else if constexpr (kIsInt<T>) {
      if (l.kind == Literal::Kind::Bool) return static_cast<T>(l.boolean);
      if (l.kind == Literal::Kind::Float) return static_cast<T>(l.real);
      uint64_t m = l.negative ? (~l.magnitude + 1) : l.magnitude;
      return static_cast<T>(m);
    } else {
      if constexpr (std::is_same_v<T, float>) {
        // Round once, from the literal's double, not through float.
        if (isMinifloat(kind)) {
          return static_cast<T>(roundToMinifloat(*minifloatFormat(floatFormatOf(kind)), Scanner::asDouble(l)));
        }
      }
      return static_cast<T>(Scanner::asDouble(l));
    }
  }
}

}  // namespace

Tensor decodeDenseLiteral(std::string_view literal, const ir::Type &type) {
  Tensor t(type);
  int64_t n = t.numElements();
  // Hex blob: "0x...".
  std::string_view trimmed = literal;
  while (!trimmed.empty() && trimmed.front() == ' ') trimmed.remove_prefix(1);
  while (!trimmed.empty() && trimmed.back() == ' ') trimmed.remove_suffix(1);
  if (trimmed.size() >= 3 && trimmed.front() == '"') {
    std::string_view hex = trimmed.substr(1, trimmed.size() - 2);
    if (hex.substr(0, 2) != "0x" && hex.substr(0, 2) != "0X") throw RuntimeError("bad dense hex literal");
    hex.remove_prefix(2);
    // Two hex digits a byte; anything else is refused, never truncated.
    if (hex.size() % 2 != 0) {
      throw RuntimeError("dense hex literal has an odd number of digits (" + std::to_string(hex.size()) + ")");
    }
    auto digit = [&](size_t k) {
      char c = hex[k];
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      if (c >= 'A' && c <= 'F') return c - 'A' + 10;
      throw RuntimeError(std::string("dense hex literal has `") + c + "`, not a hex digit, at digit " +
                         std::to_string(k + 1));
    };
    std::vector<unsigned char> raw(hex.size() / 2);
    for (size_t i = 0; i < raw.size(); ++i) raw[i] = static_cast<unsigned char>(digit(2 * i) * 16 + digit(2 * i + 1));
    ElemKind kind = t.kind();
    size_t elementBytes;
    if (kind == ElemKind::F16 || kind == ElemKind::BF16) {
      elementBytes = 2;
    } else if (kind == ElemKind::I1 || isMinifloat(kind)) {
      elementBytes = 1;
    } else {
      elementBytes = storageSize(kind);
    }
    bool splat = raw.size() == elementBytes && n != 1;
    if (!splat && raw.size() != elementBytes * static_cast<size_t>(n)) {
      throw RuntimeError("dense hex literal has " + std::to_string(raw.size()) + " bytes, " + type.str() + " needs " +
                         std::to_string(elementBytes * n));
    }
    dispatch(kind, [&](auto tag) {
      using T = decltype(tag);
      T *p = t.data<T>();
      for (int64_t i = 0; i < n; ++i) {
        const unsigned char *src = raw.data() + (splat ? 0 : i * elementBytes);
        if constexpr (std::is_same_v<T, float>) {
          if (elementBytes == 2) {
            uint16_t b = static_cast<uint16_t>(src[0] | (src[1] << 8));
            p[i] = fromBits<float>(b, kind);
            continue;
          }
          if (elementBytes == 1) {
            p[i] = fromBits<float>(src[0], kind);
            continue;
          }
        }
        if constexpr (kIsBool<T>) {
          p[i] = src[0] != 0;
        } else {
          std::memcpy(&p[i], src, sizeof(T));
        }
      }
    });
    t.finalize();
    return t;
  }
  Scanner scanner(literal);
  std::vector<Literal> values;
  if (scanner.done()) {
    if (n != 0) throw RuntimeError("empty dense literal for " + type.str());
    return t;
  }
  scanner.elements(values);
  if (!scanner.done()) throw RuntimeError("bad dense literal: unexpected text after the elements");
  if (values.size() != 1 && static_cast<int64_t>(values.size()) != n) {
    throw RuntimeError("dense literal has " + std::to_string(values.size()) + " elements, " + type.str() + " has " +
                       std::to_string(n));
  }
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    T *p = t.data<T>();
    if (values.size() == 1) {
      T v = convertLiteral<T>(values[0], t.kind());
      for (int64_t i = 0; i < n; ++i) p[i] = v;
    } else {
      for (int64_t i = 0; i < n; ++i) p[i] = convertLiteral<T>(values[i], t.kind());
    }
  });
  t.finalize();
  return t;
}

}  // namespace shlo::interpreter
