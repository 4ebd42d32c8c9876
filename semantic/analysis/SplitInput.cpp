#include "semantic/analysis/SplitInput.h"

namespace shlo::analysis {

std::vector<Chunk> splitInput(std::string_view text) {
  std::vector<Chunk> chunks;
  size_t chunkStart = 0, lineStart = 0;
  while (lineStart <= text.size()) {
    size_t lineEnd = text.find('\n', lineStart);
    if (lineEnd == std::string_view::npos) lineEnd = text.size();
    std::string_view line = text.substr(lineStart, lineEnd - lineStart);
    if (line.rfind("// -----", 0) == 0) {
      chunks.push_back({static_cast<uint32_t>(chunkStart), text.substr(chunkStart, lineStart - chunkStart)});
      chunkStart = lineEnd < text.size() ? lineEnd + 1 : text.size();
    }
    if (lineEnd >= text.size()) break;
    lineStart = lineEnd + 1;
  }
  chunks.push_back({static_cast<uint32_t>(chunkStart), text.substr(chunkStart)});
  return chunks;
}

void shiftDiagnostics(std::vector<Diagnostic> &diagnostics, uint32_t offset) {
  auto shift = [offset](syntax::TextRange &r) {
    r.begin += offset;
    r.end += offset;
  };
  for (Diagnostic &d : diagnostics) {
    shift(d.range);
    if (d.opRange) shift(*d.opRange);
    for (RelatedInformation &r : d.related) shift(r.range);
    for (Fix &fix : d.fixes) {
      for (TextEdit &edit : fix.edits) shift(edit.range);
    }
  }
}

}  // namespace shlo::analysis
