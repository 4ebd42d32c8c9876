// dot_general: operands are converted to the result's element type and
// multiplied as B batched MxK by KxN matrices. On the kernel path, f32
// storage (f32, f16, bf16: summed in f32 either way) goes to oneDNN with the
// operands' layouts as strides (no transpose copied when each group of
// batch, free and contracting dimensions is contiguous), doubles to Eigen
// (Gemm.h). The reference path (`--reference`, KernelPath.h) and other
// element types transpose to [batch, free, contracting] / [batch,
// contracting, free] and run an i-k-j loop.
#include <cstring>
#include <algorithm>
#include <type_traits>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"
#include "interpreter/kernels/Gemm.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/OneDnn.h"

namespace shlo::interpreter {

namespace {

std::vector<int64_t> freeDims(int64_t rank, const Shape &batch, const Shape &contract) {
  std::vector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d) {
    if (std::find(batch.begin(), batch.end(), d) == batch.end() &&
        std::find(contract.begin(), contract.end(), d) == contract.end()) {
      out.push_back(d);
    }
  }
  return out;
}

int64_t product(const Tensor &t, const std::vector<int64_t> &dims) {
  int64_t p = 1;
  for (int64_t d : dims) p *= t.shape()[d];
  return p;
}

Tensor permuted(const Tensor &t, const std::vector<int64_t> &perm) {
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i) identity &= perm[i] == static_cast<int64_t>(i);
  if (identity) return t;
  std::vector<int64_t> shape;
  for (int64_t p : perm) shape.push_back(t.shape()[p]);
  return evalTranspose(t, perm, t.type().withShape(shape));
}

/// The element stride of `dims` (in this order) taken as one dimension, or
/// -1 when they are not laid out contiguously that way. Size-1 dimensions
/// do not count; an empty group has stride 0.
int64_t mergedStride(const Tensor &t, const std::vector<int64_t> &dims) {
  std::vector<int64_t> strides = t.strides();
  int64_t stride = 0, inner = -1;  // the stride the next outer dimension needs
  for (auto it = dims.rbegin(); it != dims.rend(); ++it) {
    int64_t size = t.shape()[*it];
    if (size == 1) continue;
    if (inner == -1) {
      stride = strides[*it];
    } else if (strides[*it] != inner) {
      return -1;
    }
    inner = strides[*it] * size;
  }
  return stride;
}

/// The product through oneDNN, reading the operands in place when each
/// group of free and contracting dimensions is contiguous (batch dimensions
/// keep a stride each). False when oneDNN declined (nothing written).
bool matmulWithOneDnn(const Tensor &lhs, const Tensor &rhs, const Shape &lhsBatch, const Shape &rhsBatch,
                      const Shape &lhsContract, const Shape &rhsContract, const std::vector<int64_t> &lhsFree,
                      const std::vector<int64_t> &rhsFree, Tensor &out, int64_t B, int64_t M, int64_t K, int64_t N) {
  std::vector<int64_t> lst = lhs.strides(), rst = rhs.strides();
  MatrixLayout a{{}, mergedStride(lhs, lhsFree), mergedStride(lhs, lhsContract)};
  MatrixLayout b{{}, mergedStride(rhs, rhsContract), mergedStride(rhs, rhsFree)};
  std::vector<int64_t> batchSizes;
  for (size_t i = 0; i < lhsBatch.size(); ++i) {
    if (lhs.shape()[lhsBatch[i]] == 1) continue;
    batchSizes.push_back(lhs.shape()[lhsBatch[i]]);
    a.batchStrides.push_back(lst[lhsBatch[i]]);
    b.batchStrides.push_back(rst[rhsBatch[i]]);
  }
  bool inPlace = a.rowStride >= 0 && a.columnStride >= 0 && b.rowStride >= 0 && b.columnStride >= 0 &&
                 batchSizes.size() <= 10;
  if (inPlace && oneDnnMatmul(lhs.data<float>(), a, rhs.data<float>(), b, out.data<float>(), batchSizes, M, K, N)) {
    return true;
  }
  std::vector<int64_t> lhsPerm = lhsBatch, rhsPerm = rhsBatch;
  lhsPerm.insert(lhsPerm.end(), lhsFree.begin(), lhsFree.end());
  lhsPerm.insert(lhsPerm.end(), lhsContract.begin(), lhsContract.end());
  rhsPerm.insert(rhsPerm.end(), rhsContract.begin(), rhsContract.end());
  rhsPerm.insert(rhsPerm.end(), rhsFree.begin(), rhsFree.end());
  Tensor pa = permuted(lhs, lhsPerm), pb = permuted(rhs, rhsPerm);
  std::vector<int64_t> batch = B == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{B};
  MatrixLayout ca{B == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{M * K}, K, 1};
  MatrixLayout cb{B == 1 ? std::vector<int64_t>{} : std::vector<int64_t>{K * N}, N, 1};
  return oneDnnMatmul(pa.data<float>(), ca, pb.data<float>(), cb, out.data<float>(), batch, M, K, N);
}

}  // namespace

