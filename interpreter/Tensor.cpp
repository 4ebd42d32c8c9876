#include "interpreter/Tensor.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "interpreter/Errors.h"
#include "interpreter/FloatFormats.h"
#include "support/CheckedArithmetic.h"

namespace shlo::interpreter {

size_t storageSize(ElemKind kind) {
  return dispatch(kind, [](auto tag) { return sizeof(tag); });
}

const char *elemKindName(ElemKind kind) {
  static const char *names[] = {"i1",  "si8", "si16", "si32", "si64", "ui8", "ui16", "ui32",
                                "ui64", "f16", "bf16", "f32",  "f64",  "complex<f32>", "complex<f64>",
                                "f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E3M4", "f8E4M3", "f8E4M3FN",
                                "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2", "f8E5M2FNUZ", "f8E8M0FNU"};
  return names[static_cast<int>(kind)];
}

ir::FloatFormat floatFormatOf(ElemKind kind) {
  using F = ir::FloatFormat;
  switch (kind) {
    case ElemKind::F16: return F::F16;
    case ElemKind::BF16: return F::BF16;
    case ElemKind::F64:
    case ElemKind::C128: return F::F64;
    case ElemKind::F4E2M1FN: return F::F4E2M1FN;
    case ElemKind::F6E2M3FN: return F::F6E2M3FN;
    case ElemKind::F6E3M2FN: return F::F6E3M2FN;
    case ElemKind::F8E3M4: return F::F8E3M4;
    case ElemKind::F8E4M3: return F::F8E4M3;
    case ElemKind::F8E4M3FN: return F::F8E4M3FN;
    case ElemKind::F8E4M3FNUZ: return F::F8E4M3FNUZ;
    case ElemKind::F8E4M3B11FNUZ: return F::F8E4M3B11FNUZ;
    case ElemKind::F8E5M2: return F::F8E5M2;
    case ElemKind::F8E5M2FNUZ: return F::F8E5M2FNUZ;
    case ElemKind::F8E8M0FNU: return F::F8E8M0FNU;
    default: return F::F32;
  }
}

unsigned elementBitWidth(ElemKind kind, unsigned integerBits) {
  if (kind <= ElemKind::UI64) return integerBits;
  switch (kind) {
    case ElemKind::F16:
    case ElemKind::BF16: return 16;
    case ElemKind::F32: return 32;
    case ElemKind::F64:
    case ElemKind::C64: return 64;
    case ElemKind::C128: return 128;
    default: return minifloatFormat(floatFormatOf(kind))->width();
  }
}

ElemKind elemKindOf(const ir::ElementType &e) {
  if (e.isQuantized() && e.quantizedInfo()) return elemKindOf(e.quantizedInfo()->storageType);
  if (e.isInteger() || e.isIndex()) {
    unsigned w = e.isIndex() ? 64 : e.width();
    if (w == 1) return ElemKind::I1;
    bool u = e.isUnsigned();
    if (w <= 8) return u ? ElemKind::UI8 : ElemKind::SI8;
    if (w <= 16) return u ? ElemKind::UI16 : ElemKind::SI16;
    if (w <= 32) return u ? ElemKind::UI32 : ElemKind::SI32;
    if (w <= 64) return u ? ElemKind::UI64 : ElemKind::SI64;
  } else if (e.isFloat()) {
    switch (e.floatFormat()) {
      case ir::FloatFormat::F16: return ElemKind::F16;
      case ir::FloatFormat::BF16: return ElemKind::BF16;
      case ir::FloatFormat::F32: return ElemKind::F32;
      case ir::FloatFormat::F64: return ElemKind::F64;
      case ir::FloatFormat::F4E2M1FN: return ElemKind::F4E2M1FN;
      case ir::FloatFormat::F6E2M3FN: return ElemKind::F6E2M3FN;
      case ir::FloatFormat::F6E3M2FN: return ElemKind::F6E3M2FN;
      case ir::FloatFormat::F8E3M4: return ElemKind::F8E3M4;
      case ir::FloatFormat::F8E4M3: return ElemKind::F8E4M3;
      case ir::FloatFormat::F8E4M3FN: return ElemKind::F8E4M3FN;
      case ir::FloatFormat::F8E4M3FNUZ: return ElemKind::F8E4M3FNUZ;
      case ir::FloatFormat::F8E4M3B11FNUZ: return ElemKind::F8E4M3B11FNUZ;
      case ir::FloatFormat::F8E5M2: return ElemKind::F8E5M2;
      case ir::FloatFormat::F8E5M2FNUZ: return ElemKind::F8E5M2FNUZ;
      case ir::FloatFormat::F8E8M0FNU: return ElemKind::F8E8M0FNU;
      default: break;
    }
  } else if (e.isComplex()) {
    if (e.floatFormat() == ir::FloatFormat::F32) return ElemKind::C64;
    if (e.floatFormat() == ir::FloatFormat::F64) return ElemKind::C128;
  }
  throw UnsupportedOp("element type " + e.str() + " is not supported by the interpreter yet");
}

std::optional<int64_t> tensorByteSize(const ir::Type &type) {
  if (!type.isTensor() || !type.hasStaticShape()) return std::nullopt;
  ElemKind kind;
  try {
    kind = elemKindOf(type.element());
  } catch (const std::exception &) {
    return std::nullopt;
  }
  std::optional<int64_t> count = checked::product(type.shape());
  if (!count) return std::nullopt;
  return checked::byteSize(*count, static_cast<int64_t>(storageSize(kind)));
}

namespace {

std::atomic<int64_t> gLiveBytes{0}, gPeakBytes{0};
// 0 until first used: the default is computed once, on demand.
std::atomic<int64_t> gBudget{0};

/// The cgroup v2 memory limit of this process's group, when there is one.
std::optional<int64_t> cgroupMemoryMax() {
  std::ifstream in("/sys/fs/cgroup/memory.max");
  std::string text;
  if (!(in >> text) || text == "max") return std::nullopt;
  char *end = nullptr;
  long long value = std::strtoll(text.c_str(), &end, 10);
  if (*end != '\0' || value <= 0) return std::nullopt;
  return value;
}

std::string bytesText(int64_t bytes) {
  std::string out = std::to_string(bytes) + " bytes";
  if (bytes >= (int64_t{1} << 20)) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, " (%.1f MiB)", static_cast<double>(bytes) / (1 << 20));
    out += buffer;
  }
  return out;
}

