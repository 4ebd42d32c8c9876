// The type system of the StableHLO spec ("Types"): element types (booleans,
// integers, floating-point formats, complex), quantized element types,
// tensor types (static, dynamic and bounded dimensions), token, tuple and
// function types. Values, not handles: types are small and compared often.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace shlo::ir {

/// A dynamic dimension size (`?`), and "no bound" in a bounds list.
constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

enum class FloatFormat : uint8_t {
  F4E2M1FN, F6E2M3FN, F6E3M2FN,
  F8E3M4, F8E4M3, F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2, F8E5M2FNUZ, F8E8M0FNU,
  BF16, F16, TF32, F32, F64, F80, F128,
};

/// The storage width in bits of a floating-point format.
unsigned bitWidth(FloatFormat format);
/// The largest finite value of a format (f80 and f128: a double's largest).
double largestFinite(FloatFormat format);
/// A quantization scale as MLIR prints it (`1.000000e-01`).
std::string formatScale(double value);
const char *floatFormatName(FloatFormat format);
std::optional<FloatFormat> parseFloatFormat(std::string_view name);

enum class Signedness : uint8_t { Signless, Signed, Unsigned };

struct QuantizedElement;

/// An element type: `i1` (boolean), `i8`/`si8`/`ui8`..., a float format,
/// `complex<f32|f64>`, `index`, or a quantized element type.
class ElementType {
 public:
  enum class Kind : uint8_t { Integer, Float, Complex, Index, Quantized, None };

  static ElementType integer(unsigned width, Signedness signedness = Signedness::Signless);
  static ElementType floating(FloatFormat format);
  static ElementType complex(FloatFormat part);
  static ElementType index();
  static ElementType none();
  static ElementType quantized(std::shared_ptr<const QuantizedElement> info);

  Kind kind() const { return kind_; }
  bool isInteger() const { return kind_ == Kind::Integer; }
  /// `i1`: the spec's boolean type.
  bool isBoolean() const { return kind_ == Kind::Integer && width_ == 1; }
  /// Integer types other than i1 (the spec's "integer types").
  bool isNonBooleanInteger() const { return kind_ == Kind::Integer && width_ != 1; }
  bool isUnsigned() const { return kind_ == Kind::Integer && signedness_ == Signedness::Unsigned; }
  /// Signless integers are signed in StableHLO (`i32` is `si32`).
  bool isSignedInteger() const { return isNonBooleanInteger() && signedness_ != Signedness::Unsigned; }
  bool isFloat() const { return kind_ == Kind::Float; }
  bool isComplex() const { return kind_ == Kind::Complex; }
  bool isQuantized() const { return kind_ == Kind::Quantized; }
  bool isIndex() const { return kind_ == Kind::Index; }

  unsigned width() const { return width_; }
  Signedness signedness() const { return signedness_; }
  /// Float format of a float type, or of each part of a complex type.
  FloatFormat floatFormat() const { return format_; }
  const QuantizedElement *quantizedInfo() const { return quantized_.get(); }
  /// Storage width in bits (complex: both parts).
  unsigned bitWidth() const;

  /// The spec's spelling: `i32`, `ui8`, `f8E4M3FN`, `complex<f32>`, ...
  std::string str() const;
  /// str() appended to `out` (printers: no temporary strings).
  void appendTo(std::string &out) const;
  bool operator==(const ElementType &other) const;
  bool operator!=(const ElementType &other) const { return !(*this == other); }

 private:
  Kind kind_ = Kind::None;
  unsigned width_ = 0;
  Signedness signedness_ = Signedness::Signless;
  FloatFormat format_ = FloatFormat::F32;
  std::shared_ptr<const QuantizedElement> quantized_;
};

/// `!quant.uniform<storage<min:max>:expressed:dimension, {scale:zero_point, ...}>`
struct QuantizedElement {
  ElementType storageType;
  int64_t storageMin = 0;
  int64_t storageMax = 0;
  bool explicitStorageRange = false;
  ElementType expressedType;
  std::optional<int64_t> quantizationDimension;  // Set for per-axis quantization.
  std::vector<double> scales;
  std::vector<int64_t> zeroPoints;

  bool operator==(const QuantizedElement &other) const;
};

/// A type of a value or an attribute.
class Type {
 public:
  enum class Kind : uint8_t { Tensor, Token, Tuple, Function, Scalar, Other, Invalid };

