#include "semantic/diagnostics/Codes.h"

#include <map>

namespace shlo {

const char *categoryName(CodeCategory category) {
  switch (category) {
    case CodeCategory::Syntax:
      return "syntax";
    case CodeCategory::Lowering:
      return "lowering";
    case CodeCategory::Constraint:
      return "constraint";
    case CodeCategory::Structure:
      return "structure";
    case CodeCategory::Advisory:
      return "advisory";
    case CodeCategory::Lint:
      return "lint";
    case CodeCategory::Run:
      return "run";
  }
  return "lowering";
}

namespace {

using C = CodeCategory;
using S = Severity;

// One code each. Emitted by: semantic/syntax (syntax.missing/unexpected),
// semantic/lower (syntax.attribute-outside-op, ssa.*, symbol.*, type.*,
// quantized_type.*, attribute.*, reduce.applies), semantic/verify/Verifier.cpp
// (ssa.type-mismatch, func.*), semantic/verify/OpNames.cpp (op.*), linter/
// (deprecated.op, unused.result), cli/RunCommand.cpp (run.*), linter/rules/ (SHLO<n>: `shlo lint`'s rules;
// title, category and severity here must match the rule's, which
// tests/linter/RulesTest.cpp checks) and linter/Suppressions.cpp (lint.*).
constexpr const char *kLintDocumentation =
    "A rule of `shlo lint`: `shlo lint --explain CODE` prints what it finds, why it matters, an example and "
    "the fix (docs/rules/CODE.md has the same text).";

std::vector<CodeInfo> singleCodes() {
  return {
      {"syntax.missing", "missing token", C::Syntax, S::Error, "#programs",
       "The parser expected a token that is not there (a `>` closing a type, a `:` before a type) and assumed it; "
       "the message names what is missing. Write it where the caret points."},
      {"syntax.unexpected", "unexpected text", C::Syntax, S::Error, "#programs",
       "Text the grammar cannot place: the message names the text and the construct it appears in. Usually a typo, "
       "a construct of a newer StableHLO, or a pretty form the grammar does not know (the generic form "
       "`\"dialect.op\"(...)` always parses)."},
      {"syntax.attribute-outside-op", "attribute outside of any operation", C::Syntax, S::Error, "#operations",
       "An attribute dictionary that belongs to no operation. Attach it to an op or remove it."},
      {"ssa.undefined-value", "use of an undefined value", C::Lowering, S::Error, "#functions",
       "An operand names a value no op or block argument defines before it in an enclosing region. Define it first, "
       "or fix the name."},
      {"ssa.redefinition", "value defined twice", C::Lowering, S::Error, "#functions",
       "Each value name may be defined once per region (SSA). Rename one of the definitions."},
      {"ssa.result-count", "result count does not match the op", C::Lowering, S::Error, "#operations",
       "The number of result names (`%a, %b = ...` or `%r:2 = ...`) differs from the number of results the op's "
       "type has."},
      {"ssa.operand-count", "operand types do not match the operands", C::Lowering, S::Error, "#operations",
       "An op's function type `(T, ...) -> R` names one type per operand; this one names more or fewer types than "
       "the op has operands (MLIR's parser rejects the op)."},
      {"ssa.type-mismatch", "operand type differs from the value's type", C::Lowering, S::Error, "#operations",
       "The type an op writes for an operand is not the type its value was defined with. Fix the signature or the "
       "definition."},
      {"symbol.redefinition", "function defined twice", C::Lowering, S::Error, "#functions",
       "Two functions of one module have the same name. Rename one."},
      {"type.unknown", "unknown type", C::Lowering, S::Error, "#types",
       "The type's name is not a StableHLO type (or a float type the spec lists). Check the spelling."},
      {"type.invalid", "invalid type", C::Lowering, S::Error, "#types",
       "A type whose parts do not fit together, e.g. a complex type over an integer type."},
      {"type.bounds", "bounds do not match the shape", C::Lowering, S::Error, "#types",
       "A tensor type's `bounds` encoding must give one bound per dimension, and only dynamic dimensions may be "
       "bounded."},
      {"type.too-large", "tensor too large", C::Lowering, S::Error, "#types",
       "The type's element count or byte size overflows 64 bits or exceeds the largest tensor the suite supports "
       "(2^48 bytes, support/CheckedArithmetic.h). No program can hold such a value; check the dimensions."},
      {"lower.too-deep", "nesting too deep", C::Lowering, S::Error, "",
       "Attributes, types, locations, regions or dense literals nest deeper than the suite's limit "
       "(kMaxNestingDepth in semantic/syntax/Limits.h). What lies deeper is not read, so the stack stays bounded; "
       "flatten the input."},
      {"literal.shape", "dense literal does not fit its type's shape", C::Lowering, S::Error, "#types",
       "A dense literal's nesting must be regular (every list at one depth has as many elements, every element "
       "sits at the same depth) and its shape must be the type's, unless it is one element for the whole tensor "
       "(a splat), as StableHLO's MLIR parser requires."},
      {"literal.value", "dense literal element invalid for its element type", C::Lowering, S::Error, "#types",
       "An element of a dense literal must be a value of the element type: integers within its range (signless "
       "iN takes -2^(N-1) to 2^N-1, siN and uiN their own ranges), no float literal for an integer type, booleans "
       "only for i1, floats within a 64-bit float's range (narrower float types round), hex patterns within the "
       "element's width."},
      {"literal.hex", "malformed dense hex literal", C::Lowering, S::Error, "#types",
       "A hex blob `\"0x...\"` holds two hex digits a byte, little-endian, for one element (a splat) or for every "
       "element of the type; nothing is truncated or padded."},
      {"literal.resource", "missing or malformed dense_resource blob", C::Lowering, S::Error, "#types",
       "A `dense_resource<NAME>` constant names a blob of the file's `{-# dialect_resources: { builtin: {...} } #-}` "
       "section: `\"0x\"`, the alignment as 8 hex digits, then exactly the bytes of every element of the type "
       "(no splat); `__elided__` is the exporters' name for data left out."},
      {"type.C12", "quantization dimension out of range", C::Constraint, S::Error, "#types",
       "Quantized tensor types, (C12): `quantization_dimension < rank(self)`."},
      {"quantized_type.C3", "storage range outside the storage type", C::Constraint, S::Error, "#types",
       "Quantized element types, (C3): `type(storage_min)` and `type(storage_max)` lie within the storage type's "
       "range."},
      {"type.future", "future of a non-tensor type", C::Lowering, S::Error, "#types",
       "Future types: `!stablehlo.future<T...>` wraps ranked tensor types only (`tensor<2xf32>`, not `f32`)."},
      {"quantized_type.C5", "quantization scale not positive", C::Constraint, S::Error, "#types",
       "Quantized element types, (C5) and (C6): every scale is positive and finite."},
      {"quantized_type.C4", "quantization scale outside the expressed type", C::Constraint, S::Error, "#types",
       "Quantized element types, (C4): `type(scales...) = expressed_type`, so a scale must be a finite value of the "
       "expressed type (1.0e10 is not an f16)."},
      {"quantized_type.C7", "zero point outside the storage range", C::Constraint, S::Error, "#types",
       "Quantized element types, (C7): `storage_min <= zero_points <= storage_max`."},
      {"quantized_type.C10", "scales and zero points differ in number", C::Constraint, S::Error, "#types",
       "Quantized element types, (C10): a per-tensor quantized type has exactly one scale."},
      {"quantized_type.storage", "signed storage type spelled `siN`", C::Constraint, S::Error, "#types",
       "StableHLO's ops take quantized types whose storage type is a signless (`i8`, read as signed) or unsigned "
       "(`ui8`) integer of 2 to 32 bits; `si8` is not one of them."},
      {"attribute.syntax", "malformed attribute", C::Lowering, S::Error, "#operations",
       "An attribute's value does not have the form its kind needs (e.g. a missing `,` between the fields of a "
       "struct attribute)."},
      {"attribute.unknown-field", "unknown field of a struct attribute", C::Lowering, S::Error, "#operations",
       "The struct attribute (dimension numbers, ...) has no field of this name. Check the spelling."},
      {"attribute.duplicate-field", "field given twice", C::Lowering, S::Error, "#operations",
       "A field of a struct attribute is written twice; keep one."},
      {"reduce.applies", "reduce's `applies` form needs a binary op", C::Lowering, S::Error, "#reduce",
       "The pretty form `stablehlo.reduce(...) applies OP` takes the name of a binary elementwise op to build the "
       "body from."},
      {"op.unknown", "unknown op of a known dialect", C::Lowering, S::Error, "#operations",
       "The op table has every op of the stablehlo, chlo, func, check and interpreter dialects, and this name is "
       "none of them (or its dialect is a misspelling of one: `stablhlo.add`). The message suggests the closest "
       "op's name when one is close; the fix renames the op (unsafe: it may not be the op you meant)."},
      {"op.unregistered", "op of an unregistered dialect", C::Lowering, S::Error, "#operations",
       "Reported only with `shlo check --no-allow-unregistered-dialect` (as mlir-opt's flag of that name): the "
       "op's dialect is none the op table knows, so nothing about the op is checked."},
      {"func.return", "return does not match the function", C::Constraint, S::Error, "#functions",
       "The values a function returns must match its result types in number and type."},
      {"func.call.undefined", "call of an undefined function", C::Lowering, S::Error, "#functions",
       "The callee is not a function of the module. Define it or fix the name."},
      {"func.call.signature", "call does not match the callee", C::Constraint, S::Error, "#functions",
       "A call's operand and result types must be the callee's argument and result types."},
      {"deprecated.op", "deprecated op or feature", C::Advisory, S::Warning, "#deprecated-operations",
       "The spec's \"Deprecated Operations\" section deprecates this op or feature. A warning when it will be "
       "removed (broadcast, create_token, cross-replica-sum, dot, einsum, torch_index_select, unary_einsum: the "
       "message names the replacement; create_token -> after_all has a safe fix), a note when it is only being "
       "considered for removal (map, tuple, get_tuple_element, rng, complex comparisons, convolution's "
       "window_reversal). Never an error: `shlo check` still exits 0."},
      {"unused.result", "result never used", C::Advisory, S::Hint, "",
       "A side-effect-free op whose results are all unused computes nothing the program needs. Its fix, unsafe "
       "because the author may be about to use it, deletes the op. Hints are shown by editors (faded) and in "
       "`shlo check --format=json`; text output prints them with `--show-hints`."},
      {"SHLO001", "deprecated-op: an op the spec deprecates and will remove", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO002", "op-considered-for-removal: an op the spec is exploring to remove", C::Lint, S::Note, "",
       kLintDocumentation},
      {"SHLO003", "complex-comparison: a comparison of complex values", C::Lint, S::Note, "",
       kLintDocumentation},
      {"SHLO004", "window-reversal: a convolution that reverses its window", C::Lint, S::Note, "",
       kLintDocumentation},
      {"SHLO101", "unused-result: a side-effect-free op whose results are never used", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO102", "unused-private-function: a private function nothing refers to", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO103", "unreachable-branch: an if or case on a constant", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO104", "integer-division-by-zero: integer division or remainder by a constant zero", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO201", "float-equality: exact equality of two computed floating-point values", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO202", "narrow-accumulation: a dot_general or sum accumulating in bf16/f16", C::Lint, S::Note, "",
       kLintDocumentation},
      {"SHLO203", "lossy-convert-round-trip: a value converted to a narrower type and back", C::Lint, S::Note, "",
       kLintDocumentation},
      {"SHLO204", "naive-softmax: a softmax that does not subtract the maximum before exp", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO205", "log-of-softmax: log applied to a softmax", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO301", "redundant-convert: a convert to the same type", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO302", "redundant-reshape: a reshape to the same shape", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO303", "identity-transpose: a transpose by the identity permutation", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO304", "identity-broadcast: a broadcast_in_dim that changes nothing", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO305", "whole-slice: a slice of the whole tensor", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO306", "zero-pad: a pad that adds nothing", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO307", "add-zero: adding a constant zero", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO308", "multiply-one: multiplying by a constant one", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO309", "splat-constant: a dense constant that lists one value for every element", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO310", "large-constant: a constant literal larger than 1 MiB", C::Lint, S::Note, "",
       kLintDocumentation},
      {"SHLO311", "inferable-dynamic-dimension: a dynamic result dimension that type inference shows is static",
       C::Lint, S::Warning, "", kLintDocumentation},
      {"SHLO401", "f64-in-model: a function computing in f64", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO402", "backend-custom-call: a custom_call into one backend's library", C::Lint, S::Warning, "",
       kLintDocumentation},
      {"SHLO403", "collectives-without-grid: collectives in a module that does not give its process grid", C::Lint, S::Note, "",
       kLintDocumentation},
      {"SHLO501", "generic-form: an op in the generic form that has a pretty form", C::Lint, S::Note, "",
       kLintDocumentation},
      {"SHLO502", "quoted-symbol-name: a symbol name that must be quoted", C::Lint, S::Note, "",
       kLintDocumentation},
      {"SHLO503", "value-name-style: an SSA value name that is not a number or snake_case", C::Lint, S::Note, "",
       kLintDocumentation},
      {"lint.unknown-code", "unknown lint rule", C::Lint, S::Warning, "",
       "A `// shlo-lint:` suppression, or `select`/`ignore`/`severity`/`per-file-ignores` in shlo.toml or "
       "`[tool.shlo.lint]`, names a code, prefix or category no lint rule has. `shlo lint --list-rules` lists them."},
      {"lint.bad-suppression", "unknown suppression directive", C::Lint, S::Warning, "",
       "A `// shlo-lint:` comment whose directive is not disable-next-line, disable-line or disable-file."},
      {"run.check_failed", "a check failed", C::Run, S::Error, "",
       "`shlo run`: a `check.expect_*` op (or `custom_call @check.*`) found values other than expected."},
      {"run.unsupported", "not supported by the interpreter", C::Run, S::Error, "",
       "`shlo run`: the program uses an op or a feature the interpreter does not implement."},
      {"run.error", "runtime error", C::Run, S::Error, "#errors",
       "`shlo run`: evaluation failed (division by zero, an index out of range, a deadlocked process grid, ...)."},
      {"run.arguments", "bad function arguments", C::Run, S::Error, "",
       "`shlo run`: the inputs given (`--args`, `--input`) do not match the entry function's arguments."},
  };
}

// `<op>.<label>` codes of the verifier whose label is not a spec constraint
// (VerifyContext::error with a short name). Where a label names an input,
// the error is about that input's form or presence; the spec's Inputs
// table says what it must be.
struct Label {
  const char *label;
  CodeCategory category;
  const char *title;
  const char *documentation;
};

constexpr Label kLabels[] = {
    {"operands", C::Structure, "wrong operands", "The op takes another number or kind of operands."},
    {"results", C::Structure, "wrong results", "The op produces another number or kind of results."},
    {"regions", C::Structure, "wrong regions", "The op takes another number of regions, or a region is empty."},
    {"attributes", C::Structure, "missing or malformed attribute",
     "A required attribute is missing or its value has the wrong kind."},
    {"types", C::Structure, "operands or results are not tensors",
     "The op's operands and results must be tensors of the kinds its Inputs table lists."},
    {"type", C::Structure, "operand or result is not a tensor", "The operand or result must be a tensor."},
    {"operand", C::Constraint, "operand of the wrong type", "An operand's type is not one the op accepts."},
    {"result", C::Constraint, "result of the wrong type",
     "A result's type is not one the op produces from these operands (its inferred type differs), or, for "
     "reshape and broadcast_in_dim, not statically shaped with at most one bounded dynamic dimension."},
    {"shape", C::Constraint, "shapes differ", "The operands and results must have the same shape."},
    {"element_type", C::Constraint, "element types differ", "The operands must have the same element type."},
    {"quantization", C::Constraint, "per-axis quantization not allowed",
     "The op's Inputs table allows per-tensor quantized tensors only."},
    {"batching_dims", C::Constraint, "batching dimensions not allowed",
     "dynamic_gather has no batching dimensions (operand_batching_dims, start_indices_batching_dims)."},
    {"layout", C::Structure, "malformed layout", "`layout` must be an array of integer arrays, one per operand."},
    {"layouts", C::Structure, "malformed operand or result layouts",
     "custom_call's `operand_layouts`/`result_layouts` need one permutation of each operand's or result's "
     "dimensions, both or neither."},
    {"aliases", C::Structure, "malformed output-operand aliases",
     "custom_call's `output_operand_aliases` must name existing operands and outputs of the same type, each "
     "output at most once."},
    {"buffer", C::Structure, "malformed buffer custom call",
     "The CreateBuffer/Pin/Unpin custom calls take and produce buffers of a fixed form."},
    {"algorithm", C::Constraint, "bad dot algorithm", "dot_general's `algorithm` fields are inconsistent."},
    {"backend_config", C::Structure, "malformed backend_config",
     "The custom call's backend_config has the wrong kind."},
    {"call_target_name", C::Structure, "missing call_target_name", "custom_call needs a `call_target_name`."},
    {"comparison_direction", C::Structure, "missing comparison_direction", "compare needs a `comparison_direction`."},
    {"contracting", C::Constraint, "contracting dimensions differ",
     "The lhs and rhs contracting dimensions must be as many and of the same sizes."},
    {"dimension_numbers", C::Constraint, "bad dimension numbers",
     "The dimension numbers (ragged_dot's) name dimensions out of range or twice, or break the op's mode rules."},
    {"dimension", C::Constraint, "bad dimension",
     "The op's `dimension` is outside an operand's rank, or an operand's size along it differs from the op's."},
    {"einsum_config", C::Structure, "malformed einsum_config", "einsum's `einsum_config` is not a valid equation."},
    {"precision_config", C::Constraint, "bad precision_config", "precision_config has one entry per operand."},
    {"transpose_a", C::Structure, "malformed transpose_a", "triangular_solve's `transpose_a` is not a Transpose."},
    {"index", C::Constraint, "bad index", "The index operand or attribute has the wrong type or value."},
    {"k", C::Structure, "missing k", "top_k needs an integer `k`."},
    {"pred", C::Constraint, "pred is not boolean", "`pred` must be a tensor of i1."},
    {"rank", C::Constraint, "bad rank", "An operand or result has a rank the op does not allow."},
    {"replica_groups", C::Constraint, "malformed replica_groups",
     "`replica_groups` must be a 2-dimensional tensor constant of si64, or a "
     "`#stablehlo.replica_group_mesh_axes<mesh = @m, axes = [...]>` whose mesh is one of the file's `sdy.mesh` "
     "ops (when it has any) and whose axes are that mesh's, each once."},
    {"result_accuracy", C::Constraint, "bad result_accuracy", "The tolerances of `result_accuracy` must be >= 0."},
    {"scatter_indices", C::Constraint, "bad scatter_indices", "`scatter_indices` must be a tensor of integers."},
    {"size", C::Constraint, "bad size", "`size` must be a 0-dimensional tensor of integers."},
    {"slice_sizes", C::Constraint, "bad slice_sizes", "`slice_sizes` must match the operand's rank."},
    {"start_indices", C::Constraint, "bad start_indices", "`start_indices` must be a tensor of integers."},
    {"value", C::Structure, "missing value", "The op needs its `value` attribute."},
    {"channel_id", C::Constraint, "bad channel_id", "`channel_id` must be positive when the op needs a channel."},
    {"x", C::Constraint, "x is not floating-point", "`x` must be a tensor of floating-point type."},
    {"y", C::Constraint, "y is not boolean", "The result must be a tensor of i1."},
};

std::vector<CodeInfo> familyCodes() {
  std::vector<CodeInfo> out = {
      {"<op>.C<n>", "op constraint violated", C::Constraint, S::Error, "#<op>",
       "The op breaks constraint (C<n>) of its spec section; the message quotes it. For the spec's ops the "
       "constraints are those of the generated spec tables (semantic/ops/SpecTables.inc); ops outside the spec "
       "(dynamic_gather, CHLO) follow StableHLO's own numbering."},
      {"<op>.I<n>", "input of the wrong kind", C::Constraint, S::Error, "#<op>",
       "Input (I<n>) of the op's Inputs table has a type or value of another kind than the table lists; the "
       "message quotes the row."},
  };
  for (const Label &label : kLabels) {
    out.push_back(
        {std::string("<op>.") + label.label, label.title, label.category, S::Error, "#<op>", label.documentation});
  }
  return out;
}

bool matchFamily(std::string_view pattern, std::string_view code, std::string_view *op) {
  size_t p = 0, c = 0;
  while (p < pattern.size()) {
    if (pattern.compare(p, 4, "<op>") == 0) {
      size_t start = c;
      while (c < code.size() && ((code[c] >= 'a' && code[c] <= 'z') || (code[c] >= '0' && code[c] <= '9') ||
                                 code[c] == '_' || code[c] == '-')) {
        ++c;
      }
      if (c == start) return false;
      if (op) *op = code.substr(start, c - start);
      p += 4;
    } else if (pattern.compare(p, 3, "<n>") == 0) {
      size_t start = c;
      while (c < code.size() && code[c] >= '0' && code[c] <= '9') ++c;
      if (c == start) return false;
      p += 3;
    } else {
      if (c >= code.size() || code[c] != pattern[p]) return false;
      ++p;
      ++c;
    }
  }
  return c == code.size();
}

}  // namespace

const std::vector<CodeInfo> &registeredCodes() {
  static const std::vector<CodeInfo> codes = [] {
    std::vector<CodeInfo> all = singleCodes();
    for (CodeInfo &family : familyCodes()) all.push_back(std::move(family));
    return all;
  }();
  return codes;
}

const CodeInfo *findCode(std::string_view code) {
  static const std::map<std::string, const CodeInfo *, std::less<>> single = [] {
    std::map<std::string, const CodeInfo *, std::less<>> out;
    for (const CodeInfo &info : registeredCodes()) {
      if (!info.isFamily()) out[info.code] = &info;
    }
    return out;
  }();
  if (auto it = single.find(code); it != single.end()) return it->second;
  for (const CodeInfo &info : registeredCodes()) {
    if (info.isFamily() && matchFamily(info.code, code, nullptr)) return &info;
  }
  return nullptr;
}

std::string_view familyOp(const CodeInfo &family, std::string_view code) {
  std::string_view op;
  if (!family.isFamily() || !matchFamily(family.code, code, &op)) return {};
  return op;
}

}  // namespace shlo
