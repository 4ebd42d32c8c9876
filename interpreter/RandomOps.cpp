// rng_bit_generator with XLA's bit streams (its RngBitGeneratorExpander and
// client/lib/prng): the state's first u64 is the key, the rest the counter;
// THREE_FRY is Threefry-2x32 (20 rounds), PHILOX Philox-4x32 (10 rounds),
// DEFAULT is PHILOX as on XLA's CPU and GPU backends. And the deprecated
// `rng`, whose values the spec leaves to the implementation: a Mersenne
// Twister with a fixed seed per interpreter call, so runs are repeatable.
#include <array>
#include <cstring>
#include <random>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

using U32x2 = std::array<uint32_t, 2>;
using U32x4 = std::array<uint32_t, 4>;

uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

U32x2 threeFry2x32(U32x2 x, U32x2 key) {
  static const int rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  uint32_t ks[3] = {key[0], key[1], 0x1BD11BDAu ^ key[0] ^ key[1]};
  x[0] += ks[0];
  x[1] += ks[1];
  for (int block = 0; block < 5; ++block) {
    for (int r = 0; r < 4; ++r) {
      x[0] += x[1];
      x[1] = rotl(x[1], rotations[(block % 2) * 4 + r]);
      x[1] ^= x[0];
    }
    x[0] += ks[(block + 1) % 3];
    x[1] += ks[(block + 2) % 3] + static_cast<uint32_t>(block + 1);
  }
  return x;
}

U32x4 philox4x32(U32x4 x, U32x2 key) {
  for (int round = 0; round < 10; ++round) {
    uint64_t p0 = static_cast<uint64_t>(x[0]) * 0xD2511F53u, p1 = static_cast<uint64_t>(x[2]) * 0xCD9E8D57u;
    x = {static_cast<uint32_t>(p1 >> 32) ^ x[1] ^ key[0], static_cast<uint32_t>(p1),
         static_cast<uint32_t>(p0 >> 32) ^ x[3] ^ key[1], static_cast<uint32_t>(p0)};
    key[0] += 0x9E3779B9u;
    key[1] += 0xBB67AE85u;
  }
  return x;
}

U32x2 split(uint64_t v) { return {static_cast<uint32_t>(v), static_cast<uint32_t>(v >> 32)}; }
uint64_t join(uint32_t lo, uint32_t hi) { return static_cast<uint64_t>(lo) | (static_cast<uint64_t>(hi) << 32); }

/// `count` words of `bits` bits (32 or 64) for THREE_FRY; advances the counter.
std::vector<uint64_t> threeFryBits(uint64_t key, uint64_t &counter, int64_t count, unsigned bits) {
  std::vector<uint64_t> out(static_cast<size_t>(count));
  if (bits == 64) {
    for (int64_t i = 0; i < count; ++i) {
      U32x2 r = threeFry2x32(split(counter + static_cast<uint64_t>(i)), split(key));
      out[i] = join(r[0], r[1]);
    }
    counter += static_cast<uint64_t>(count);
    return out;
  }
  // 32 bits: half as many 2x32 blocks; first words fill the first half.
  int64_t half = (count + 1) / 2;
  for (int64_t i = 0; i < half; ++i) {
    U32x2 r = threeFry2x32(split(counter + static_cast<uint64_t>(i)), split(key));
    out[i] = r[0];
    if (half + i < count) out[half + i] = r[1];
  }
  counter += static_cast<uint64_t>(half);
  return out;
}

/// The same for PHILOX with a 128-bit counter (lo, hi).
std::vector<uint64_t> philoxBits(uint64_t key, uint64_t &lo, uint64_t &hi, int64_t count, unsigned bits) {
  int64_t words32 = bits == 64 ? 2 * count : count;
  int64_t blocks = (words32 + 3) / 4;
  std::vector<uint32_t> stream;
  stream.reserve(static_cast<size_t>(blocks * 4));
  for (int64_t i = 0; i < blocks; ++i) {
    uint64_t l = lo + static_cast<uint64_t>(i), h = hi + (l < lo ? 1 : 0);
    U32x2 a = split(l), b = split(h);
    U32x4 r = philox4x32({a[0], a[1], b[0], b[1]}, split(key));
    stream.insert(stream.end(), r.begin(), r.end());
  }
  uint64_t newLo = lo + static_cast<uint64_t>(blocks);
  if (newLo < lo) ++hi;
  lo = newLo;
  std::vector<uint64_t> out(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    if (bits == 32) {
      out[i] = stream[i];
    } else {
      // 64-bit words pair (w0, w1) and (w2, w3) of each block, interleaved.
      int64_t block = i / 2, half = i % 2;
      out[i] = join(stream[block * 4 + half * 2], stream[block * 4 + half * 2 + 1]);
    }
  }
  return out;
}

}  // namespace

