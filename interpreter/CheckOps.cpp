// The check dialect's expectations, with StableHLO's semantics: exact
// equality, `almost_eq` within an absolute tolerance, `close` within a ULP
// distance (subnormals rounded to the nearest normal or zero).
#include <cmath>
#include <cstring>
#include <sstream>

#include "interpreter/Errors.h"
#include "interpreter/FloatFormats.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

std::string indexString(const Tensor &t, int64_t linear) {
  std::vector<int64_t> st = t.strides();
  std::string out = "[";
  for (int64_t d = 0; d < t.rank(); ++d) {
    out += (d ? ", " : "") + std::to_string((linear / st[d]) % t.shape()[d]);
  }
  return out + "]";
}

std::string elementString(const Tensor &t, int64_t i) {
  Tensor one(t.type().withShape({}));
  size_t es = storageSize(t.kind());
  std::memcpy(one.bytes(), t.bytes() + i * es, es);
  std::string s = one.str();
  // "dense<x> : tensor<T>" -> "x"
  size_t open = s.find('<'), close = s.rfind("> :");
  return open != std::string::npos && close != std::string::npos ? s.substr(open + 1, close - open - 1) : s;
}

void checkShapes(const char *op, const Tensor &a, const Tensor &b) {
  if (a.shape() != b.shape() || a.kind() != b.kind()) {
    throw CheckFailure(std::string(op) + ": types differ: " + a.type().str() + " (actual) vs " + b.type().str() +
                       " (expected)");
  }
}

[[noreturn]] void mismatch(const char *op, const Tensor &a, const Tensor &b, int64_t i, const std::string &extra = {}) {
  throw CheckFailure(std::string(op) + ": element values don't match: " + elementString(a, i) + " (actual) vs " +
                     elementString(b, i) + " (expected) at index " + indexString(a, i) + extra);
}

template <typename T>
bool equalElements(T a, T b) {
  if constexpr (kIsFloat<T>) {
    // Bitwise for NaNs and signed zeros would be stricter; StableHLO compares
    // values, and a NaN never equals a NaN there. We accept NaN == NaN so a
    // NaN result can be expected at all.
    return a == b || (std::isnan(a) && std::isnan(b));
  } else if constexpr (kIsComplex<T>) {
    return equalElements(a.real(), b.real()) && equalElements(a.imag(), b.imag());
  } else {
    return a == b;
  }
}

template <typename P>
bool almostEqual(P a, P b, double tolerance) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(static_cast<double>(a) - static_cast<double>(b)) <= tolerance;
}

/// Bits of a float format as an unsigned integer, and the format's smallest
/// normal as bits.
struct FloatBits {
  uint64_t bits;
  bool negative;
  bool finite;
};

FloatBits toBits(double v, ElemKind kind) {
  FloatBits f{0, std::signbit(v), std::isfinite(v)};
  double a = std::fabs(v);
  switch (kind) {
    case ElemKind::F16: f.bits = floatToHalfBits(static_cast<float>(a)); break;
    case ElemKind::BF16: f.bits = floatToBFloat16Bits(static_cast<float>(a)); break;
    case ElemKind::F32:
    case ElemKind::C64: {
      float x = static_cast<float>(a);
      uint32_t b;
      std::memcpy(&b, &x, 4);
      f.bits = b;
      break;
    }
    default:
      if (isMinifloat(kind)) {
        MinifloatFormat format = *minifloatFormat(floatFormatOf(kind));
        // Magnitude bits only: the sign is compared apart.
        f.bits = encodeMinifloat(format, a) & ((1u << (format.exponentBits + format.mantissaBits)) - 1);
        break;
      }
      std::memcpy(&f.bits, &a, 8);
      break;
  }
  return f;
}

/// The distance in ULPs between `x` and `y` in `kind`'s format, over the
/// ordered integer representation of its values (magnitude bits, negated
/// for negative values): -0 and +0 are 0 apart, each subnormal step counts
/// one, and -inf and +inf are as far apart as the format allows. Two NaNs
/// are 0 apart, a NaN and a number as far as can be.
uint64_t ulpDifference(double x, double y, ElemKind kind) {
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y) ? 0 : UINT64_MAX;
  // An infinity is no number of steps from anything but itself (StableHLO's
  // ulp_difference: inf and the largest finite value are not 1 ULP apart).
  if (std::isinf(x) || std::isinf(y)) return x == y ? 0 : UINT64_MAX;
  FloatBits f = toBits(x, kind), g = toBits(y, kind);
  if (f.negative == g.negative || f.bits == 0 || g.bits == 0) return f.bits > g.bits ? f.bits - g.bits : g.bits - f.bits;
  if (f.bits > UINT64_MAX - g.bits) return UINT64_MAX;
  return f.bits + g.bits;
}

}  // namespace

