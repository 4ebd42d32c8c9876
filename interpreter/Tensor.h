// The interpreter's values: tensors as contiguous, row-major typed buffers
// with a shape (never boxed per element), tuples and tokens. Ops dispatch
// once on the element kind (`dispatch`) and run typed loops over `data<T>()`.
//
// Storage: i1 as bool; 2- to 64-bit integers in the smallest of
// int8..int64/uint8..uint64 that holds them (sub-byte widths wrap on store,
// `finalize`); f16, bf16 and the f4/f6/f8 formats as float, rounded to their
// format on store (`finalize`); f32, f64; complex<f32|f64> as std::complex.
// Quantized tensors hold their storage type's integers; the quantization
// parameters stay in `type()` (interpreter/Quantization.h).
#pragma once

#include <complex>
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "semantic/ir/Types.h"

namespace shlo::interpreter {

enum class ElemKind : uint8_t {
  I1, SI8, SI16, SI32, SI64, UI8, UI16, UI32, UI64, F16, BF16, F32, F64, C64, C128,
  // The small float formats (interpreter/FloatFormats.h), stored as float.
  F4E2M1FN, F6E2M3FN, F6E3M2FN, F8E3M4, F8E4M3, F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2, F8E5M2FNUZ, F8E8M0FNU,
};

/// True for the f4/f6/f8 kinds.
inline bool isMinifloat(ElemKind kind) { return kind >= ElemKind::F4E2M1FN; }
/// The ir float format of a float kind (f16, bf16, f32, f64 and the minifloats).
ir::FloatFormat floatFormatOf(ElemKind kind);
/// Storage width in bits of one element of the element type (not of its
/// in-memory representation): 1 for i1, 4 for f4E2M1FN, 16 for bf16, 64
/// for complex<f32>.
unsigned elementBitWidth(ElemKind kind, unsigned integerBits);

/// Bytes per element of a kind's storage.
size_t storageSize(ElemKind kind);
const char *elemKindName(ElemKind kind);

/// Calls `f(T{})` with the storage type of `kind`.
template <typename F>
decltype(auto) dispatch(ElemKind kind, F &&f) {
  switch (kind) {
    case ElemKind::I1: return f(bool{});
    case ElemKind::SI8: return f(int8_t{});
    case ElemKind::SI16: return f(int16_t{});
    case ElemKind::SI32: return f(int32_t{});
    case ElemKind::SI64: return f(int64_t{});
    case ElemKind::UI8: return f(uint8_t{});
    case ElemKind::UI16: return f(uint16_t{});
    case ElemKind::UI32: return f(uint32_t{});
    case ElemKind::UI64: return f(uint64_t{});
    case ElemKind::F16:
    case ElemKind::BF16:
    case ElemKind::F32:
    case ElemKind::F4E2M1FN:
    case ElemKind::F6E2M3FN:
    case ElemKind::F6E3M2FN:
    case ElemKind::F8E3M4:
    case ElemKind::F8E4M3:
    case ElemKind::F8E4M3FN:
    case ElemKind::F8E4M3FNUZ:
    case ElemKind::F8E4M3B11FNUZ:
    case ElemKind::F8E5M2:
    case ElemKind::F8E5M2FNUZ:
    case ElemKind::F8E8M0FNU: return f(float{});
    case ElemKind::F64: return f(double{});
    case ElemKind::C64: return f(std::complex<float>{});
    case ElemKind::C128: return f(std::complex<double>{});
  }
  return f(bool{});
}

template <typename T> struct IsComplex : std::false_type {};
template <typename T> struct IsComplex<std::complex<T>> : std::true_type {};
template <typename T> constexpr bool kIsComplex = IsComplex<T>::value;
template <typename T> constexpr bool kIsBool = std::is_same_v<T, bool>;
template <typename T> constexpr bool kIsInt = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <typename T> constexpr bool kIsFloat = std::is_floating_point_v<T>;

/// The memory budget of the process: the most bytes that tensor buffers
/// alive at once (every thread, every run) may hold. Each Tensor allocation
/// is checked against it before any memory is taken, so a size from hostile
/// text or data is a RuntimeError naming the bytes asked for and the budget,
/// never an allocation that exhausts the machine. `shlo run --max-memory`
/// sets it; the default is half of the memory the process can use.
class MemoryBudget {
 public:
  /// The budget in bytes.
  static int64_t limit();
  /// Sets the budget in bytes (> 0); tensors already alive are kept even
  /// when they exceed it, later allocations are refused.
  static void setLimit(int64_t bytes);
  /// Half of the least of the machine's physical memory, the address-space
  /// limit (RLIMIT_AS) and the cgroup's memory.max (cgroup v2), in bytes:
  /// the other half is left to the program, the IR and other processes.
  static int64_t defaultLimit();
};

/// A tensor value. Buffers are shared between copies and never changed after
/// an op has produced them (ops write only into tensors they created).
class Tensor {
 public:
  Tensor() = default;
  /// A zero-filled tensor of a static tensor type. Throws RuntimeError for
  /// element types the interpreter does not support, and before allocating
  /// anything when the element count or byte size overflows int64, exceeds
  /// checked::kMaxByteSize, or would exceed the MemoryBudget.
  explicit Tensor(const ir::Type &type);
  /// The same, with another shape (for ops whose result type is dynamic, and
  /// whose sizes may come from data: checked the same way).
  Tensor(const ir::Type &type, std::vector<int64_t> shape);

