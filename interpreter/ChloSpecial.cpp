// CHLO special functions and top_k, evaluated directly (not through CHLO's
// decompositions): every float type is computed in double and rounded to the
// result's format on store. lgamma uses std::lgamma; digamma an asymptotic
// series after recurrence (reflection below 0); erf_inv two Newton steps on
// std::erf from a closed-form first guess; bessel_i1e std::cyl_bessel_i
// scaled by exp(-|x|) (an asymptotic series where that overflows);
// next_after steps in the element's own format (f16 and bf16 included).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <numeric>

#include "interpreter/Errors.h"
#include "interpreter/FloatFormats.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

/// Applies `fn(double) -> double` to every element of a float tensor.
template <typename Fn>
Tensor mapFloat(const char *name, const Tensor &x, const ir::Type &resultType, Fn fn) {
  Tensor out(resultType, x.shape());
  if (out.kind() != x.kind()) throw RuntimeError(std::string(name) + ": result element type differs from the operand's");
  dispatch(x.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloat<T>) {
      const T *a = x.data<T>();
      T *r = out.data<T>();
      for (int64_t i = 0; i < x.numElements(); ++i) r[i] = static_cast<T>(fn(static_cast<double>(a[i])));
    } else {
      throw UnsupportedOp(std::string(name) + " on " + x.type().str() + " is not supported");
    }
  });
  out.finalize();
  return out;
}

double digamma(double x) {
  if (std::isnan(x) || x == -std::numeric_limits<double>::infinity()) return std::numeric_limits<double>::quiet_NaN();
  if (x <= 0 && std::floor(x) == x) return std::numeric_limits<double>::quiet_NaN();  // Poles.
  double result = 0;
  if (x < 0) {
    // psi(x) = psi(1 - x) - pi / tan(pi x).
    result -= std::numbers::pi / std::tan(std::numbers::pi * x);
    x = 1 - x;
  }
  while (x < 6) {
    result -= 1 / x;
    x += 1;
  }
  double f = 1 / (x * x);
  result += std::log(x) - 0.5 / x -
            f * (1.0 / 12 - f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 - f * (1.0 / 132)))));
  return result;
}

double erfInv(double y) {
  if (std::isnan(y) || y < -1 || y > 1) return std::numeric_limits<double>::quiet_NaN();
  if (y == 1) return std::numeric_limits<double>::infinity();
  if (y == -1) return -std::numeric_limits<double>::infinity();
  // Giles' single-precision approximation as the first guess.
  double w = -std::log((1 - y) * (1 + y)), x;
  if (w < 5) {
    w -= 2.5;
    double p = 2.81022636e-08;
    for (double c : {3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503, -0.00417768164,
                     0.246640727, 1.50140941}) {
      p = c + p * w;
    }
    x = p * y;
  } else {
    w = std::sqrt(w) - 3;
    double p = -0.000200214257;
    for (double c : {0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613, 0.00943887047,
                     1.00167406, 2.83297682}) {
      p = c + p * w;
    }
    x = p * y;
  }
  for (int i = 0; i < 3; ++i) {
    double slope = 2 / std::sqrt(std::numbers::pi) * std::exp(-x * x);
    if (slope == 0) break;
    x -= (std::erf(x) - y) / slope;
  }
  return x;
}

double besselI1e(double x) {
  if (std::isnan(x)) return x;
  double a = std::abs(x);
  double r;
  if (a < 500) {
    r = std::cyl_bessel_i(1.0, a) * std::exp(-a);
  } else {
    // I1(a) e^-a ~ (1 - 3/(8a) - 15/(128a^2) - 315/(3072a^3)) / sqrt(2 pi a).
    r = (1 - 3 / (8 * a) - 15 / (128 * a * a) - 315 / (3072 * a * a * a)) / std::sqrt(2 * std::numbers::pi * a);
  }
  return x < 0 ? -r : r;
}

