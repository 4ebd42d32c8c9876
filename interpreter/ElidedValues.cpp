#include "interpreter/ElidedValues.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "interpreter/Errors.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

namespace {

uint64_t splitMix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// Uniform in [0, 1) from 53 random bits.
double unit(uint64_t bits) { return static_cast<double>(bits >> 11) * 0x1.0p-53; }

}  // namespace

std::optional<ElidedFill> parseElidedFill(std::string_view text) {
  if (text == "zeros") return ElidedFill{ElidedFill::Mode::Zeros, 0};
  constexpr std::string_view prefix = "random:";
  if (text.substr(0, prefix.size()) != prefix) return std::nullopt;
  std::string_view digits = text.substr(prefix.size());
  uint64_t seed = 0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), seed);
  if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return ElidedFill{ElidedFill::Mode::Random, seed};
}

Tensor makeElidedValue(const ir::Type &type, const ElidedFill &fill, uint64_t salt) {
  // A random fill writes every element below: no zero-fill first.
  Tensor t = fill.mode == ElidedFill::Mode::Random
                 ? Tensor(type, type.isTensor() ? type.shape() : std::vector<int64_t>{}, Tensor::ForOverwrite{})
                 : Tensor(type);
  if (fill.mode != ElidedFill::Mode::Random || t.numElements() == 0) return t;
  uint64_t base = splitMix(fill.seed ^ splitMix(salt));
  int64_t largest = 1;
  for (int64_t d : t.shape()) largest = std::max(largest, d);
  double fanIn = static_cast<double>(t.numElements()) / static_cast<double>(largest);
  double scale = t.rank() >= 2 ? std::sqrt(3.0 / std::max(1.0, fanIn)) : 0.0;
  auto real = [&](uint64_t bits) { return t.rank() >= 2 ? (2.0 * unit(bits) - 1.0) * scale : 0.5 + unit(bits); };
  // 0 or 1: valid as a mask, a token type and an index into any table.
  uint64_t intRange = 2;
  dispatch(t.kind(), [&](auto tag) {
    using T = decltype(tag);
    T *p = t.data<T>();
    // Each element depends only on its index: ranges fill on kernelThreads()
    // threads with the same values as one.
    parallelFor(t.numElements(), int64_t{1} << 16, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      uint64_t bits = splitMix(base + static_cast<uint64_t>(i));
      if constexpr (kIsBool<T>) {
        p[i] = (bits >> 63) != 0;
      } else if constexpr (kIsInt<T>) {
        p[i] = static_cast<T>(bits % intRange);
      } else if constexpr (kIsComplex<T>) {
        using P = typename T::value_type;
        p[i] = T(static_cast<P>(real(bits)), static_cast<P>(real(splitMix(bits))));
      } else {
        p[i] = static_cast<T>(real(bits));
      }
    }
    });
  });
  t.finalize();
  return t;
}

}  // namespace shlo::interpreter
