#include "semantic/lower/SyntaxValues.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "semantic/ops/Ops.h"
#include "semantic/syntax/Limits.h"

namespace shlo::lower {

using ir::Attribute;
using ir::ElementType;
using ir::Type;
using syntax::fieldOf;
using syntax::isKind;
using syntax::Node;
using syntax::namedChildren;
using syntax::rangeOf;

namespace {

int64_t parseInteger(std::string_view text, bool *overflow) {
  std::string s(text);
  errno = 0;
  char *end = nullptr;
  long long value = std::strtoll(s.c_str(), &end, 0);
  if (errno == ERANGE) {
    // Values up to 2^64-1 appear for ui64; keep their bits.
    errno = 0;
    unsigned long long u = std::strtoull(s.c_str(), &end, 0);
    if (errno == ERANGE && overflow) *overflow = true;
    return static_cast<int64_t>(u);
  }
  return value;
}

/// How deeply `[`s nest in a dense literal's text (strings skipped), up to
/// `limit + 1`: the literal's own nesting is never walked recursively here,
/// but whatever decodes it later may be.
/// True when some byte of `word` is `byte` (the SWAR zero-byte test).
bool hasByte(uint64_t word, uint8_t byte) {
  uint64_t x = word ^ (0x0101010101010101ULL * byte);
  return ((x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL) != 0;
}

/// The deepest `[` nesting of `literal`, stopping past `limit`. Eight bytes
/// at a time where none is a bracket or a quote: a 40 MB constant is scanned
/// again whenever its function is re-lowered.
int bracketDepth(std::string_view literal, int limit) {
  int depth = 0;
  for (size_t i = 0; i < literal.size(); ++i) {
    while (i + 8 <= literal.size()) {
      uint64_t word;
      std::memcpy(&word, literal.data() + i, 8);
      if (hasByte(word, '[') || hasByte(word, ']') || hasByte(word, '"')) break;
      i += 8;
    }
    if (i >= literal.size()) break;
    char c = literal[i];
    if (c == '[') {
      if (++depth > limit) return depth;
    } else if (c == ']') {
      --depth;
    } else if (c == '"') {
      for (++i; i < literal.size() && literal[i] != '"'; ++i) {
        if (literal[i] == '\\') ++i;
      }
    }
  }
  return 0;
}

uint32_t locationNumber(std::string_view digits) {
  uint64_t value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') break;
    value = std::min<uint64_t>(value * 10 + static_cast<uint64_t>(c - '0'), UINT32_MAX);
  }
  return static_cast<uint32_t>(value);
}

}  // namespace

bool SyntaxValues::enter(Node node) {
  if (depth_ >= syntax::kMaxNestingDepth) {
    error(node, "lower.too-deep",
          "nested more than " + std::to_string(syntax::kMaxNestingDepth) + " levels deep; not read further");
    return false;
  }
  ++depth_;
  return true;
}

void SyntaxValues::error(Node node, std::string code, std::string message) {
  Diagnostic d;
  d.range = rangeOf(node);
  if (!reported_.emplace(d.range.begin, code).second) return;
  d.code = std::move(code);
  d.message = std::move(message);
  diagnostics_.push_back(std::move(d));
}

std::string SyntaxValues::unquote(std::string_view literal) {
  if (literal.size() >= 2 && literal.front() == '"') literal = literal.substr(1, literal.size() - 2);
  std::string out;
  for (size_t i = 0; i < literal.size(); ++i) {
    char c = literal[i];
    if (c != '\\' || i + 1 >= literal.size()) {
      out += c;
      continue;
    }
    char n = literal[++i];
    switch (n) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      default:
        if (std::isxdigit(static_cast<unsigned char>(n)) && i + 1 < literal.size() &&
            std::isxdigit(static_cast<unsigned char>(literal[i + 1]))) {
          out += static_cast<char>(std::strtol(std::string(literal.substr(i, 2)).c_str(), nullptr, 16));
          ++i;
        } else {
          out += n;
        }
    }
  }
  return out;
}

void SyntaxValues::collectAliases(Node root) {
  for (const auto &child : namedChildren(root)) {
    if (isKind(child.node, "type_alias_definition")) {
      typeAliases_[std::string(text(fieldOf(child.node, "name")))] = fieldOf(child.node, "type");
    } else if (isKind(child.node, "attribute_alias_definition")) {
      attributeAliases_[std::string(text(fieldOf(child.node, "name")))] = fieldOf(child.node, "value");
    }
  }
}

