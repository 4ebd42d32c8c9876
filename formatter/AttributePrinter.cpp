#include "formatter/AttributePrinter.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/APInt.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/Error.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "semantic/ops/Ops.h"

namespace shlo::formatter {

using ir::Attribute;
using ir::FloatFormat;

namespace {

/// LLVM 14's semantics for the formats it knows; null for the 8-bit and
/// narrower formats it predates (their literals are kept as written).
const llvm::fltSemantics *semanticsOf(FloatFormat format) {
  switch (format) {
    case FloatFormat::F16: return &llvm::APFloat::IEEEhalf();
    case FloatFormat::BF16: return &llvm::APFloat::BFloat();
    case FloatFormat::F32: return &llvm::APFloat::IEEEsingle();
    case FloatFormat::F64: return &llvm::APFloat::IEEEdouble();
    case FloatFormat::F80: return &llvm::APFloat::x87DoubleExtended();
    case FloatFormat::F128: return &llvm::APFloat::IEEEquad();
    default: return nullptr;
  }
}

std::string hexBits(const llvm::APInt &bits) {
  llvm::SmallString<32> text;
  bits.toString(text, 16, /*Signed=*/false, /*formatAsCLiteral=*/true);
  return std::string(text.str());
}

/// AsmPrinter's float rule, re-derived: six significant digits in
/// exponent form when they read back to the same bits, else APFloat's
/// shortest form when it has a decimal point, else the bits in hex.
std::string printAPFloat(const llvm::APFloat &value) {
  if (!value.isInfinity() && !value.isNaN()) {
    llvm::SmallString<64> text;
    value.toString(text, 6, 0, false);
    llvm::APFloat back(value.getSemantics(), text.str());
    if (back.bitwiseIsEqual(value)) return std::string(text.str());
    text.clear();
    value.toString(text);
    if (text.str().contains('.')) return std::string(text.str());
  }
  return hexBits(value.bitcastToAPInt());
}

bool startsWithHex(std::string_view s) {
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  return s.size() > i + 1 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
}

std::string printInteger(const Attribute &a) {
  if (a.type && a.type->kind() == ir::Type::Kind::Scalar && a.type->element().isUnsigned()) {
    return std::to_string(static_cast<uint64_t>(a.integer));
  }
  return std::to_string(a.integer);
}

/// Dense-element tokens of a nested list literal: numbers, booleans,
/// `(re, im)` pairs and strings, in order; nullopt when unreadable.
std::optional<std::vector<std::string>> listTokens(std::string_view literal) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < literal.size()) {
    char c = literal[i];
    if (std::isspace(static_cast<unsigned char>(c)) || c == '[' || c == ']' || c == ',') {
      ++i;
    } else if (c == '(') {
      size_t end = literal.find(')', i);
      if (end == std::string_view::npos) return std::nullopt;
      out.emplace_back(literal.substr(i, end + 1 - i));
      i = end + 1;
    } else if (c == '"') {
      size_t end = i + 1;
      while (end < literal.size() && literal[end] != '"') end += literal[end] == '\\' ? 2 : 1;
      if (end >= literal.size()) return std::nullopt;
      out.emplace_back(literal.substr(i, end + 1 - i));
      i = end + 1;
    } else {
      size_t start = i;
      while (i < literal.size() && !std::isspace(static_cast<unsigned char>(literal[i])) && literal[i] != ',' &&
             literal[i] != ']' && literal[i] != '[') {
        ++i;
      }
      out.emplace_back(literal.substr(start, i - start));
    }
  }
  return out;
}

std::string trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

