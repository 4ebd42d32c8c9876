#pragma once

#include <cstdint>

namespace shlo::syntax {

/// A half-open byte range [begin, end) into a source file's UTF-8 text.
struct TextRange {
  uint32_t begin = 0;
  uint32_t end = 0;

  uint32_t size() const { return end - begin; }
  bool contains(uint32_t offset) const { return begin <= offset && offset < end; }
  bool operator==(const TextRange &) const = default;
  /// Both ends in one integer: a hash map's key.
  uint64_t key() const { return (uint64_t{begin} << 32) | end; }
};

/// A 0-based line and character, as LSP counts them. What a character is
/// depends on the position encoding the position was made with.
struct Position {
  uint32_t line = 0;
  uint32_t character = 0;
  bool operator==(const Position &) const = default;
};

/// LSP's position encodings: UTF-16 code units (the protocol's default) or
/// UTF-8 bytes.
enum class PositionEncoding { UTF8, UTF16 };

}  // namespace shlo::syntax
