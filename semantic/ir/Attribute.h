// Attributes of the semantic model: every kind the grammar parses, lowered to
// one tagged value. Pretty and generic forms of an op lower to the same
// attributes (`dims = [1, 0]` on transpose is `permutation`, an integer
// array). Dense element data is kept as source text and decoded on demand.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "semantic/ir/Types.h"
#include "semantic/syntax/TextRange.h"

namespace shlo::ir {

struct AttributeField;

class Attribute {
 public:
  enum class Kind : uint8_t {
    Integer,        // 1 : i64
    Float,          // 1.0 : f32
    Bool,           // true
    String,         // "text" (escapes decoded)
    Unit,           // a name with no value
    Array,          // [a, b]; also integer lists of the pretty forms
    Dictionary,     // {a = 1}
    DenseElements,  // dense<...> : tensor<...>, decoded on demand
    DenseResource,  // dense_resource<handle> : tensor<...>
    DenseArray,     // array<i64: 1, 2>
    Enum,           // #stablehlo<comparison_direction GT>, or GT in a pretty op
    Struct,         // #stablehlo.gather<offset_dims = [1], ...>
    SymbolRef,      // @callee
    TypeAttr,       // a type used as a value
    Opaque,         // anything else, kept as text
  };

  Kind kind = Kind::Unit;
  syntax::TextRange range;
  /// Integer/Bool value; also whether an integer overflowed int64.
  int64_t integer = 0;
  bool overflow = false;
  /// DenseElements: where the literal's text starts, counted from
  /// range.begin (0 when unknown), for diagnostics inside the literal.
  uint32_t literalOffset = 0;
  double real = 0;
  /// String value, enum case, symbol name, struct/enum name, opaque text, or
  /// the dense literal's text between `dense<` and `>` (read dense literals
  /// through literal(): a long one is in `sharedText` instead).
  std::string text;
  /// A dense literal longer than kSharedLiteralSize bytes, shared by every
  /// copy of the attribute: copying IR (incremental analysis copies the
  /// functions an edit did not touch) must not copy a constant of many MB.
  std::shared_ptr<const std::string> sharedText;
  static constexpr size_t kSharedLiteralSize = 4096;
  /// The dense literal's text between `dense<` and `>`, wherever it is kept.
  std::string_view literal() const { return sharedText ? std::string_view(*sharedText) : std::string_view(text); }
  /// Enum: the enum's name (`comparison_direction`); Struct: the attribute's
  /// name (`stablehlo.gather`).
  std::string name;
  /// The written type: of a typed literal, of dense elements, of a TypeAttr,
  /// the element type of a DenseArray.
  std::optional<Type> type;
  /// Array elements and DenseArray values (as Integer/Float/Bool attributes).
  std::vector<Attribute> elements;
  /// Dictionary and Struct fields, in written order.
  std::vector<AttributeField> fields;

  static Attribute makeInteger(int64_t value, syntax::TextRange range = {});
  static Attribute makeBool(bool value, syntax::TextRange range = {});
  static Attribute makeString(std::string value, syntax::TextRange range = {});
  static Attribute makeEnum(std::string enumName, std::string value, syntax::TextRange range = {});
  static Attribute makeIntegerArray(const std::vector<int64_t> &values, syntax::TextRange range = {});
  static Attribute makeArray(std::vector<Attribute> elements, syntax::TextRange range = {});

  bool isInteger() const { return kind == Kind::Integer; }
  /// The field of a Dictionary or Struct, or null.
  const Attribute *field(std::string_view name) const;

  /// The values of an integer list: an Array of integers, a DenseArray, or
  /// integer DenseElements of rank <= 1. nullopt for anything else.
  std::optional<std::vector<int64_t>> integers() const;
  /// A boolean list: Array of Bool or DenseArray<i1> (or dense<...> : i1).
  std::optional<std::vector<bool>> booleans() const;

  /// MLIR-like text for messages.
  std::string str() const;
};

/// A named field of a Dictionary or Struct attribute (pair-like).
struct AttributeField {
  AttributeField(std::string name, Attribute value) : first(std::move(name)), second(std::move(value)) {}
  std::string first;
  Attribute second;
};

/// Decodes the integers of a dense<...> literal (nested lists, splats are
/// expanded to `count` when given). Hex blobs are decoded little-endian with
/// `bitWidth` bits per element. nullopt when not integers.
std::optional<std::vector<int64_t>> decodeDenseIntegers(std::string_view literal, unsigned bitWidth = 64,
                                                        int64_t count = -1);

}  // namespace shlo::ir