/// A buffer of `size` bytes for a tensor of `type`, zero-filled when `zero`,
/// whose bytes count in liveBytes() until it is freed. The bytes are
/// reserved against the budget before anything is allocated.
template <typename Buffer>
std::shared_ptr<Buffer> countedBuffer(int64_t size, const ir::Type &type, bool zero) {
  int64_t budget = MemoryBudget::limit();
  int64_t before = gLiveBytes.fetch_add(size);
  int64_t now = before + size;  // both within kMaxByteSize each: no overflow
  if (now > budget) {
    gLiveBytes.fetch_sub(size);
    throw RuntimeError(type.str() + " needs " + bytesText(size) + ", more than the memory budget of " +
                       bytesText(budget) + " allows (" + bytesText(before) + " already held by live tensors)");
  }
  int64_t peak = gPeakBytes.load();
  while (now > peak && !gPeakBytes.compare_exchange_weak(peak, now)) {
  }
  Buffer *bytes = nullptr;
  try {
    bytes = zero ? new Buffer(static_cast<size_t>(size), 0) : new Buffer(static_cast<size_t>(size));
  } catch (const std::bad_alloc &) {
    gLiveBytes.fetch_sub(size);
    throw RuntimeError(type.str() + " needs " + bytesText(size) + ", which the system could not allocate");
  }
  return std::shared_ptr<Buffer>(bytes, [size](Buffer *b) {
    gLiveBytes.fetch_sub(size);
    delete b;
  });
}

}  // namespace

int64_t MemoryBudget::defaultLimit() {
  int64_t memory = checked::kMaxByteSize;
  long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && pageSize > 0) {
    memory = std::min(memory, checked::mul(pages, pageSize).value_or(memory));
  }
  struct rlimit limit;
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    memory = std::min<int64_t>(memory, static_cast<int64_t>(std::min<rlim_t>(limit.rlim_cur, checked::kMaxByteSize)));
  }
  if (std::optional<int64_t> group = cgroupMemoryMax()) memory = std::min(memory, *group);
  return std::max<int64_t>(memory / 2, 1);
}

int64_t MemoryBudget::limit() {
  int64_t budget = gBudget.load();
  if (budget > 0) return budget;
  int64_t initial = defaultLimit();
  // Another thread may have set it meanwhile: keep theirs.
  gBudget.compare_exchange_strong(budget, initial);
  return gBudget.load();
}

