// fft, per the spec: a separable discrete Fourier transform over the last
// size(fft_length) dimensions, each 1-d line transformed by FFTW (Debian's
// libfftw3, double precision: O(n log n) and accurate to a few ULP of double
// where a direct sum loses digits with n) and rounded once to the result's
// type. RFFT transforms the last dimension first and keeps n/2 + 1 terms;
// IRFFT rebuilds the Hermitian-symmetric last dimension and keeps the real
// part. Inverse transforms divide by n (FFTW's are unnormalised).
#include <fftw3.h>

#include <cmath>
#include <complex>
#include <mutex>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

using C = std::complex<double>;

// FFTW's planner (plan creation and destruction) is not thread-safe;
// executing a plan is.
std::mutex &plannerMutex() {
  static std::mutex m;
  return m;
}

/// A 1-d complex transform of length n, forward or inverse, planned once
/// for all the lines of one axis. std::complex<double> has fftw_complex's
/// layout (FFTW's documented guarantee), so buffers are shared by cast.
class LineTransform {
 public:
  LineTransform(size_t n, bool inverse) : n_(n), inverse_(inverse) {
    if (n_ == 0) return;
    in_ = fftw_alloc_complex(n_);
    out_ = fftw_alloc_complex(n_);
    std::lock_guard<std::mutex> lock(plannerMutex());
    plan_ = fftw_plan_dft_1d(static_cast<int>(n_), in_, out_, inverse ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
  }
  LineTransform(const LineTransform &) = delete;
  LineTransform &operator=(const LineTransform &) = delete;
  ~LineTransform() {
    if (n_ == 0) return;
    std::lock_guard<std::mutex> lock(plannerMutex());
    fftw_destroy_plan(plan_);
    fftw_free(in_);
    fftw_free(out_);
  }

  /// out[k] = sum_j in[j] * exp(sign * 2*pi*i*j*k/n) for k < outLength
  /// (outLength <= n), divided by n when inverse; in.size() == n.
  std::vector<C> operator()(const std::vector<C> &in, size_t outLength) const {
    std::vector<C> out(outLength);
    if (n_ == 0) return out;
    C *buffer = reinterpret_cast<C *>(in_);
    for (size_t j = 0; j < n_; ++j) buffer[j] = in[j];
    fftw_execute(plan_);
    const C *result = reinterpret_cast<const C *>(out_);
    double scale = inverse_ ? 1.0 / static_cast<double>(n_) : 1.0;
    for (size_t k = 0; k < outLength; ++k) out[k] = inverse_ ? result[k] * scale : result[k];
    return out;
  }

 private:
  size_t n_;
  bool inverse_;
  fftw_complex *in_ = nullptr, *out_ = nullptr;
  fftw_plan plan_ = nullptr;
};

/// Applies `f` to every 1-d line of `data` (shape `shape`) along `axis`,
/// giving lines of length `outLength`; updates `shape`.
template <typename F>
std::vector<C> alongAxis(const std::vector<C> &data, std::vector<int64_t> &shape, size_t axis, int64_t outLength, F &&f) {
  int64_t inner = 1, outer = 1;
  for (size_t d = axis + 1; d < shape.size(); ++d) inner *= shape[d];
  for (size_t d = 0; d < axis; ++d) outer *= shape[d];
  int64_t inLength = shape[axis];
  std::vector<C> out(static_cast<size_t>(outer * outLength * inner));
  std::vector<C> line(static_cast<size_t>(inLength));
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      for (int64_t j = 0; j < inLength; ++j) line[j] = data[(o * inLength + j) * inner + i];
      std::vector<C> r = f(line);
      for (int64_t j = 0; j < outLength; ++j) out[(o * outLength + j) * inner + i] = r[j];
    }
  }
  shape[axis] = outLength;
  return out;
}

}  // namespace

Tensor evalFft(const Tensor &operand, const std::string &fftType, const Shape &fftLength, const ir::Type &resultType) {
  int64_t rank = operand.rank();
  size_t L = fftLength.size();
  if (L == 0 || static_cast<int64_t>(L) > rank) throw RuntimeError("fft: fft_length must have 1 to rank(operand) entries");
  bool real = fftType == "RFFT", inverseReal = fftType == "IRFFT";
  if (!real && !inverseReal && fftType != "FFT" && fftType != "IFFT") throw RuntimeError("fft: unknown fft_type `" + fftType + "`");
  std::vector<int64_t> shape = operand.shape();
  for (size_t i = 0; i < L; ++i) {
    size_t axis = rank - L + i;
    int64_t expected = (inverseReal && i == L - 1) ? fftLength[i] / 2 + 1 : fftLength[i];
    if (fftLength[i] < 0 || shape[axis] != expected) {
      throw RuntimeError("fft: dimension " + std::to_string(axis) + " of the operand is " + std::to_string(shape[axis]) +
                         ", fft_length asks for " + std::to_string(expected));
    }
  }
  std::vector<C> data(static_cast<size_t>(operand.numElements()));
  dispatch(operand.kind(), [&](auto tag) {
    using T = decltype(tag);
    const T *p = operand.data<T>();
    for (size_t i = 0; i < data.size(); ++i) {
      if constexpr (kIsComplex<T>) {
        data[i] = C(p[i].real(), p[i].imag());
      } else if constexpr (kIsFloat<T>) {
        data[i] = C(p[i], 0.0);
      } else {
        throw RuntimeError("fft: the operand must be of floating-point or complex type");
      }
    }
  });
  bool inverse = fftType == "IFFT" || inverseReal;
  size_t last = rank - 1;
  if (real) {
    int64_t n = fftLength[L - 1];
    LineTransform forward(static_cast<size_t>(n), false);
    data = alongAxis(data, shape, last, n / 2 + 1, [&](const std::vector<C> &l) { return forward(l, n / 2 + 1); });
  }
  // The full complex transforms: every fft dimension, except the last for
  // RFFT (done above) and IRFFT (done below).
  for (size_t i = 0; i < L; ++i) {
    size_t axis = rank - L + i;
    if ((real || inverseReal) && axis == last) continue;
    LineTransform transform(static_cast<size_t>(shape[axis]), inverse);
    data = alongAxis(data, shape, axis, shape[axis], [&](const std::vector<C> &l) { return transform(l, l.size()); });
  }
  if (inverseReal) {
    int64_t n = fftLength[L - 1];
    LineTransform backward(static_cast<size_t>(n), true);
    data = alongAxis(data, shape, last, n, [&](const std::vector<C> &l) {
      std::vector<C> full(static_cast<size_t>(n));
      for (int64_t k = 0; k < n; ++k) {
        full[k] = k < static_cast<int64_t>(l.size()) ? l[k] : std::conj(l[n - k]);
      }
      return backward(full, static_cast<size_t>(n));
    });
  }
  Tensor out(resultType, shape);
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    T *r = out.data<T>();
    for (size_t i = 0; i < data.size(); ++i) {
      if constexpr (kIsComplex<T>) {
        using F = typename T::value_type;
        r[i] = T(static_cast<F>(data[i].real()), static_cast<F>(data[i].imag()));
      } else if constexpr (kIsFloat<T>) {
        r[i] = static_cast<T>(data[i].real());
      } else {
        throw RuntimeError("fft: the result must be of floating-point or complex type");
      }
    }
  });
  out.finalize();
  return out;
}

}  // namespace shlo::interpreter