/// One element in MLIR's spelling for element type `e`.
std::string printElement(std::string_view token, const ir::ElementType &e) {
  if (e.isFloat()) return printFloatLiteral(token, e.floatFormat());
  if (e.isComplex() && token.size() > 2 && token.front() == '(') {
    std::string_view inner = token.substr(1, token.size() - 2);
    size_t comma = inner.find(',');
    if (comma == std::string_view::npos) return std::string(token);
    return "(" + printFloatLiteral(trim(inner.substr(0, comma)), e.floatFormat()) + "," +
           printFloatLiteral(trim(inner.substr(comma + 1)), e.floatFormat()) + ")";
  }
  if (e.isBoolean()) {
    if (token == "1") return "true";
    if (token == "0") return "false";
    return std::string(token);
  }
  if (e.isInteger() && startsWithHex(token)) {
    bool negative = token[0] == '-';
    uint64_t bits = std::strtoull(std::string(token.substr(negative ? 3 : 2)).c_str(), nullptr, 16);
    llvm::APInt v(e.width(), bits, false);
    if (negative) v = -v;
    llvm::SmallString<32> text;
    v.toString(text, 10, !e.isUnsigned());
    return std::string(text.str());
  }
  if (e.isInteger() && !token.empty() && token[0] == '+') return std::string(token.substr(1));
  return std::string(token);
}

/// `[[a, b], [c, d]]` for `shape`, from the flat element texts.
void nest(const std::vector<std::string> &elements, const std::vector<int64_t> &shape, size_t dim, size_t &next,
          std::string &out) {
  if (dim == shape.size()) {
    out += elements[next++];
    return;
  }
  out += '[';
  for (int64_t i = 0; i < shape[dim]; ++i) {
    if (i) out += ", ";
    nest(elements, shape, dim + 1, next, out);
  }
  out += ']';
}

/// Element bit patterns for a hex blob, little-endian per element.
std::optional<std::string> hexBlob(const std::vector<std::string> &elements, const ir::ElementType &e) {
  unsigned width = e.bitWidth();
  bool complex = e.isComplex();
  if (!(e.isFloat() || (e.isInteger() && !e.isBoolean()) || complex) || width % 8 != 0) return std::nullopt;
  static const char *digits = "0123456789ABCDEF";
  std::string out = "\"0x";
  auto emit = [&](const llvm::APInt &bits) {
    for (unsigned b = 0; b < bits.getBitWidth() / 8; ++b) {
      unsigned byte = static_cast<unsigned>(bits.extractBitsAsZExtValue(8, 8 * b));
      out += digits[byte >> 4];
      out += digits[byte & 15];
    }
  };
  auto floatBits = [&](std::string_view text, FloatFormat format) -> std::optional<llvm::APInt> {
    const llvm::fltSemantics *sem = semanticsOf(format);
    if (!sem) return std::nullopt;
    unsigned w = ir::bitWidth(format);
    if (startsWithHex(text)) return llvm::APInt(w, std::strtoull(std::string(text.substr(2)).c_str(), nullptr, 16));
    llvm::APFloat v(*sem);
    auto status = v.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      return std::nullopt;
    }
    return v.bitcastToAPInt();
  };
  for (const std::string &t : elements) {
    if (e.isFloat()) {
      auto bits = floatBits(t, e.floatFormat());
      if (!bits) return std::nullopt;
      emit(*bits);
    } else if (complex) {
      if (t.size() < 2 || t.front() != '(') return std::nullopt;
      std::string_view inner = std::string_view(t).substr(1, t.size() - 2);
      size_t comma = inner.find(',');
      if (comma == std::string_view::npos) return std::nullopt;
      auto re = floatBits(trim(inner.substr(0, comma)), e.floatFormat());
      auto im = floatBits(trim(inner.substr(comma + 1)), e.floatFormat());
      if (!re || !im) return std::nullopt;
      emit(*re);
      emit(*im);
    } else {
      llvm::APInt v(width, 0);
      if (t.empty() || t.find_first_not_of("-+0123456789") != std::string::npos) return std::nullopt;
      v = llvm::APInt(width, t[0] == '+' ? llvm::StringRef(t).drop_front() : llvm::StringRef(t), 10);
      emit(v);
    }
  }
  return out + "\"";
}

std::string printEnum(const Attribute &a, std::string_view dialect) {
  if (a.name.empty()) return a.text;
  // Enums with an attribute of their own: `#stablehlo.result_accuracy_mode<TOLERANCE>`.
  if (a.name == "result_accuracy_mode") return "#" + std::string(dialect) + "." + a.name + "<" + a.text + ">";
  return "#" + std::string(dialect) + "<" + a.name + " " + a.text + ">";
}

