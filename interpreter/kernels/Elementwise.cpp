// Compiled once per Highway target (foreach_target.h re-includes this file).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "interpreter/kernels/Elementwise.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "interpreter/kernels/BinaryOps-inl.h"
#include "interpreter/kernels/UnaryOps-inl.h"

#include <algorithm>
#include <cmath>
#include <vector>

HWY_BEFORE_NAMESPACE();
namespace shlo::interpreter {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

void BinaryF32(int op, const float *lhs, const float *rhs, float *out, int64_t count) {
  switch (op) {
    case 0: return BinaryLoop<0>(lhs, rhs, out, count);
    case 1: return BinaryLoop<1>(lhs, rhs, out, count);
    case 2: return BinaryLoop<2>(lhs, rhs, out, count);
    case 3: return BinaryLoop<3>(lhs, rhs, out, count);
    case 4: return BinaryLoop<4>(lhs, rhs, out, count);
    default: return BinaryLoop<5>(lhs, rhs, out, count);
  }
}

void UnaryF32(int op, const float *operand, float *out, int64_t count) {
  switch (op) {
    case 0: return UnaryLoop<0>(operand, out, count);
    case 1: return UnaryLoop<1>(operand, out, count);
    default: return UnaryLoop<2>(operand, out, count);
  }
}

/// Rows [0, rows) of `full` (each `length` long) against one `row`, in the
/// operand order the op has: BinaryLoop per row, so each element gets the
/// bits the plain loop gives it.
template <int kOp>
void RowLoop(const float *full, const float *row, float *out, int64_t rows, int64_t length, bool rowIsLhs) {
  for (int64_t r = 0; r < rows; ++r) {
    const float *f = full + r * length;
    if (rowIsLhs) {
      BinaryLoop<kOp>(row, f, out + r * length, length);
    } else {
      BinaryLoop<kOp>(f, row, out + r * length, length);
    }
  }
}

void RowF32(int op, const float *full, const float *row, float *out, int64_t rows, int64_t length, bool rowIsLhs) {
  switch (op) {
    case 0: return RowLoop<0>(full, row, out, rows, length, rowIsLhs);
    case 1: return RowLoop<1>(full, row, out, rows, length, rowIsLhs);
    case 2: return RowLoop<2>(full, row, out, rows, length, rowIsLhs);
    case 3: return RowLoop<3>(full, row, out, rows, length, rowIsLhs);
    case 4: return RowLoop<4>(full, row, out, rows, length, rowIsLhs);
    default: return RowLoop<5>(full, row, out, rows, length, rowIsLhs);
  }
}

/// Rows [0, rows) of `full` (each `length` long), row r against the one
/// value column[r], in the operand order the op has; the tail of a row
/// through the same vector code, as BinaryLoop does.
template <int kOp>
void ColumnLoop(const float *full, const float *column, float *out, int64_t rows, int64_t length, bool columnIsLhs) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  for (int64_t r = 0; r < rows; ++r) {
    const float *f = full + r * length;
    float *o = out + r * length;
    const auto c = hn::Set(d, column[r]);
    int64_t i = 0;
    for (; i + lanes <= length; i += lanes) {
      const auto x = hn::LoadU(d, f + i);
      hn::StoreU(columnIsLhs ? Binary<kOp>(d, c, x) : Binary<kOp>(d, x, c), d, o + i);
    }
    if (i < length) {
      HWY_ALIGN float a[hn::MaxLanes(d)] = {}, res[hn::MaxLanes(d)];
      for (int64_t j = i; j < length; ++j) a[j - i] = f[j];
      const auto x = hn::Load(d, a);
      hn::Store(columnIsLhs ? Binary<kOp>(d, c, x) : Binary<kOp>(d, x, c), d, res);
      for (int64_t j = i; j < length; ++j) o[j] = res[j - i];
    }
  }
}

