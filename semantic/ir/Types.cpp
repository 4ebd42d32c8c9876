#include "semantic/ir/Types.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/SmallString.h>

#include <charconv>
#include <cstdio>
#include <limits>
#include <sstream>

#include "support/CheckedArithmetic.h"

namespace shlo::ir {

namespace {

struct FloatFormatInfo {
  FloatFormat format;
  const char *name;
  unsigned width;
  double largestFinite;  // f80/f128: a double's, the most a scale can hold here
};

constexpr FloatFormatInfo kFloatFormats[] = {
    {FloatFormat::F4E2M1FN, "f4E2M1FN", 4, 6.0},
    {FloatFormat::F6E2M3FN, "f6E2M3FN", 6, 7.5},
    {FloatFormat::F6E3M2FN, "f6E3M2FN", 6, 28.0},
    {FloatFormat::F8E3M4, "f8E3M4", 8, 15.5},
    {FloatFormat::F8E4M3, "f8E4M3", 8, 240.0},
    {FloatFormat::F8E4M3FN, "f8E4M3FN", 8, 448.0},
    {FloatFormat::F8E4M3FNUZ, "f8E4M3FNUZ", 8, 240.0},
    {FloatFormat::F8E4M3B11FNUZ, "f8E4M3B11FNUZ", 8, 30.0},
    {FloatFormat::F8E5M2, "f8E5M2", 8, 57344.0},
    {FloatFormat::F8E5M2FNUZ, "f8E5M2FNUZ", 8, 57344.0},
    {FloatFormat::F8E8M0FNU, "f8E8M0FNU", 8, 1.7014118346046923e38},
    {FloatFormat::BF16, "bf16", 16, 3.3895313892515355e38},
    {FloatFormat::F16, "f16", 16, 65504.0},
    {FloatFormat::TF32, "tf32", 19, 3.4011621342146535e38},
    {FloatFormat::F32, "f32", 32, 3.4028234663852886e38},
    {FloatFormat::F64, "f64", 64, std::numeric_limits<double>::max()},
    {FloatFormat::F80, "f80", 80, std::numeric_limits<double>::max()},
    {FloatFormat::F128, "f128", 128, std::numeric_limits<double>::max()},
};

const FloatFormatInfo &info(FloatFormat format) { return kFloatFormats[static_cast<size_t>(format)]; }

std::string formatDouble(double value) {
  // A quantized type's scale as MLIR prints floats: six digits in exponent
  // form when they read back to the same double (`2.000000e+00`), else
  // APFloat's default text with every digit needed (`0.0039132908278820561`).
  llvm::APFloat v(value);
  llvm::SmallString<32> text;
  v.toString(text, 6, 0, false);
  if (!v.isNaN() && !v.isInfinity() && llvm::APFloat(llvm::APFloat::IEEEdouble(), text.str()).bitwiseIsEqual(v)) {
    return std::string(text.str());
  }
  text.clear();
  v.toString(text);
  return std::string(text.str());
}

void appendDimension(std::string &out, int64_t size) {
  if (size == kDynamic) {
    out += '?';
    return;
  }
  char digits[24];
  auto [end, ec] = std::to_chars(digits, digits + sizeof digits, size);
  out.append(digits, end);
}

}  // namespace

unsigned bitWidth(FloatFormat format) { return info(format).width; }
double largestFinite(FloatFormat format) { return info(format).largestFinite; }
std::string formatScale(double value) { return formatDouble(value); }
const char *floatFormatName(FloatFormat format) { return info(format).name; }

std::optional<FloatFormat> parseFloatFormat(std::string_view name) {
  for (const FloatFormatInfo &f : kFloatFormats) {
    if (name == f.name) return f.format;
  }
  return std::nullopt;
}

ElementType ElementType::integer(unsigned width, Signedness signedness) {
  ElementType t;
  t.kind_ = Kind::Integer;
  t.width_ = width;
  t.signedness_ = signedness;
  return t;
}

ElementType ElementType::floating(FloatFormat format) {
  ElementType t;
  t.kind_ = Kind::Float;
  t.format_ = format;
  t.width_ = ir::bitWidth(format);
  return t;
}

ElementType ElementType::complex(FloatFormat part) {
  ElementType t;
  t.kind_ = Kind::Complex;
  t.format_ = part;
  t.width_ = 2 * ir::bitWidth(part);
  return t;
}

ElementType ElementType::index() {
  ElementType t;
  t.kind_ = Kind::Index;
  t.width_ = 64;
  return t;
}

ElementType ElementType::none() { return ElementType(); }

ElementType ElementType::quantized(std::shared_ptr<const QuantizedElement> info) {
  ElementType t;
  t.kind_ = Kind::Quantized;
  t.width_ = info ? info->storageType.width() : 0;
  t.quantized_ = std::move(info);
  return t;
}

unsigned ElementType::bitWidth() const { return width_; }

std::string ElementType::str() const {
  std::string out;
  appendTo(out);
  return out;
}

void ElementType::appendTo(std::string &text) const {
  switch (kind_) {
    case Kind::Integer:
      text += signedness_ == Signedness::Signed ? "si" : signedness_ == Signedness::Unsigned ? "ui" : "i";
      appendDimension(text, width_);
      return;
    case Kind::Float: text += floatFormatName(format_); return;
    case Kind::Complex:
      text += "complex<";
      text += floatFormatName(format_);
      text += '>';
      return;
    case Kind::Index: text += "index"; return;
    case Kind::None: text += "none"; return;
    case Kind::Quantized: {
      const QuantizedElement &q = *quantized_;
      std::ostringstream out;
      out << "!quant.uniform<" << q.storageType.str();
      if (q.explicitStorageRange) out << "<" << q.storageMin << ":" << q.storageMax << ">";
      out << ":" << q.expressedType.str();
      if (q.quantizationDimension) out << ":" << *q.quantizationDimension;
      out << ", ";
      auto parameter = [&](size_t i) {
        out << formatDouble(q.scales[i]);
        if (i < q.zeroPoints.size() && q.zeroPoints[i] != 0) out << ":" << q.zeroPoints[i];
      };
      if (q.quantizationDimension) {
        out << "{";
        for (size_t i = 0; i < q.scales.size(); ++i) {
          if (i) out << ",";
          parameter(i);
        }
        out << "}";
      } else if (!q.scales.empty()) {
        parameter(0);
      }
      out << ">";
      text += out.str();
      return;
    }
  }
  text += '?';
}

bool ElementType::operator==(const ElementType &other) const {
  if (kind_ != other.kind_) return false;
  switch (kind_) {
    case Kind::Integer: return width_ == other.width_ && signedness_ == other.signedness_;
    case Kind::Float:
    case Kind::Complex: return format_ == other.format_;
    case Kind::Quantized:
      return quantized_ == other.quantized_ || (quantized_ && other.quantized_ && *quantized_ == *other.quantized_);
    default: return true;
  }
}

bool QuantizedElement::operator==(const QuantizedElement &other) const {
  return storageType == other.storageType && storageMin == other.storageMin && storageMax == other.storageMax &&
         expressedType == other.expressedType && quantizationDimension == other.quantizationDimension &&
         scales == other.scales && zeroPoints == other.zeroPoints;
}

const Type::Storage &Type::invalidStorage() {
  static const Storage storage;
  return storage;
}

Type Type::tensor(std::vector<int64_t> shape, ElementType element, std::vector<int64_t> bounds,
                  std::string encoding) {
  auto t = std::make_shared<Storage>();
  t->kind = Kind::Tensor;
  t->shape = std::move(shape);
  t->element = std::move(element);
  t->encoding = std::move(encoding);
  bool anyBound = false;
  for (int64_t b : bounds) anyBound |= b != kDynamic;
  if (anyBound) t->bounds = std::move(bounds);
  return Type(std::move(t));
}

Type Type::unrankedTensor(ElementType element) {
  auto t = std::make_shared<Storage>();
  t->kind = Kind::Tensor;
  t->ranked = false;
  t->element = std::move(element);
  return Type(std::move(t));
}

Type Type::token() {
  static const Type token = [] {
    auto t = std::make_shared<Storage>();
    t->kind = Kind::Token;
    return Type(std::move(t));
  }();
  return token;
}

Type Type::tuple(std::vector<Type> elements) {
  auto t = std::make_shared<Storage>();
  t->kind = Kind::Tuple;
  t->elements = std::move(elements);
  return Type(std::move(t));
}

Type Type::function(std::vector<Type> inputs, std::vector<Type> results) {
  auto t = std::make_shared<Storage>();
  t->kind = Kind::Function;
  t->elements = std::move(inputs);
  t->results = std::move(results);
  return Type(std::move(t));
}

Type Type::scalar(ElementType element) {
  auto t = std::make_shared<Storage>();
  t->kind = Kind::Scalar;
  t->element = std::move(element);
  return Type(std::move(t));
}

Type Type::other(std::string text) {
  auto t = std::make_shared<Storage>();
  t->kind = Kind::Other;
  t->text = std::move(text);
  return Type(std::move(t));
}

bool Type::hasStaticShape() const {
  if (kind() != Kind::Tensor || !ranked()) return false;
  for (int64_t d : shape()) {
    if (d == kDynamic) return false;
  }
  return true;
}

int64_t Type::numElements() const { return checked::product(shape()).value_or(-1); }

std::optional<int64_t> Type::checkedNumElements() const {
  if (kind() == Kind::Scalar) return 1;
  if (!hasStaticShape()) return std::nullopt;
  return checked::product(shape());
}

std::optional<int64_t> Type::checkedByteSize() const {
  std::optional<int64_t> count = checkedNumElements();
  if (!count) return std::nullopt;
  return checked::packedByteSize(*count, element().bitWidth());
}

std::string Type::str() const {
  std::string out;
  appendTo(out);
  return out;
}

namespace {

void appendList(std::string &out, const std::vector<const Type *> &types) {
  for (size_t i = 0; i < types.size(); ++i) {
    if (i) out += ", ";
    types[i]->appendTo(out);
  }
}

std::vector<const Type *> pointers(const std::vector<Type> &types) {
  std::vector<const Type *> out;
  out.reserve(types.size());
  for (const Type &t : types) out.push_back(&t);
  return out;
}

}  // namespace

void Type::appendFunction(std::string &out, const std::vector<const Type *> &inputs,
                          const std::vector<const Type *> &results) {
  out += '(';
  appendList(out, inputs);
  out += ") -> ";
  bool parenthesized = results.size() != 1 || results[0]->isFunction();
  if (parenthesized) out += '(';
  appendList(out, results);
  if (parenthesized) out += ')';
}

void Type::appendTo(std::string &out) const {
  const Storage &t = s();
  switch (t.kind) {
    case Kind::Tensor: {
      out += "tensor<";
      if (!t.ranked) out += "*x";
      for (int64_t d : t.shape) {
        appendDimension(out, d);
        out += 'x';
      }
      t.element.appendTo(out);
      if (!t.bounds.empty()) {
        out += ", #stablehlo.bounds<";
        for (size_t i = 0; i < t.bounds.size(); ++i) {
          if (i) out += ", ";
          appendDimension(out, t.bounds[i]);
        }
        out += '>';
      } else if (!t.encoding.empty()) {
        out += ", ";
        out += t.encoding;
      }
      out += '>';
      return;
    }
    case Kind::Token: out += "!stablehlo.token"; return;
    case Kind::Tuple:
      out += "tuple<";
      appendList(out, pointers(t.elements));
      out += '>';
      return;
    case Kind::Function: appendFunction(out, pointers(t.elements), pointers(t.results)); return;
    case Kind::Scalar: t.element.appendTo(out); return;
    case Kind::Other: out += t.text; return;
    case Kind::Invalid: out += "<invalid type>"; return;
  }
}

bool Type::operator==(const Type &other) const {
  if (storage_ == other.storage_) return true;
  const Storage &a = s(), &b = other.s();
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Kind::Tensor:
      return a.ranked == b.ranked && a.shape == b.shape && a.bounds == b.bounds && a.element == b.element;
    case Kind::Tuple: return a.elements == b.elements;
    case Kind::Function: return a.elements == b.elements && a.results == b.results;
    case Kind::Scalar: return a.element == b.element;
    case Kind::Other: return a.text == b.text;
    default: return true;
  }
}