void MemoryBudget::setLimit(int64_t bytes) {
  if (bytes <= 0) throw RuntimeError("the memory budget must be a positive number of bytes, got " + std::to_string(bytes));
  gBudget.store(bytes);
}

int64_t Tensor::liveBytes() { return gLiveBytes.load(); }
int64_t Tensor::peakBytes() { return gPeakBytes.load(); }
void Tensor::resetPeakBytes() { gPeakBytes.store(gLiveBytes.load()); }

namespace {
constexpr std::align_val_t kBufferAlignment{64};
constexpr size_t kStaggerFrom = size_t{1} << 16, kStaggerSpan = 4096;
}  // namespace

void *Tensor::allocateBuffer(size_t bytes) {
  if (bytes < kStaggerFrom) return ::operator new(bytes, kBufferAlignment);
  // 64 to 4032 bytes in, stepping by 7 lines so that buffers made one
  // after the other are far apart in the page; the block's own address is
  // kept just before the buffer.
  static std::atomic<unsigned> next{0};
  size_t offset = 64 * (1 + (next.fetch_add(1, std::memory_order_relaxed) * 7) % (kStaggerSpan / 64 - 1));
  auto *block = static_cast<unsigned char *>(::operator new(bytes + kStaggerSpan, kBufferAlignment));
  unsigned char *buffer = block + offset;
  std::memcpy(buffer - sizeof block, &block, sizeof block);
  return buffer;
}

void Tensor::freeBuffer(void *p, size_t bytes) {
  // Unsized: clang leaves sized deallocation off by default (the fuzz build).
  if (bytes < kStaggerFrom) {
    ::operator delete(p, kBufferAlignment);
    return;
  }
  unsigned char *block;
  std::memcpy(&block, static_cast<unsigned char *>(p) - sizeof block, sizeof block);
  ::operator delete(block, kBufferAlignment);
}

void Tensor::warmAllocator(int64_t bytes) {
  bytes = std::min(bytes, MemoryBudget::limit());
  if (bytes <= 0) return;
  try {
    Buffer buffer(static_cast<size_t>(bytes));
    // volatile: the stores are the point, though nothing reads them.
    volatile unsigned char *data = buffer.data();
    for (int64_t i = 0; i < bytes; i += 4096) data[i] = 0;
  } catch (const std::bad_alloc &) {
    // Nothing warmed; the tensors fault their pages in as before.
  }
}

Tensor::Tensor(const ir::Type &type) : Tensor(type, type.isTensor() ? type.shape() : std::vector<int64_t>{}) {}

Tensor::Tensor(const ir::Type &type, std::vector<int64_t> shape) {
  shape_ = std::move(shape);
  describe(type);
  buffer_ = countedBuffer<Buffer>(static_cast<int64_t>(numElements_ * storageSize(kind_)), type_, true);
}

Tensor::Tensor(const ir::Type &type, std::vector<int64_t> shape, ForOverwrite) {
  shape_ = std::move(shape);
  describe(type);
  buffer_ = countedBuffer<Buffer>(static_cast<int64_t>(numElements_ * storageSize(kind_)), type_, false);
}

namespace {
/// The operand offered to the op being evaluated on this thread (BufferOffer).
thread_local const Tensor *tOffered = nullptr;
}  // namespace

BufferOffer::BufferOffer(const Tensor *operand) : previous_(tOffered) { tOffered = operand; }
BufferOffer::~BufferOffer() { tOffered = previous_; }

Tensor Tensor::inPlaceOrNew(const ir::Type &type, std::vector<int64_t> shape) {
  const Tensor *offered = tOffered;
  if (offered && offered->buffer_ && offered->buffer_.use_count() == 1) {
    Tensor out;
    out.shape_ = std::move(shape);
    out.describe(type);
    if (out.kind_ == offered->kind_ && out.numElements_ == offered->numElements_) {
      tOffered = nullptr;
      out.buffer_ = offered->buffer_;
      return out;
    }
    return Tensor(type, std::move(out.shape_), ForOverwrite{});
  }
  return Tensor(type, std::move(shape), ForOverwrite{});
}

std::optional<Tensor> Tensor::sharedAs(const ir::Type &type, std::vector<int64_t> shape) const {
  Tensor out;
  out.shape_ = std::move(shape);
  out.describe(type);
  if (out.kind_ != kind_ || out.bits_ != bits_ || out.numElements_ != numElements_) return std::nullopt;
  out.buffer_ = buffer_;
  return out;
}

