// What completion, signature help and inlay hints say about an op, derived
// from the op table (semantic/ops: pretty-form templates, attribute schemas)
// and the spec's tables (SpecTables: Inputs, Outputs, constraints): the
// op's parameters with their descriptions, a snippet of its syntax, its
// documentation. Nothing here lists ops by hand.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "semantic/ops/Ops.h"

namespace shlo::ide {

/// One operand or attribute of an op, as signature help lists it.
struct OpParameter {
  std::string name;  // The spec's name (`lhs`, `comparison_direction`).
  bool attribute = false;
  /// Markdown: the spec's label and type, and the constraints it names
  /// (at most a few), e.g. "(I1) tensor or per-tensor quantized tensor".
  std::string documentation;
};

/// The op's operands (the spec's inputs that are not attributes, in the
/// spec's order; one `operands` parameter for ops the spec does not
/// define), then its attributes (the table's schema, regions left out).
std::vector<OpParameter> opParameters(const ops::OpDef &op);

/// The positional slots of the op's pretty form (what a comma separates
/// before the `:`), as indices into opParameters(op): `compare` is
/// {comparison_direction, lhs, rhs, compare_type}. For ops without a
/// template, the operands.
std::vector<size_t> prettySlots(const ops::OpDef &op, const std::vector<OpParameter> &parameters);

/// An LSP snippet (`${1:%lhs}` placeholders, `${2|A,B|}` choices, `$0` at the
/// end) of the op's syntax from its name on: the pretty form from the
/// table's `print` template when it has one and `generic` is false, else
/// the generic form `"name"(operands) {attributes} : (types) -> type`.
std::string opSnippet(const ops::OpDef &op, bool generic);

/// How many results the op's skeletons give it: the spec's Outputs (one
/// when the spec does not say), none for terminators.
size_t opResultCount(const ops::OpDef &op);

/// Markdown documentation of the op: its summary, the spec's first sentence
/// of its semantics, its inputs and outputs, and the spec link.
std::string opDocumentation(const ops::OpDef &op);

/// The enum values the attribute `attribute` of `op` takes (`GT`, `LT`...;
/// `precision_config`'s for each element), or empty.
std::vector<std::string_view> enumValues(const ops::OpDef &op, std::string_view attribute);

/// The element types a tensor type may hold, in the IR's spelling
/// (`i1`, `i8`, `ui8`, ..., `bf16`, `f32`, `complex<f32>`).
const std::vector<std::string> &elementTypeNames();

/// The text a snippet inserts when nothing is typed over it: placeholders'
/// defaults, a choice's first value, tab stops dropped (for clients without
/// snippet support).
std::string snippetPlainText(std::string_view snippet);

/// Escapes `$`, `}` and `\` for snippet text.
std::string escapeSnippet(std::string_view text);

}  // namespace shlo::ide
