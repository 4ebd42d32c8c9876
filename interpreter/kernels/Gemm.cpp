#include "interpreter/kernels/Gemm.h"

#include <algorithm>

#include <Eigen/Core>

#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

namespace {

template <typename T>
void gemm(const T *a, const T *b, T *c, int64_t m, int64_t k, int64_t n) {
  using Matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  using ConstMap = Eigen::Map<const Matrix>;
  using Map = Eigen::Map<Matrix>;
  if (m == 0 || n == 0 || k == 0) return;
  ConstMap B(b, k, n);
  // Row blocks of at least 16 rows and about a million multiply-adds: a
  // thread costs tens of microseconds to start, so small products (attention
  // heads) stay on the caller's.
  int64_t work = std::max<int64_t>(1, m * k * n >> 20);
  int64_t blocks = std::min<int64_t>({kernelThreads(), (m + 15) / 16, work});
  parallelFor(blocks, 1, [&](int64_t first, int64_t last) {
    for (int64_t blk = first; blk < last; ++blk) {
      int64_t r0 = m * blk / blocks, r1 = m * (blk + 1) / blocks;
      ConstMap A(a + r0 * k, r1 - r0, k);
      Map C(c + r0 * n, r1 - r0, n);
      C.noalias() += A * B;
    }
  });
}

}  // namespace

void gemmAccumulate(const float *a, const float *b, float *c, int64_t m, int64_t k, int64_t n) { gemm(a, b, c, m, k, n); }
void gemmAccumulate(const double *a, const double *b, double *c, int64_t m, int64_t k, int64_t n) {
  gemm(a, b, c, m, k, n);
}

}  // namespace shlo::interpreter
