// Compiled once per Highway target (foreach_target.h re-includes this file).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "interpreter/kernels/Fold.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "interpreter/kernels/BinaryOps-inl.h"

#include <algorithm>
#include <vector>

HWY_BEFORE_NAMESPACE();
namespace shlo::interpreter {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

/// out row r = fold over w of (offsets[r * window + w] < 0 ? initRow :
/// input + offset), starting from initRow, left to right.
template <int kOp>
void WindowLoop(const float *input, const int64_t *offsets, const float *initRow, float *out, int64_t rows,
                int64_t window, int64_t length) {
  for (int64_t r = 0; r < rows; ++r) {
    float *o = out + r * length;
    std::copy(initRow, initRow + length, o);
    for (int64_t w = 0; w < window; ++w) {
      int64_t offset = offsets[r * window + w];
      BinaryLoop<kOp>(o, offset < 0 ? initRow : input + offset, o, length);
    }
  }
}

void WindowF32(int op, const float *input, const int64_t *offsets, const float *initRow, float *out, int64_t rows,
               int64_t window, int64_t length) {
  switch (op) {
    case 0: return WindowLoop<0>(input, offsets, initRow, out, rows, window, length);
    case 2: return WindowLoop<2>(input, offsets, initRow, out, rows, window, length);
    case 4: return WindowLoop<4>(input, offsets, initRow, out, rows, window, length);
    default: return WindowLoop<5>(input, offsets, initRow, out, rows, window, length);
  }
}

/// Rows [0, rows) of maxima or minima into out[0, rows), vectors along
/// each row. Without NaN these folds give one value whatever the order
/// (the largest or smallest, +0 over -0 for maximum and -0 over +0 for
/// minimum: the spec's rules make them associative and commutative), so
/// the lanes may split a row; a row holding a NaN is folded again left to
/// right, so that the NaN the scalar loop would keep (the first) is kept.
template <int kOp>
void ExtremumRowLoop(const float *input, float init, float *out, int64_t rows, int64_t length) {
  const hn::ScalableTag<float> d;
  const hn::RebindToSigned<decltype(d)> di;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  const auto initV = hn::Set(d, init);
  for (int64_t r = 0; r < rows; ++r) {
    const float *row = input + r * length;
    auto acc = initV;
    auto nan = hn::IsNaN(acc);
    int64_t j = 0;
    for (; j + lanes <= length; j += lanes) {
      const auto x = hn::LoadU(d, row + j);
      nan = hn::Or(nan, hn::IsNaN(x));
      acc = Binary<kOp>(d, acc, x);
    }
    if (j < length) {
      // The tail, the other lanes holding init: folding init once more
      // changes nothing (it is in every lane already).
      HWY_ALIGN float tail[hn::MaxLanes(d)];
      hn::Store(initV, d, tail);
      std::copy(row + j, row + length, tail);
      const auto x = hn::Load(d, tail);
      nan = hn::Or(nan, hn::IsNaN(x));
      acc = Binary<kOp>(d, acc, x);
    }
    float result;
    if (hn::AllFalse(d, nan)) {
      // The lanes' extremum; among zeros the spec's sign (+0 for maximum,
      // -0 for minimum) wherever a lane has it.
      result = hn::GetLane(kOp == 4 ? hn::MaxOfLanes(d, acc) : hn::MinOfLanes(d, acc));
      if (result == 0.0f) {
        const auto negative = hn::Lt(hn::BitCast(di, acc), hn::Zero(di));
        const auto zero = hn::RebindMask(di, hn::Eq(acc, hn::Zero(d)));
        const bool signed0 = kOp == 4 ? hn::AllTrue(di, hn::Or(negative, hn::Not(zero)))
                                      : !hn::AllFalse(di, hn::And(negative, zero));
        result = signed0 ? -0.0f : 0.0f;
      }
    } else {
      // In order, so that the NaN kept is the scalar loop's.
      result = init;
      for (j = 0; j < length; ++j) result = hn::GetLane(Binary<kOp>(d, hn::Set(d, result), hn::Set(d, row[j])));
    }
    out[r] = result;
  }
}

void ExtremumRowF32(int op, const float *input, float init, float *out, int64_t rows, int64_t length) {
  if (op == 4) return ExtremumRowLoop<4>(input, init, out, rows, length);
  return ExtremumRowLoop<5>(input, init, out, rows, length);
}

}  // namespace HWY_NAMESPACE
}  // namespace shlo::interpreter
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "interpreter/kernels/Fold.h"
#include "interpreter/kernels/Isa.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

