// Formatting through the formatter (formatter/Formatter.h): the document is
// printed as `shlo fmt` prints it (the round trip checked), and only the
// lines that change are sent back, so an editor keeps its cursor and marks.
#include <algorithm>

#include "formatter/Equality.h"
#include "formatter/Formatter.h"
#include "formatter/Printer.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/lower/Lowering.h"
#include "ide/Editing.h"
#include "ide/Features.h"

namespace shlo::ide {

namespace {

uint32_t lineOf(const syntax::SourceFile &file, uint32_t offset) {
  return file.position(offset, syntax::PositionEncoding::UTF8).line;
}

}  // namespace

/// What formatter::formatDocument prints, from the module the analysis
/// already lowered (the parse and lowering are most of the formatter's
/// time): nullopt when the shortcut does not apply (chunks, syntax or
/// lowering errors, a round trip that differs), and formatDocument decides.
std::optional<std::string> printAnalysed(const AnalyzedFile &file) {
  std::string_view text = file.file.text();
  if (file.tree.hasErrors() || analysis::splitInput(text).size() > 1) return std::nullopt;
  for (const Diagnostic &d : file.lowered.diagnostics) {
    if (d.severity == Severity::Error) return std::nullopt;
  }
  std::string printed = formatter::printModule(file.module(), text);
  if (printed == text) return printed;
  // The round trip, as formatDocument checks it.
  thread_local syntax::Parser parser;
  syntax::SyntaxTree tree = parser.parse(printed);
  if (!tree.valid() || tree.hasErrors()) return std::nullopt;
  lower::LoweredModule again = lower::lowerModule(tree, printed);
  for (const Diagnostic &d : again.diagnostics) {
    if (d.severity == Severity::Error) return std::nullopt;
  }
  if (formatter::compareModules(file.module(), *again.module)) return std::nullopt;
  return printed;
}

FormattingEdits formatDocument(const AnalyzedFile &file) {
  FormattingEdits out;
  if (std::optional<std::string> printed = printAnalysed(file)) {
    out.edits = formatter::lineEdits(file.file.text(), *printed);
    return out;
  }
  formatter::FormatResult result = formatter::formatDocument(file.file.text());
  if (!result.ok) {
    out.error = result.error;
    return out;
  }
  out.edits = formatter::lineEdits(file.file.text(), result.text);
  return out;
}

/// formatDocument's edits that touch the lines [firstLine, lastLine], as
/// formatter::formatRange keeps them.
FormattingEdits formatLines(const AnalyzedFile &file, uint32_t firstLine, uint32_t lastLine) {
  FormattingEdits out = formatDocument(file);
  std::erase_if(out.edits, [&](const TextEdit &e) {
    uint32_t begin = lineOf(file.file, e.range.begin);
    uint32_t end = lineOf(file.file, e.range.end);
    // An edit ends at the start of the line after its last one.
    if (end > begin && e.range.end == file.file.lineStart(end)) --end;
    return begin > lastLine || end < firstLine;
  });
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
