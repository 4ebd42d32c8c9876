// Formatting through the formatter (formatter/Formatter.h): the document is
// printed as `shlo fmt` prints it (the round trip checked), and only the
// lines that change are sent back, so an editor keeps its cursor and marks.
#include <algorithm>

#include "formatter/Equality.h"
#include "formatter/Formatter.h"
#include "formatter/Printer.h"
#include "semantic/analysis/IncrementalAnalysis.h"
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
  // The round trip, as formatDocument checks it, but parsed incrementally
  // from the analysis's tree and lowering again only the functions whose
  // text changed (the others are copied: their IR is the same by
  // construction). The parse is most of a full round trip's time.
  std::vector<TextEdit> edits = formatter::lineEdits(text, printed);
  std::vector<uint32_t> newlines;
  for (uint32_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') newlines.push_back(i);
  }
  auto pointOf = [&](uint32_t offset) {
    auto before = std::lower_bound(newlines.begin(), newlines.end(), offset);
    uint32_t row = static_cast<uint32_t>(before - newlines.begin());
    uint32_t lineStart = row == 0 ? 0 : newlines[row - 1] + 1;
    return syntax::Point{row, offset - lineStart};
  };
  syntax::SyntaxTree edited = file.tree.copy();
  std::vector<syntax::InputEdit> inputs;
  // The last edit first: each one's offsets are then those of the text as
  // it was when it was made, as reanalyze wants them.
  for (auto it = edits.rbegin(); it != edits.rend(); ++it) {
    syntax::InputEdit edit;
    edit.startByte = it->range.begin;
    edit.oldEndByte = it->range.end;
    edit.newEndByte = it->range.begin + static_cast<uint32_t>(it->newText.size());
    edit.startPoint = pointOf(it->range.begin);
    edit.oldEndPoint = pointOf(it->range.end);
    uint32_t rows = static_cast<uint32_t>(std::count(it->newText.begin(), it->newText.end(), '\n'));
    size_t lastNewline = it->newText.rfind('\n');
    edit.newEndPoint = lastNewline == std::string::npos
                           ? syntax::Point{edit.startPoint.row, edit.startPoint.column +
                                                                    static_cast<uint32_t>(it->newText.size())}
                           : syntax::Point{edit.startPoint.row + rows,
                                           static_cast<uint32_t>(it->newText.size() - lastNewline - 1)};
    edited.edit(edit);
    inputs.push_back(edit);
  }
  thread_local syntax::Parser parser;
  // No exact re-parse on errors: any error refuses the shortcut.
  analysis::Analysis again = analysis::reanalyze(parser, printed, file.analysis, edited, inputs, nullptr, 0);
  if (!again.tree.valid() || again.tree.hasErrors()) return std::nullopt;
  for (const Diagnostic &d : again.lowered.diagnostics) {
    if (d.severity == Severity::Error) return std::nullopt;
  }
  if (formatter::compareModules(file.module(), *again.lowered.module)) return std::nullopt;
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