void Tensor::describe(const ir::Type &type) {
  type_ = type;
  if (!type.isTensor() && type.kind() != ir::Type::Kind::Scalar) {
    throw RuntimeError("expected a tensor type, got " + type.str());
  }
  for (int64_t d : shape_) {
    if (d < 0) throw RuntimeError("tensor type " + type.str() + " has no static shape");
  }
  if (type.isTensor() && !type.hasStaticShape()) type_ = type.withShape(shape_);
  const ir::ElementType &e = type.element();
  kind_ = elemKindOf(e);
  const ir::ElementType &storage = e.isQuantized() && e.quantizedInfo() ? e.quantizedInfo()->storageType : e;
  bits_ = storage.isIndex() ? 64 : storage.isInteger() ? storage.width() : 0;
  // Sizes may come from hostile text or data: checked before allocating.
  std::optional<int64_t> count = checked::product(shape_);
  if (!count) throw RuntimeError(type_.str() + " has more elements than a 64-bit integer can count");
  std::optional<int64_t> size = checked::byteSize(*count, static_cast<int64_t>(storageSize(kind_)));
  if (!size || *size > checked::kMaxByteSize) {
    throw RuntimeError(type_.str() + " needs more than " + bytesText(checked::kMaxByteSize) +
                       ", the most one tensor may hold");
  }
  numElements_ = *count;
}

std::vector<int64_t> Tensor::strides() const {
  // An empty tensor may have dimensions whose product overflows (0x2^62x4):
  // its strides address nothing, so they saturate instead of wrapping.
  std::vector<int64_t> s(shape_.size(), 1);
  for (int64_t i = rank() - 2; i >= 0; --i) {
    s[i] = checked::mul(s[i + 1], shape_[i + 1]).value_or(std::numeric_limits<int64_t>::max());
  }
  return s;
}

uint16_t floatToHalfBits(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
  uint32_t a = x & 0x7fffffff;
  if (a >= 0x7f800000) return sign | 0x7c00 | (a > 0x7f800000 ? (0x200 | ((a >> 13) & 0x3ff)) : 0);
  if (a >= 0x477ff000) return sign | 0x7c00;
  if (a < 0x38800000) {
    float af;
    std::memcpy(&af, &a, 4);
    return sign | static_cast<uint16_t>(std::nearbyint(af * 16777216.0f));
  }
  uint32_t e = (a >> 23) - 127 + 15;
  uint32_t mant = a & 0x7fffff;
  uint32_t h = (e << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) ++h;
  return static_cast<uint16_t>(sign | h);
}

float halfBitsToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  uint32_t e = (h >> 10) & 0x1f, m = h & 0x3ff;
  float out;
  if (e == 0) {
    out = std::ldexp(static_cast<float>(m), -24);
    uint32_t bits;
    std::memcpy(&bits, &out, 4);
    bits |= sign;
    std::memcpy(&out, &bits, 4);
    return out;
  }
  uint32_t bits = e == 31 ? (sign | 0x7f800000 | (m << 13)) : (sign | ((e - 15 + 127) << 23) | (m << 13));
  std::memcpy(&out, &bits, 4);
  return out;
}

uint16_t floatToBFloat16Bits(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000) return static_cast<uint16_t>((x >> 16) | 0x40);
  x += 0x7fff + ((x >> 16) & 1);
  return static_cast<uint16_t>(x >> 16);
}

float bfloat16BitsToFloat(uint16_t b) {
  uint32_t x = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

bool isNarrowFloat(ElemKind kind) {
  return kind == ElemKind::F16 || kind == ElemKind::BF16 || isMinifloat(kind);
}

float roundToKind(ElemKind kind, float value) {
  if (kind == ElemKind::F16) return halfBitsToFloat(floatToHalfBits(value));
  if (kind == ElemKind::BF16) return bfloat16BitsToFloat(floatToBFloat16Bits(value));
  if (isMinifloat(kind)) return static_cast<float>(roundToMinifloat(*minifloatFormat(floatFormatOf(kind)), value));
  return value;
}

void Tensor::finalize() {
  if (kind_ == ElemKind::F16) {
    float *p = data<float>();
    for (int64_t i = 0; i < numElements_; ++i) p[i] = halfBitsToFloat(floatToHalfBits(p[i]));
  } else if (kind_ == ElemKind::BF16) {
    float *p = data<float>();
    for (int64_t i = 0; i < numElements_; ++i) p[i] = bfloat16BitsToFloat(floatToBFloat16Bits(p[i]));
  } else if (isMinifloat(kind_)) {
    MinifloatFormat format = *minifloatFormat(floatFormatOf(kind_));
    float *p = data<float>();
    for (int64_t i = 0; i < numElements_; ++i) p[i] = static_cast<float>(roundToMinifloat(format, p[i]));
  } else if (bits_ > 1 && bits_ < 8 * storageSize(kind_)) {
    dispatch(kind_, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (kIsInt<T>) {
        T *p = data<T>();
        unsigned shift = 64 - bits_;
        for (int64_t i = 0; i < numElements_; ++i) {
          if constexpr (std::is_signed_v<T>) {
            p[i] = static_cast<T>(static_cast<int64_t>(static_cast<uint64_t>(p[i]) << shift) >> shift);
          } else {
            p[i] = static_cast<T>((static_cast<uint64_t>(p[i]) << shift) >> shift);
          }
        }
      }
    });
  }
}

