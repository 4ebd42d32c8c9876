// NumPy's `.npy` format (format versions 1.0, 2.0 and 3.0; little- and
// big-endian data; C order) to and from interpreter tensors.
//
// dtypes: b1 <-> i1; i1/i2/i4/i8 <-> si8..si64 (and i2/i4, stored as i1);
// u1..u8 <-> ui8..ui64; f2 <-> f16; f4 <-> f32; f8 <-> f64; c8 <->
// complex<f32>; c16 <-> complex<f64>. bf16 has no NumPy dtype: it is written
// as `<u2` holding the bf16 bit patterns (what StableHLO's interpreter writes
// too), and a bf16 tensor reads `u2` (or a 2-byte void `V2`, which is how
// NumPy saves ml_dtypes' bfloat16) as bit patterns. Fortran order is rejected.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/Errors.h"
#include "interpreter/Tensor.h"
#include "semantic/ir/Types.h"

namespace shlo::interpreter::npy {

/// A malformed or unreadable file, or one that does not fit the expected type.
class NpyError : public RuntimeError {
 public:
  using RuntimeError::RuntimeError;
};

/// A parsed `.npy` image: its header and a view of its data bytes.
struct Array {
  char byteOrder = '<';     // '<' little, '>' big, '|' not applicable
  char kind = 'f';          // b, i, u, f, c, V
  int itemSize = 4;         // bytes per element
  std::vector<int64_t> shape;
  int64_t numElements = 1;
  std::string_view data;    // exactly numElements * itemSize bytes
  std::string descr() const;  // e.g. "<f4"
};

/// The longest `.npy` header read, in bytes: 1 MiB. NumPy writes headers of
/// 64 to a few hundred bytes (its own reader refuses more than 10,000 by
/// default); a longer one is hostile, and parsing it would cost memory.
constexpr uint64_t kMaxHeaderBytes = uint64_t{1} << 20;

/// The most bytes an `.npy` image of a tensor of `type` can take: the
/// longest header and the data of its static shape. Nullopt when the type
/// has no static shape (its size is not known before reading) or no NumPy
/// dtype. A reader checks a file's or an archive member's size against it
/// before reading, so that a file claiming more is refused without
/// allocating.
std::optional<uint64_t> maxImageBytes(const ir::Type &type);

/// The most bytes an `.npy` image may take when no type bounds it: the
/// longest header and half the MemoryBudget (the image and the tensor read
/// from it are held at the same time).
uint64_t defaultMaxImageBytes();

/// Parses an `.npy` image held in `bytes` (which must outlive the result).
/// `what` names the source in errors (a file name, `archive.npz:key`).
/// Throws NpyError on a bad magic string or version, a header longer than
/// kMaxHeaderBytes or malformed, Fortran order, an unsupported dtype, a
/// shape whose size overflows, or data shorter or longer than the shape says.
Array parse(std::string_view bytes, const std::string &what);

/// The tensor of type `type` (static shape) holding `array`'s data. Throws
/// NpyError naming `what` when the dtype or shape does not match the type.
Tensor toTensor(const Array &array, const ir::Type &type, const std::string &what);

/// The element type that `array`'s dtype reads as (b1 -> i1, <f4 -> f32, ...),
/// for tensors whose type is not given; `u2` reads as ui16 and `V2` is
/// rejected (no type to give it). Throws NpyError.
ir::ElementType elementTypeOf(const Array &array, const std::string &what);

/// The NumPy dtype a tensor of this element type is written as ("<f4").
/// Throws NpyError for element types without one.
std::string dtypeOf(const ir::ElementType &element);

/// The `.npy` image (format 1.0, or 2.0 when the header needs it) of a
/// tensor, little-endian, C order.
std::string serialize(const Tensor &tensor);

/// Reads a whole file of at most `maxBytes` bytes; throws NpyError naming
/// the file and saying why (errno) when it cannot be read, and when it is
/// longer than `maxBytes` (checked from its size before reading when it is
/// a regular file, while reading otherwise: a pipe, /dev/zero).
std::string readFile(const std::string &path, uint64_t maxBytes = defaultMaxImageBytes());
/// Writes `bytes` to `path` atomically and without following links: a new
/// file of a unique temporary name in the same folder (mkstemp, so never an
/// existing file or a symlink planted there), then a rename over `path`
/// (which replaces a symlink at `path` itself, never its target). `path` is
/// never seen half written. Throws NpyError saying why.
void writeFileAtomically(const std::string &path, std::string_view bytes);

/// readFile (bounded by maxImageBytes(type)) + parse + toTensor.
Tensor readTensor(const std::string &path, const ir::Type &type);
/// serialize + writeFileAtomically.
void writeTensor(const std::string &path, const Tensor &tensor);

}  // namespace shlo::interpreter::npy