std::vector<Tensor> evalRngBitGenerator(const Tensor &initialState, const std::string &algorithm,
                                        const ir::Type &outputStateType, const ir::Type &outputType) {
  if (initialState.kind() != ElemKind::UI64 && initialState.kind() != ElemKind::SI64) {
    throw RuntimeError("rng_bit_generator: initial_state must be a 1-d tensor of 64-bit integers, got " +
                       initialState.type().str());
  }
  std::vector<uint64_t> state(static_cast<size_t>(initialState.numElements()));
  std::memcpy(state.data(), initialState.bytes(), state.size() * 8);
  std::string algo = algorithm.empty() ? "DEFAULT" : algorithm;
  if (algo == "DEFAULT") algo = "PHILOX";
  if (algo == "THREE_FRY" && state.size() != 2) {
    throw RuntimeError("rng_bit_generator: THREE_FRY needs a state of 2 u64, got " + std::to_string(state.size()));
  }
  if (algo == "PHILOX" && state.size() != 2 && state.size() != 3) {
    throw RuntimeError("rng_bit_generator: PHILOX needs a state of 2 or 3 u64, got " + std::to_string(state.size()));
  }
  if (algo != "THREE_FRY" && algo != "PHILOX") throw RuntimeError("rng_bit_generator: unknown algorithm " + algo);
  Tensor output(outputType);
  unsigned bits = static_cast<unsigned>(storageSize(output.kind()) * 8);
  bool realFloat = output.kind() == ElemKind::F32 || output.kind() == ElemKind::F64;
  if ((bits != 32 && bits != 64) || output.kind() == ElemKind::C64 || output.kind() == ElemKind::C128 ||
      (output.bits() != 0 && output.bits() != bits) || (output.bits() == 0 && !realFloat)) {
    throw UnsupportedOp("rng_bit_generator: output element type " + outputType.element().str() +
                        " is not supported (32- and 64-bit integers and floats are)");
  }
  std::vector<uint64_t> words;
  if (algo == "THREE_FRY") {
    words = threeFryBits(state[0], state[1], output.numElements(), bits);
  } else {
    uint64_t hi = state.size() == 3 ? state[2] : 0;
    words = philoxBits(state[0], state[1], hi, output.numElements(), bits);
    if (state.size() == 3) state[2] = hi;
  }
  for (int64_t i = 0; i < output.numElements(); ++i) {
    if (bits == 32) {
      uint32_t w = static_cast<uint32_t>(words[i]);
      std::memcpy(output.bytes() + i * 4, &w, 4);
    } else {
      std::memcpy(output.bytes() + i * 8, &words[i], 8);
    }
  }
  Tensor outState(outputStateType, initialState.shape());
  std::memcpy(outState.bytes(), state.data(), state.size() * 8);
  return {outState, output};
}

Tensor evalRng(const Tensor &a, const Tensor &b, const Shape &shape, const std::string &distribution,
               const ir::Type &resultType, uint64_t seed) {
  if (a.numElements() != 1 || b.numElements() != 1) throw RuntimeError("rng: a and b must be 0-d tensors");
  Tensor out(resultType, shape);
  std::mt19937_64 engine(seed);
  double lo = a.realAt(0), hi = b.realAt(0);
  bool normal = distribution == "NORMAL";
  if (!normal && distribution != "UNIFORM") throw RuntimeError("rng: unknown rng_distribution `" + distribution + "`");
  if (!normal && !(lo < hi) && out.kind() != ElemKind::I1) {
    throw RuntimeError("rng: UNIFORM needs a < b, got " + a.str() + " and " + b.str());
  }
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    T *r = out.data<T>();
    for (int64_t i = 0; i < out.numElements(); ++i) {
      if constexpr (kIsBool<T>) {
        r[i] = (engine() & 1) != 0;
      } else if constexpr (kIsInt<T>) {
        if (normal) throw RuntimeError("rng: NORMAL needs a float result");
        std::uniform_int_distribution<int64_t> u(a.intAt(0), b.intAt(0) - 1);
        r[i] = static_cast<T>(u(engine));
      } else if constexpr (kIsFloat<T>) {
        if (normal) {
          std::normal_distribution<double> n(lo, hi);
          r[i] = static_cast<T>(n(engine));
        } else {
          std::uniform_real_distribution<double> u(lo, hi);
          r[i] = static_cast<T>(u(engine));
        }
      } else {
        throw UnsupportedOp("rng: complex results are not supported");
      }
    }
  });
  out.finalize();
  return out;
}

}  // namespace shlo::interpreter