void evalExpectEq(const Tensor &actual, const Tensor &expected) {
  checkShapes("expect_eq", actual, expected);
  dispatch(actual.kind(), [&](auto tag) {
    using T = decltype(tag);
    const T *a = actual.data<T>();
    const T *b = expected.data<T>();
    for (int64_t i = 0; i < actual.numElements(); ++i) {
      if (!equalElements(a[i], b[i])) mismatch("expect_eq", actual, expected, i);
    }
  });
}

void evalExpectAlmostEq(const Tensor &actual, const Tensor &expected, double tolerance) {
  checkShapes("expect_almost_eq", actual, expected);
  dispatch(actual.kind(), [&](auto tag) {
    using T = decltype(tag);
    const T *a = actual.data<T>();
    const T *b = expected.data<T>();
    for (int64_t i = 0; i < actual.numElements(); ++i) {
      bool ok;
      if constexpr (kIsComplex<T>) {
        ok = almostEqual(a[i].real(), b[i].real(), tolerance) && almostEqual(a[i].imag(), b[i].imag(), tolerance);
      } else if constexpr (kIsFloat<T>) {
        ok = almostEqual(a[i], b[i], tolerance);
      } else {
        ok = a[i] == b[i];
      }
      if (!ok) mismatch("expect_almost_eq", actual, expected, i);
    }
  });
}

void evalExpectClose(const Tensor &actual, const Tensor &expected, uint64_t maxUlp, uint64_t minUlp) {
  checkShapes("expect_close", actual, expected);
  ElemKind kind = actual.kind();
  dispatch(kind, [&](auto tag) {
    using T = decltype(tag);
    const T *a = actual.data<T>();
    const T *b = expected.data<T>();
    for (int64_t i = 0; i < actual.numElements(); ++i) {
      uint64_t d;
      if constexpr (kIsComplex<T>) {
        d = std::max(ulpDifference(a[i].real(), b[i].real(), kind), ulpDifference(a[i].imag(), b[i].imag(), kind));
      } else if constexpr (kIsFloat<T>) {
        d = ulpDifference(a[i], b[i], kind);
      } else {
        d = a[i] == b[i] ? 0 : UINT64_MAX;
      }
      if (d > maxUlp || d < minUlp) {
        mismatch("expect_close", actual, expected, i,
                 " (ULP difference " + std::to_string(d) + ", allowed [" + std::to_string(minUlp) + ", " +
                     std::to_string(maxUlp) + "])");
      }
    }
  });
}

void evalExpectIsClose(const Tensor &actual, const Tensor &expected, const Tensor &absError, const Tensor *samples) {
  checkShapes("expect_is_close", actual, expected);
  if (absError.shape() != actual.shape()) {
    throw CheckFailure("expect_is_close: the error bounds have shape " + absError.type().str() + ", the values " +
                       actual.type().str());
  }
  std::vector<double> bounds(static_cast<size_t>(absError.numElements()));
  dispatch(absError.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloat<T>) {
      const T *p = absError.data<T>();
      for (size_t i = 0; i < bounds.size(); ++i) bounds[i] = static_cast<double>(p[i]);
    } else {
      throw CheckFailure("expect_is_close: the error bounds must be floating-point, got " + absError.type().str());
    }
  });
  dispatch(actual.kind(), [&](auto tag) {
    using T = decltype(tag);
    const T *a = actual.data<T>();
    const T *b = expected.data<T>();
    for (int64_t i = 0; i < actual.numElements(); ++i) {
      if (equalElements(a[i], b[i])) continue;
      double distance;
      if constexpr (kIsComplex<T>) {
        distance = std::hypot(static_cast<double>(a[i].real()) - static_cast<double>(b[i].real()),
                              static_cast<double>(a[i].imag()) - static_cast<double>(b[i].imag()));
      } else if constexpr (kIsFloat<T>) {
        distance = std::fabs(static_cast<double>(a[i]) - static_cast<double>(b[i]));
      } else {
        distance = INFINITY;  // Integers: equal or not.
      }
      // An infinite or NaN distance (a non-finite value that differs) and a
      // NaN bound both fail here.
      if (!(distance <= bounds[static_cast<size_t>(i)])) {
        std::ostringstream extra;
        extra << " (|difference| " << distance << " > " << bounds[static_cast<size_t>(i)] << ")";
        if (samples && samples->numElements() == actual.numElements()) extra << " for input " << elementString(*samples, i);
        mismatch("expect_is_close", actual, expected, i, extra.str());
      }
    }
  });
}

}  // namespace shlo::interpreter
