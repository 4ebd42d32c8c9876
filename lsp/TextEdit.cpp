#include "lsp/TextEdit.h"

#include "semantic/syntax/SourceFile.h"

#include <cstring>
#include <utility>

namespace shlo::lsp {

namespace {

/// The point just after `text`, when it starts at `start`.
syntax::Point advance(syntax::Point start, std::string_view text) {
  size_t lastNewline = text.rfind('\n');
  if (lastNewline == std::string_view::npos) return {start.row, start.column + static_cast<uint32_t>(text.size())};
  uint32_t rows = 0;
  for (char c : text) rows += c == '\n';
  return {start.row + rows, static_cast<uint32_t>(text.size() - lastNewline - 1)};
}

}  // namespace

uint32_t offsetOf(std::string_view text, Position position, syntax::PositionEncoding encoding, syntax::Point *point) {
  // Find the line's start with memchr (syntax::nextLineStart): fast enough
  // per keystroke on files of tens of MB, and it needs no line index to keep
  // in step with the edits. Lines end at `\n`, `\r\n` or a lone `\r` (LSP's
  // rule, and SourceFile's); tree-sitter's rows count `\n` only.
  size_t lineStart = 0, rowStart = 0;
  uint32_t lineNumber = 0, row = 0;
  while (lineNumber < position.line) {
    size_t next = syntax::nextLineStart(text, lineStart);
    if (next == std::string_view::npos) {
      // Past the last line: the end of the text.
      uint32_t end = static_cast<uint32_t>(text.size());
      if (point) *point = {row, static_cast<uint32_t>(end - rowStart)};
      return end;
    }
    lineStart = next;
    ++lineNumber;
    if (text[next - 1] == '\n') {
      ++row;
      rowStart = next;
    }
  }
  size_t lineEnd = syntax::nextLineStart(text, lineStart);
  if (lineEnd == std::string_view::npos) {
    lineEnd = text.size();
  } else {
    --lineEnd;  // The break's last byte.
    if (lineEnd > lineStart && text[lineEnd] == '\n' && text[lineEnd - 1] == '\r') --lineEnd;
  }
  std::string_view line = text.substr(lineStart, lineEnd - lineStart);
  size_t column = 0;
  if (encoding == syntax::PositionEncoding::UTF8) {
    column = std::min<size_t>(position.character, line.size());
  } else {
    uint32_t units = 0;
    while (column < line.size() && units < position.character) {
      size_t length = syntax::utf8SequenceLength(line, column);
      units += length == 4 ? 2 : 1;  // Astral code points are surrogate pairs.
      column += length;
    }
  }
  if (point) *point = {row, static_cast<uint32_t>(lineStart + column - rowStart)};
  return static_cast<uint32_t>(lineStart + column);
}

syntax::InputEdit applyChange(std::string &text, const Range &range, std::string_view newText,
                              syntax::PositionEncoding encoding) {
  syntax::InputEdit edit = describeChange(text, range, newText, encoding);
  text.replace(edit.startByte, edit.oldEndByte - edit.startByte, newText);
  return edit;
}

syntax::InputEdit describeChange(std::string_view text, const Range &range, std::string_view newText,
                                 syntax::PositionEncoding encoding) {
  syntax::Point startPoint, endPoint;
  uint32_t start = offsetOf(text, range.start, encoding, &startPoint);
  uint32_t end = offsetOf(text, range.end, encoding, &endPoint);
  if (end < start) {
    std::swap(start, end);
    std::swap(startPoint, endPoint);
  }
  syntax::InputEdit edit;
  edit.startByte = start;
  edit.oldEndByte = end;
  edit.newEndByte = start + static_cast<uint32_t>(newText.size());
  edit.startPoint = startPoint;
  edit.oldEndPoint = endPoint;
  edit.newEndPoint = advance(startPoint, newText);
  return edit;
}

}  // namespace shlo::lsp