void ColumnF32(int op, const float *full, const float *column, float *out, int64_t rows, int64_t length,
               bool columnIsLhs) {
  switch (op) {
    case 0: return ColumnLoop<0>(full, column, out, rows, length, columnIsLhs);
    case 1: return ColumnLoop<1>(full, column, out, rows, length, columnIsLhs);
    case 2: return ColumnLoop<2>(full, column, out, rows, length, columnIsLhs);
    case 3: return ColumnLoop<3>(full, column, out, rows, length, columnIsLhs);
    case 4: return ColumnLoop<4>(full, column, out, rows, length, columnIsLhs);
    default: return ColumnLoop<5>(full, column, out, rows, length, columnIsLhs);
  }
}

const char *TargetName() { return hwy::TargetName(HWY_TARGET); }

}  // namespace HWY_NAMESPACE
}  // namespace shlo::interpreter
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "interpreter/kernels/Elementwise.h"
#include "interpreter/kernels/Isa.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

HWY_EXPORT(BinaryF32);
HWY_EXPORT(UnaryF32);
HWY_EXPORT(RowF32);
HWY_EXPORT(ColumnF32);
HWY_EXPORT(TargetName);

namespace {
/// Elements per thread: below this a second thread costs more than it saves.
constexpr int64_t kMinPerThread = int64_t{1} << 16;
}  // namespace

void binaryKernelF32(ElementwiseBinary op, const float *lhs, const float *rhs, float *out, int64_t count) {
  applyIsaLimit();
  auto fn = HWY_DYNAMIC_DISPATCH(BinaryF32);
  parallelFor(count, kMinPerThread, [&](int64_t begin, int64_t end) {
    fn(static_cast<int>(op), lhs + begin, rhs + begin, out + begin, end - begin);
  });
}

void unaryKernelF32(ElementwiseUnary op, const float *operand, float *out, int64_t count) {
  applyIsaLimit();
  auto fn = HWY_DYNAMIC_DISPATCH(UnaryF32);
  parallelFor(count, kMinPerThread, [&](int64_t begin, int64_t end) {
    fn(static_cast<int>(op), operand + begin, out + begin, end - begin);
  });
}

void binaryRowKernelF32(ElementwiseBinary op, const float *full, const float *row, float *out, int64_t rows,
                        int64_t length, bool rowIsLhs) {
  applyIsaLimit();
  if (rows <= 0 || length <= 0) return;
  // A short row (a scalar, a few features) is repeated into one of about
  // kLongRow elements: calls per element stay few, and element i still
  // meets row[i % length].
  constexpr int64_t kLongRow = 1024;
  std::vector<float> repeated;
  if (length < kLongRow / 4 && rows > 1) {
    int64_t copies = std::min<int64_t>(rows, kLongRow / length);
    repeated.resize(static_cast<size_t>(copies * length));
    for (int64_t c = 0; c < copies; ++c) std::copy(row, row + length, repeated.data() + c * length);
    int64_t groups = rows / copies, rest = rows % copies;
    int64_t longLength = copies * length;
    binaryRowKernelF32(op, full, repeated.data(), out, groups, longLength, rowIsLhs);
    if (rest > 0) {
      int64_t done = groups * longLength;
      HWY_DYNAMIC_DISPATCH(RowF32)(static_cast<int>(op), full + done, repeated.data(), out + done, 1, rest * length,
                                   rowIsLhs);
    }
    return;
  }
  auto fn = HWY_DYNAMIC_DISPATCH(RowF32);
  parallelFor(rows, std::max<int64_t>(1, kMinPerThread / length), [&](int64_t begin, int64_t end) {
    fn(static_cast<int>(op), full + begin * length, row, out + begin * length, end - begin, length, rowIsLhs);
  });
}

void binaryColumnKernelF32(ElementwiseBinary op, const float *full, const float *column, float *out, int64_t rows,
                           int64_t length, bool columnIsLhs) {
  applyIsaLimit();
  if (rows <= 0 || length <= 0) return;
  auto fn = HWY_DYNAMIC_DISPATCH(ColumnF32);
  parallelFor(rows, std::max<int64_t>(1, kMinPerThread / length), [&](int64_t begin, int64_t end) {
    fn(static_cast<int>(op), full + begin * length, column + begin, out + begin * length, end - begin, length,
       columnIsLhs);
  });
}

std::string elementwiseTarget() {
  applyIsaLimit();
  return HWY_DYNAMIC_DISPATCH(TargetName)();
}

}  // namespace shlo::interpreter
#endif  // HWY_ONCE
