// Checked arithmetic for every shape and size: element counts, byte sizes,
// padded and dilated dimensions, window and dimension products. Sizes come
// from hostile text (a type `tensor<4611686018427387905x4xf32>`, a pad's
// `interior = [4611686018427387903]`) and from data (`dynamic_iota`'s
// shape operand), so a product that wraps must become an error, never a
// small buffer. Every layer computes sizes through these functions; each
// returns std::nullopt when the exact result does not fit in int64 (or an
// operand is out of its domain, such as a negative dimension size).
//
// The lowest layer of the project: header-only, standard library only.
// Overflow is detected with the compiler's `__builtin_*_overflow` (GCC and
// Clang), which computes the exact result and reports whether it fits.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace shlo::checked {

/// The largest byte size a type or buffer may have: 2^48 bytes (256 TiB),
/// the user address space of x86-64 and AArch64 with 4-level page tables.
/// A type beyond it can never be allocated on any machine we run on, so the
/// verifier reports it (`type.too-large`) and the interpreter refuses it.
constexpr int64_t kMaxByteSize = int64_t{1} << 48;

/// `a + b`, or nullopt when it overflows int64.
inline std::optional<int64_t> add(int64_t a, int64_t b) {
  int64_t out;
  if (__builtin_add_overflow(a, b, &out)) return std::nullopt;
  return out;
}

/// `a * b`, or nullopt when it overflows int64.
inline std::optional<int64_t> mul(int64_t a, int64_t b) {
  int64_t out;
  if (__builtin_mul_overflow(a, b, &out)) return std::nullopt;
  return out;
}

/// The number of elements of a static shape: the product of its dimension
/// sizes (1 for rank 0). Nullopt when a size is negative (dynamic sizes are
/// negative in the IR) or the product overflows int64. A zero size makes the
/// product 0 whatever the other sizes are, as the spec's shapes count.
inline std::optional<int64_t> product(std::span<const int64_t> sizes) {
  int64_t out = 1;
  bool overflowed = false, empty = false;
  for (int64_t d : sizes) {
    if (d < 0) return std::nullopt;
    if (d == 0) empty = true;
    if (!overflowed && __builtin_mul_overflow(out, d, &out)) overflowed = true;
  }
  if (empty) return 0;
  if (overflowed) return std::nullopt;
  return out;
}
inline std::optional<int64_t> product(const std::vector<int64_t> &sizes) {
  return product(std::span<const int64_t>(sizes.data(), sizes.size()));
}

/// Bytes of `count` elements of `bitsPerElement` bits each, packed and
/// rounded up to whole bytes (the spec's storage of i1, i4, f4E2M1FN...).
/// Nullopt when either is negative or the bit count overflows int64.
inline std::optional<int64_t> packedByteSize(int64_t count, int64_t bitsPerElement) {
  if (count < 0 || bitsPerElement < 0) return std::nullopt;
  std::optional<int64_t> bits = mul(count, bitsPerElement);
  if (!bits) {
    // count * bits overflows, but count * bytes-rounded-up may not: fall
    // back to whole bytes per element when the width is a multiple of 8.
    if (bitsPerElement % 8 != 0) return std::nullopt;
    return mul(count, bitsPerElement / 8);
  }
  return *bits / 8 + (*bits % 8 != 0);
}

/// Bytes of `count` elements of `bytesPerElement` bytes each (a buffer's
/// size). Nullopt when either is negative or the product overflows int64.
inline std::optional<int64_t> byteSize(int64_t count, int64_t bytesPerElement) {
  if (count < 0 || bytesPerElement < 0) return std::nullopt;
  return mul(count, bytesPerElement);
}

/// The spec's padded dimension size (`pad`, `dynamic_pad`):
/// `low + size + max(size - 1, 0) * interior + high`. Nullopt when `size`
/// or `interior` is negative, any step overflows int64, or the result is
/// negative (negative edge padding larger than the dimension).
inline std::optional<int64_t> paddedSize(int64_t size, int64_t low, int64_t high, int64_t interior) {
  if (size < 0 || interior < 0) return std::nullopt;
  std::optional<int64_t> gaps = mul(size > 0 ? size - 1 : 0, interior);
  if (!gaps) return std::nullopt;
  std::optional<int64_t> out = add(size, *gaps);
  if (out) out = add(*out, low);
  if (out) out = add(*out, high);
  if (!out || *out < 0) return std::nullopt;
  return out;
}

/// A dimension of `size` elements dilated by `dilation` (windows, base and
/// window dilations of reduce_window and convolution): `(size - 1) *
/// dilation + 1`, 0 for an empty dimension. Nullopt when `size` is negative,
/// `dilation` is not positive, or it overflows int64.
inline std::optional<int64_t> dilatedSize(int64_t size, int64_t dilation) {
  if (size < 0 || dilation < 1) return std::nullopt;
  if (size == 0) return 0;
  std::optional<int64_t> out = mul(size - 1, dilation);
  return out ? add(*out, 1) : std::nullopt;
}

}  // namespace shlo::checked