ElementType SyntaxValues::elementType(Node node) {
  Type t = type(node);
  if (t.kind() == Type::Kind::Scalar) return t.element();
  return ElementType::none();
}

Type SyntaxValues::type(Node node) {
  if (node.isNull()) return Type();
  // Real programs spell the same few types thousands of times.
  std::string_view spelled = text(node);
  auto cached = typeCache_.find(spelled);
  if (cached != typeCache_.end()) return cached->second;
  size_t errors = diagnostics_.size();
  Type t = parseType(node);
  if (diagnostics_.size() == errors) typeCache_.emplace(spelled, t);
  return t;
}

Type SyntaxValues::parseType(Node node) {
  if (!enter(node)) return Type();
  Level level{depth_};
  std::string_view kind = node.kind();
  std::string_view spelled = text(node);
  if (kind == "integer_type") {
    if (spelled.size() < 2) return Type();  // MISSING (error recovery).
    if (spelled == "pred") return Type::scalar(ElementType::integer(1));
    ir::Signedness signedness = ir::Signedness::Signless;
    std::string_view digits = spelled.substr(1);
    if (spelled.rfind("si", 0) == 0) {
      signedness = ir::Signedness::Signed;
      digits = spelled.substr(2);
    } else if (spelled.rfind("ui", 0) == 0) {
      signedness = ir::Signedness::Unsigned;
      digits = spelled.substr(2);
    } else if (spelled.rfind("u", 0) == 0) {  // The quant dialect's `u8`.
      signedness = ir::Signedness::Unsigned;
    }
    return Type::scalar(ElementType::integer(static_cast<unsigned>(std::atoi(std::string(digits).c_str())), signedness));
  }
  if (kind == "float_type") {
    if (auto format = ir::parseFloatFormat(spelled)) return Type::scalar(ElementType::floating(*format));
    error(node, "type.unknown", "unknown float type `" + std::string(spelled) + "`");
    return Type();
  }
  if (kind == "complex_type") {
    if (spelled == "c64") return Type::scalar(ElementType::complex(ir::FloatFormat::F32));
    if (spelled == "c128") return Type::scalar(ElementType::complex(ir::FloatFormat::F64));
    ElementType part = elementType(fieldOf(node, "element_type"));
    if (!part.isFloat()) {
      error(node, "type.invalid", "complex element type must be a floating-point type, got `" +
                                      std::string(text(fieldOf(node, "element_type"))) + "`");
      return Type();
    }
    return Type::scalar(ElementType::complex(part.floatFormat()));
  }
  if (kind == "index_type") return Type::scalar(ElementType::index());
  if (kind == "none_type") return Type::scalar(ElementType::none());
  if (kind == "token_type") return Type::token();
  if (kind == "quantized_type") {
    auto info = std::make_shared<ir::QuantizedElement>();
    info->storageType = elementType(fieldOf(node, "storage_type"));
    info->expressedType = elementType(fieldOf(node, "expressed_type"));
    Node min = fieldOf(node, "storage_min"), max = fieldOf(node, "storage_max");
    if (!min.isNull() && !max.isNull()) {
      info->explicitStorageRange = true;
      info->storageMin = parseInteger(text(min), nullptr);
      info->storageMax = parseInteger(text(max), nullptr);
    }
    // min_value/max_value(storage_type); a zero width (`i0`) has no values.
    bool storageHasRange = info->storageType.isInteger() && info->storageType.width() > 0;
    int64_t lowest = 0, highest = 0;
    if (storageHasRange) {
      unsigned w = info->storageType.width();
      bool isUnsigned = info->storageType.isUnsigned();
      lowest = isUnsigned ? 0 : (w >= 64 ? INT64_MIN : -(int64_t(1) << (w - 1)));
      highest = isUnsigned ? (w >= 63 ? INT64_MAX : (int64_t(1) << w) - 1)
                           : (w >= 64 ? INT64_MAX : (int64_t(1) << (w - 1)) - 1);
    }
    if (!info->explicitStorageRange) {
      info->storageMin = lowest;
      info->storageMax = highest;
    }
    // Spec "Types", quantized element types: (C3).
    if (info->storageType.isInteger() &&
        (!storageHasRange || info->storageMin < lowest || info->storageMin >= info->storageMax ||
         info->storageMax > highest)) {
      error(node, "quantized_type.C3",
            "min_value(storage_type) <= storage_min < storage_max <= max_value(storage_type) does not hold: storage "
            "type `" + std::string(text(fieldOf(node, "storage_type"))) + "` (values " + std::to_string(lowest) +
                " to " + std::to_string(highest) + "), storage range " + std::to_string(info->storageMin) + " to " +
                std::to_string(info->storageMax));
    }
    for (const auto &child : namedChildren(node)) {
      if (!child.field || std::string_view(child.field) != "parameter") continue;
      info->scales.push_back(std::strtod(std::string(text(fieldOf(child.node, "scale"))).c_str(), nullptr));
      Node zero = fieldOf(child.node, "zero_point");
      info->zeroPoints.push_back(zero.isNull() ? 0 : parseInteger(text(zero), nullptr));
    }
    Node dimension = fieldOf(node, "quantization_dimension");
    if (!dimension.isNull()) info->quantizationDimension = parseInteger(text(dimension), nullptr);
    checkQuantizationParameters(node, *info);
    return Type::scalar(ElementType::quantized(std::move(info)));
  }
  if (kind == "tensor_type") {
    std::vector<int64_t> shape;
    bool unranked = false;
    Node shapeNode = fieldOf(node, "shape");
    if (!shapeNode.isNull()) {
      std::string_view dims = text(shapeNode);
      size_t start = 0;
      while (start < dims.size()) {
        size_t x = dims.find('x', start);
        if (x == std::string_view::npos) break;
        std::string_view d = dims.substr(start, x - start);
        if (d == "*") {
          unranked = true;
        } else if (d == "?") {
          shape.push_back(ir::kDynamic);
        } else {
          shape.push_back(parseInteger(d, nullptr));
        }
        start = x + 1;
      }
    }
    Node elementNode = fieldOf(node, "element_type");
    ElementType element = elementType(elementNode);
    if (element.kind() == ElementType::Kind::None && isKind(elementNode, "dialect_type") &&
        text(fieldOf(elementNode, "name")).find('.') != std::string_view::npos &&
        text(fieldOf(elementNode, "name")).rfind("!stablehlo.", 0) != 0) {
      // Another dialect's element type (`!tf_type.string`): MLIR accepts
      // it; nothing here knows it, so the tensor type stays opaque.
      return Type::other(std::string(spelled));
    }
    if (element.kind() == ElementType::Kind::None) {
      error(fieldOf(node, "element_type"), "type.invalid",
            "invalid tensor element type `" + std::string(text(fieldOf(node, "element_type"))) + "`");
      return Type();
    }
    if (unranked) return Type::unrankedTensor(element);
    // Quantized tensor types' (C12), the quantization dimension within the
    // rank, is checked where an op uses the type (verify/Verifier.cpp), as
    // StableHLO does: MLIR itself accepts `tensor<!quant.uniform<i8:f32:0,
    // {...}>>` in a block argument.
    std::vector<int64_t> bounds;
    std::string encodingText;
    Node encoding = fieldOf(node, "encoding");
    if (!encoding.isNull()) encodingText = applyEncoding(encoding, bounds, shape.size());
    // dynamism.md, bounded dynamism: only a dynamic dimension has a bound
    // (StableHLO's TypeExtensions verifier rejects a bound on a static one).
    for (size_t i = 0; i < bounds.size(); ++i) {
      if (bounds[i] != ir::kDynamic && shape[i] != ir::kDynamic) {
        error(encoding, "type.bounds",
              "static dimension " + std::to_string(i) + " (size " + std::to_string(shape[i]) +
                  ") cannot have a bound; only dynamic (`?`) dimensions are bounded");
        bounds.clear();
        break;
      }
    }
    return Type::tensor(std::move(shape), element, std::move(bounds), std::move(encodingText));
  }
  if (kind == "tuple_type") {
    std::vector<Type> elements;
    for (const auto &child : namedChildren(node)) elements.push_back(type(child.node));
    return Type::tuple(std::move(elements));
  }
  if (kind == "function_type") {
    return Type::function(typeList(fieldOf(node, "inputs")), typeList(fieldOf(node, "results")));
  }
  if (kind == "dialect_type") {
    std::string_view name = text(fieldOf(node, "name"));
    auto alias = typeAliases_.find(name);
    if (alias != typeAliases_.end() && aliasDepth_ < 16) {
      ++aliasDepth_;
      Type resolved = type(alias->second);
      --aliasDepth_;
      return resolved;
    }
    if (name.rfind("!stablehlo.", 0) == 0 && name != "!stablehlo.future") {
      error(node, "type.unknown", "unknown StableHLO type `" + std::string(name) + "`");
    }
    if (name == "!stablehlo.future") checkFutureElements(node, spelled);
    return Type::other(std::string(spelled));
  }
  return Type::other(std::string(spelled));
}

