#include "cli/DiagnosticOutput.h"

#include <algorithm>
#include <iostream>

#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

namespace shlo::cli {

namespace {

llvm::SourceMgr::DiagKind kindOf(Severity severity) {
  switch (severity) {
    case Severity::Error: return llvm::SourceMgr::DK_Error;
    case Severity::Warning: return llvm::SourceMgr::DK_Warning;
    case Severity::Note: return llvm::SourceMgr::DK_Note;
    case Severity::Hint: return llvm::SourceMgr::DK_Remark;
  }
  return llvm::SourceMgr::DK_Error;
}

}  // namespace

namespace {

/// Source lines longer than this are cut to a window around the column.
constexpr size_t kMaxExcerpt = 160;

/// Prints one message as SourceMgr does (`file:line:col: kind: text`, the
/// source line, a caret line), but with a line longer than kMaxExcerpt cut
/// to a window around the column (`...` marking the cuts), so a 12,000-byte
/// signature does not fill the terminal.
void printMessage(llvm::SourceMgr &manager, llvm::raw_ostream &stream, std::string_view text, uint32_t offset,
                  llvm::SourceMgr::DiagKind kind, const std::string &message, llvm::ArrayRef<llvm::SMRange> ranges,
                  llvm::ArrayRef<llvm::SMFixIt> fixIts) {
  offset = static_cast<uint32_t>(std::min<size_t>(offset, text.size()));
  size_t lineBegin = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
  lineBegin = lineBegin == std::string_view::npos ? 0 : lineBegin + 1;
  size_t lineEnd = text.find('\n', offset);
  if (lineEnd == std::string_view::npos) lineEnd = text.size();
  llvm::SMLoc loc = llvm::SMLoc::getFromPointer(text.data() + offset);
  if (lineEnd - lineBegin <= kMaxExcerpt) {
    manager.PrintMessage(stream, loc, kind, message, ranges, fixIts, /*ShowColors=*/false);
    return;
  }
  auto [line, column] = manager.getLineAndColumn(loc);
  // The window: a third before the column, the rest after it.
  size_t column0 = offset - lineBegin, width = kMaxExcerpt;
  size_t from = column0 > width / 3 ? column0 - width / 3 : 0;
  size_t to = std::min(lineEnd - lineBegin, from + width);
  std::string prefix = from > 0 ? "..." : "";
  std::string excerpt = prefix + std::string(text.substr(lineBegin + from, to - from)) +
                        (lineBegin + to < lineEnd ? "..." : "");
  std::string caret(excerpt.size(), ' ');
  for (const llvm::SMRange &r : ranges) {
    size_t b = static_cast<size_t>(r.Start.getPointer() - text.data()), e = static_cast<size_t>(r.End.getPointer() - text.data());
    for (size_t i = std::max(b, lineBegin + from); i < std::min(e, lineBegin + to); ++i) {
      caret[prefix.size() + i - lineBegin - from] = '~';
    }
  }
  size_t at = prefix.size() + column0 - from;  // At the line's end: one past the excerpt.
  if (at >= caret.size()) caret.resize(at + 1, ' ');
  caret[at] = '^';
  caret.erase(caret.find_last_not_of(' ') + 1);
  const char *label = kind == llvm::SourceMgr::DK_Error     ? "error"
                      : kind == llvm::SourceMgr::DK_Warning ? "warning"
                      : kind == llvm::SourceMgr::DK_Remark  ? "remark"
                                                            : "note";
  stream << manager.getMemoryBuffer(manager.getMainFileID())->getBufferIdentifier() << ":" << line << ":" << column
         << ": " << label << ": " << message << "\n"
         << excerpt << "\n"
         << caret << "\n";
}

}  // namespace

void printDiagnosticsText(const syntax::SourceFile &file, const std::vector<Diagnostic> &diagnostics,
                          std::ostream &out) {
  if (diagnostics.empty()) return;
  llvm::SourceMgr manager;
  std::string_view text = file.text();
  manager.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(text.data(), text.size()), file.path(), false),
      llvm::SMLoc());
  std::string rendered;
  llvm::raw_string_ostream stream(rendered);
  auto location = [&](uint32_t offset) { return llvm::SMLoc::getFromPointer(text.data() + std::min<size_t>(offset, text.size())); };
  for (const Diagnostic &d : diagnostics) {
    // A caret range must stay on the diagnostic's first line to print well.
    uint32_t end = d.range.end;
    syntax::Position start = file.position(d.range.begin, syntax::PositionEncoding::UTF8);
    uint32_t lineEnd = file.lineStart(start.line) + static_cast<uint32_t>(file.lineText(start.line).size());
    end = std::min(end, lineEnd);
    std::vector<llvm::SMRange> ranges;
    if (end > d.range.begin) ranges.emplace_back(location(d.range.begin), location(end));
    // A safe fix whose edits stay on the diagnostic's line is shown under the
    // caret (LLVM's fix-it line: the replacement text); others are in JSON.
    std::vector<llvm::SMFixIt> fixIts;
    if (!d.fixes.empty() && d.fixes[0].safety == FixSafety::Safe) {
      for (const TextEdit &edit : d.fixes[0].edits) {
        if (edit.range.begin < file.lineStart(start.line) || edit.range.end > lineEnd) {
          fixIts.clear();
          break;
        }
        fixIts.emplace_back(llvm::SMRange(location(edit.range.begin), location(edit.range.end)), edit.newText);
      }
    }
    printMessage(manager, stream, text, d.range.begin, kindOf(d.severity), d.message + " [" + d.code + "]", ranges,
                 fixIts);
    // The spec's constraint: one line, no source excerpt.
    if (!d.note.empty()) {
      auto [line, column] = manager.getLineAndColumn(location(d.range.begin));
      stream << file.path() << ":" << line << ":" << column << ": note: " << d.note << "\n";
    }
    for (const RelatedInformation &related : d.related) {
      printMessage(manager, stream, text, related.range.begin, llvm::SourceMgr::DK_Note, related.message, {}, {});
    }
  }
  stream.flush();
  out << rendered;
}

