// triangular_solve, per the spec: per batch, op(a) x = b (left_side) or
// x op(a) = b, reading only a's `lower` or upper triangle (the diagonal as 1
// with unit_diagonal), by forward or back substitution in the element type.
// The whole result is computed (the spec leaves the other triangle
// implementation-defined; here it is the full solution).
#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

Tensor evalTriangularSolve(const Tensor &a, const Tensor &b, bool leftSide, bool lower, bool unitDiagonal,
                           const std::string &transposeA, const ir::Type &resultType) {
  int64_t rank = a.rank();
  if (rank < 2 || b.rank() != rank) throw RuntimeError("triangular_solve: a and b must have the same rank, at least 2");
  int64_t n = a.shape()[rank - 1];
  if (a.shape()[rank - 2] != n) throw RuntimeError("triangular_solve: a's last two dimensions must be square");
  int64_t m = b.shape()[rank - 2], k = b.shape()[rank - 1];
  if ((leftSide ? m : k) != n) throw RuntimeError("triangular_solve: b's dimensions do not match a");
  for (int64_t d = 0; d < rank - 2; ++d) {
    if (a.shape()[d] != b.shape()[d]) throw RuntimeError("triangular_solve: batch dimensions of a and b differ");
  }
  bool transpose = transposeA == "TRANSPOSE" || transposeA == "ADJOINT";
  bool conjugate = transposeA == "ADJOINT";
  if (!transpose && !transposeA.empty() && transposeA != "NO_TRANSPOSE") {
    throw RuntimeError("triangular_solve: unknown transpose_a `" + transposeA + "`");
  }
  Tensor out(resultType, b.shape());
  int64_t batches = n == 0 ? 0 : a.numElements() / (n * n);
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!kIsFloat<T> && !kIsComplex<T>) {
      throw RuntimeError("triangular_solve: operands must be of floating-point or complex type");
    } else {
      const T *A = a.data<T>();
      const T *Bm = b.data<T>();
      T *X = out.data<T>();
      std::vector<T> M(static_cast<size_t>(n * n));
      for (int64_t batch = 0; batch < batches; ++batch) {
        // M = op(triangle of a): lower-triangular iff lower != transpose.
        const T *src = A + batch * n * n;
        for (int64_t i = 0; i < n; ++i) {
          for (int64_t j = 0; j < n; ++j) {
            bool inTriangle = lower ? j <= i : j >= i;
            T v = i == j && unitDiagonal ? T(1) : inTriangle ? src[i * n + j] : T(0);
            if constexpr (kIsComplex<T>) {
              if (conjugate) v = std::conj(v);
            }
            M[transpose ? j * n + i : i * n + j] = v;
          }
        }
        bool mLower = lower != transpose;
        const T *rhs = Bm + batch * m * k;
        T *x = X + batch * m * k;
        if (leftSide) {
          // M x = b, column by column of b (m = n rows, k columns).
          for (int64_t c = 0; c < k; ++c) {
            for (int64_t s = 0; s < n; ++s) {
              int64_t i = mLower ? s : n - 1 - s;
              T sum = rhs[i * k + c];
              for (int64_t j = 0; j < n; ++j) {
                if (mLower ? j < i : j > i) sum -= M[i * n + j] * x[j * k + c];
              }
              x[i * k + c] = sum / M[i * n + i];
            }
          }
        } else {
          // x M = b, row by row of b (m rows, k = n columns): x[r, j] is
          // found from the last column backwards when M is lower.
          for (int64_t r = 0; r < m; ++r) {
            for (int64_t s = 0; s < n; ++s) {
              int64_t j = mLower ? n - 1 - s : s;
              T sum = rhs[r * k + j];
              for (int64_t i = 0; i < n; ++i) {
                if (mLower ? i > j : i < j) sum -= x[r * k + i] * M[i * n + j];
              }
              x[r * k + j] = sum / M[j * n + j];
            }
          }
        }
      }
    }
  });
  out.finalize();
  return out;
}

}  // namespace shlo::interpreter