void SyntaxValues::checkQuantizationParameters(Node node, const ir::QuantizedElement &info) {
  // Spec "Types", quantized element types (C4)-(C7), (C10); MLIR's quant
  // dialect rejects these when it parses the type, so they are type errors.
  if (!info.quantizationDimension && info.scales.size() > 1) {
    error(node, "quantized_type.C10",
          "a per-tensor quantized type has one scale, got " + std::to_string(info.scales.size()));
    return;
  }
  for (size_t i = 0; i < info.scales.size(); ++i) {
    double scale = info.scales[i];
    std::string which = info.scales.size() > 1 ? "scale #" + std::to_string(i) : std::string("scale");
    if (!(scale > 0) || !std::isfinite(scale)) {
      error(node, "quantized_type.C5", which + " is " + ir::formatScale(scale) + "; scales must be positive and finite");
      return;
    }
    if (info.expressedType.isFloat() && scale > ir::largestFinite(info.expressedType.floatFormat())) {
      error(node, "quantized_type.C4",
            which + " " + ir::formatScale(scale) + " is not a finite value of the expressed type " +
                info.expressedType.str());
      return;
    }
  }
  for (size_t i = 0; i < info.zeroPoints.size(); ++i) {
    int64_t zero = info.zeroPoints[i];
    if (info.storageType.isInteger() && info.storageMin < info.storageMax &&
        (zero < info.storageMin || zero > info.storageMax)) {
      error(node, "quantized_type.C7",
            std::string(info.zeroPoints.size() > 1 ? "zero point #" + std::to_string(i) : "zero point") + " " +
                std::to_string(zero) + " is outside the storage range " + std::to_string(info.storageMin) + " to " +
                std::to_string(info.storageMax));
      return;
    }
  }
}