Tensor evalDotGeneral(const Tensor &lhsIn, const Tensor &rhsIn, const Shape &lhsBatch, const Shape &rhsBatch,
                      const Shape &lhsContract, const Shape &rhsContract, const ir::Type &resultType) {
  if (lhsBatch.size() != rhsBatch.size() || lhsContract.size() != rhsContract.size()) {
    throw RuntimeError("dot_general: batching or contracting dimension lists differ in length");
  }
  for (size_t i = 0; i < lhsBatch.size(); ++i) {
    if (lhsIn.shape().at(lhsBatch[i]) != rhsIn.shape().at(rhsBatch[i])) {
      throw RuntimeError("dot_general: batching dimension sizes differ at run time");
    }
  }
  for (size_t i = 0; i < lhsContract.size(); ++i) {
    if (lhsIn.shape().at(lhsContract[i]) != rhsIn.shape().at(rhsContract[i])) {
      throw RuntimeError("dot_general: contracting dimension sizes differ at run time");
    }
  }
  const ir::ElementType &element = resultType.element();
  Tensor lhs = lhsIn.type().element() == element ? lhsIn : evalConvert(lhsIn, lhsIn.type().withElement(element));
  Tensor rhs = rhsIn.type().element() == element ? rhsIn : evalConvert(rhsIn, rhsIn.type().withElement(element));

  std::vector<int64_t> lhsFree = freeDims(lhs.rank(), lhsBatch, lhsContract);
  std::vector<int64_t> rhsFree = freeDims(rhs.rank(), rhsBatch, rhsContract);
  std::vector<int64_t> lhsPerm = lhsBatch, rhsPerm = rhsBatch;
  lhsPerm.insert(lhsPerm.end(), lhsFree.begin(), lhsFree.end());
  lhsPerm.insert(lhsPerm.end(), lhsContract.begin(), lhsContract.end());
  rhsPerm.insert(rhsPerm.end(), rhsContract.begin(), rhsContract.end());
  rhsPerm.insert(rhsPerm.end(), rhsFree.begin(), rhsFree.end());
  int64_t B = product(lhs, lhsBatch), M = product(lhs, lhsFree), K = product(lhs, lhsContract),
          N = product(rhs, rhsFree);

  std::vector<int64_t> shape;
  for (int64_t d : lhsBatch) shape.push_back(lhs.shape()[d]);
  for (int64_t d : lhsFree) shape.push_back(lhs.shape()[d]);
  for (int64_t d : rhsFree) shape.push_back(rhs.shape()[d]);
  bool kernels = kernelsEnabled();
  bool floatStorage = dispatch(elemKindOf(resultType.element()), [](auto tag) { return std::is_same_v<decltype(tag), float>; });
  // oneDNN writes every element: no zero-fill unless it declines and the
  // accumulating loops below run.
  Tensor out = kernels && floatStorage ? Tensor(resultType, shape, Tensor::ForOverwrite{}) : Tensor(resultType, shape);
  if (kernels && floatStorage) {
    if (matmulWithOneDnn(lhs, rhs, lhsBatch, rhsBatch, lhsContract, rhsContract, lhsFree, rhsFree, out, B, M, K, N)) {
      out.finalize();
      return out;
    }
    std::memset(out.bytes(), 0, static_cast<size_t>(out.numElements()) * storageSize(out.kind()));
  }
  Tensor a = permuted(lhs, lhsPerm), b = permuted(rhs, rhsPerm);
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    const T *pa = a.data<T>();
    const T *pb = b.data<T>();
    T *r = out.data<T>();
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      if (kernels) {
        for (int64_t batch = 0; batch < B; ++batch) gemmAccumulate(pa + batch * M * K, pb + batch * K * N, r + batch * M * N, M, K, N);
        return;
      }
    }
    for (int64_t batch = 0; batch < B; ++batch) {
      const T *A = pa + batch * M * K;
      const T *Bm = pb + batch * K * N;
      T *C = r + batch * M * N;
      for (int64_t i = 0; i < M; ++i) {
        for (int64_t k = 0; k < K; ++k) {
          T x = A[i * K + k];
          const T *row = Bm + k * N;
          T *c = C + i * N;
          for (int64_t j = 0; j < N; ++j) {
            if constexpr (kIsBool<T>) {
              c[j] = c[j] || (x && row[j]);
            } else if constexpr (kIsInt<T>) {
              using U = std::make_unsigned_t<T>;
              using W = std::conditional_t<(sizeof(T) < 4), uint32_t, U>;
              c[j] = static_cast<T>(static_cast<W>(static_cast<U>(c[j])) +
                                    static_cast<W>(static_cast<U>(x)) * static_cast<W>(static_cast<U>(row[j])));
            } else {
              c[j] += x * row[j];
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
