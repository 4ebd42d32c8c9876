// Folding ranges: what the grammar's folds query (grammar/queries/folds.scm)
// names, plus runs of comment lines. Line folding only: every client
// supports it, and a fold that keeps its closing bracket visible reads best.
// Of folds starting on one line, the longest is kept (clients take one).
#include <algorithm>
#include <map>
#include <memory>

#include "lsp/features/Features.h"
#include "semantic/syntax/Query.h"

namespace shlo::lsp {

namespace {

uint32_t lineOf(const Snapshot &snapshot, uint32_t offset) {
  return snapshot.file.position(offset, syntax::PositionEncoding::UTF8).line;
}

}  // namespace

json foldingRanges(const Snapshot &snapshot) {
  json out = json::array();
  if (!snapshot.tree.valid()) return out;
  std::string_view text = snapshot.file.text();
  // Start line -> end line; of folds starting on the same line the longest
  // is kept (clients take one per line).
  std::map<uint32_t, uint32_t> folds;

  syntax::QueryMatches matches(syntax::Query::folds(), snapshot.tree.root());
  syntax::QueryMatch match;
  while (matches.next(match)) {
    for (const syntax::QueryCapture &capture : match.captures) {
      syntax::TextRange range = capture.range();
      if (range.size() == 0 || range.end > text.size()) continue;
      uint32_t startLine = lineOf(snapshot, range.begin);
      // Every folded node ends with its closing bracket; the line holding it
      // stays visible (`}` under the folded `{`, `) -> type {` after folded
      // arguments).
      uint32_t closingLine = lineOf(snapshot, range.end - 1);
      if (closingLine < startLine + 2) continue;
      uint32_t endLine = closingLine - 1;
      uint32_t &end = folds[startLine];
      end = std::max(end, endLine);
    }
  }
  for (const auto &[startLine, endLine] : folds) out.push_back({{"startLine", startLine}, {"endLine", endLine}});

  // Runs of two or more lines holding only a `//` comment.
  uint32_t runStart = 0, runLength = 0;
  auto closeRun = [&] {
    if (runLength >= 2) {
      out.push_back({{"startLine", runStart}, {"endLine", runStart + runLength - 1}, {"kind", "comment"}});
    }
    runLength = 0;
  };
  for (uint32_t line = 0; line < snapshot.file.lineCount(); ++line) {
    std::string_view lineText = snapshot.file.lineText(line);
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

}  // namespace shlo::lsp
