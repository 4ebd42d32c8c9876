// Internal to lowering: what a pretty op writes beyond the generic form's
// pieces, and how it maps onto the generic form's attributes and types
// (openxla/stablehlo's assembly formats, per op).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "semantic/ir/IR.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::lower {

struct SliceRange {
  int64_t start = 0;
  int64_t limit = 0;
  int64_t stride = 1;
  bool hasLimit = false;
};

/// One piece of a pretty op's argument list.
struct PrettyItem {
  enum class Kind { Keyword, Enum, Value, Symbol, Group, Indices };
  Kind kind = Kind::Value;
  syntax::TextRange range;
  std::string key;   // Keyword: the name before `=`.
  std::string text;  // As written.
  ir::Attribute value;
  std::vector<SliceRange> slices;  // Indices.
};

struct PrettyOperation {
  std::vector<PrettyItem> items;
  std::vector<syntax::Node> iterationArguments;  // while's `%arg = %init` names.
  /// Names an unknown op's own syntax defines (`scf.for %i = ...`,
  /// `iter_args(%acc = %init)`): values its regions see, of unknown type.
  std::vector<syntax::Node> implicitDefinitions;
  std::string appliedOp;                   // reduce's `applies stablehlo.add`.
  std::vector<int64_t> groupOperandCounts;  // Operands of each `(...)` group, in text order.
  syntax::TextRange appliedRange;
};

/// A written type signature: `(A, B) -> C`, `A, B -> C`, or a plain list.
struct Signature {
  std::vector<ir::Type> operandTypes;
  std::vector<ir::Type> resultTypes;
  bool hasArrow = false;
};

/// `return` -> `func.return`, `call` -> `func.call`, `module` ->
/// `builtin.module`; other names unchanged.
std::string canonicalOpName(std::string_view written);
/// Ops whose pretty form the grammar knows (as opposed to unknown dialects).
bool isKnownPrettyOp(std::string_view name);
/// `applies stablehlo.add` builds the op's body (reduce).
bool appliesReducer(std::string_view name);
/// Terminators and checks: their types are their operands' types.
bool isReturnLike(std::string_view name);

/// Works out written operand types and result types from the signature,
/// following each op's assembly format when the signature is a plain list.
void resolveSignature(const ir::Operation &op, const Signature &signature, size_t boundResults,
                      std::vector<ir::Type> &operandTypes, std::vector<ir::Type> &resultTypes);

/// The enum name the generic form writes for an enum-valued attribute
/// (`compare_type` -> `comparison_type` in `#stablehlo<comparison_type
/// FLOAT>`, `precision_config` -> `precision`); empty for other attributes.
std::string_view genericEnumName(std::string_view attribute);

/// Sets the generic form's attributes from the pretty items.
void desugar(ir::Operation &op, const PrettyOperation &pretty, const std::vector<ir::Type> &resultTypes);

}  // namespace shlo::lower