/// The next representable value after `from` towards `to` in a 16-bit
/// format given by its bit conversions.
float nextAfter16(float from, float to, uint16_t (*toBits)(float), float (*fromBits)(uint16_t)) {
  if (std::isnan(from) || std::isnan(to)) return std::numeric_limits<float>::quiet_NaN();
  if (from == to) return to;
  uint16_t bits = toBits(from);
  if (from == 0) {
    bits = static_cast<uint16_t>(1 | (to < 0 ? 0x8000 : 0));  // Smallest subnormal towards `to`.
  } else if ((from < to) == (from > 0)) {
    ++bits;  // Away from zero.
  } else {
    --bits;
  }
  return fromBits(bits);
}

}  // namespace

Tensor evalLgamma(const Tensor &operand, const ir::Type &resultType) {
  return mapFloat("lgamma", operand, resultType, [](double x) { return std::lgamma(x); });
}

Tensor evalDigamma(const Tensor &operand, const ir::Type &resultType) {
  return mapFloat("digamma", operand, resultType, digamma);
}

Tensor evalErfInv(const Tensor &operand, const ir::Type &resultType) {
  return mapFloat("erf_inv", operand, resultType, erfInv);
}

Tensor evalBesselI1e(const Tensor &operand, const ir::Type &resultType) {
  return mapFloat("bessel_i1e", operand, resultType, besselI1e);
}

Tensor evalNextAfter(const Tensor &x, const Tensor &y, const ir::Type &resultType) {
  if (x.shape() != y.shape() || x.kind() != y.kind()) throw RuntimeError("next_after: operand types differ at run time");
  Tensor out(resultType, x.shape());
  if (out.kind() != x.kind()) throw RuntimeError("next_after: result element type differs from the operands'");
  ElemKind kind = x.kind();
  dispatch(kind, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloat<T>) {
      const T *a = x.data<T>();
      const T *b = y.data<T>();
      T *r = out.data<T>();
      for (int64_t i = 0; i < x.numElements(); ++i) {
        if constexpr (std::is_same_v<T, float>) {
          if (kind == ElemKind::F16) {
            r[i] = nextAfter16(a[i], b[i], floatToHalfBits, halfBitsToFloat);
            continue;
          }
          if (kind == ElemKind::BF16) {
            r[i] = nextAfter16(a[i], b[i], floatToBFloat16Bits, bfloat16BitsToFloat);
            continue;
          }
          if (isMinifloat(kind)) {
            r[i] = static_cast<float>(nextAfterMinifloat(*minifloatFormat(floatFormatOf(kind)), a[i], b[i]));
            continue;
          }
        }
        r[i] = std::nextafter(a[i], b[i]);
      }
    } else {
      throw UnsupportedOp("next_after on " + x.type().str() + " is not supported");
    }
  });
  out.finalize();
  return out;
}

std::vector<Tensor> evalTopK(const Tensor &operand, int64_t k, const ir::Type &valuesType, const ir::Type &indicesType) {
  if (operand.rank() < 1) throw RuntimeError("top_k: the operand must have rank 1 or more");
  int64_t n = operand.shape().back();
  if (k < 0 || k > n) throw RuntimeError("top_k: k = " + std::to_string(k) + " is out of range for a last dimension of " + std::to_string(n));
  std::vector<int64_t> shape = operand.shape();
  shape.back() = k;
  Tensor values(valuesType, shape), indices(indicesType, shape);
  if (values.kind() != operand.kind()) throw RuntimeError("top_k: the values' element type differs from the operand's");
  int64_t rows = n == 0 ? 0 : operand.numElements() / n;
  dispatch(operand.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsComplex<T>) {
      throw UnsupportedOp("top_k on complex numbers is not supported");
    } else {
      const T *in = operand.data<T>();
      T *out = values.data<T>();
      std::vector<int64_t> order(static_cast<size_t>(n));
      for (int64_t row = 0; row < rows; ++row) {
        const T *line = in + row * n;
        std::iota(order.begin(), order.end(), 0);
        // Largest first, NaN above everything, ties by lower index (stable).
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
          if constexpr (kIsFloat<T>) {
            if (std::isnan(line[a])) return !std::isnan(line[b]);
            if (std::isnan(line[b])) return false;
          }
          return line[a] > line[b];
        });
        for (int64_t j = 0; j < k; ++j) {
          out[row * k + j] = line[order[j]];
          int64_t flat = row * k + j;
          dispatch(indices.kind(), [&](auto itag) {
            using I = decltype(itag);
            if constexpr (kIsInt<I>) {
              indices.data<I>()[flat] = static_cast<I>(order[j]);
            } else {
              throw RuntimeError("top_k: indices must be integers");
            }
          });
        }
      }
    }
  });
  return {values, indices};
}

