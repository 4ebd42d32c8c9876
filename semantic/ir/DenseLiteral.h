// Reading the text of a `dense<...>` literal against its tensor type, the one
// reader shared by the verifier (which checks literals at `check` time, as
// StableHLO's MLIR parser does) and the interpreter (which decodes them
// straight into a tensor's buffer). Forms: nested lists of numbers,
// booleans and complex pairs `(re, im)`; a single element (a splat); hex
// bit patterns of single elements (`0x7FC00000`); hex blobs (`"0x..."`,
// little-endian raw element bytes, one element for a splat). Nothing is
// allocated per element, and the nesting is walked without recursion.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "semantic/ir/Types.h"

namespace shlo::ir {

/// One scalar of a literal, as written.
struct DenseScalar {
  enum class Kind : uint8_t { Int, Float, Bits, Bool };
  Kind kind = Kind::Int;
  bool negative = false;
  uint64_t magnitude = 0;  // Int: the absolute value; Bits: the hex pattern
  double real = 0;         // Float: the value, sign applied
  bool boolean = false;
  /// An integer literal wider than 64 bits: kept as a Float (only a float
  /// element type takes it).
  bool wide = false;

  /// Int, Float and Bool as a double (Bits: its pattern read as a number).
  double asDouble() const;
  /// Int, Bool and Bits as two's-complement integer bits (Float: truncated).
  uint64_t integerBits() const;
};

/// One element: a scalar, or a complex pair (`complex` set, `imag` used).
struct DenseElement {
  DenseScalar real, imag;
  bool complex = false;
};

/// Receives the elements of a literal as they are read.
class DenseElementSink {
 public:
  virtual ~DenseElementSink() = default;
  /// Element `index` in row-major order (a splat is element 0 only).
  virtual void element(int64_t index, const DenseElement &value) = 0;
  /// A hex blob: `hex` holds the digits after `0x` (already checked: an
  /// even number of hex digits, one element's bytes or all of them), each
  /// element `elementBytes` bytes, little-endian.
  virtual void hexBlob(std::string_view hex, size_t elementBytes) = 0;
};

/// What is wrong with a literal: a byte range within the literal's text, a
/// registered diagnostic code (`literal.shape`, `literal.value`,
/// `literal.hex`) and a message naming the type.
struct DenseLiteralProblem {
  uint32_t begin = 0, end = 0;
  std::string code;
  std::string message;
};

/// How a literal that was read is laid out.
struct DenseLiteralForm {
  bool splat = false;  // one element for the whole tensor
  bool hex = false;    // a hex blob (the sink got hexBlob, not element)
};

/// Reads `literal` (the text between `dense<` and `>`) as the elements of
/// `type`, a ranked tensor type of static shape whose element count fits in
/// int64 (quantized element types are read as their storage type). Checks,
/// as MLIR's parser does: the nesting is regular (not ragged) and its shape
/// is the type's (or the literal is one element, a splat); each integer is
/// in the range of its element type (signless `iN` takes -2^(N-1) to
/// 2^N - 1, as MLIR's parser does; `siN` and `uiN` their own ranges); an
/// integer type takes no float literal and only `i1` takes `true`/`false`;
/// a float literal must be a finite double (narrower float types round, to
/// infinity when too large, as MLIR does); a hex pattern fits the element's
/// width; a hex blob has an even number of hex digits and one element's
/// bytes or all of them. `sink` (may be null) gets the elements in order;
/// on a problem it may have got some. Returns the first problem.
std::optional<DenseLiteralProblem> readDenseLiteral(std::string_view literal, const Type &type,
                                                    DenseElementSink *sink, DenseLiteralForm *form = nullptr);

/// Checks a `dense_resource` blob (`hex`: its string's content, `0x`, the
/// alignment as 8 hex digits, then the data) against `type` and gives its
/// data as the dense hex literal `"0x<data>"`, which readDenseLiteral reads.
/// The data must hold every element (MLIR reads no splat from a resource),
/// hexBlobElementBytes each. Problems carry code `literal.resource` and
/// offsets into `hex`.
std::optional<DenseLiteralProblem> resourceBlobLiteral(std::string_view hex, const Type &type, std::string *literal);

/// The bytes one element takes in a hex blob of `element`: 1 for `i1` and
/// types of up to 8 bits, 2 * a part for complex types, else bitWidth / 8
/// rounded up.
size_t hexBlobElementBytes(const ElementType &element);

/// The value of the hex digit `c` (the caller has checked it is one).
inline unsigned hexDigitValue(char c) {
  return c <= '9' ? static_cast<unsigned>(c - '0') : static_cast<unsigned>((c | 0x20) - 'a' + 10);
}

}  // namespace shlo::ir
