// Vectorised, threaded loops over contiguous f32 buffers for the
// elementwise ops: Highway (Debian's libhwy) compiles each loop for every
// x86 target (SSSE3 ... AVX-512) and picks the CPU's best at run time.
//
// The IEEE operations (add, subtract, multiply, divide, negate, sqrt) give
// the same bits as the scalar reference loops. maximum and minimum follow
// the spec's NaN and signed-zero rules bit for bit. exp is Highway's
// polynomial (at most 1 ULP from the true value, as the reference's libm
// may be), with the lanes outside its range (overflow, underflow to
// subnormals, infinities, NaN) computed by std::exp.
#pragma once

#include <cstdint>
#include <string>

namespace shlo::interpreter {

enum class ElementwiseBinary { Add, Subtract, Multiply, Divide, Maximum, Minimum };
enum class ElementwiseUnary { Exponential, Negate, Sqrt };

/// out[i] = op(lhs[i], rhs[i]) for i < count (out may alias an operand).
void binaryKernelF32(ElementwiseBinary op, const float *lhs, const float *rhs, float *out, int64_t count);
/// out[i] = op(operand[i]) for i < count (out may alias the operand).
void unaryKernelF32(ElementwiseUnary op, const float *operand, float *out, int64_t count);

/// out[r * length + j] = op(full[r * length + j], row[j]) (or op(row[j],
/// full[...]) when `rowIsLhs`) for r < rows, j < length: a binary op with
/// one operand broadcast along the leading dimensions, without making the
/// broadcast. Same bits as binaryKernelF32 on the broadcast operand; `out`
/// may alias `full`.
void binaryRowKernelF32(ElementwiseBinary op, const float *full, const float *row, float *out, int64_t rows,
                        int64_t length, bool rowIsLhs);

/// out[r * length + j] = op(full[r * length + j], column[r]) (or
/// op(column[r], full[...]) when `columnIsLhs`) for r < rows, j < length:
/// a binary op with one operand broadcast along the trailing dimensions
/// (softmax's row maxima and sums, layer norm's means), without making the
/// broadcast. Same bits as binaryKernelF32 on the broadcast operand; `out`
/// may alias `full`.
void binaryColumnKernelF32(ElementwiseBinary op, const float *full, const float *column, float *out, int64_t rows,
                           int64_t length, bool columnIsLhs);

/// The Highway target the loops run with ("AVX3", "AVX2", "SSSE3", ...).
std::string elementwiseTarget();

}  // namespace shlo::interpreter
