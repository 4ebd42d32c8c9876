#include "interpreter/Printing.h"

#include <algorithm>
#include <cinttypes>
#include <complex>
#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <sstream>

namespace shlo::interpreter {

namespace {

std::string floatText(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%e", v);
  return buffer;
}

template <typename T>
std::string elementText(const T &v) {
  if constexpr (kIsBool<T>) {
    return v ? "true" : "false";
  } else if constexpr (kIsComplex<T>) {
    return "[" + floatText(v.real()) + ", " + floatText(v.imag()) + "]";
  } else if constexpr (kIsFloat<T>) {
    return floatText(v);
  } else if constexpr (std::is_signed_v<T>) {
    return std::to_string(static_cast<int64_t>(v));
  } else {
    return std::to_string(static_cast<uint64_t>(v));
  }
}

template <typename T>
void formatDimension(std::ostream &out, const T *data, const std::vector<int64_t> &shape,
                     const std::vector<int64_t> &strides, size_t dim, int64_t offset, int indent) {
  int64_t n = shape[dim];
  if (dim + 1 == shape.size() || n == 0) {
    out << "[";
    if (dim + 1 == shape.size()) {
      for (int64_t i = 0; i < n; ++i) out << (i ? ", " : "") << elementText(data[offset + i]);
    }
    out << "]";
    return;
  }
  out << "[\n";
  for (int64_t i = 0; i < n; ++i) {
    out << std::string(indent + 2, ' ');
    formatDimension(out, data, shape, strides, dim + 1, offset + i * strides[dim], indent + 2);
    out << (i + 1 < n ? ",\n" : "\n");
  }
  out << std::string(indent, ' ') << "]";
}

}  // namespace

std::string formatTensor(const Tensor &t) {
  std::ostringstream out;
  out << t.type().str() << " {";
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    if (t.rank() == 0) {
      out << elementText(t.data<T>()[0]) << "}";
      return;
    }
    out << "\n  ";
    formatDimension(out, t.data<T>(), t.shape(), t.strides(), 0, 0, 2);
    out << "\n}";
  });
  return out.str();
}

std::string summarizeTensor(const Tensor &t) {
  std::ostringstream out;
  out << t.type().str();
  if (t.numElements() == 0) return out.str() + ": no elements";
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, sum = 0;
  int64_t nans = 0, infs = 0, finite = 0;
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    const T *p = t.data<T>();
    for (int64_t i = 0; i < t.numElements(); ++i) {
      double v;
      if constexpr (kIsComplex<T>) {
        v = std::abs(std::complex<double>(p[i]));
      } else {
        v = static_cast<double>(p[i]);
      }
      if (std::isnan(v)) {
        ++nans;
      } else if (std::isinf(v)) {
        ++infs;
      } else {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        sum += v;
        ++finite;
      }
    }
  });
  const char *what = t.kind() == ElemKind::C64 || t.kind() == ElemKind::C128 ? "|x| " : "";
  if (finite > 0) {
    out << ": " << what << "min " << lo << " max " << hi << " mean " << sum / static_cast<double>(finite);
  } else {
    out << ": no finite elements";
  }
  if (nans) out << ", " << nans << " NaN";
  if (infs) out << ", " << infs << " inf";
  return out.str();
}

void evalPrint(std::ostream &out, const std::string &ssaName, const Tensor &operand) {
  static std::mutex lock;
  std::string text = ssaName + " = " + formatTensor(operand) + "\n";
  std::lock_guard<std::mutex> guard(lock);
  out << text << std::flush;
}

}  // namespace shlo::interpreter
