// Folding ranges: what the grammar's folds query (grammar/queries/folds.scm)
// names, plus runs of comment lines. Line folding only: every client
// supports it, and a fold that keeps its closing bracket visible reads best.
// Of folds starting on one line, the longest is kept (clients take one).
#include <algorithm>
#include <map>
#include <memory>

#include "ide/Features.h"
#include "semantic/syntax/Query.h"

namespace shlo::ide {

namespace {

uint32_t lineOf(const syntax::SourceFile &file, uint32_t offset) {
  return file.position(offset, syntax::PositionEncoding::UTF8).line;
}

/// The offset just past the text of `line`, before its line break.
uint32_t lineEnd(const syntax::SourceFile &file, uint32_t line) {
  return file.lineStart(line) + static_cast<uint32_t>(file.lineText(line).size());
}

struct LineFold {
  uint32_t endLine = 0;
  uint32_t begin = 0;  // Of the folded node.
};

}  // namespace

std::vector<Fold> foldingRanges(const AnalyzedFile &file) {
  std::vector<Fold> out;
  if (!file.tree.valid()) return out;
  const syntax::SourceFile &source = file.file;
  std::string_view text = source.text();
  // By start line; of folds starting on the same line the longest is kept
  // (clients take one per line).
  std::map<uint32_t, LineFold> folds;

  syntax::QueryMatches matches(syntax::Query::folds(), file.tree.root(), text);
  syntax::QueryMatch match;
  while (matches.next(match)) {
    for (const syntax::QueryCapture &capture : match.captures) {
      syntax::TextRange range = capture.range();
      if (range.size() == 0 || range.end > text.size()) continue;
      uint32_t startLine = lineOf(source, range.begin);
      // Every folded node ends with its closing bracket; the line holding it
      // stays visible (`}` under the folded `{`, `) -> type {` after folded
      // arguments).
      uint32_t closingLine = lineOf(source, range.end - 1);
      if (closingLine < startLine + 2) continue;
      uint32_t endLine = closingLine - 1;
      auto [fold, added] = folds.try_emplace(startLine, LineFold{endLine, range.begin});
      if (!added && endLine > fold->second.endLine) fold->second = {endLine, range.begin};
    }
  }
  for (const auto &[startLine, fold] : folds) {
    out.push_back({{fold.begin, lineEnd(source, fold.endLine)}, Fold::Kind::Region});
  }

  // Runs of two or more lines holding only a `//` comment.
  uint32_t runStart = 0, runLength = 0;
  auto closeRun = [&] {
    if (runLength >= 2) {
      out.push_back({{source.lineStart(runStart), lineEnd(source, runStart + runLength - 1)}, Fold::Kind::Comment});
    }
    runLength = 0;
  };
  for (uint32_t line = 0; line < source.lineCount(); ++line) {
    std::string_view lineText = source.lineText(line);
    size_t first = lineText.find_first_not_of(" \t");
    bool comment = first != std::string_view::npos && lineText.substr(first, 2) == "//";
    if (comment) {
      if (runLength == 0) runStart = line;
      ++runLength;
    } else {
      closeRun();
    }
  }
  closeRun();
  return out;
}

}  // namespace shlo::ide
