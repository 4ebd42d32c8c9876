// Formatting through the formatter (formatter/Formatter.h): the document is
// printed as `shlo fmt` prints it (the round trip checked), and only the
// lines that change are sent back, so an editor keeps its cursor and marks.
#include <algorithm>

#include "formatter/Formatter.h"
#include "ide/Editing.h"
#include "ide/Features.h"

namespace shlo::ide {

namespace {

uint32_t lineOf(const syntax::SourceFile &file, uint32_t offset) {
  return file.position(offset, syntax::PositionEncoding::UTF8).line;
}

FormattingEdits formatLines(const AnalyzedFile &file, uint32_t firstLine, uint32_t lastLine) {
  FormattingEdits out;
  out.edits = formatter::formatRange(file.file.text(), firstLine, lastLine, {}, &out.error);
  return out;
}

}  // namespace

FormattingEdits formatDocument(const AnalyzedFile &file) {
  FormattingEdits out;
  formatter::FormatResult result = formatter::formatDocument(file.file.text());
  if (!result.ok) {
    out.error = result.error;
    return out;
  }
  out.edits = formatter::lineEdits(file.file.text(), result.text);
  return out;
}

FormattingEdits formatRange(const AnalyzedFile &file, syntax::TextRange range) {
  uint32_t first = lineOf(file.file, range.begin);
  uint32_t last = lineOf(file.file, range.end);
  // A selection ending at the start of a line does not hold that line.
  if (last > first && range.end == file.file.lineStart(last)) --last;
  return formatLines(file, first, last);
}

FormattingEdits formatOnType(const AnalyzedFile &file, uint32_t offset, std::string_view typed) {
  if (typed != "}" || offset == 0) return {};
  // The innermost op whose text ends with the brace just typed (a `loc(...)`
  // may follow the brace on the same line: the op then ends later on it).
  const ir::Operation *closed = nullptr;
  uint32_t braceLine = lineOf(file.file, offset - 1);
  ir::walk(file.module().topLevel, [&](const ir::Operation *op) {
    if (op->regions.empty() || op->range.begin >= offset || op->range.end < offset) return;
    if (lineOf(file.file, op->range.end) != braceLine) return;
    if (!closed || op->range.size() <= closed->range.size()) closed = op;
  });
  if (!closed) return {};
  return formatLines(file, lineOf(file.file, closed->range.begin), braceLine);
}

}  // namespace shlo::ide