  Type() = default;
  /// `tensor<shape x element>`; `bounds` is empty or one entry per dimension
  /// (kDynamic where a dimension has no bound). `encoding` is the text of any
  /// other encoding attribute (`#sparse_tensor.encoding<{...}>`, or an alias
  /// such as `#CSR`), kept for printing; empty when there is none.
  static Type tensor(std::vector<int64_t> shape, ElementType element, std::vector<int64_t> bounds = {},
                     std::string encoding = {});
  static Type unrankedTensor(ElementType element);
  static Type token();
  static Type tuple(std::vector<Type> elements);
  static Type function(std::vector<Type> inputs, std::vector<Type> results);
  /// A bare element type used as a value type (`index`, `i32` in arith ops).
  static Type scalar(ElementType element);
  /// A type the spec does not define (vector, memref, dialect types): kept
  /// by its text.
  static Type other(std::string text);

  Kind kind() const { return s().kind; }
  bool valid() const { return s().kind != Kind::Invalid; }
  bool isTensor() const { return s().kind == Kind::Tensor; }
  bool isToken() const { return s().kind == Kind::Token; }
  bool isTuple() const { return s().kind == Kind::Tuple; }
  bool isFunction() const { return s().kind == Kind::Function; }

  // Tensor types.
  bool ranked() const { return s().ranked; }
  int64_t rank() const { return static_cast<int64_t>(s().shape.size()); }
  const std::vector<int64_t> &shape() const { return s().shape; }
  int64_t dim(int64_t i) const { return s().shape[static_cast<size_t>(i)]; }
  const std::vector<int64_t> &bounds() const { return s().bounds; }
  /// A ranked tensor's encoding other than bounds, as written (see tensor()).
  /// The spec's tensor types carry none, and StableHLO's type inference
  /// ignores it: operator== and isCompatible do not compare it, str() prints it.
  const std::string &encoding() const { return s().encoding; }
  /// True when ranked and no dimension is dynamic.
  bool hasStaticShape() const;
  /// Number of elements of a static shape; -1 when the product of the
  /// sizes overflows int64 (the verifier reports such types, `type.too-large`).
  int64_t numElements() const;
  /// Number of elements of a static shape, or nullopt when it is not static
  /// or the product of its sizes overflows int64 (support/CheckedArithmetic.h).
  std::optional<int64_t> checkedNumElements() const;
  /// Bytes of a static tensor type's elements packed at the element type's
  /// storage width (i1 is 1 bit, complex<f32> 64 bits), rounded up to whole
  /// bytes; nullopt when the shape is not static or the size overflows int64.
  std::optional<int64_t> checkedByteSize() const;
  const ElementType &element() const { return s().element; }

  // Tuple and function types.
  const std::vector<Type> &elements() const { return s().elements; }
  const std::vector<Type> &inputs() const { return s().elements; }
  const std::vector<Type> &results() const { return s().results; }

  const std::string &text() const { return s().text; }

  /// MLIR's printed form: `tensor<2x?xf32, #stablehlo.bounds<?, 4>>`.
  std::string str() const;
  /// str() appended to `out` (printers: no temporary strings).
  void appendTo(std::string &out) const;
  /// `(inputs) -> results` as MLIR prints a function type, appended to
  /// `out`, without making the function type.
  static void appendFunction(std::string &out, const std::vector<const Type *> &inputs,
                             const std::vector<const Type *> &results);
  bool operator==(const Type &other) const;
  bool operator!=(const Type &other) const { return !(*this == other); }

  /// This type with another shape (same element type, no bounds).
  Type withShape(std::vector<int64_t> shape) const;
  /// This tensor type with another element type.
  Type withElement(ElementType element) const;

 private:
  // Immutable and shared: types are copied into every value and attribute,
  // so a copy is a reference count, not a set of vectors.
  struct Storage {
    Kind kind = Kind::Invalid;
    bool ranked = true;
    std::vector<int64_t> shape;
    std::vector<int64_t> bounds;
    std::string encoding;
    ElementType element;
    std::vector<Type> elements;
    std::vector<Type> results;
    std::string text;
  };
  explicit Type(std::shared_ptr<const Storage> storage) : storage_(std::move(storage)) {}
  static const Storage &invalidStorage();
  const Storage &s() const { return storage_ ? *storage_ : invalidStorage(); }

  std::shared_ptr<const Storage> storage_;
};

/// The spec's baseline element type: a quantized type without its scales
/// and zero points (storage type, expressed type, quantization dimension);
/// other element types unchanged. Quantized elementwise ops may change the
/// quantization parameters but not the baseline.
bool sameBaselineElementType(const ElementType &a, const ElementType &b);

/// Spec "Dynamism": two tensor types are compatible when their element types
/// are equal and, dimension by dimension, the sizes are equal or one is
/// dynamic; a dynamic size with a bound accepts static sizes up to the bound.
/// Unranked tensors are compatible with every tensor of the same element
/// type. Tuples compare element-wise; other types compare for equality.
bool isCompatible(const Type &a, const Type &b);
/// Shapes only (element types ignored).
bool isShapeCompatible(const Type &a, const Type &b);

}  // namespace shlo::ir
