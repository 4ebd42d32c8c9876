// Quantized tensors (spec "Quantized element types" and "Quantization
// computations"): a quantized tensor holds its storage type's integers and
// its type's scales and zero points (per tensor, or per slice along the
// quantization dimension). Ops on quantized tensors follow the spec:
// - uniform_quantize / uniform_dequantize convert explicitly;
// - ops that only move elements (reshape, transpose, broadcast_in_dim,
//   slice, gather, concatenate, pad, ..., and control flow) run on the
//   storage values unchanged;
// - ops whose spec semantics is `dequantize_op_quantize`,
//   `dequantize_compare`, `dequantize_select_quantize` or
//   `hybrid_dequantize_then_op` dequantize their quantized operands, run in
//   the expressed type and quantize their quantized results.
#pragma once

#include <functional>
#include <vector>

#include "interpreter/Tensor.h"
#include "semantic/ir/IR.h"

namespace shlo::interpreter {

/// Spec `dequantize`: (storage - zero_point) * scale, in the expressed type
/// (the subtraction is exact, in 64-bit integers). `operand` must be
/// quantized; the result has the operand's shape and the expressed type.
Tensor dequantize(const Tensor &operand);

/// Spec `quantize`: round_nearest_even(clamp(storage_min, x / scale +
/// zero_point, storage_max)) computed in the expressed type, then converted
/// to the storage type. `operand` is a float tensor of the expressed type
/// (other float types are converted first); `resultType` is a quantized
/// tensor type whose shape is `operand`'s (dynamic sizes are taken from it).
Tensor quantize(const Tensor &operand, const ir::Type &resultType);

/// Spec "uniform_quantize": float -> quantized, or quantized -> quantized
/// (requantization: dequantize, then quantize).
Tensor evalUniformQuantize(const Tensor &operand, const ir::Type &resultType);
/// Spec "uniform_dequantize".
Tensor evalUniformDequantize(const Tensor &operand, const ir::Type &resultType);

/// True when an operand or a result of `op` has a quantized element type.
bool involvesQuantizedTypes(const ir::Operation &op);

/// Runs `op` (an op with quantized operands or results) by the spec's
/// quantized semantics; `evalOp` evaluates an op as the handler table does,
/// on the given operands, reading the result types from the op it is given.
/// Throws UnsupportedOp for ops whose quantized form is not supported.
using OpEvaluator = std::function<std::vector<Value>(const ir::Operation &, const std::vector<Value> &)>;
std::vector<Value> evalQuantizedOp(const ir::Operation &op, const std::vector<Value> &operands,
                                   const OpEvaluator &evalOp);

}  // namespace shlo::interpreter
