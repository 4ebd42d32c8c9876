// A source file's text with a line index, converting byte offsets to and from
// LSP positions in either encoding. Lines end at `\n`, `\r\n` or a lone `\r`,
// as LSP counts them; every front end (text, JSON, LSP) positions through
// this one index.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/syntax/SyntaxTree.h"
#include "semantic/syntax/TextRange.h"

namespace shlo::syntax {

class SourceFile {
 public:
  SourceFile(std::string path, std::string text);
  /// Shares `text` (immutable): the language server hands a document's
  /// text to its snapshot without copying it again.
  SourceFile(std::string path, std::shared_ptr<const std::string> text);
  /// The same, with the line index carried over from `previous`, whose text
  /// became `text` by `edits` (in order, as SyntaxTree::edit takes them):
  /// only the lines the edits wrote are scanned. Equals the index a fresh
  /// SourceFile of `text` builds.
  SourceFile(std::string path, std::shared_ptr<const std::string> text, const SourceFile &previous,
             const std::vector<InputEdit> &edits);

  const std::string &path() const { return path_; }
  std::string_view text() const { return *text_; }
  /// The text itself, to share with a later version.
  const std::shared_ptr<const std::string> &sharedText() const { return text_; }

  /// Number of lines; a file ending in '\n' has an empty last line.
  uint32_t lineCount() const { return static_cast<uint32_t>(lineStarts_.size()); }
  /// The text of a 0-based line, without its line terminator.
  std::string_view lineText(uint32_t line) const;
  uint32_t lineStart(uint32_t line) const { return lineStarts_[line]; }

  /// The position of a byte offset (clamped to the text). Invalid UTF-8 bytes
  /// count as one unit each, in either encoding.
  Position position(uint32_t offset, PositionEncoding encoding) const;
  /// The byte offset of a position; a line past the end clamps to the end of
  /// the text and a character past the end of its line clamps to the line end.
  uint32_t offset(Position position, PositionEncoding encoding) const;

 private:
  void indexLines();

  std::string path_;
  std::shared_ptr<const std::string> text_;
  std::vector<uint32_t> lineStarts_;
};

/// The offset just past the line break that ends the line holding `from`
/// (`\n`, `\r\n` or a lone `\r`), or std::string_view::npos on the last line.
size_t nextLineStart(std::string_view text, size_t from);

/// Length in bytes of the UTF-8 sequence starting at `text[i]`, or 1 for a
/// byte that does not start a valid sequence (so invalid text still advances
/// one unit at a time, in either position encoding).
size_t utf8SequenceLength(std::string_view text, size_t i);

/// Reads a whole program file, the one way every front end reads one.
/// `path` "-" or "/dev/stdin" reads the already open standard input. Returns
/// false and sets `error` (one line, no path) when the file:
/// - does not exist or cannot be opened or read: "cannot open file: " and
///   strerror(errno);
/// - is a directory, a FIFO, a socket or a device: refused after stat(),
///   never opened (opening a FIFO blocks until a writer comes);
/// - is larger than kMaxSourceBytes (Limits.h), stdin included, which is
///   read only that far (an endless input ends);
/// - is UTF-16 or UTF-32 text (a byte-order mark, or the NUL bytes of ASCII
///   in that encoding): the encoding is named, since shlo reads UTF-8.
bool readFile(const std::string &path, std::string &contents, std::string &error);

/// The encoding of `text` when its start looks like UTF-16 or UTF-32 (a
/// byte-order mark, or ASCII with the NUL bytes of a wider encoding):
/// "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"; null for anything else.
const char *wideEncodingOf(std::string_view text);

}  // namespace shlo::syntax