  /// Tag of the constructor below.
  struct ForOverwrite {};
  /// A tensor whose buffer is left as the allocator gives it (no zero-fill),
  /// for an op that writes every element before anything reads them
  /// (elementwise loops, products, copies). Checked as the constructors
  /// above.
  Tensor(const ir::Type &type, std::vector<int64_t> shape, ForOverwrite);
  /// A result of `type` and `shape` that an op writes element by element,
  /// element i from its operands' elements i only: the buffer of the operand
  /// the evaluator offers (BufferOffer) when nothing else holds it and its
  /// storage kind and size match (the op then computes in place), else a
  /// fresh buffer as with ForOverwrite. The offer is taken at most once.
  static Tensor inPlaceOrNew(const ir::Type &type, std::vector<int64_t> shape);
  /// This tensor's buffer under `type` and `shape` (reshape: the same
  /// elements in the same order), shared, not copied; nullopt when the
  /// storage kind or the element count differ.
  std::optional<Tensor> sharedAs(const ir::Type &type, std::vector<int64_t> shape) const;

  const ir::Type &type() const { return type_; }
  ElemKind kind() const { return kind_; }
  /// Integer width in bits (1 for i1); 0 for floats and complex.
  unsigned bits() const { return bits_; }
  bool isUnsignedInt() const { return kind_ >= ElemKind::UI8 && kind_ <= ElemKind::UI64; }
  const std::vector<int64_t> &shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  int64_t numElements() const { return numElements_; }
  /// Row-major strides in elements.
  std::vector<int64_t> strides() const;

  template <typename T> T *data() { return reinterpret_cast<T *>(buffer_->data()); }
  template <typename T> const T *data() const { return reinterpret_cast<const T *>(buffer_->data()); }
  unsigned char *bytes() { return buffer_->data(); }
  const unsigned char *bytes() const { return buffer_->data(); }

  /// True when the element type is a quantized element type.
  bool isQuantized() const { return type_.element().isQuantized(); }

  /// Rounds f16/bf16/f4/f6/f8 elements to their format and wraps sub-byte integers
  /// to their width: called by every op on the tensors it produces.
  void finalize();

  /// Element `i` as double / int64 (for indices and printing).
  double realAt(int64_t i) const;
  int64_t intAt(int64_t i) const;

  /// `tensor<2x3xf32>` and the elements, as MLIR's dense literal syntax.
  std::string str(int64_t maxElements = 64) const;

  /// The buffer's owner, for a cache of something derived from the data
  /// (oneDNN's reordered weights) that must die with it: while the owner
  /// lives the data neither changes nor moves. Null for an empty tensor.
  std::shared_ptr<const void> bufferOwner() const { return buffer_; }

  /// Bytes held by all tensor buffers alive now (every thread), and the
  /// most held since the last resetPeakBytes(): how tests and `--stats`
  /// observe that the evaluator frees values after their last use.
  static int64_t liveBytes();
  static int64_t peakBytes();
  static void resetPeakBytes();

  /// Allocates `bytes` (at most the memory budget) as one tensor buffer,
  /// writes a byte per 4 KiB page and frees it, so that the tensors made
  /// next take pages the process already has: the allocator `shlo` links
  /// (tcmalloc) keeps freed memory and carves later blocks from it, where
  /// each first touch of a fresh page is a page fault (~2 us). Not counted
  /// in liveBytes(). Does nothing for bytes <= 0 or when the allocation
  /// fails.
  static void warmAllocator(int64_t bytes);