/// Struct attribute fields in the order the op table defines them.
std::vector<const ir::AttributeField *> orderedFields(const Attribute &a) {
  std::vector<const ir::AttributeField *> out;
  for (const auto &f : a.fields) out.push_back(&f);
  if (const ops::StructDef *def = ops::findStruct(a.name)) {
    auto rank = [&](const std::string &name) {
      auto it = std::find(def->fields.begin(), def->fields.end(), name);
      return it - def->fields.begin();
    };
    std::stable_sort(out.begin(), out.end(),
                     [&](const auto *x, const auto *y) { return rank(x->first) < rank(y->first); });
  }
  return out;
}

}  // namespace

std::string printFloatBits(uint64_t bits, FloatFormat format) {
  const llvm::fltSemantics *sem = semanticsOf(format);
  unsigned width = ir::bitWidth(format);
  llvm::APInt raw(width, bits);
  if (!sem) return hexBits(raw);
  return printAPFloat(llvm::APFloat(*sem, raw));
}

std::string printFloatLiteral(std::string_view written, FloatFormat format) {
  const llvm::fltSemantics *sem = semanticsOf(format);
  if (!sem) return std::string(written);
  if (startsWithHex(written)) {
    if (written[0] == '-' || written[0] == '+') return std::string(written);
    return printFloatBits(std::strtoull(std::string(written.substr(2)).c_str(), nullptr, 16), format);
  }
  llvm::APFloat value(*sem);
  auto status = value.convertFromString(written, llvm::APFloat::rmNearestTiesToEven);
  if (!status) {
    llvm::consumeError(status.takeError());
    return std::string(written);
  }
  return printAPFloat(value);
}

std::string quoteString(std::string_view text) {
  static const char *digits = "0123456789ABCDEF";
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (std::isprint(c)) {
      out += static_cast<char>(c);
    } else {
      out += '\\';
      out += digits[c >> 4];
      out += digits[c & 15];
    }
  }
  return out + "\"";
}

std::string printSymbol(std::string_view name) {
  if (!name.empty() && name.front() == '"') return "@" + std::string(name);
  bool bare = !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_');
  for (char c : name) {
    bare &= std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
  }
  return "@" + (bare ? std::string(name) : quoteString(name));
}

std::string printDenseElements(const Attribute &a) {
  std::string_view literal = a.literal();
  std::string body = trim(literal);
  if (!a.type || !a.type->isTensor() || !a.type->hasStaticShape()) return "dense<" + body + ">";
  if (!body.empty() && body[0] == '"') {
    // A hex blob stays a blob (MLIR prints its digits in upper case); a
    // string element stays a string.
    if (startsWithHex(std::string_view(body).substr(1))) {
      std::string upper = body;
      std::transform(upper.begin() + 3, upper.end(), upper.begin() + 3,
                     [](char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); });
      return "dense<" + upper + ">";
    }
  }
  auto tokens = listTokens(body);
  int64_t count = a.type->numElements();
  const ir::ElementType &e = a.type->element();
  if (!tokens || count < 0) return "dense<" + body + ">";
  if (count == 0) return "dense<" + body + ">";  // As written: MLIR's choice here depends on the producer.
  std::vector<std::string> elements;
  elements.reserve(tokens->size());
  for (const std::string &t : *tokens) elements.push_back(t[0] == '"' ? t : printElement(t, e));
  if (elements.empty()) return "dense<" + body + ">";
  bool splat = std::all_of(elements.begin(), elements.end(), [&](const std::string &s) { return s == elements[0]; });
  if (splat) return "dense<" + elements[0] + ">";
  if (static_cast<int64_t>(elements.size()) != count) return "dense<" + body + ">";
  if (count > 100 && elements[0][0] != '"') {
    if (auto hex = hexBlob(elements, e)) return "dense<" + *hex + ">";
  }
  std::string out = "dense<";
  size_t next = 0;
  if (a.type->rank() == 0) {
    out += elements[0];
  } else {
    nest(elements, a.type->shape(), 0, next, out);
  }
  return out + ">";
}

static std::string printAttributeIn(const Attribute &a, std::string_view dialect);

