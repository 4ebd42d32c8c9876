#include "ide/DocumentLinks.h"

#include <map>

namespace shlo::ide {

std::vector<DocumentLink> documentLinks(const AnalyzedFile &file, const FileResolver &resolve, size_t limit) {
  std::vector<DocumentLink> out;
  if (!file.tree.valid()) return out;
  std::string_view text = file.file.text();
  // Each file is resolved once (a model names a few files many times).
  std::map<std::string, std::optional<std::string>, std::less<>> resolved;
  // A text search for the locations' quotes is much cheaper than walking
  // every node of a large file; the tree then says which ones are
  // locations (not strings that happen to look like one).
  for (size_t at = text.find("loc("); at != std::string_view::npos && out.size() < limit;
       at = text.find("loc(", at + 4)) {
    size_t quote = at + 4;
    // `loc("a.py":1:2)`, `loc(callsite("a.py":1:2 at ...))`, `loc("name"("a.py":1:2))`:
    // every `"file":L:C` up to the matching parenthesis.
    int depth = 1;
    for (size_t i = quote; i < text.size() && depth > 0 && out.size() < limit; ++i) {
      char c = text[i];
      if (c == '(') ++depth;
      if (c == ')') --depth;
      if (c != '"') continue;
      size_t close = i + 1;
      while (close < text.size() && text[close] != '"' && text[close] != '\n') close += text[close] == '\\' ? 2 : 1;
      if (close >= text.size() || text[close] != '"') break;
      uint32_t begin = static_cast<uint32_t>(i);
      i = close;
      syntax::Node node = file.tree.root().namedDescendantFor(begin, begin + 1);
      syntax::Node location = node;
      for (int up = 0; up < 3 && !location.isNull() && !syntax::isKind(location, "file_line_col_location"); ++up) {
        location = location.parent();
      }
      if (location.isNull() || !syntax::isKind(location, "file_line_col_location")) continue;
      syntax::Node fileNode = syntax::fieldOf(location, "file");
      if (fileNode.isNull() || syntax::rangeOf(fileNode).begin != begin) continue;
      std::optional<LocationAtCursor> parsed = locationAt(file, begin + 1);
      if (!parsed || parsed->targets.size() != 1) continue;
      const SourceLocation &target = parsed->targets[0];
      auto known = resolved.find(target.file);
      if (known == resolved.end()) known = resolved.emplace(target.file, resolve(target.file)).first;
      if (!known->second) continue;
      out.push_back({syntax::rangeOf(fileNode), *known->second, target.line, target.column});
    }
  }
  return out;
}

}  // namespace shlo::ide