namespace {

/// Hurwitz zeta sum_{k>=0} (q + k)^-x: direct terms until q + N >= 10, then
/// the Euler-Maclaurin tail with Bernoulli numbers B2..B24.
double hurwitzZeta(double x, double q) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  if (std::isnan(x) || std::isnan(q)) return nan;
  if (x == 1) return inf;
  if (x < 1) return nan;
  if (q <= 0) {
    if (std::floor(q) == q) return inf;  // A pole.
    if (std::floor(x) != x) return nan;   // (q + k)^-x of a negative base.
  }
  double sum = 0, a = q;
  while (a < 10) {
    sum += std::pow(a, -x);
    a += 1;
  }
  sum += std::pow(a, 1 - x) / (x - 1) + 0.5 * std::pow(a, -x);
  static const double bernoulli[] = {1.0 / 6,        -1.0 / 30,         1.0 / 42,       -1.0 / 30,
                                     5.0 / 66,       -691.0 / 2730,     7.0 / 6,        -3617.0 / 510,
                                     43867.0 / 798,  -174611.0 / 330,   854513.0 / 138, -236364091.0 / 2730};
  // term_j = B_2j / (2j)! * x (x+1) ... (x+2j-2) * a^(-x-2j+1)
  double rising = x, factorial = 2, power = std::pow(a, -x - 1);
  for (int j = 1; j <= 12; ++j) {
    double term = bernoulli[j - 1] / factorial * rising * power;
    sum += term;
    if (std::fabs(term) < 1e-17 * std::fabs(sum)) break;
    rising *= (x + 2 * j - 1) * (x + 2 * j);
    factorial *= (2 * j + 1) * (2 * j + 2);
    power /= a * a;
  }
  return sum;
}

template <typename Fn>
Tensor mapFloat2(const char *name, const Tensor &x, const Tensor &y, const ir::Type &resultType, Fn fn) {
  if (x.shape() != y.shape() || x.kind() != y.kind()) {
    throw RuntimeError(std::string(name) + ": operands differ in shape or element type");
  }
  Tensor out(resultType, x.shape());
  if (out.kind() != x.kind()) throw RuntimeError(std::string(name) + ": result element type differs from the operands'");
  dispatch(x.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloat<T>) {
      const T *a = x.data<T>(), *b = y.data<T>();
      T *r = out.data<T>();
      for (int64_t i = 0; i < x.numElements(); ++i) {
        r[i] = static_cast<T>(fn(static_cast<double>(a[i]), static_cast<double>(b[i])));
      }
    } else {
      throw UnsupportedOp(std::string(name) + " on " + x.type().str() + " is not supported");
    }
  });
  out.finalize();
  return out;
}

}  // namespace

Tensor evalErf(const Tensor &operand, const ir::Type &resultType) {
  return mapFloat("erf", operand, resultType, [](double v) { return std::erf(v); });
}

Tensor evalErfc(const Tensor &operand, const ir::Type &resultType) {
  return mapFloat("erfc", operand, resultType, [](double v) { return std::erfc(v); });
}

Tensor evalZeta(const Tensor &x, const Tensor &q, const ir::Type &resultType) {
  return mapFloat2("zeta", x, q, resultType, hurwitzZeta);
}

Tensor evalPolygamma(const Tensor &n, const Tensor &x, const ir::Type &resultType) {
  return mapFloat2("polygamma", n, x, resultType, [](double order, double v) {
    if (std::isnan(order) || std::isnan(v)) return std::numeric_limits<double>::quiet_NaN();
    if (order < 0 || std::floor(order) != order) return std::numeric_limits<double>::quiet_NaN();
    if (order == 0) return digamma(v);
    // psi^(n)(x) = (-1)^(n+1) n! zeta(n + 1, x)
    double sign = std::fmod(order, 2) == 0 ? -1.0 : 1.0;
    return sign * std::exp(std::lgamma(order + 1)) * hurwitzZeta(order + 1, v);
  });
}

}  // namespace shlo::interpreter