void SyntaxValues::checkFutureElements(Node node, std::string_view spelled) {
  // Spec "Types", future types: `future<T...>` wraps ranked tensor types.
  size_t open = spelled.find('<');
  if (open == std::string_view::npos || spelled.empty() || spelled.back() != '>') return;
  std::string_view inner = spelled.substr(open + 1, spelled.size() - open - 2);
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= inner.size(); ++i) {
    char ch = i < inner.size() ? inner[i] : ',';
    if (ch == '<' || ch == '(' || ch == '{' || ch == '[') ++depth;
    if (ch == '>' || ch == ')' || ch == '}' || ch == ']') --depth;
    if (ch != ',' || depth != 0) continue;
    std::string_view element = inner.substr(start, i - start);
    while (!element.empty() && std::isspace(static_cast<unsigned char>(element.front()))) element.remove_prefix(1);
    while (!element.empty() && std::isspace(static_cast<unsigned char>(element.back()))) element.remove_suffix(1);
    start = i + 1;
    if (element.empty() && inner.find_first_not_of(" \t\n") == std::string_view::npos) return;  // future<>
    if (element.rfind("tensor<", 0) != 0 || element.rfind("tensor<*", 0) == 0) {
      error(node, "type.future", "a future wraps ranked tensor types, got `" + std::string(element) + "`");
      return;
    }
  }
}

std::vector<Type> SyntaxValues::typeList(Node node) {
  std::vector<Type> out;
  if (node.isNull()) return out;
  if (isKind(node, "type_list")) {
    for (const auto &child : namedChildren(node)) out.push_back(type(child.node));
  } else {
    out.push_back(type(node));
  }
  return out;
}