std::optional<syntax::SourceFile> readSource(const std::string &path) {
  std::string text, error;
  if (!syntax::readFile(path, text, error)) {
    std::cerr << path << ": error: " << error << "\n";
    return std::nullopt;
  }
  return syntax::SourceFile(path, std::move(text));
}

void printJson(const nlohmann::json &document) {
  std::cout << document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

nlohmann::json rangeToJson(const syntax::SourceFile &file, syntax::TextRange range,
                           syntax::PositionEncoding encoding) {
  auto position = [&](uint32_t offset) {
    syntax::Position p = file.position(offset, encoding);
    return nlohmann::json{{"line", p.line}, {"character", p.character}};
  };
  return {{"start", position(range.begin)}, {"end", position(range.end)}};
}

nlohmann::json fixesToJson(const syntax::SourceFile &file, const std::vector<Fix> &fixes,
                           syntax::PositionEncoding encoding) {
  nlohmann::json list = nlohmann::json::array();
  for (const Fix &fix : fixes) {
    nlohmann::json edits = nlohmann::json::array();
    for (const TextEdit &edit : fix.edits) {
      edits.push_back({{"range", rangeToJson(file, edit.range, encoding)}, {"new_text", edit.newText}});
    }
    list.push_back({{"title", fix.title}, {"safety", fixSafetyName(fix.safety)}, {"edits", std::move(edits)}});
  }
  return list;
}

nlohmann::json diagnosticsToJson(const syntax::SourceFile &file, const std::vector<Diagnostic> &diagnostics,
                                 syntax::PositionEncoding encoding) {
  nlohmann::json list = nlohmann::json::array();
  for (const Diagnostic &d : diagnostics) {
    nlohmann::json related = nlohmann::json::array();
    for (const RelatedInformation &r : d.related) {
      related.push_back({{"range", rangeToJson(file, r.range, encoding)}, {"message", r.message}});
    }
    nlohmann::json entry = {
        {"file", file.path()},
        {"range", rangeToJson(file, d.range, encoding)},
        {"severity", severityName(d.severity)},
        {"code", d.code},
        {"message", d.message},
        {"related", related},
    };
    if (!d.note.empty()) entry["note"] = d.note;
    if (d.opRange) entry["op_range"] = rangeToJson(file, *d.opRange, encoding);
    if (!d.fixes.empty()) entry["fixes"] = fixesToJson(file, d.fixes, encoding);
    list.push_back(std::move(entry));
  }
  return list;
}

}  // namespace shlo::cli
