// fft, per the spec: a separable discrete Fourier transform over the last
// size(fft_length) dimensions, computed directly (O(n^2) per line) in
// complex<double> with twiddles from std::polar and rounded to the result's
// type. RFFT transforms the last dimension first and keeps n/2 + 1 terms;
// IRFFT rebuilds the Hermitian-symmetric last dimension and keeps the real
// part. Inverse transforms divide by n.
#include <cmath>
#include <complex>
#include <numbers>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

using C = std::complex<double>;

/// out[k] = sum_j in[j] * exp(sign * 2*pi*i*j*k/n), n = in.size(); divided
/// by n when `inverse`.
std::vector<C> dft(const std::vector<C> &in, bool inverse, size_t outLength) {
  size_t n = in.size();
  std::vector<C> out(outLength);
  double sign = inverse ? 1.0 : -1.0;
  for (size_t k = 0; k < outLength; ++k) {
    C sum = 0;
    for (size_t j = 0; j < n; ++j) {
      // (j * k) mod n keeps the angle small and exact for large indices.
      double angle = sign * 2.0 * std::numbers::pi * static_cast<double>((j * k) % n) / static_cast<double>(n);
      sum += in[j] * std::polar(1.0, angle);
    }
    out[k] = inverse ? sum / static_cast<double>(n) : sum;
  }
  return out;
}

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
    data = alongAxis(data, shape, last, n / 2 + 1, [&](const std::vector<C> &l) { return dft(l, false, n / 2 + 1); });
  }
  // The full complex transforms: every fft dimension, except the last for
  // RFFT (done above) and IRFFT (done below).
  for (size_t i = 0; i < L; ++i) {
    size_t axis = rank - L + i;
    if ((real || inverseReal) && axis == last) continue;
    data = alongAxis(data, shape, axis, shape[axis], [&](const std::vector<C> &l) { return dft(l, inverse, l.size()); });
  }
  if (inverseReal) {
    int64_t n = fftLength[L - 1];
    data = alongAxis(data, shape, last, n, [&](const std::vector<C> &l) {
      std::vector<C> full(static_cast<size_t>(n));
      for (int64_t k = 0; k < n; ++k) {
        full[k] = k < static_cast<int64_t>(l.size()) ? l[k] : std::conj(l[n - k]);
      }
      return dft(full, true, n);
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