namespace {

/// An encoding's text on one line, as MLIR prints `#sparse_tensor.encoding<{
/// map = ... }>`: each run of whitespace (a written one may span lines)
/// becomes one space. Aliases (`#CSR`) stay as written.
std::string encodingText(std::string_view spelled) {
  std::string out;
  bool space = false;
  for (char c : spelled) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace

std::string SyntaxValues::applyEncoding(Node encoding, std::vector<int64_t> &bounds, size_t rank) {
  Attribute a = attribute(encoding);
  const Attribute *list = nullptr;
  if (a.kind == Attribute::Kind::Struct && a.name == "stablehlo.bounds") {
    list = &a;
  } else if (a.kind == Attribute::Kind::Struct && a.name == "stablehlo.type_extensions") {
    list = a.field("bounds");
  } else {
    return encodingText(text(encoding));
  }
  if (!list) return {};
  std::vector<int64_t> values;
  for (const Attribute &e : list->elements) {
    // `?` and the legacy `-1` both mean "no bound".
    values.push_back(e.kind == Attribute::Kind::Integer && e.integer >= 0 ? e.integer : ir::kDynamic);
  }
  if (values.size() != rank) {
    error(encoding, "type.bounds", "bounds have " + std::to_string(values.size()) +
                                       " entries but the tensor has rank " + std::to_string(rank));
    return {};
  }
  bounds = std::move(values);
  return {};
}

Attribute SyntaxValues::attribute(Node node) {
  Attribute a;
  if (node.isNull()) return a;
  a.range = rangeOf(node);
  if (!enter(node)) return a;
  Level level{depth_};
  std::string_view kind = node.kind();
  std::string_view spelled = text(node);
  if (kind == "typed_attribute") {
    Attribute value = attribute(fieldOf(node, "value"));
    value.type = type(fieldOf(node, "type"));
    value.range = a.range;
    if (value.kind == Attribute::Kind::Integer && value.type && value.type->kind() == Type::Kind::Scalar &&
        value.type->element().isFloat()) {
      // `0 : f32` and hex bit patterns like `0x7FC00000 : f32` are floats.
      value.kind = Attribute::Kind::Float;
      value.real = static_cast<double>(value.integer);
    }
    return value;
  }
  if (kind == "integer" || kind == "hex_integer") {
    a.kind = Attribute::Kind::Integer;
    a.integer = parseInteger(spelled, &a.overflow);
    return a;
  }
  if (kind == "float") {
    a.kind = Attribute::Kind::Float;
    a.real = std::strtod(std::string(spelled).c_str(), nullptr);
    return a;
  }
  if (kind == "boolean") return Attribute::makeBool(spelled == "true", a.range);
  if (kind == "string") return Attribute::makeString(unquote(spelled), a.range);
  if (kind == "unit_attribute") return a;
  if (kind == "dynamic_size") {
    a.kind = Attribute::Kind::Opaque;
    a.text = "?";
    return a;
  }
  if (kind == "enum_value") return Attribute::makeEnum("", std::string(spelled), a.range);
  if (kind == "array_attribute" || kind == "dense_list") {
    a.kind = Attribute::Kind::Array;
    for (const auto &child : namedChildren(node)) a.elements.push_back(attribute(child.node));
    return a;
  }
  if (kind == "attribute_dictionary") {
    a.kind = Attribute::Kind::Dictionary;
    for (const auto &entry : namedChildren(node)) {
      Node name = fieldOf(entry.node, "name");
      std::string key = isKind(name, "string") ? unquote(text(name)) : std::string(text(name));
      Node value = fieldOf(entry.node, "value");
      Attribute v;
      v.range = rangeOf(entry.node);
      if (!value.isNull()) v = attribute(value);
      a.fields.emplace_back(std::move(key), std::move(v));
    }
    return a;
  }
  if (kind == "dense_attribute") {
    a.kind = Attribute::Kind::DenseElements;
    Node value = fieldOf(node, "value");
    std::string_view literal = value.isNull() ? std::string_view() : text(value);
    if (!literal.empty() && literal.front() == '[' &&
        bracketDepth(literal, syntax::kMaxNestingDepth - depth_) > syntax::kMaxNestingDepth - depth_) {
      error(value, "lower.too-deep",
            "dense literal nested more than " + std::to_string(syntax::kMaxNestingDepth) + " levels deep");
      // Not read: nothing later checks or decodes a literal that is not there.
      a.kind = Attribute::Kind::Opaque;
      a.text = "dense<...>";
      return a;
    }
    if (!value.isNull()) a.literalOffset = rangeOf(value).begin - a.range.begin;
    if (literal.size() > Attribute::kSharedLiteralSize) {
      a.sharedText = std::make_shared<const std::string>(literal);
    } else {
      a.text = std::string(literal);
    }
    return a;
  }
  if (kind == "dense_resource_attribute") {
    a.kind = Attribute::Kind::DenseResource;
    a.text = std::string(text(fieldOf(node, "handle")));
    return a;
  }
  if (kind == "array_literal") {
    a.kind = Attribute::Kind::DenseArray;
    a.type = type(fieldOf(node, "element_type"));
    for (const auto &child : namedChildren(node)) {
      if (child.field) continue;  // The element type.
      a.elements.push_back(attribute(child.node));
    }
    return a;
  }
  if (kind == "symbol_ref") {
    a.kind = Attribute::Kind::SymbolRef;
    std::string_view first = text(node.namedChild(0));
    a.text = first.size() > 1 && first[1] == '"' ? unquote(first.substr(1))
             : first.empty()                      ? std::string()
                                                  : std::string(first.substr(1));
    return a;
  }
  if (kind == "dialect_attribute") return dialectAttribute(node);
  if (kind == "dimension_numbers") {
    // [0] x [1] as a two-element array of arrays; convolution's three-part
    // form becomes a conv struct.
    Attribute lhs = attribute(fieldOf(node, "lhs")), rhs = attribute(fieldOf(node, "rhs"));
    Node output = fieldOf(node, "output");
    if (!output.isNull()) {
      Attribute out = attribute(output);
      std::string problem = convolutionDimensionsProblem(lhs, 'b', 'f', "input");
      if (problem.empty()) problem = convolutionDimensionsProblem(rhs, 'i', 'o', "kernel");
      if (problem.empty()) problem = convolutionDimensionsProblem(out, 'b', 'f', "output");
      if (!problem.empty()) error(node, "attribute.syntax", "malformed convolution dimension numbers: " + problem);
      return convolutionDimensions(lhs, rhs, out, a.range);
    }
    return Attribute::makeArray({lhs, rhs}, a.range);
  }
  if (kind == "attribute_parameters") return parameters(node, "");
  if (kind == "keyword_attribute") {
    a.kind = Attribute::Kind::Dictionary;
    a.fields.emplace_back(std::string(text(fieldOf(node, "key"))), attribute(fieldOf(node, "value")));
    return a;
  }
  static const char *const kTypeKinds[] = {"tensor_type", "vector_type", "memref_type", "tuple_type",
                                           "complex_type", "integer_type", "float_type", "index_type",
                                           "none_type", "token_type", "quantized_type", "dialect_type",
                                           "function_type"};
  for (const char *typeKind : kTypeKinds) {
    if (kind == typeKind) {
      a.kind = Attribute::Kind::TypeAttr;
      a.type = type(node);
      return a;
    }
  }
  a.kind = Attribute::Kind::Opaque;
  a.text = std::string(spelled);
  return a;
}

Attribute SyntaxValues::dialectAttribute(Node node) {
  std::string_view name = text(fieldOf(node, "name"));
  Node params = fieldOf(node, "parameters");
  if (params.isNull()) {
    auto alias = attributeAliases_.find(name);
    if (alias != attributeAliases_.end() && aliasDepth_ < 16) {
      ++aliasDepth_;
      Attribute resolved = attribute(alias->second);
      --aliasDepth_;
      resolved.range = rangeOf(node);
      return resolved;
    }
    Attribute a;
    a.kind = Attribute::Kind::Opaque;
    a.text = std::string(name);
    a.range = rangeOf(node);
    return a;
  }
  Attribute a = parameters(params, std::string(name.substr(name.empty() ? 0 : 1)));
  a.range = rangeOf(node);
  return a;
}

Attribute SyntaxValues::parameters(Node params, std::string name) {
  // `#stablehlo<comparison_direction GT>`: an enum; `#x.y<k = v, ...>`: a
  // struct; `#stablehlo.bounds<?, 4>` and similar lists: a struct with
  // positional elements.
  Attribute a;
  a.range = rangeOf(params);
  a.name = std::move(name);
  std::vector<syntax::FieldChild> items = namedChildren(params);
  bool dotted = a.name.find('.') != std::string::npos;
  if (!dotted && items.size() == 2 && isKind(items[0].node, "enum_value") && isKind(items[1].node, "enum_value")) {
    return Attribute::makeEnum(std::string(text(items[0].node)), std::string(text(items[1].node)), a.range);
  }
  if (dotted && items.size() == 1 && isKind(items[0].node, "enum_value")) {
    // #stablehlo.result_accuracy_mode<DEFAULT>
    std::string enumName = a.name.substr(a.name.find('.') + 1);
    return Attribute::makeEnum(enumName, std::string(text(items[0].node)), a.range);
  }
  a.kind = Attribute::Kind::Struct;
  checkStructFields(params, a.name);
  for (size_t i = 0; i < items.size(); ++i) {
    Node item = items[i].node;
    if (isKind(item, "keyword_attribute")) {
      a.fields.emplace_back(std::string(text(fieldOf(item, "key"))), attribute(fieldOf(item, "value")));
    } else if (isKind(item, "dimension_numbers") && a.name == "stablehlo.conv") {
      Attribute conv = attribute(item);
      for (auto &field : conv.fields) a.fields.push_back(std::move(field));
    } else if (isKind(item, "enum_value") && text(item) == "raw" && i == 0) {
      continue;  // #stablehlo.conv<raw ...>
    } else {
      a.elements.push_back(attribute(item));
    }
  }
  // `?` in a bounds list is an unnamed token, not a child: recover it.
  if (a.fields.empty() && a.elements.size() < static_cast<size_t>(params.childCount())) {
    std::vector<Attribute> positional;
    size_t next = 0;
    for (uint32_t i = 0; i < params.childCount(); ++i) {
      Node child = params.child(i);
      std::string_view t = child.kind();
      if (t == "?") {
        Attribute q;
        q.kind = Attribute::Kind::Opaque;
        q.text = "?";
        q.range = rangeOf(child);
        positional.push_back(q);
      } else if (child.isNamed() && next < a.elements.size()) {
        positional.push_back(a.elements[next++]);
      }
    }
    a.elements = std::move(positional);
  }
  return a;
}

void SyntaxValues::checkStructFields(Node params, const std::string &name) {
  // The fields StableHLO's struct attributes accept (the op table's strict
  // structs); others are errors, as are repeated fields and fields not
  // separated by commas.
  const ops::StructDef *fields = ops::findStruct(name);
  if (!fields || !fields->strict) return;
  std::map<std::string, Node, std::less<>> seen;
  bool previousWasItem = false;
  for (uint32_t i = 0; i < params.childCount(); ++i) {
    Node child = params.child(i);
    std::string_view kind = child.kind();
    if (kind == ",") {
      previousWasItem = false;
      continue;
    }
    if (!child.isNamed() || child.isExtra()) continue;
    if (previousWasItem) {
      error(child, "attribute.syntax", "expected `,` between the fields of #" + name);
      return;
    }
    previousWasItem = true;
    if (kind != "keyword_attribute") continue;
    std::string key(text(fieldOf(child, "key")));
    const std::vector<std::string_view> &allowed = fields->fields;
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      std::string list;
      for (size_t k = 0; k < allowed.size(); ++k) list += (k ? ", `" : "`") + std::string(allowed[k]) + "`";
      error(fieldOf(child, "key"), "attribute.unknown-field",
            "#" + name + " has no field `" + key + "`; expected one of: " + list);
      continue;
    }
    auto [it, inserted] = seen.emplace(key, child);
    if (!inserted) {
      Diagnostic d;
      d.range = rangeOf(fieldOf(child, "key"));
      d.code = "attribute.duplicate-field";
      d.message = "#" + name + " repeats the field `" + key + "`";
      d.related.push_back({rangeOf(fieldOf(it->second, "key")), "first given here"});
      diagnostics_.push_back(std::move(d));
    }
  }
}

ir::LocationRef SyntaxValues::location(Node node) {
  if (node.isNull()) return nullptr;
  // Models write the same few locations (mostly `loc(#locN)`) thousands of
  // times: one object per distinct text.
  std::string_view spelled = text(node);
  auto cached = locationCache_.find(spelled);
  if (cached != locationCache_.end()) return cached->second;
  size_t errors = diagnostics_.size();
  ir::LocationRef resolved = locationBody(node);
  if (diagnostics_.size() == errors) locationCache_.emplace(spelled, resolved);
  return resolved;
}

ir::LocationRef SyntaxValues::locationBody(Node node) {
  using ir::Location;
  auto unknown = [] {
    auto l = std::make_shared<Location>();
    l->kind = Location::Kind::Unknown;
    return l;
  };
  if (node.isNull()) return unknown();
  if (!enter(node)) return unknown();
  Level level{depth_};
  std::string_view kind = node.kind();
  if (kind == "location") return locationBody(node.namedChild(0));
  if (kind == "attribute_alias") {
    // `#loc3`: its definition at the end of the file; a cycle is cut by the
    // alias depth (and reads as unknown).
    std::string_view name = text(node);
    auto known = aliasLocations_.find(name);
    if (known != aliasLocations_.end()) return known->second;
    auto alias = attributeAliases_.find(name);
    if (alias == attributeAliases_.end() || !isKind(alias->second, "location") || aliasDepth_ >= 16) return unknown();
    ++aliasDepth_;
    ir::LocationRef resolved = locationBody(alias->second);
    --aliasDepth_;
    aliasLocations_.emplace(std::string(name), resolved);
    return resolved;
  }
  auto l = std::make_shared<Location>();
  if (kind == "file_line_col_location") {
    l->kind = Location::Kind::FileLineCol;
    l->name = unquote(text(fieldOf(node, "file")));
    l->line = locationNumber(text(fieldOf(node, "line")));
    l->column = locationNumber(text(fieldOf(node, "column")));
  } else if (kind == "name_location") {
    l->kind = Location::Kind::Name;
    l->name = unquote(text(fieldOf(node, "name")));
    Node child = fieldOf(node, "child");
    if (!child.isNull()) l->children.push_back(locationBody(child));
  } else if (kind == "callsite_location") {
    l->kind = Location::Kind::CallSite;
    l->children.push_back(locationBody(fieldOf(node, "callee")));
    l->children.push_back(locationBody(fieldOf(node, "caller")));
  } else if (kind == "fused_location") {
    l->kind = Location::Kind::Fused;
    for (const auto &child : namedChildren(node)) {
      if (!child.field) l->children.push_back(locationBody(child.node));  // Not the metadata.
    }
  } else {
    l->kind = Location::Kind::Unknown;
  }
  return l;
}

std::string convolutionDimensionsProblem(const Attribute &list, char first, char second, const std::string &side) {
  // As StableHLO's parser: each of the two letters once, and the spatial
  // dimensions numbered 0..n-1, each once; nothing else.
  int firstCount = 0, secondCount = 0;
  std::vector<int64_t> spatial;
  for (const Attribute &e : list.elements) {
    if (e.kind == Attribute::Kind::Enum && e.text.size() == 1 && e.text[0] == first) {
      ++firstCount;
    } else if (e.kind == Attribute::Kind::Enum && e.text.size() == 1 && e.text[0] == second) {
      ++secondCount;
    } else if (e.kind == Attribute::Kind::Integer) {
      spatial.push_back(e.integer);
    } else {
      return side + " has `" + e.str() + "`, expected `" + first + "`, `" + second + "` or a spatial dimension";
    }
  }
  for (auto [letter, count] : {std::pair{first, firstCount}, std::pair{second, secondCount}}) {
    if (count != 1) {
      return side + (count == 0 ? " is missing `" : " has more than one `") + std::string(1, letter) + "`";
    }
  }
  std::sort(spatial.begin(), spatial.end());
  for (size_t i = 0; i < spatial.size(); ++i) {
    if (spatial[i] != static_cast<int64_t>(i)) {
      return side + " spatial dimensions must be 0.." + std::to_string(spatial.size()) + "-1, each once";
    }
  }
  return "";
}

Attribute convolutionDimensions(const Attribute &input, const Attribute &kernel, const Attribute &output,
                                syntax::TextRange range) {
  Attribute a;
  a.kind = Attribute::Kind::Struct;
  a.name = "stablehlo.conv";
  a.range = range;
  // Each side lists, per tensor dimension, a letter (b, f, i, o) or the index
  // of a spatial dimension.
  auto side = [&](const Attribute &list, char first, char second, const std::string &prefix,
                  const std::string &firstName, const std::string &secondName) {
    int64_t firstDim = -1, secondDim = -1;
    std::vector<std::pair<int64_t, int64_t>> spatial;  // (spatial index, tensor dimension)
    for (size_t i = 0; i < list.elements.size(); ++i) {
      const Attribute &e = list.elements[i];
      if (e.kind == Attribute::Kind::Enum && e.text.size() == 1 && e.text[0] == first) {
        firstDim = static_cast<int64_t>(i);
      } else if (e.kind == Attribute::Kind::Enum && e.text.size() == 1 && e.text[0] == second) {
        secondDim = static_cast<int64_t>(i);
      } else if (e.kind == Attribute::Kind::Integer) {
        spatial.emplace_back(e.integer, static_cast<int64_t>(i));
      }
    }
    std::sort(spatial.begin(), spatial.end());
    std::vector<int64_t> spatialDims;
    for (const auto &[index, dim] : spatial) spatialDims.push_back(dim);
    a.fields.emplace_back(prefix + firstName, Attribute::makeInteger(firstDim, list.range));
    a.fields.emplace_back(prefix + secondName, Attribute::makeInteger(secondDim, list.range));
    a.fields.emplace_back(prefix + "spatial_dimensions", Attribute::makeIntegerArray(spatialDims, list.range));
  };
  side(input, 'b', 'f', "input_", "batch_dimension", "feature_dimension");
  side(kernel, 'i', 'o', "kernel_", "input_feature_dimension", "output_feature_dimension");
  side(output, 'b', 'f', "output_", "batch_dimension", "feature_dimension");
  return a;
}

}  // namespace shlo::lower