/// Struct parameters MLIR leaves out when they hold their default value
/// (StableHLO's DefaultValuedParameter): result_accuracy's `atol`, `rtol`
/// (0.0; -0.0 is another value) and `ulps` (0).
static bool defaultStructParameter(std::string_view structName, std::string_view field, const Attribute &v) {
  if (structName != "stablehlo.result_accuracy") return false;
  if (field == "atol" || field == "rtol") {
    return (v.kind == Attribute::Kind::Float && v.real == 0 && !std::signbit(v.real)) ||
           (v.kind == Attribute::Kind::Integer && v.integer == 0);
  }
  return field == "ulps" && v.kind == Attribute::Kind::Integer && v.integer == 0;
}

static std::string structFieldValue(const Attribute &v, std::string_view dialect) {
  if (v.kind == Attribute::Kind::Array || v.kind == Attribute::Kind::Integer || v.kind == Attribute::Kind::Enum ||
      v.kind == Attribute::Kind::Bool) {
    if (v.kind == Attribute::Kind::Array) {
      std::string out = "[";
      for (size_t i = 0; i < v.elements.size(); ++i) {
        out += (i ? ", " : "") + structFieldValue(v.elements[i], dialect);
      }
      return out + "]";
    }
    if (v.kind == Attribute::Kind::Enum && v.name == "result_accuracy_mode") return printEnum(v, dialect);
    return printPrettyValue(v);
  }
  if (v.kind == Attribute::Kind::Float) {
    // A struct's float parameters are written without their type.
    std::string text = printAttributeIn(v, dialect);
    return text.substr(0, text.rfind(" : "));
  }
  return printAttributeIn(v, dialect);
}

