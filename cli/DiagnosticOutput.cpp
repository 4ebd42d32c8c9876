#include "cli/DiagnosticOutput.h"

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

}  // namespace

void printDiagnosticsText(const syntax::SourceFile &file, const std::vector<Diagnostic> &diagnostics,
                          std::ostream &out) {
  if (diagnostics.empty()) return;
  // LLVM renders the message, source line, caret and fix-it line; the line,
  // column and line text come from SourceFile, the index the JSON output and
  // the language server use, so every output agrees on where a line ends
  // (SourceMgr counts lines at `\n` only, columns from the last `\r`).
  llvm::SourceMgr manager;
  std::string_view text = file.text();
  std::string rendered;
  llvm::raw_string_ostream stream(rendered);
  auto pointer = [&](uint32_t offset) { return text.data() + std::min<size_t>(offset, text.size()); };
  auto location = [&](uint32_t offset) { return llvm::SMLoc::getFromPointer(pointer(offset)); };
  auto print = [&](uint32_t begin, uint32_t end, llvm::SourceMgr::DiagKind kind, const std::string &message,
                   std::vector<llvm::SMFixIt> fixIts) {
    begin = std::min<uint32_t>(begin, static_cast<uint32_t>(text.size()));
    syntax::Position start = file.position(begin, syntax::PositionEncoding::UTF8);
    uint32_t lineStart = file.lineStart(start.line);
    std::string_view line = file.lineText(start.line);
    // A caret range must stay on the diagnostic's first line to print well.
    uint32_t lineEnd = lineStart + static_cast<uint32_t>(line.size());
    end = std::min(end, lineEnd);
    std::vector<std::pair<unsigned, unsigned>> columns;
    if (end > begin) columns.emplace_back(begin - lineStart, end - lineStart);
    llvm::SMDiagnostic diagnostic(manager, location(begin), file.path(), static_cast<int>(start.line + 1),
                                  static_cast<int>(begin - lineStart), kind, message,
                                  llvm::StringRef(line.data(), line.size()), columns, fixIts);
    diagnostic.print(nullptr, stream, /*ShowColors=*/false);
  };
  for (const Diagnostic &d : diagnostics) {
    syntax::Position start = file.position(d.range.begin, syntax::PositionEncoding::UTF8);
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
    for (const RelatedInformation &related : d.related) {
      print(related.range.begin, related.range.begin, llvm::SourceMgr::DK_Note, related.message, {});
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
    if (d.opRange) entry["op_range"] = rangeToJson(file, *d.opRange, encoding);
    if (!d.fixes.empty()) entry["fixes"] = fixesToJson(file, d.fixes, encoding);
    list.push_back(std::move(entry));
  }
  return list;
}

}  // namespace shlo::cli
