// Dense matrix products for the heavy ops (dot_general, convolution):
// C[M x N] += A[M x K] * B[K x N], all row-major and contiguous, through
// Eigen's blocked kernels, the rows of C split over kernelThreads() threads
// (Parallel.h's pool).
#pragma once

#include <cstdint>

namespace shlo::interpreter {

/// Accumulates A * B into C (C is not cleared first). Floats and doubles:
/// the element types the kernels' sums are kept in.
void gemmAccumulate(const float *a, const float *b, float *c, int64_t m, int64_t k, int64_t n);
void gemmAccumulate(const double *a, const double *b, double *c, int64_t m, int64_t k, int64_t n);

}  // namespace shlo::interpreter
