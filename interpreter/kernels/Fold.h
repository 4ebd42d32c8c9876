// Folds (reduce, reduce_window) over contiguous f32 buffers, threaded over
// output rows, with the bits of the scalar reference loops (Reduce.cpp),
// which fold each output element's inputs one at a time, left to right:
// sums and products keep that order (vectors across output elements, or
// scalar chains side by side); maxima and minima, whose value does not
// depend on the order without NaN, run vectors along the fold and redo a
// row holding a NaN in order (which NaN is kept depends on it). Highway
// loops, dynamic dispatch per x86 target. The ops: Add, Multiply, Maximum,
// Minimum (the spec's NaN and signed-zero rules, BinaryOps-inl.h).
#pragma once

#include <cstdint>

#include "interpreter/kernels/Elementwise.h"

namespace shlo::interpreter {

/// A window reduction over rows of `length` contiguous elements (pooling
/// with the innermost dimension outside the window, a reduce over outer
/// dimensions): output row r is `init` folded with op with the input rows at
/// offsets[r * window + w] for w = 0, 1, ..., window - 1 in that order, an
/// offset < 0 standing for a row of `init` (padding).
void windowFoldKernelF32(ElementwiseBinary op, const float *input, const int64_t *offsets, float init, float *out,
                         int64_t rows, int64_t window, int64_t length);

/// A reduce over the innermost elements: out[r] = init folded with op with
/// input[r * length + j] for j = 0, 1, ..., length - 1 in that order, for
/// r < rows.
void rowFoldKernelF32(ElementwiseBinary op, const float *input, float init, float *out, int64_t rows, int64_t length);

}  // namespace shlo::interpreter
