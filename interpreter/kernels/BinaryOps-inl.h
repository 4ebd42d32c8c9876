// The binary ops the elementwise loops and the folds share, compiled once
// per Highway target (included from files that go through foreach_target.h).
// IEEE add/subtract/multiply/divide; maximum and minimum with the spec's
// NaN and signed-zero rules, bit for bit as the scalar reference loops.
#if defined(SHLO_KERNELS_BINARY_OPS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SHLO_KERNELS_BINARY_OPS_INL_H_
#undef SHLO_KERNELS_BINARY_OPS_INL_H_
#else
#define SHLO_KERNELS_BINARY_OPS_INL_H_
#endif

#include <hwy/highway.h>

#include <cstdint>

HWY_BEFORE_NAMESPACE();
namespace shlo::interpreter {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

/// kOp: 0 add, 1 subtract, 2 multiply, 3 divide, 4 maximum, 5 minimum
/// (ElementwiseBinary's order).
template <int kOp, class D, class V>
HWY_INLINE V Binary(D d, V a, V b) {
  if constexpr (kOp == 0) return hn::Add(a, b);
  if constexpr (kOp == 1) return hn::Sub(a, b);
  if constexpr (kOp == 2) return hn::Mul(a, b);
  if constexpr (kOp == 3) return hn::Div(a, b);
  const hn::RebindToSigned<D> di;
  auto aNeg = hn::RebindMask(d, hn::Lt(hn::BitCast(di, a), hn::Zero(di)));  // sign bit set
  auto bothZero = hn::And(hn::Eq(a, hn::Zero(d)), hn::Eq(b, hn::Zero(d)));
  hn::Mask<D> takeB;
  if constexpr (kOp == 4) {
    // maximum: a < b, or both zero and a is -0.
    takeB = hn::Or(hn::Lt(a, b), hn::And(bothZero, aNeg));
  } else {
    // minimum: b < a, or both zero and a is +0.
    takeB = hn::Or(hn::Lt(b, a), hn::AndNot(aNeg, bothZero));
  }
  V r = hn::IfThenElse(takeB, b, a);
  r = hn::IfThenElse(hn::IsNaN(b), b, r);
  return hn::IfThenElse(hn::IsNaN(a), a, r);
}

template <int kOp>
// No HWY_RESTRICT: `out` may be `lhs` or `rhs` (in-place evaluation).
void BinaryLoop(const float *lhs, const float *rhs, float *out, int64_t count) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  int64_t i = 0;
  for (; i + lanes <= count; i += lanes) {
    hn::StoreU(Binary<kOp>(d, hn::LoadU(d, lhs + i), hn::LoadU(d, rhs + i)), d, out + i);
  }
  if (i < count) {
    // The tail through the same vector code, so every element gets the
    // same bits wherever it sits.
    HWY_ALIGN float a[hn::MaxLanes(d)] = {}, b[hn::MaxLanes(d)] = {}, r[hn::MaxLanes(d)];
    for (int64_t j = i; j < count; ++j) a[j - i] = lhs[j], b[j - i] = rhs[j];
    hn::Store(Binary<kOp>(d, hn::Load(d, a), hn::Load(d, b)), d, r);
    for (int64_t j = i; j < count; ++j) out[j] = r[j - i];
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace shlo::interpreter
HWY_AFTER_NAMESPACE();

#endif  // SHLO_KERNELS_BINARY_OPS_INL_H_
