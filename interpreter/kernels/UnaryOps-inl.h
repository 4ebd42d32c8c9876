// The unary ops the elementwise loops and the fused chains share, compiled
// once per Highway target (included from files that go through
// foreach_target.h): negate and sqrt (IEEE, the reference loops' bits) and
// exp (Highway's polynomial where it is accurate, libm elsewhere). One
// definition, so that a fused chain gives each element the bits the op
// alone gives it.
#if defined(SHLO_KERNELS_UNARY_OPS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef SHLO_KERNELS_UNARY_OPS_INL_H_
#undef SHLO_KERNELS_UNARY_OPS_INL_H_
#else
#define SHLO_KERNELS_UNARY_OPS_INL_H_
#endif

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include <cmath>
#include <cstdint>

HWY_BEFORE_NAMESPACE();
namespace shlo::interpreter {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

/// kOp: 0 exponential, 1 negate, 2 sqrt (ElementwiseUnary's order).
/// `scratch` holds a vector for exp's out-of-range lanes.
template <int kOp, class D, class V>
HWY_INLINE V Unary(D d, V x, float *scratch) {
  if constexpr (kOp == 1) return hn::Neg(x);
  if constexpr (kOp == 2) return hn::Sqrt(x);
  V r = hn::Exp(d, x);
  // Highway's polynomial is accurate on [-87, 88]: results there are
  // normal and finite. Other lanes (and NaN) take libm's.
  auto inRange = hn::And(hn::Ge(x, hn::Set(d, -87.0f)), hn::Le(x, hn::Set(d, 88.0f)));
  if (HWY_UNLIKELY(!hn::AllTrue(d, inRange))) {
    const size_t lanes = hn::Lanes(d);
    hn::StoreU(x, d, scratch);
    for (size_t j = 0; j < lanes; ++j) scratch[j] = std::exp(scratch[j]);
    r = hn::IfThenElse(inRange, r, hn::LoadU(d, scratch));
  }
  return r;
}

template <int kOp>
// No HWY_RESTRICT: `out` may be `operand` (in-place evaluation).
void UnaryLoop(const float *operand, float *out, int64_t count) {
  const hn::ScalableTag<float> d;
  const int64_t lanes = static_cast<int64_t>(hn::Lanes(d));
  HWY_ALIGN float scratch[hn::MaxLanes(d)];
  int64_t i = 0;
  for (; i + lanes <= count; i += lanes) hn::StoreU(Unary<kOp>(d, hn::LoadU(d, operand + i), scratch), d, out + i);
  if (i < count) {
    // The tail through the same vector code (see BinaryLoop).
    HWY_ALIGN float a[hn::MaxLanes(d)] = {}, r[hn::MaxLanes(d)];
    for (int64_t j = i; j < count; ++j) a[j - i] = operand[j];
    hn::Store(Unary<kOp>(d, hn::Load(d, a), scratch), d, r);
    for (int64_t j = i; j < count; ++j) out[j] = r[j - i];
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace shlo::interpreter
HWY_AFTER_NAMESPACE();

#endif  // SHLO_KERNELS_UNARY_OPS_INL_H_
