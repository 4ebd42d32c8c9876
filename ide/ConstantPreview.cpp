// A preview of a constant's elements for hover. Constants can be tens of MB
// of text; the preview reads only as far as the elements it shows, never
// decoding the literal whole.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "ide/Features.h"

namespace shlo::ide {

namespace {

constexpr size_t kMaxElementChars = 40;

std::string clip(std::string_view text) {
  if (text.size() <= kMaxElementChars) return std::string(text);
  return std::string(text.substr(0, kMaxElementChars)) + "…";
}

/// The first `count` elements of a textual literal (`[[1, 2], [3, 4]]`,
/// `(1.0, 2.0)` complex elements, `"str"`), and whether more follow.
/// Whether the literal is a splat (no brackets) is set in `splat`.
std::vector<std::string> textElements(std::string_view literal, size_t count, bool &more, bool &splat) {
  std::vector<std::string> elements;
  splat = true;
  more = false;
  size_t i = 0;
  while (i < literal.size()) {
    char c = literal[i];
    if (c == '[') splat = false;
    if (c == '[' || c == ']' || c == ',' || std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (elements.size() == count) {
      more = true;
      break;
    }
    size_t end = i + 1;
    if (c == '(') {
      end = literal.find(')', i);
      end = end == std::string_view::npos ? literal.size() : end + 1;
    } else if (c == '"') {
      while (end < literal.size() && literal[end] != '"') end += literal[end] == '\\' ? 2 : 1;
      end = std::min(end + 1, literal.size());
    } else {
      while (end < literal.size() && !std::strchr(",[]() \t\r\n", literal[end])) ++end;
    }
    elements.push_back(clip(literal.substr(i, end - i)));
    i = end;
  }
  return elements;
}

int hexDigit(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/// The little-endian value of `bytes` bytes of hex at `hex`.
uint64_t littleEndian(std::string_view hex, size_t bytes) {
  uint64_t value = 0;
  for (size_t b = 0; b < bytes && b < 8; ++b) {
    int high = hexDigit(hex[2 * b]), low = hexDigit(hex[2 * b + 1]);
    value |= static_cast<uint64_t>((high < 0 ? 0 : high) * 16 + (low < 0 ? 0 : low)) << (8 * b);
  }
  return value;
}

std::string formatReal(double value) {
  std::ostringstream out;
  out.precision(7);
  out << value;
  return out.str();
}

float halfToFloat(uint16_t bits) {
  uint32_t sign = (bits >> 15) & 1, exponent = (bits >> 10) & 31, mantissa = bits & 1023;
  float magnitude;
  if (exponent == 0) {
    magnitude = std::ldexp(static_cast<float>(mantissa), -24);
  } else if (exponent == 31) {
    magnitude = mantissa ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
  } else {
    magnitude = std::ldexp(static_cast<float>(mantissa | 1024), static_cast<int>(exponent) - 25);
  }
  return sign ? -magnitude : magnitude;
}

/// One element of `bytes` bytes as text, in the element type's terms;
/// formats without a decoder here show their bits.
std::string hexElement(std::string_view hex, size_t bytes, const ir::ElementType &element) {
  uint64_t bits = littleEndian(hex, bytes);
  if (element.isBoolean()) return bits ? "true" : "false";
  if (element.isInteger() && bytes <= 8) {
    unsigned width = element.width();
    if (element.isUnsigned() || width >= 64) {
      return element.isUnsigned() ? std::to_string(bits) : std::to_string(static_cast<int64_t>(bits));
    }
    int64_t value = static_cast<int64_t>(bits << (64 - width)) >> (64 - width);
    return std::to_string(value);
  }
  if (element.isFloat()) {
    switch (element.floatFormat()) {
      case ir::FloatFormat::F32: {
        float value;
        uint32_t word = static_cast<uint32_t>(bits);
        std::memcpy(&value, &word, sizeof value);
        return formatReal(value);
      }
      case ir::FloatFormat::F64: {
        double value;
        std::memcpy(&value, &bits, sizeof value);
        return formatReal(value);
      }
      case ir::FloatFormat::F16: return formatReal(halfToFloat(static_cast<uint16_t>(bits)));
      case ir::FloatFormat::BF16: {
        float value;
        uint32_t word = static_cast<uint32_t>(bits) << 16;
        std::memcpy(&value, &word, sizeof value);
        return formatReal(value);
      }
      default: break;
    }
  }
  std::string raw = "0x";
  for (size_t b = bytes; b-- > 0;) raw += std::string(hex.substr(2 * b, 2));
  return clip(raw);
}

/// The first `count` elements of a `"0x..."` literal.
std::vector<std::string> hexElements(std::string_view literal, const ir::ElementType &element, int64_t total,
                                     size_t count, bool &more, bool &splat) {
  std::string_view hex = literal.substr(3, literal.size() - 4);  // Between `"0x` and `"`.
  size_t bytes = std::max(1u, (element.bitWidth() + 7) / 8);
  size_t available = hex.size() / (2 * bytes);
  splat = available == 1 && total != 1;
  std::vector<std::string> elements;
  size_t shown = std::min(count, available);
  for (size_t i = 0; i < shown; ++i) {
    std::string_view one = hex.substr(2 * bytes * i, 2 * bytes);
    if (element.isComplex()) {
      // Real part, then imaginary part, each half the bytes.
      ir::ElementType part = ir::ElementType::floating(element.floatFormat());
      elements.push_back("(" + hexElement(one, bytes / 2, part) + ", " + hexElement(one.substr(bytes), bytes / 2, part) +
                         ")");
    } else {
      elements.push_back(hexElement(one, bytes, element));
    }
  }
  more = available > shown;
  return elements;
}

}  // namespace

std::string constantPreview(const ir::Attribute &attribute, size_t maxElements) {
  std::ostringstream out;
  if (attribute.kind == ir::Attribute::Kind::DenseResource) {
    out << "Elements in the resource `" << clip(attribute.text) << "` (not shown)";
    return out.str();
  }
  if (attribute.kind != ir::Attribute::Kind::DenseElements || !attribute.type) return "";
  const ir::Type &type = *attribute.type;
  int64_t total = type.isTensor() && type.hasStaticShape() ? type.numElements() : -1;
  std::string_view literal = attribute.literal();
  bool more = false, splat = false;
  std::vector<std::string> elements;
  bool hex = literal.size() >= 4 && literal.substr(0, 3) == "\"0x" && literal.back() == '"';
  if (hex && type.isTensor()) {
    elements = hexElements(literal, type.element(), total, maxElements, more, splat);
  } else {
    elements = textElements(literal, maxElements, more, splat);
  }
  out << "`" << type.str() << "`";
  if (total >= 0) out << ", " << total << (total == 1 ? " element" : " elements");
  if (elements.empty()) return out.str();
  if (splat && total != 1) {
    out << ", all `" << elements[0] << "`";
    return out.str();
  }
  out << (more ? ", first " + std::to_string(elements.size()) + ": `" : ": `");
  for (size_t i = 0; i < elements.size(); ++i) out << (i ? ", " : "") << elements[i];
  out << (more ? ", …`" : "`");
  return out.str();
}

}  // namespace shlo::ide