double Tensor::realAt(int64_t i) const {
  return dispatch(kind_, [&](auto tag) -> double {
    using T = decltype(tag);
    if constexpr (kIsComplex<T>) {
      return static_cast<double>(data<T>()[i].real());
    } else {
      return static_cast<double>(data<T>()[i]);
    }
  });
}

int64_t Tensor::intAt(int64_t i) const {
  return dispatch(kind_, [&](auto tag) -> int64_t {
    using T = decltype(tag);
    if constexpr (kIsComplex<T>) {
      return static_cast<int64_t>(data<T>()[i].real());
    } else {
      return static_cast<int64_t>(data<T>()[i]);
    }
  });
}

namespace {

template <typename T>
void printElement(std::ostream &out, T v) {
  if constexpr (kIsBool<T>) {
    out << (v ? "true" : "false");
  } else if constexpr (kIsComplex<T>) {
    out << "(";
    printElement(out, v.real());
    out << ", ";
    printElement(out, v.imag());
    out << ")";
  } else if constexpr (kIsFloat<T>) {
    if (std::isnan(v)) {
      out << "nan";
    } else if (std::isinf(v)) {
      out << (v < 0 ? "-inf" : "inf");
    } else {
      std::ostringstream s;
      s.precision(std::is_same_v<T, float> ? 9 : 17);
      s << v;
      std::string t = s.str();
      if (t.find_first_of(".e") == std::string::npos) t += ".0";
      out << t;
    }
  } else if constexpr (sizeof(T) == 1) {
    out << static_cast<int>(v);
  } else {
    out << v;
  }
}

}  // namespace

std::string Tensor::str(int64_t maxElements) const {
  std::ostringstream out;
  out << "dense<";
  if (!buffer_) return "<no value>";
  dispatch(kind_, [&](auto tag) {
    using T = decltype(tag);
    const T *p = data<T>();
    if (rank() == 0) {
      printElement(out, p[0]);
      return;
    }
    std::vector<int64_t> st = strides();
    int64_t shown = std::min(numElements_, maxElements);
    for (int64_t i = 0; i < shown; ++i) {
      // A dimension's list opens and closes every st[d] * shape[d] elements.
      for (int64_t d = 0; d < rank(); ++d) {
        if (i % (st[d] * shape_[d]) == 0) out << "[";
      }
      printElement(out, p[i]);
      int closes = 0;
      for (int64_t d = 0; d < rank(); ++d) {
        if ((i + 1) % (st[d] * shape_[d]) == 0) ++closes;
      }
      for (int c = 0; c < closes; ++c) out << "]";
      if (i + 1 < numElements_) out << ", ";
    }
    if (numElements_ == 0) out << std::string(shape_.size(), '[') << std::string(shape_.size(), ']');
    if (shown < numElements_) out << "... (" << numElements_ - shown << " more)";
  });
  out << "> : " << type_.str();
  return out.str();
}

Value Value::tuple(std::vector<Value> elements) {
  Value v;
  v.kind = Kind::Tuple;
  v.elements = std::move(elements);
  return v;
}

Value Value::token() {
  Value v;
  v.kind = Kind::Token;
  return v;
}

std::string Value::str(int64_t maxElements) const {
  if (kind == Kind::Token) return "token";
  if (kind == Kind::Tensor) return tensor.str(maxElements);
  std::string out = "(";
  for (size_t i = 0; i < elements.size(); ++i) out += (i ? ", " : "") + elements[i].str(maxElements);
  return out + ")";
}

}  // namespace shlo::interpreter
