#include "cli/DiagnosticOutput.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>

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

/// Source lines longer than this many bytes are printed as a window of this
/// size around the diagnostic's column (a dense constant of megabytes, a
/// 300-argument signature), so the output fits a terminal and a CI log.
constexpr uint32_t kLongLine = 160;

/// A string stream that says it can show colours: LLVM colours only streams
/// that do (a terminal's), and the text is rendered to a string first.
class ColorStringStream : public llvm::raw_string_ostream {
 public:
  using llvm::raw_string_ostream::raw_string_ostream;
  bool has_colors() const override { return true; }
};

}  // namespace

void printDiagnosticsText(const syntax::SourceFile &file, const std::vector<Diagnostic> &diagnostics,
                          std::ostream &out, bool colors) {
  if (diagnostics.empty()) return;
  // LLVM renders the message, source line, caret and fix-it line; the line,
  // column and line text come from SourceFile, the index the JSON output and
  // the language server use, so every output agrees on where a line ends
  // (SourceMgr counts lines at `\n` only, columns from the last `\r`).
  llvm::SourceMgr manager;
  std::string_view text = file.text();
  std::string rendered;
  ColorStringStream stream(rendered);
  stream.enable_colors(colors);
  auto location = [&](uint32_t offset) {
    return llvm::SMLoc::getFromPointer(text.data() + std::min<size_t>(offset, text.size()));
  };
  auto print = [&](uint32_t begin, uint32_t end, llvm::SourceMgr::DiagKind kind, const std::string &message,
                   std::vector<llvm::SMFixIt> fixIts) {
    begin = std::min<uint32_t>(begin, static_cast<uint32_t>(text.size()));
    syntax::Position start = file.position(begin, syntax::PositionEncoding::UTF8);
    uint32_t lineStart = file.lineStart(start.line);
    std::string_view line = file.lineText(start.line);
    // A caret range must stay on the diagnostic's first line to print well.
    end = std::min(end, lineStart + static_cast<uint32_t>(line.size()));
    uint32_t column = begin - lineStart;
    // The window of the line shown: all of it, or kLongLine bytes around the
    // column with `...` where it is cut (fix-its are not shown then).
    uint32_t from = 0, shift = 0;
    std::string shown(line);
    if (line.size() > kLongLine) {
      from = column > kLongLine / 3 ? column - kLongLine / 3 : 0;
      uint32_t to = std::min<uint32_t>(static_cast<uint32_t>(line.size()), from + kLongLine);
      shift = from > 0 ? 3 : 0;
      shown = (from > 0 ? "..." : "") + std::string(line.substr(from, to - from)) + (to < line.size() ? "..." : "");
      end = std::min(end, lineStart + to);
      fixIts.clear();
    }
    std::vector<std::pair<unsigned, unsigned>> columns;
    if (end > begin) columns.emplace_back(column - from + shift, end - lineStart - from + shift);
    llvm::SMDiagnostic diagnostic(manager, location(begin), file.path(), static_cast<int>(start.line + 1),
                                  static_cast<int>(column - from + shift), kind, message, shown, columns, fixIts);
    std::string one;
    ColorStringStream oneStream(one);
    oneStream.enable_colors(colors);
    diagnostic.print(nullptr, oneStream, colors, /*ShowKindLabel=*/true);
    oneStream.flush();
    if (from + shift != 0) {
      // The column printed is the line's, not the window's.
      std::string prefix = file.path() + ":" + std::to_string(start.line + 1) + ":";
      size_t at = one.find(prefix);
      size_t colon = at == std::string::npos ? at : one.find(':', at + prefix.size());
      if (colon != std::string::npos) {
        one.replace(at + prefix.size(), colon - at - prefix.size(), std::to_string(column + 1));
      }
    }
    stream << one;
  };
  for (const Diagnostic &d : diagnostics) {
    syntax::Position start = file.position(std::min<uint32_t>(d.range.begin, static_cast<uint32_t>(text.size())),
                                           syntax::PositionEncoding::UTF8);
    uint32_t lineStart = file.lineStart(start.line);
    uint32_t lineEnd = lineStart + static_cast<uint32_t>(file.lineText(start.line).size());
    // A safe fix whose edits stay on the diagnostic's line is shown under the
    // caret (LLVM's fix-it line: the replacement text); others are in JSON.
    std::vector<llvm::SMFixIt> fixIts;
    if (!d.fixes.empty() && d.fixes[0].safety == FixSafety::Safe) {
      for (const TextEdit &edit : d.fixes[0].edits) {
        if (edit.range.begin < lineStart || edit.range.end > lineEnd) {
          fixIts.clear();
          break;
        }
        fixIts.emplace_back(llvm::SMRange(location(edit.range.begin), location(edit.range.end)), edit.newText);
      }
    }
    print(d.range.begin, d.range.end, kindOf(d.severity), d.message + " [" + d.code + "]", std::move(fixIts));
    // The spec's constraint: one line, no source excerpt.
    if (!d.note.empty()) {
      stream << file.path() << ":" << start.line + 1 << ":" << d.range.begin - lineStart + 1 << ": note: " << d.note
             << "\n";
    }
    for (const RelatedInformation &related : d.related) {
      print(related.range.begin, related.range.begin, llvm::SourceMgr::DK_Note, related.message, {});
    }
  }
  stream.flush();
  out << rendered;
}

bool useColor(const std::string &mode, int fd) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char *noColor = std::getenv("NO_COLOR");
  if (noColor && *noColor) return false;
  return isatty(fd) != 0;
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