 private:
  ir::Type type_;
  ElemKind kind_ = ElemKind::F32;
  unsigned bits_ = 0;
  std::vector<int64_t> shape_;
  int64_t numElements_ = 0;
  /// Value-initialises elements only when asked (vector(n, 0)): vector(n)
  /// leaves them as allocated, for ForOverwrite. Buffers start on a cache
  /// line (malloc gives 16 bytes): the kernels' 64-byte vectors then never
  /// straddle two lines (oneDNN's 1x1 convolutions ran ~7% slower on
  /// malloc's alignment). Large ones are staggered (allocateBuffer).
  template <typename T>
  struct NoInitAllocator : std::allocator<T> {
    NoInitAllocator() = default;
    template <typename U>
    NoInitAllocator(const NoInitAllocator<U> &) {}
    template <typename U> struct rebind { using other = NoInitAllocator<U>; };
    T *allocate(size_t n) { return static_cast<T *>(allocateBuffer(n * sizeof(T))); }
    void deallocate(T *p, size_t n) { freeBuffer(p, n * sizeof(T)); }
    template <typename U, typename... Args>
    void construct(U *p, Args &&...args) {
      if constexpr (sizeof...(Args) == 0) {
        ::new (static_cast<void *>(p)) U;
      } else {
        ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
      }
    }
  };
  /// 64-byte aligned bytes. From 64 KiB on, the start is staggered: a
  /// multiple of 64 bytes past the page the allocator gives, a different
  /// one for each buffer, up to 4 KiB. Large blocks come page-aligned, so
  /// an op's operand and result would otherwise share their addresses'
  /// low 12 bits, and a kernel reading one while writing the other meets
  /// false store-to-load dependences and cache-set conflicts: ResNet-50's
  /// first convolution took 3.8 ms instead of 2.4 at 1 thread when its
  /// result followed its operand in memory (NOTES.md, session 10).
  static void *allocateBuffer(size_t bytes);
  /// Frees what allocateBuffer(bytes) returned.
  static void freeBuffer(void *p, size_t bytes);
  using Buffer = std::vector<unsigned char, NoInitAllocator<unsigned char>>;
  friend class BufferOffer;

  /// Type, kind, bits, shape and element count, checked; no buffer.
  void describe(const ir::Type &type);
  std::shared_ptr<Buffer> buffer_;
};

/// The operand an evaluator gives up to the op it evaluates (its last use:
/// the interpreter moved it out of the environment), for
/// Tensor::inPlaceOrNew. Scoped and per thread; a nested offer hides the
/// outer one until it ends. Only the evaluators of ops whose result is
/// computed index by index make one (EvalSupport.h's unary and binary).
class BufferOffer {
 public:
  /// Null: nothing is offered in this scope.
  explicit BufferOffer(const Tensor *operand);
  ~BufferOffer();
  BufferOffer(const BufferOffer &) = delete;
  BufferOffer &operator=(const BufferOffer &) = delete;

 private:
  friend class Tensor;
  const Tensor *previous_;
};

/// The storage kind of an element type; throws RuntimeError when unsupported.
ElemKind elemKindOf(const ir::ElementType &element);

/// Bytes a tensor of `type` holds; nullopt for a type that is not a tensor
/// of static shape, an element type the interpreter does not run, or a
/// size past 64-bit bytes.
std::optional<int64_t> tensorByteSize(const ir::Type &type);

/// f16 and bf16 rounding (round to nearest even, overflow to infinity).
uint16_t floatToHalfBits(float value);
float halfBitsToFloat(uint16_t bits);
uint16_t floatToBFloat16Bits(float value);
float bfloat16BitsToFloat(uint16_t bits);
/// True for the kinds stored as float but narrower than f32 (f16, bf16, the
/// minifloats): arithmetic on them rounds to the kind after every step.
bool isNarrowFloat(ElemKind kind);
/// `value` rounded to the nearest value of a narrow float kind (round to
/// nearest even, as Tensor::finalize does); other kinds return it unchanged.
float roundToKind(ElemKind kind, float value);

/// A runtime value: a tensor, a tuple of values or a token.
struct Value {
  enum class Kind : uint8_t { Tensor, Tuple, Token };
  Kind kind = Kind::Tensor;
  Tensor tensor;
  std::vector<Value> elements;

  Value() = default;
  Value(Tensor t) : kind(Kind::Tensor), tensor(std::move(t)) {}
  static Value tuple(std::vector<Value> elements);
  static Value token();
  std::string str(int64_t maxElements = 64) const;
};

}  // namespace shlo::interpreter