Type Type::withShape(std::vector<int64_t> shape) const { return tensor(std::move(shape), element()); }

Type Type::withElement(ElementType element) const {
  auto t = std::make_shared<Storage>(s());
  t->element = std::move(element);
  return Type(std::move(t));
}

bool sameBaselineElementType(const ElementType &a, const ElementType &b) {
  if (!a.isQuantized() || !b.isQuantized()) return a == b;
  const QuantizedElement &x = *a.quantizedInfo(), &y = *b.quantizedInfo();
  return x.storageType == y.storageType && x.expressedType == y.expressedType &&
         x.storageMin == y.storageMin && x.storageMax == y.storageMax &&
         x.quantizationDimension == y.quantizationDimension;
}

bool isShapeCompatible(const Type &a, const Type &b) {
  if (!a.isTensor() || !b.isTensor()) return a == b;
  if (!a.ranked() || !b.ranked()) return true;
  if (a.rank() != b.rank()) return false;
  for (int64_t i = 0; i < a.rank(); ++i) {
    int64_t x = a.dim(i), y = b.dim(i);
    if (x == kDynamic || y == kDynamic) {
      // A bounded dynamic size is compatible with static sizes up to its bound.
      int64_t bound = x == kDynamic ? (a.bounds().empty() ? kDynamic : a.bounds()[i])
                                    : (b.bounds().empty() ? kDynamic : b.bounds()[i]);
      int64_t size = x == kDynamic ? y : x;
      if (bound != kDynamic && size != kDynamic && size > bound) return false;
      continue;
    }
    if (x != y) return false;
  }
  return true;
}

bool isCompatible(const Type &a, const Type &b) {
  if (a.kind() != b.kind()) return false;
  if (a.isTuple()) {
    if (a.elements().size() != b.elements().size()) return false;
    for (size_t i = 0; i < a.elements().size(); ++i) {
      if (!isCompatible(a.elements()[i], b.elements()[i])) return false;
    }
    return true;
  }
  if (!a.isTensor()) return a == b;
  return a.element() == b.element() && isShapeCompatible(a, b);
}

}  // namespace shlo::ir
