// Helpers the rules share: constants' values, and the fixes that remove an op
// (deleting it, or forwarding its operand to its uses).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Fix.h"
#include "semantic/ir/IR.h"

namespace shlo::linter {

/// The op defining `value` when it is a constant op (the op table's
/// `Constant` trait), else null (block arguments, other ops).
const ir::Operation *constantOf(const ir::Value *value);

/// The value before broadcast_in_dim, reshape and convert ops that only
/// change its shape or element type (exporters broadcast scalar constants
/// before using them).
const ir::Value *throughShapeOps(const ir::Value *value);

/// constantOf after throughShapeOps: the constant a value is a broadcast or
/// reshape of, or null.
const ir::Operation *underlyingConstant(const ir::Value *value);

/// The elements of a dense literal as written (the text between `dense<`
/// and `>`): numbers, `true`/`false`, `(re, im)` pairs, with brackets and
/// commas dropped. nullopt for hex blobs and malformed text.
std::optional<std::vector<std::string_view>> denseElements(std::string_view literal);

/// The one value every element of a constant op's dense `value` has, when
/// all are equal and numeric (`true` is 1, `false` 0); nullopt otherwise
/// (complex values, hex blobs, differing elements, other attributes).
std::optional<double> uniformValue(const ir::Operation &constant);

/// True when `value` is a constant (directly, or broadcast/reshaped from
/// one: underlyingConstant) whose elements all equal `x`.
bool isConstantEqualTo(const ir::Value *value, double x);

/// `range` widened to whole lines when the op is alone on them (indentation
/// and line break included), so deleting it leaves no blank line.
syntax::TextRange deletionRange(syntax::TextRange range, std::string_view text);

/// A fix deleting `op` (all its results must be unused), as line edits
/// (FixBuilder). nullopt when its range does not index `text`.
std::optional<Fix> deleteOpFix(const ir::Operation &op, std::string_view text, std::string title, FixSafety safety);

/// A fix that makes every use of `op`'s single result use `replacement`
/// instead, and deletes `op`: for ops that return an operand unchanged. The
/// users are reprinted by the formatter (FixBuilder::replaceUses).
/// `replacement` must have the result's type. nullopt when a range does not
/// index `text` or the op is not alone on its lines.
std::optional<Fix> forwardOperandFix(const ir::Operation &op, const ir::Value &replacement, std::string_view text,
                                     FixSafety safety);

/// The op's name range, or its whole range when the name has none.
syntax::TextRange nameRangeOf(const ir::Operation &op);

/// True when the type is a tensor whose element type is a float.
bool isFloatTensor(const ir::Type &type);

}  // namespace shlo::linter
