#include "semantic/ir/DenseLiteral.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace shlo::ir {

double DenseScalar::asDouble() const {
  switch (kind) {
    case Kind::Float: return real;
    case Kind::Bool: return boolean ? 1 : 0;
    case Kind::Int:
    case Kind::Bits: return negative ? -static_cast<double>(magnitude) : static_cast<double>(magnitude);
  }
  return 0;
}

uint64_t DenseScalar::integerBits() const {
  switch (kind) {
    case Kind::Bool: return boolean ? 1 : 0;
    case Kind::Float: {
      // Only reached for literals the checker refused (callers that skip it);
      // saturate instead of the undefined out-of-range cast.
      if (!(real == real)) return 0;
      if (real <= -9.223372036854775808e18) return static_cast<uint64_t>(INT64_MIN);
      if (real >= 9.223372036854775808e18) return static_cast<uint64_t>(INT64_MAX);
      return static_cast<uint64_t>(static_cast<int64_t>(real));
    }
    case Kind::Int:
    case Kind::Bits: return negative ? ~magnitude + 1 : magnitude;
  }
  return 0;
}

size_t hexBlobElementBytes(const ElementType &element) {
  if (element.isComplex()) return 2 * ((ir::bitWidth(element.floatFormat()) + 7) / 8);
  unsigned width = element.bitWidth();
  return width <= 8 ? 1 : (width + 7) / 8;
}

namespace {
bool isHexDigit(char c);
}  // namespace

std::optional<DenseLiteralProblem> resourceBlobLiteral(std::string_view hex, const Type &type, std::string *literal) {
  auto problem = [&](size_t begin, size_t end, std::string message) {
    return DenseLiteralProblem{static_cast<uint32_t>(begin), static_cast<uint32_t>(std::max(end, begin + 1)),
                               "literal.resource", std::move(message)};
  };
  if (hex.size() < 2 || hex[0] != '0' || (hex[1] | 0x20) != 'x') {
    return problem(0, hex.size(), "a resource blob must be hex data starting with `0x`");
  }
  for (size_t k = 2; k < hex.size(); ++k) {
    if (!isHexDigit(hex[k])) {
      return problem(k, k + 1, std::string("resource blob has `") + hex[k] + "`, not a hex digit");
    }
  }
  size_t digits = hex.size() - 2;
  if (digits < 8) return problem(0, hex.size(), "resource blob is shorter than its 4-byte alignment header");
  if (digits % 2 != 0) {
    return problem(0, hex.size(), "resource blob has an odd number of hex digits (" + std::to_string(digits) + ")");
  }
  uint64_t bytes = (digits - 8) / 2;
  std::optional<int64_t> count = type.checkedNumElements();
  uint64_t want = 0;
  bool overflow = !count || __builtin_mul_overflow(static_cast<uint64_t>(*count), hexBlobElementBytes(type.element()), &want);
  if (overflow || bytes != want) {
    return problem(0, hex.size(),
                   "resource blob has " + std::to_string(bytes) + " data bytes, but " + type.str() + " needs " +
                       std::to_string(want) + " (" + std::to_string(count.value_or(0)) + " elements of " +
                       std::to_string(hexBlobElementBytes(type.element())) + " bytes)");
  }
  if (literal) {
    literal->clear();
    literal->reserve(digits - 8 + 4);
    literal->append("\"0x").append(hex.substr(10)).append("\"");
  }
  return std::nullopt;
}

namespace {

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }
bool isHexDigit(char c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }

std::string shapeText(const std::vector<int64_t> &shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

class Reader {
 public:
  Reader(std::string_view text, const Type &type, DenseElementSink *sink)
      : s_(text), type_(type), sink_(sink), element_(type.element()) {
    if (element_.isQuantized() && element_.quantizedInfo()) element_ = element_.quantizedInfo()->storageType;
  }

  std::optional<DenseLiteralProblem> read(DenseLiteralForm &form) {
    skip();
    int64_t count = type_.numElements();
    if (i_ >= s_.size()) {
      if (count == 0) return std::nullopt;
      return problem(0, static_cast<uint32_t>(s_.size()), "literal.shape",
                     "empty dense literal for " + type_.str() + ", which has " + std::to_string(count) + " elements");
    }
    if (s_[i_] == '"') {
      form.hex = true;
      return hexBlob(count, form);
    }
    if (s_[i_] != '[') {
      // One element for the whole tensor.
      form.splat = true;
      if (auto p = element(0)) return p;
      skip();
      if (i_ < s_.size()) return problem(i_, s_.size(), "literal.value", "unexpected text after the dense literal");
      return std::nullopt;
    }
    return lists(count);
  }

 private:
  std::optional<DenseLiteralProblem> problem(size_t begin, size_t end, const char *code, std::string message) {
    return DenseLiteralProblem{static_cast<uint32_t>(begin), static_cast<uint32_t>(std::max(end, begin + 1)), code,
                               std::move(message)};
  }

  void skip() {
    while (i_ < s_.size() && isSpace(s_[i_])) ++i_;
  }

  /// Nested lists, iteratively: `shape_` is set by the first list closed at
  /// each depth, and every later list at that depth must match it; every
  /// scalar must sit at the same depth (the rank).
  std::optional<DenseLiteralProblem> lists(int64_t count) {
    std::vector<int64_t> counts;   // elements so far of each open list
    std::vector<size_t> starts;    // where each open list starts
    int64_t rank = -1;
    int64_t index = 0;
    bool expectElement = true;  // after `[` or `,`
    while (true) {
      skip();
      if (i_ >= s_.size()) return problem(s_.size() - 1, s_.size(), "literal.value", "dense literal: expected `]`");
      char c = s_[i_];
      int64_t depth = static_cast<int64_t>(counts.size());
      if (c == '[' && expectElement) {
        if (rank >= 0 && depth >= rank) return ragged(i_, "a list where the elements are " + std::to_string(rank) + " levels deep");
        if (!counts.empty()) ++counts.back();
        counts.push_back(0);
        starts.push_back(i_);
        ++i_;
        continue;
      }
      if (c == ']' && (!expectElement || counts.back() == 0)) {
        int64_t n = counts.back();
        size_t start = starts.back();
        counts.pop_back();
        starts.pop_back();
        ++i_;
        auto d = static_cast<size_t>(depth - 1);
        if (d >= shape_.size()) {
          shape_.resize(d + 1, -1);
        }
        if (shape_[d] < 0) {
          shape_[d] = n;
        } else if (shape_[d] != n) {
          return ragged(start, "a list of " + std::to_string(n) + " elements where the first at this depth has " +
                                   std::to_string(shape_[d]));
        }
        if (n == 0 && rank < 0) rank = depth;
        if (counts.empty()) break;
        expectElement = false;
        continue;
      }
      if (c == ',' && !expectElement) {
        ++i_;
        expectElement = true;
        continue;
      }
      if (!expectElement || c == ']' || c == ',') {
        return problem(i_, i_ + 1, "literal.value", std::string("dense literal: unexpected `") + c + "`");
      }
      // A scalar or a complex pair.
      if (rank < 0) rank = depth;
      if (depth != rank) return ragged(i_, "an element " + std::to_string(depth) + " levels deep where the others are " + std::to_string(rank));
      ++counts.back();
      if (index >= count) {
        // Counted once the literal is read; stop feeding the sink.
        ++index;
        if (auto p = element(-1)) return p;
      } else {
        if (auto p = element(index++)) return p;
      }
      expectElement = false;
    }
    skip();
    if (i_ < s_.size()) return problem(i_, s_.size(), "literal.value", "unexpected text after the dense literal");
    if (rank < 0) rank = static_cast<int64_t>(shape_.size());
    shape_.resize(static_cast<size_t>(rank));
    int64_t literalCount = 1;
    for (int64_t d : shape_) literalCount = d < 0 ? 0 : literalCount * d;
    const std::vector<int64_t> &want = type_.shape();
    if (literalCount != count) {
      return problem(0, s_.size(), "literal.shape",
                     "dense literal has " + std::to_string(literalCount) + " elements (shape " + shapeText(shape_) +
                         "), but " + type_.str() + " has " + std::to_string(count));
    }
    if (shape_ != want && count != 0) {
      return problem(0, s_.size(), "literal.shape",
                     "dense literal has shape " + shapeText(shape_) + ", but " + type_.str() + " has shape " +
                         shapeText(want));
    }
    return std::nullopt;
  }

  std::optional<DenseLiteralProblem> ragged(size_t at, const std::string &what) {
    return problem(at, at + 1, "literal.shape", "ragged dense literal: " + what);
  }

  /// One element at i_ (index -1: read and checked, not given to the sink).
  std::optional<DenseLiteralProblem> element(int64_t index) {
    DenseElement value;
    size_t start = i_;
    if (s_[i_] == '(') {
      ++i_;
      value.complex = true;
      if (auto p = scalar(value.real)) return p;
      skip();
      if (i_ >= s_.size() || s_[i_] != ',') return problem(i_, i_ + 1, "literal.value", "expected `,` in a complex pair");
      ++i_;
      if (auto p = scalar(value.imag)) return p;
      skip();
      if (i_ >= s_.size() || s_[i_] != ')') return problem(i_, i_ + 1, "literal.value", "expected `)` after a complex pair");
      ++i_;
    } else if (auto p = scalar(value.real)) {
      return p;
    }
    if (auto p = check(value, start)) return p;
    if (sink_ && index >= 0) sink_->element(index, value);
    return std::nullopt;
  }

  /// A number, `true`/`false`, `inf`/`nan`, or a hex pattern.
  std::optional<DenseLiteralProblem> scalar(DenseScalar &out) {
    skip();
    size_t start = i_;
    if (s_.compare(i_, 4, "true") == 0 || s_.compare(i_, 5, "false") == 0) {
      out.kind = DenseScalar::Kind::Bool;
      out.boolean = s_[i_] == 't';
      i_ += out.boolean ? 4 : 5;
      return std::nullopt;
    }
    if (i_ < s_.size() && (s_[i_] == '-' || s_[i_] == '+')) {
      out.negative = s_[i_] == '-';
      ++i_;
    }
    size_t body = i_;
    if (s_.compare(i_, 2, "0x") == 0 || s_.compare(i_, 2, "0X") == 0) {
      i_ += 2;
      size_t digits = i_;
      while (i_ < s_.size() && isHexDigit(s_[i_])) ++i_;
      if (i_ == digits) return problem(start, i_, "literal.value", "hex literal without digits");
      if (i_ - digits > 16) return problem(start, i_, "literal.value", "hex literal `" + std::string(s_.substr(start, i_ - start)) + "` is wider than 64 bits");
      out.kind = DenseScalar::Kind::Bits;
      std::from_chars(s_.data() + digits, s_.data() + i_, out.magnitude, 16);
      return std::nullopt;
    }
    bool isFloat = false;
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c >= '0' && c <= '9') {
        ++i_;
      } else if (c == '.' || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
                 ((c == '-' || c == '+') && (s_[i_ - 1] | 0x20) == 'e')) {
        isFloat = true;
        ++i_;
      } else {
        break;
      }
    }
    std::string_view token = s_.substr(body, i_ - body);
    std::string_view written = s_.substr(start, i_ - start);
    if (token.empty()) {
      return problem(start, start + 1, "literal.value",
                     "dense literal: expected a number, found `" + std::string(s_.substr(start, 1)) + "`");
    }
    if (!isFloat) {
      out.kind = DenseScalar::Kind::Int;
      auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), out.magnitude);
      if (error == std::errc::result_out_of_range) {
        // Wider than 64 bits: only a float type can take it.
        out.kind = DenseScalar::Kind::Float;
        out.wide = true;
        out.real = std::strtod(std::string(written).c_str(), nullptr);
      }
      return std::nullopt;
    }
    out.kind = DenseScalar::Kind::Float;
    double value = 0;
    auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (error == std::errc::result_out_of_range) {
      // Underflow to a subnormal or zero is a value; overflow is not.
      value = std::strtod(std::string(token).c_str(), nullptr);
      if (std::isinf(value)) {
        return problem(start, i_, "literal.value",
                       "`" + std::string(written) + "` is too large for a floating-point value (64-bit at most)");
      }
    } else if (error != std::errc() || end != token.data() + token.size()) {
      return problem(start, i_, "literal.value", "`" + std::string(written) + "` is not a number");
    }
    out.real = out.negative ? -value : value;
    return std::nullopt;
  }

  /// The element fits the element type.
  std::optional<DenseLiteralProblem> check(const DenseElement &value, size_t start) {
    const ElementType &e = element_;
    std::string type = e.str();
    if (e.isInteger() || e.isIndex()) {
      if (value.complex) return problem(start, i_, "literal.value", "a complex pair for element type " + type);
      const DenseScalar &v = value.real;
      std::string written(s_.substr(start, i_ - start));
      if (v.kind == DenseScalar::Kind::Bool) {
        if (e.isInteger() && e.width() == 1) return std::nullopt;
        return problem(start, i_, "literal.value", "`" + written + "` for element type " + type + " (only i1 takes booleans)");
      }
      if (v.kind == DenseScalar::Kind::Float && !v.wide) {
        return problem(start, i_, "literal.value",
                       "floating-point `" + written + "` for integer element type " + type);
      }
      unsigned width = e.isIndex() ? 64 : e.width();
      if (width == 0 || width > 64) return std::nullopt;
      bool isSigned = e.isIndex() || e.signedness() == Signedness::Signed;
      bool isUnsigned = e.isInteger() && e.signedness() == Signedness::Unsigned;
      uint64_t top = width == 64 ? ~0ULL : (1ULL << width) - 1;  // 2^w - 1
      uint64_t half = 1ULL << (width - 1);                          // 2^(w-1)
      bool ok = !v.wide && (v.negative ? !isUnsigned && v.magnitude <= half : v.magnitude <= (isSigned ? half - 1 : top));
      if (v.negative && v.magnitude == 0 && !v.wide) ok = true;  // -0; a wide value's magnitude is not set
      if (!ok) {
        std::string range = isUnsigned ? "0 to " + std::to_string(top)
                            : isSigned ? "-" + std::to_string(half) + " to " + std::to_string(half - 1)
                                       : "-" + std::to_string(half) + " to " + std::to_string(top);
        return problem(start, i_, "literal.value",
                       "`" + written + "` is out of range for element type " + type + " (" + range + ")");
      }
      return std::nullopt;
    }
    if (e.isFloat() || e.isComplex()) {
      if (e.isFloat() && value.complex) return problem(start, i_, "literal.value", "a complex pair for element type " + type);
      unsigned width = ir::bitWidth(e.floatFormat());
      for (const DenseScalar *v : {&value.real, &value.imag}) {
        if (v == &value.imag && !value.complex) break;
        if (v->kind == DenseScalar::Kind::Bool) {
          return problem(start, i_, "literal.value", "a boolean for element type " + type);
        }
        if (v->kind == DenseScalar::Kind::Bits && width < 64 && (v->magnitude >> width) != 0) {
          return problem(start, i_, "literal.value",
                         "hex pattern `" + std::string(s_.substr(start, i_ - start)) + "` has more than the " +
                             std::to_string(width) + " bits of " + floatFormatName(e.floatFormat()));
        }
      }
    }
    return std::nullopt;
  }

  std::optional<DenseLiteralProblem> hexBlob(int64_t count, DenseLiteralForm &form) {
    size_t open = i_;
    size_t close = s_.find('"', open + 1);
    if (close == std::string_view::npos) return problem(open, s_.size(), "literal.hex", "unterminated dense hex literal");
    std::string_view hex = s_.substr(open + 1, close - open - 1);
    i_ = close + 1;
    skip();
    if (i_ < s_.size()) return problem(i_, s_.size(), "literal.value", "unexpected text after the dense literal");
    if (hex.size() < 2 || hex[0] != '0' || (hex[1] | 0x20) != 'x') {
      return problem(open, close + 1, "literal.hex", "a dense string literal must be hex data starting with `0x`");
    }
    hex.remove_prefix(2);
    // Two hex digits a byte; anything else is refused, never truncated.
    if (hex.size() % 2 != 0) {
      return problem(open, close + 1, "literal.hex",
                     "dense hex literal has an odd number of digits (" + std::to_string(hex.size()) + ")");
    }
    for (size_t k = 0; k < hex.size(); ++k) {
      if (!isHexDigit(hex[k])) {
        size_t at = open + 3 + k;
        return problem(at, at + 1, "literal.hex",
                       std::string("dense hex literal has `") + hex[k] + "`, not a hex digit, at digit " +
                           std::to_string(k + 1));
      }
    }
    size_t elementBytes = hexBlobElementBytes(element_);
    size_t bytes = hex.size() / 2;
    bool splat = bytes == elementBytes && count != 1;
    if (!splat && bytes != elementBytes * static_cast<uint64_t>(count)) {
      return problem(open, close + 1, "literal.hex",
                     "dense hex literal has " + std::to_string(bytes) + " bytes, but " + type_.str() + " needs " +
                         std::to_string(elementBytes * static_cast<uint64_t>(count)) + " (or " +
                         std::to_string(elementBytes) + " for a splat)");
    }
    form.splat = splat;
    if (sink_) sink_->hexBlob(hex, elementBytes);
    return std::nullopt;
  }

  std::string_view s_;
  const Type &type_;
  DenseElementSink *sink_;
  ElementType element_;
  size_t i_ = 0;
  std::vector<int64_t> shape_;
};

}  // namespace

std::optional<DenseLiteralProblem> readDenseLiteral(std::string_view literal, const Type &type,
                                                    DenseElementSink *sink, DenseLiteralForm *form) {
  DenseLiteralForm scratch;
  Reader reader(literal, type, sink);
  return reader.read(form ? *form : scratch);
}

}  // namespace shlo::ir