HWY_EXPORT(WindowF32);
HWY_EXPORT(ExtremumRowF32);

namespace {
/// Elements per thread: below this a second thread costs more than it saves.
constexpr int64_t kMinPerThread = int64_t{1} << 16;

/// The fold's op: only the four the spec's reductions use as one-op bodies.
int foldOpIndex(ElementwiseBinary op) {
  switch (op) {
    case ElementwiseBinary::Add: return 0;
    case ElementwiseBinary::Multiply: return 2;
    case ElementwiseBinary::Maximum: return 4;
    case ElementwiseBinary::Minimum: return 5;
    default: return -1;
  }
}
}  // namespace

void windowFoldKernelF32(ElementwiseBinary op, const float *input, const int64_t *offsets, float init, float *out,
                         int64_t rows, int64_t window, int64_t length) {
  applyIsaLimit();
  if (rows <= 0 || length <= 0 || foldOpIndex(op) < 0) return;
  std::vector<float> initRow(static_cast<size_t>(length), init);
  auto fn = HWY_DYNAMIC_DISPATCH(WindowF32);
  parallelFor(rows, std::max<int64_t>(1, kMinPerThread / std::max<int64_t>(1, length * window)),
              [&](int64_t begin, int64_t end) {
                fn(foldOpIndex(op), input, offsets + begin * window, initRow.data(), out + begin * length,
                   end - begin, window, length);
              });
}

namespace {

/// Rows [0, rows) added or multiplied into out[0, rows), each left to right
/// (the order the sums' bits depend on): kGroup rows at a time, whose
/// chains of dependent ops run side by side. Scalar: lanes along a row
/// would change the order, lanes across rows need gathers, slower here.
template <bool kMultiply>
void orderedRows(const float *input, float init, float *out, int64_t rows, int64_t length) {
  constexpr int64_t kGroup = 8;
  int64_t r = 0;
  for (; r + kGroup <= rows; r += kGroup) {
    float acc[kGroup];
    for (int64_t q = 0; q < kGroup; ++q) acc[q] = init;
    const float *base = input + r * length;
    for (int64_t j = 0; j < length; ++j) {
      for (int64_t q = 0; q < kGroup; ++q) {
        float x = base[q * length + j];
        acc[q] = kMultiply ? acc[q] * x : acc[q] + x;
      }
    }
    for (int64_t q = 0; q < kGroup; ++q) out[r + q] = acc[q];
  }
  for (; r < rows; ++r) {
    float acc = init;
    const float *row = input + r * length;
    for (int64_t j = 0; j < length; ++j) acc = kMultiply ? acc * row[j] : acc + row[j];
    out[r] = acc;
  }
}

}  // namespace

void rowFoldKernelF32(ElementwiseBinary op, const float *input, float init, float *out, int64_t rows, int64_t length) {
  applyIsaLimit();
  int index = foldOpIndex(op);
  if (rows <= 0 || index < 0) return;
  if (length <= 0) {
    std::fill(out, out + rows, init);
    return;
  }
  auto extremum = HWY_DYNAMIC_DISPATCH(ExtremumRowF32);
  parallelFor(rows, std::max<int64_t>(1, kMinPerThread / length), [&](int64_t begin, int64_t end) {
    const float *in = input + begin * length;
    if (index == 0) {
      orderedRows<false>(in, init, out + begin, end - begin, length);
    } else if (index == 2) {
      orderedRows<true>(in, init, out + begin, end - begin, length);
    } else {
      extremum(index, in, init, out + begin, end - begin, length);
    }
  });
}

}  // namespace shlo::interpreter
#endif  // HWY_ONCE
