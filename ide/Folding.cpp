// Folding ranges: what the grammar's folds query (grammar/queries/folds.scm)
// names, plus runs of comment lines. Line folding only: every client
// supports it, and a fold that keeps its closing bracket visible reads best.
// Of folds starting on one line, the longest is kept (clients take one).
// The folded nodes are found by a walk of the tree that follows folds.scm;
// the query itself is the reference tests hold the walk to.
#include <algorithm>
#include <iterator>
#include <map>
#include <memory>

#include "ide/Features.h"
#include "semantic/syntax/Query.h"
#include "semantic/syntax/SyntaxTree.h"

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

/// The line folds of the nodes folds.scm names, by start line.
class FoldCollector {
 public:
  explicit FoldCollector(const syntax::SourceFile &source) : source_(source) {}

  void add(syntax::TextRange range) {
    if (range.size() == 0 || range.end > source_.text().size()) return;
    uint32_t startLine = lineOf(source_, range.begin);
    // Every folded node ends with its closing bracket; the line holding it
    // stays visible (`}` under the folded `{`, `) -> type {` after folded
    // arguments).
    uint32_t closingLine = lineOf(source_, range.end - 1);
    if (closingLine < startLine + 2) return;
    uint32_t endLine = closingLine - 1;
    auto [fold, added] = folds_.try_emplace(startLine, LineFold{endLine, range.begin});
    if (!added && endLine > fold->second.endLine) fold->second = {endLine, range.begin};
  }

  /// The folds and then the runs of comment lines.
  std::vector<Fold> finish() const {
    std::vector<Fold> out;
    for (const auto &[startLine, fold] : folds_) {
      out.push_back({{fold.begin, lineEnd(source_, fold.endLine)}, Fold::Kind::Region});
    }
    // Runs of two or more lines holding only a `//` comment.
    uint32_t runStart = 0, runLength = 0;
    auto closeRun = [&] {
      if (runLength >= 2) {
        out.push_back({{source_.lineStart(runStart), lineEnd(source_, runStart + runLength - 1)}, Fold::Kind::Comment});
      }
      runLength = 0;
    };
    for (uint32_t line = 0; line < source_.lineCount(); ++line) {
      std::string_view lineText = source_.lineText(line);
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

 private:
  const syntax::SourceFile &source_;
  // By start line; of folds starting on the same line the longest is kept
  // (clients take one per line).
  std::map<uint32_t, LineFold> folds_;
};

}  // namespace

std::vector<Fold> foldingRanges(const AnalyzedFile &file) {
  if (!file.tree.valid()) return {};
  FoldCollector collector(file.file);
  // The node types of folds.scm.
  static const uint16_t kFolded[] = {syntax::symbolForName("region"), syntax::symbolForName("attribute_dictionary"),
                                     syntax::symbolForName("function_arguments"), syntax::symbolForName("dense_list"),
                                     syntax::symbolForName("file_metadata")};
  // Skips every node spanning fewer than three lines: nothing inside it can
  // fold. (The query matched its patterns against every node of the tree:
  // 25 ms on a 260 KB model, against well under 1 ms.)
  syntax::TreeCursor cursor(file.tree.root());
  for (;;) {
    syntax::Node node = cursor.node();
    bool tall = node.endPoint().row >= node.startPoint().row + 2;
    if (tall && std::find(std::begin(kFolded), std::end(kFolded), node.symbol()) != std::end(kFolded)) {
      collector.add(node.range());
    }
    if (tall && cursor.gotoFirstChild()) continue;
    bool moved = false;
    while (!(moved = cursor.gotoNextSibling())) {
      if (!cursor.gotoParent()) break;
    }
    if (!moved) break;
  }
  return collector.finish();
}

std::vector<Fold> foldingRangesFromQuery(const AnalyzedFile &file) {
  if (!file.tree.valid()) return {};
  FoldCollector collector(file.file);
  syntax::QueryMatches matches(syntax::Query::folds(), file.tree.root(), file.file.text());
  syntax::QueryMatch match;
  while (matches.next(match)) {
    for (const syntax::QueryCapture &capture : match.captures) collector.add(capture.range());
  }
  return collector.finish();
}

}  // namespace shlo::ide