static std::string printAttributeIn(const Attribute &a, std::string_view dialect) {
  switch (a.kind) {
    case Attribute::Kind::Integer: {
      if (a.type && a.type->kind() == ir::Type::Kind::Scalar && a.type->element().isBoolean()) {
        return a.integer ? "true" : "false";
      }
      if (a.type && a.type->kind() == ir::Type::Kind::Scalar && a.type->element().isIndex()) {
        return printInteger(a) + " : index";
      }
      return printInteger(a) + " : " + (a.type ? a.type->str() : std::string("i64"));
    }
    case Attribute::Kind::Float: {
      FloatFormat format = a.type && a.type->kind() == ir::Type::Kind::Scalar && a.type->element().isFloat()
                               ? a.type->element().floatFormat()
                               : FloatFormat::F64;
      const llvm::fltSemantics *sem = semanticsOf(format);
      std::string value;
      if (sem) {
        llvm::APFloat v(a.real);
        bool lost = false;
        v.convert(*sem, llvm::APFloat::rmNearestTiesToEven, &lost);
        value = printAPFloat(v);
      } else {
        value = std::to_string(a.real);
      }
      return value + " : " + (a.type ? a.type->str() : std::string("f64"));
    }
    case Attribute::Kind::Bool: return a.integer ? "true" : "false";
    case Attribute::Kind::String: return quoteString(a.text) + (a.type ? " : " + a.type->str() : "");
    case Attribute::Kind::Unit: return "unit";
    case Attribute::Kind::Array: {
      // An integer list written in a pretty form: MLIR's i64 array.
      bool integers = !a.elements.empty() && std::all_of(a.elements.begin(), a.elements.end(), [](const Attribute &e) {
        return e.kind == Attribute::Kind::Integer && !e.type;
      });
      bool booleans = !a.elements.empty() && std::all_of(a.elements.begin(), a.elements.end(), [](const Attribute &e) {
        return e.kind == Attribute::Kind::Bool;
      });
      if (booleans) {
        std::string out = "array<i1: ";
        for (size_t i = 0; i < a.elements.size(); ++i) out += (i ? ", " : "") + printPrettyValue(a.elements[i]);
        return out + ">";
      }
      // `[[1, 1], [2, 2]]` (a window's padding): an i64 matrix.
      bool matrix = !a.elements.empty() && std::all_of(a.elements.begin(), a.elements.end(), [&](const Attribute &e) {
        return e.kind == Attribute::Kind::Array && e.elements.size() == a.elements[0].elements.size() &&
               std::all_of(e.elements.begin(), e.elements.end(),
                           [](const Attribute &x) { return x.kind == Attribute::Kind::Integer && !x.type; });
      });
      if (matrix && !a.elements[0].elements.empty()) {
        Attribute dense;
        dense.kind = Attribute::Kind::DenseElements;
        dense.text = printPrettyValue(a);
        dense.type = ir::Type::tensor(
            {static_cast<int64_t>(a.elements.size()), static_cast<int64_t>(a.elements[0].elements.size())},
            ir::ElementType::integer(64));
        return printAttributeIn(dense, dialect);
      }
      if (integers) {
        std::string out = "array<i64: ";
        for (size_t i = 0; i < a.elements.size(); ++i) out += (i ? ", " : "") + std::to_string(a.elements[i].integer);
        return out + ">";
      }
      std::string out = "[";
      for (size_t i = 0; i < a.elements.size(); ++i) out += (i ? ", " : "") + printAttributeIn(a.elements[i], dialect);
      return out + "]";
    }
    case Attribute::Kind::DenseArray: {
      std::string out = "array<" + (a.type ? a.type->str() : std::string("i64"));
      for (size_t i = 0; i < a.elements.size(); ++i) {
        const Attribute &e = a.elements[i];
        out += i ? ", " : ": ";
        if (e.kind == Attribute::Kind::Float || (a.type && a.type->element().isFloat())) {
          Attribute typed = e;
          typed.kind = Attribute::Kind::Float;
          if (e.kind != Attribute::Kind::Float) typed.real = static_cast<double>(e.integer);
          typed.type = a.type;
          std::string text = printAttributeIn(typed, dialect);
          out += text.substr(0, text.rfind(" : "));
        } else if (e.kind == Attribute::Kind::Bool || (a.type && a.type->element().isBoolean())) {
          out += e.integer ? "true" : "false";
        } else {
          out += std::to_string(e.integer);
        }
      }
      return out + ">";
    }
    case Attribute::Kind::Dictionary: {
      std::vector<const ir::AttributeField *> fields;
      for (const auto &f : a.fields) fields.push_back(&f);
      std::stable_sort(fields.begin(), fields.end(), [](const auto *x, const auto *y) { return x->first < y->first; });
      std::string out = "{";
      for (size_t i = 0; i < fields.size(); ++i) {
        out += i ? ", " : "";
        out += fields[i]->first;
        if (fields[i]->second.kind != Attribute::Kind::Unit) out += " = " + printAttributeIn(fields[i]->second, dialect);
      }
      return out + "}";
    }
    case Attribute::Kind::Struct: {
      if (a.name == "stablehlo.conv") {
        std::string dims = printConvDimensions(a);
        if (!dims.empty()) return "#stablehlo.conv<" + dims + ">";
      }
      std::string out = "#" + a.name + "<";
      bool first = true;
      for (const ir::AttributeField *f : orderedFields(a)) {
        const Attribute &v = f->second;
        if (v.kind == Attribute::Kind::Array && v.elements.empty()) continue;  // MLIR leaves empty lists out.
        if (defaultStructParameter(a.name, f->first, v)) continue;
        out += first ? "" : ", ";
        first = false;
        out += f->first + " = " + structFieldValue(v, dialect);
      }
      if (a.fields.empty()) {
        for (size_t i = 0; i < a.elements.size(); ++i) out += (i ? ", " : "") + printPrettyValue(a.elements[i]);
      }
      return out + ">";
    }
    case Attribute::Kind::DenseElements:
      return printDenseElements(a) + (a.type ? " : " + a.type->str() : "");
    case Attribute::Kind::DenseResource:
      return "dense_resource<" + a.text + ">" + (a.type ? " : " + a.type->str() : "");
    case Attribute::Kind::Enum: return printEnum(a, dialect);
    case Attribute::Kind::SymbolRef: return printSymbol(a.text);
    case Attribute::Kind::TypeAttr: return a.type ? a.type->str() : std::string("none");
    case Attribute::Kind::Opaque: return a.text;
  }
  return a.text;
}

std::string printAttribute(const Attribute &attribute) { return printAttributeIn(attribute, "stablehlo"); }

std::string printAttributeOf(const Attribute &attribute, std::string_view dialect) {
  return printAttributeIn(attribute, dialect);
}

