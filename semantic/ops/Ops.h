// The op table: one definition per op the tools know (the StableHLO spec's
// ops, its deprecated ops, the CHLO ops of JAX exports, func, check and
// interpreter ops, and the core-dialect ops the grammar names). Every fact
// about an op that is not code lives here: its family, spec section,
// summary, traits, deprecation, attribute schema and how its pretty form
// maps onto the generic form. Generated from semantic/ops/defs/*.toml by
// semantic/ops/gen-ops.py (OpTable.inc; grammar/op-names.js comes from the
// same run). The verifier and the interpreter register their functions per
// op name; everything else asks this table.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "semantic/ops/SpecTables.h"

namespace shlo::ops {

/// Op families: the file stems of semantic/verify/ and the interpreter's
/// evaluators.
enum class Family : uint8_t {
  Elementwise,
  Conversion,
  Shape,
  Slicing,
  GatherScatter,
  Reductions,
  LinearAlgebra,
  Convolution,
  Normalization,
  Collectives,
  Communication,
  ControlFlow,
  Random,
  Chlo,
  CheckInterpreter,
  CoreDialects,
};

enum class Trait : uint8_t {
  /// No side effects and no regions: an op whose results are unused can be
  /// dropped (the linter's `unused.result` allowlist).
  Pure,
  /// Applies a function to each element (or pair of elements) independently.
  Elementwise,
  /// `op(a, b) = op(b, a)`.
  Commutative,
  /// Ends its block (func.return, stablehlo.return, chlo.return, mhlo.return).
  Terminator,
  /// The terminator of StableHLO regions (`stablehlo.return`).
  RegionReturn,
  /// The terminator of function bodies (`func.return`).
  FunctionReturn,
  /// Defines a function symbol (func.func, ml_program.func).
  Function,
  /// Holds regions (bodies, branches, reducers, comparators).
  HasRegions,
  /// Exchanges data between the processes of a process group.
  Collective,
  /// Reads the process grid: collectives, replica_id, partition_id, send, recv.
  ProcessGrid,
  /// May be the single op of an async_start's body (spec: async_start C2).
  AsyncWrappable,
  /// On quantized tensors, runs on the storage values and keeps the result
  /// type's quantization parameters (it moves or selects elements only).
  StorageOnlyQuantized,
  /// Takes per-tensor quantized tensors only, never per-axis (its Inputs
  /// table in the spec says "per-tensor quantized tensor").
  PerTensorQuantization,
  /// Produces a constant from its `value` attribute (stablehlo.constant).
  Constant,
  /// Listed in the spec's "Deprecated Operations".
  Deprecated,
  /// Deprecated, and its replacement takes the same operands, attributes
  /// and types: renaming the op is the whole migration (create_token).
  RenameReplacement,
  /// On quantized tensors: dequantize the operands, run the op in the
  /// expressed type, quantize the results (spec: dequantize_op_quantize and
  /// its variants for compare, select, batch norm and hybrid ops).
  DequantizeOpQuantize,
};

/// Spec, "Deprecated Operations": removal decided (after the compatibility
/// window) or still being explored.
enum class Deprecation : uint8_t { None, Removal, Explored };

/// How the grammar parses the op's pretty form.
enum class GrammarForm : uint8_t {
  None,     // No pretty form known: generic form or the unknown-op fallback.
  Keyword,  // The shared pretty form; the name is a keyword (grammar/op-names.js).
  Rule,     // A rule of its own in grammar.js (while, return, func.func, ...).
};

/// How a pretty op's written type list maps onto operand and result types
/// when it is not a function type `(A, B) -> C`.
enum class Signature : uint8_t {
  SameType,            // One type for every operand and the result; else operands then result.
  ResultOnly,          // The last type is the result's; operands untyped.
  Operands,            // The types are the operands' (terminators, checks, print).
  OperandsAreResults,  // The types are the operands' and the results' (while).
  FirstType,           // The first type is the operand's and the result's.
  Select,              // `pred type, T`: operands (pred, T, T), result T.
  IndexResult,         // The result is an `index` scalar (tensor.dim).
  ElementResult,       // The result is a scalar of the tensor's element type.
  I1Result,            // The result is i1 shaped like the operand (arith.cmpi).
  ArithSelect,         // `T` or `cond type, T`: operands (cond, T, T), result T.
};

/// What a pretty op's bare enum words (`GT`, `slt`) set.
enum class PrettyEnums : uint8_t {
  Predicate,   // The first sets `predicate` (arith.cmpi slt).
  Comparison,  // comparison_direction, then compare_type (stablehlo.compare).
  None,        // Ignored (reduce's `across dimensions`...).
};

/// What a pretty op's `[...]` index list sets.
enum class PrettyIndices : uint8_t { None, Slice, TupleIndex };

/// How the pretty form maps onto the generic form's attributes.
struct PrettyForm {
  Signature signature = Signature::SameType;
  PrettyEnums enums = PrettyEnums::Predicate;
  PrettyIndices indices = PrettyIndices::None;
  /// The attribute a `@symbol` sets: `callee`, or `call_target_name`.
  std::string_view symbolAttribute = "callee";
  /// The attribute a bare string sets (composite's `name`); empty: `value`.
  std::string_view stringAttribute;
  /// `window = {stride = ...}` sets window_strides, padding, ... (convolution).
  bool windowStruct = false;
  /// `format = e5m10` sets exponent_bits and mantissa_bits.
  bool formatBits = false;
  /// `applies stablehlo.add` builds the body (reduce).
  bool appliesReducer = false;
};

/// A pretty keyword and the generic attribute it sets (`dims` ->
/// `broadcast_dimensions`).
struct KeywordRename {
  std::string_view keyword;
  std::string_view attribute;
};

/// An attribute value the pretty form leaves out (`has_side_effect =
/// false` of custom_call), as the formatter prints it.
struct PrintDefault {
  std::string_view attribute;
  std::string_view text;
};

enum class AttrKind : uint8_t {
  Integer,       // constant of type si64/ui32...
  Bool,          // constant of type i1
  Float,         // constant of type f32
  String,        // string
  IntegerArray,  // 1-dimensional tensor constant of integer type
  Dense,         // other tensor constants (2-d replica groups, pairs)
  Enum,          // enum of `A`, `B`
  Struct,        // #stablehlo.dot<...> and other struct attributes
  Function,      // a region or a function reference
  Other,
};

/// One attribute of an op, from the spec's Inputs table (constants, enums,
/// functions) and the struct attributes lowering builds.
struct AttrDef {
  std::string_view name;
  AttrKind kind = AttrKind::Other;
  std::string_view specType;          // As the spec words it; empty when not in the spec.
  std::vector<std::string_view> enumValues;
  std::string_view structName;        // Struct: `stablehlo.dot`.
};

/// A struct attribute's fields (`#stablehlo.gather<offset_dims = ...>`).
struct StructDef {
  std::string_view name;
  std::vector<std::string_view> fields;
  /// Lowering rejects unknown and repeated fields.
  bool strict = false;
};

struct OpDef {
  std::string_view name;     // `stablehlo.dot_general`
  std::string_view dialect;  // `stablehlo`
  Family family = Family::Elementwise;
  std::string_view specSection;  // Anchor in spec.md (`dot_general`); empty when the spec has none.
  std::string_view summary;      // One sentence, for hover.
  uint32_t traits = 0;
  Deprecation deprecation = Deprecation::None;
  std::string_view replacement;  // Deprecated: the op to use instead; may be empty.
  GrammarForm grammar = GrammarForm::None;
  /// Other spellings that mean this op (`return`, `call`).
  std::vector<std::string_view> spellings;
  PrettyForm pretty;
  std::vector<KeywordRename> keywords;
  /// How the formatter prints the pretty form, after `%r = name`: literal
  /// text with `$directive`s, `@attribute` values and `[...]` groups printed
  /// only when their attributes are present (formatter/PrettyForms.cpp
  /// documents the directives). Empty: the op is printed in generic form.
  std::string_view printFormat;
  std::vector<PrintDefault> printDefaults;
  std::vector<AttrDef> attributes;
  /// The symbol attribute naming the function the op calls (`callee` of
  /// func.call, `decomposition` of composite); empty for ops that call none.
  std::string_view calleeAttribute;

