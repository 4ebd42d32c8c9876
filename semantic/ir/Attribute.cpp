#include "semantic/ir/Attribute.h"

#include <cctype>
#include <cstdlib>
#include <sstream>

namespace shlo::ir {

Attribute Attribute::makeInteger(int64_t value, syntax::TextRange range) {
  Attribute a;
  a.kind = Kind::Integer;
  a.integer = value;
  a.range = range;
  return a;
}

Attribute Attribute::makeBool(bool value, syntax::TextRange range) {
  Attribute a;
  a.kind = Kind::Bool;
  a.integer = value ? 1 : 0;
  a.range = range;
  return a;
}

Attribute Attribute::makeString(std::string value, syntax::TextRange range) {
  Attribute a;
  a.kind = Kind::String;
  a.text = std::move(value);
  a.range = range;
  return a;
}

Attribute Attribute::makeEnum(std::string enumName, std::string value, syntax::TextRange range) {
  Attribute a;
  a.kind = Kind::Enum;
  a.name = std::move(enumName);
  a.text = std::move(value);
  a.range = range;
  return a;
}

Attribute Attribute::makeIntegerArray(const std::vector<int64_t> &values, syntax::TextRange range) {
  Attribute a;
  a.kind = Kind::Array;
  a.range = range;
  for (int64_t v : values) a.elements.push_back(makeInteger(v, range));
  return a;
}

Attribute Attribute::makeArray(std::vector<Attribute> elements, syntax::TextRange range) {
  Attribute a;
  a.kind = Kind::Array;
  a.elements = std::move(elements);
  a.range = range;
  return a;
}

const Attribute *Attribute::field(std::string_view fieldName) const {
  for (const auto &[key, value] : fields) {
    if (key == fieldName) return &value;
  }
  return nullptr;
}

std::optional<std::vector<int64_t>> Attribute::integers() const {
  switch (kind) {
    case Kind::Array:
    case Kind::DenseArray: {
      std::vector<int64_t> out;
      for (const Attribute &e : elements) {
        if (e.kind != Kind::Integer && e.kind != Kind::Bool) return std::nullopt;
        out.push_back(e.integer);
      }
      return out;
    }
    case Kind::DenseElements: {
      if (type && type->isTensor() && type->ranked() && type->rank() > 1) return std::nullopt;
      int64_t count = type && type->hasStaticShape() ? type->numElements() : -1;
      unsigned width = type && type->isTensor() ? type->element().bitWidth() : 64;
      return decodeDenseIntegers(literal(), width == 0 ? 64 : width, count);
    }
    default: return std::nullopt;
  }
}

std::optional<std::vector<bool>> Attribute::booleans() const {
  if (kind == Kind::Array || kind == Kind::DenseArray) {
    std::vector<bool> out;
    for (const Attribute &e : elements) {
      if (e.kind != Kind::Bool && e.kind != Kind::Integer) return std::nullopt;
      out.push_back(e.integer != 0);
    }
    return out;
  }
  if (kind == Kind::DenseElements) {
    auto ints = integers();
    if (!ints) {
      // dense<[true, false]>
      std::vector<bool> out;
      std::string word;
      for (char c : std::string(literal()) + ",") {
        if (std::isalpha(static_cast<unsigned char>(c))) {
          word += c;
        } else if (!word.empty()) {
          if (word != "true" && word != "false") return std::nullopt;
          out.push_back(word == "true");
          word.clear();
        }
      }
      int64_t count = type && type->hasStaticShape() ? type->numElements() : -1;
      if (out.size() == 1 && count > 1) out.assign(static_cast<size_t>(count), out[0]);
      return out;
    }
    std::vector<bool> out;
    for (int64_t v : *ints) out.push_back(v != 0);
    return out;
  }
  return std::nullopt;
}

std::string Attribute::str() const {
  std::ostringstream out;
  switch (kind) {
    case Kind::Integer: out << integer; break;
    case Kind::Float: out << real; break;
    case Kind::Bool: out << (integer ? "true" : "false"); break;
    case Kind::String: out << '"' << text << '"'; break;
    case Kind::Unit: out << "unit"; break;
    case Kind::Array:
    case Kind::DenseArray: {
      out << (kind == Kind::DenseArray ? "array<" + (type ? type->str() : std::string("?")) + ": " : "[");
      for (size_t i = 0; i < elements.size(); ++i) out << (i ? ", " : "") << elements[i].str();
      out << (kind == Kind::DenseArray ? ">" : "]");
      break;
    }
    case Kind::Dictionary:
    case Kind::Struct: {
      out << (kind == Kind::Struct ? "#" + name + "<" : "{");
      for (size_t i = 0; i < fields.size(); ++i) out << (i ? ", " : "") << fields[i].first << " = " << fields[i].second.str();
      out << (kind == Kind::Struct ? ">" : "}");
      break;
    }
    case Kind::DenseElements: out << "dense<" << literal() << ">"; break;
    case Kind::DenseResource: out << "dense_resource<" << text << ">"; break;
    case Kind::Enum: out << text; break;
    case Kind::SymbolRef: out << "@" << text; break;
    case Kind::TypeAttr: out << (type ? type->str() : std::string("?")); break;
    case Kind::Opaque: out << text; break;
  }
  return out.str();
}

std::optional<std::vector<int64_t>> decodeDenseIntegers(std::string_view literal, unsigned bitWidth, int64_t count) {
  std::vector<int64_t> out;
  size_t i = 0;
  auto skip = [&] {
    while (i < literal.size() && (std::isspace(static_cast<unsigned char>(literal[i])) || literal[i] == '[' ||
                                  literal[i] == ']' || literal[i] == ',')) {
      ++i;
    }
  };
  skip();
  if (i < literal.size() && literal[i] == '"') {
    // A hex blob: "0x" followed by little-endian element bytes.
    size_t end = literal.find('"', i + 1);
    std::string_view hex = literal.substr(i + 1, end == std::string_view::npos ? std::string_view::npos : end - i - 1);
    if (hex.size() < 2 || hex[0] != '0' || (hex[1] != 'x' && hex[1] != 'X')) return std::nullopt;
    hex.remove_prefix(2);
    unsigned bytes = bitWidth <= 8 ? 1 : (bitWidth + 7) / 8;
    if (hex.size() % (2 * bytes) != 0) return std::nullopt;
    for (size_t at = 0; at + 2 * bytes <= hex.size(); at += 2 * bytes) {
      uint64_t value = 0;
      for (unsigned b = 0; b < bytes; ++b) {
        std::string byte(hex.substr(at + 2 * b, 2));
        value |= static_cast<uint64_t>(std::strtoul(byte.c_str(), nullptr, 16)) << (8 * b);
      }
      if (bitWidth < 64 && bitWidth > 1 && (value >> (bitWidth - 1)) & 1) value |= ~0ULL << bitWidth;  // Sign-extend.
      out.push_back(static_cast<int64_t>(value));
    }
  } else {
    while (i < literal.size()) {
      size_t start = i;
      if (literal[i] == '-' || literal[i] == '+') ++i;
      if (literal.compare(i, 4, "true") == 0 || literal.compare(i, 5, "false") == 0) {
        bool value = literal[i] == 't';
        i += value ? 4 : 5;
        out.push_back(value ? 1 : 0);
      } else {
        size_t digits = i;
        while (i < literal.size() && std::isalnum(static_cast<unsigned char>(literal[i]))) ++i;
        if (i == digits) return std::nullopt;
        std::string token(literal.substr(start, i - start));
        if (token.find_first_of(".eE") != std::string::npos && token.rfind("0x", 0) != 0) return std::nullopt;
        char *end = nullptr;
        long long value = std::strtoll(token.c_str(), &end, 0);
        if (*end != '\0') return std::nullopt;
        out.push_back(value);
      }
      skip();
    }
  }
  if (out.size() == 1 && count > 1) out.assign(static_cast<size_t>(count), out[0]);
  return out;
}

}  // namespace shlo::ir