std::string printOpAttribute(std::string_view opName, std::string_view attributeName, const Attribute &attribute,
                             std::string_view dialect) {
  if (attribute.kind == Attribute::Kind::Integer && !attribute.type) {
    const ops::OpDef *def = ops::find(opName);
    const ops::AttrDef *schema = def ? def->attribute(attributeName) : nullptr;
    if (schema && schema->kind == ops::AttrKind::Integer && schema->specType.find("32") != std::string_view::npos) {
      Attribute typed = attribute;
      typed.type = ir::Type::scalar(ir::ElementType::integer(32));
      return printAttributeIn(typed, dialect);
    }
  }
  return printAttributeIn(attribute, dialect);
}

std::string printConvDimensions(const Attribute &d) {
  auto integer = [&](const char *name) -> std::optional<int64_t> {
    const Attribute *f = d.field(name);
    if (!f || f->kind != Attribute::Kind::Integer) return std::nullopt;
    return f->integer;
  };
  auto side = [&](const char *prefix, const char *firstName, char first, const char *secondName,
                  char second) -> std::string {
    std::string p = prefix;
    auto a = integer((p + firstName).c_str());
    auto b = integer((p + secondName).c_str());
    const Attribute *spatial = d.field(p + "spatial_dimensions");
    auto dims = spatial ? spatial->integers() : std::nullopt;
    if (!a || !b || !dims) return "";
    size_t rank = dims->size() + 2;
    std::vector<std::string> slots(rank);
    auto put = [&](int64_t at, std::string text) {
      if (at < 0 || static_cast<size_t>(at) >= rank || !slots[static_cast<size_t>(at)].empty()) return false;
      slots[static_cast<size_t>(at)] = std::move(text);
      return true;
    };
    if (!put(*a, std::string(1, first)) || !put(*b, std::string(1, second))) return "";
    for (size_t i = 0; i < dims->size(); ++i) {
      if (!put((*dims)[i], std::to_string(i))) return "";
    }
    std::string out = "[";
    for (size_t i = 0; i < rank; ++i) out += (i ? ", " : "") + slots[i];
    return out + "]";
  };
  std::string input = side("input_", "batch_dimension", 'b', "feature_dimension", 'f');
  std::string kernel = side("kernel_", "input_feature_dimension", 'i', "output_feature_dimension", 'o');
  std::string output = side("output_", "batch_dimension", 'b', "feature_dimension", 'f');
  if (input.empty() || kernel.empty() || output.empty()) return "";
  return input + "x" + kernel + "->" + output;
}

std::string printPrettyValue(const Attribute &a) {
  switch (a.kind) {
    case Attribute::Kind::Integer: return printInteger(a);
    case Attribute::Kind::Bool: return a.integer ? "true" : "false";
    case Attribute::Kind::Enum: return a.text;
    case Attribute::Kind::Array:
    case Attribute::Kind::DenseArray: {
      std::string out = "[";
      for (size_t i = 0; i < a.elements.size(); ++i) out += (i ? ", " : "") + printPrettyValue(a.elements[i]);
      return out + "]";
    }
    case Attribute::Kind::DenseElements: {
      if (a.type && a.type->isTensor() && a.type->rank() == 2 && a.type->hasStaticShape() &&
          a.type->element().isInteger()) {
        // A matrix (padding): `[[1, 1], [2, 2]]`.
        auto flat = ir::decodeDenseIntegers(a.literal(), a.type->element().width(), a.type->numElements());
        if (flat && static_cast<int64_t>(flat->size()) == a.type->numElements()) {
          std::vector<std::string> texts;
          for (int64_t v : *flat) texts.push_back(std::to_string(v));
          std::string out;
          size_t next = 0;
          nest(texts, a.type->shape(), 0, next, out);
          return out;
        }
      }
      if (auto ints = a.integers()) {
        std::string out = "[";
        for (size_t i = 0; i < ints->size(); ++i) out += (i ? ", " : "") + std::to_string((*ints)[i]);
        return out + "]";
      }
      return printAttribute(a);
    }
    default: return printAttribute(a);
  }
}

}  // namespace shlo::formatter