  bool has(Trait t) const { return (traits >> static_cast<unsigned>(t)) & 1u; }
  /// `dot_general` for `stablehlo.dot_general`.
  std::string_view shortName() const { return name.substr(dialect.size() + 1); }
  /// The spec's entry (inputs, outputs, constraints), or null.
  const SpecOp *spec() const;
  const AttrDef *attribute(std::string_view name) const;
  /// The generic attribute a pretty keyword sets (the keyword itself unless renamed).
  std::string_view attributeForKeyword(std::string_view keyword) const;
};

/// The op named `name` (canonical name, not a spelling), or null.
const OpDef *find(std::string_view name);
/// Every op, sorted by name.
const std::vector<OpDef> &all();
/// The canonical name of a written op name: `return` -> `func.return`,
/// `call` -> `func.call`, `module` -> `builtin.module`; others unchanged.
std::string_view canonicalName(std::string_view written);
/// True when `name` is a table op with trait `t` (false for unknown ops).
bool hasTrait(std::string_view name, Trait t);
/// The first op with trait `t` in name order (e.g. the region terminator), or null.
const OpDef *firstWith(Trait t);
/// The struct attribute `name` (`stablehlo.dot`), or null.
const StructDef *findStruct(std::string_view name);
const std::vector<StructDef> &structs();

std::string_view familyName(Family family);
std::string_view traitName(Trait trait);

}  // namespace shlo::ops
