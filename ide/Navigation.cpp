// Definition, declaration, references and document highlights: all start
// from the name under the cursor in the file's SymbolIndex, except on
// `loc(...)` locations, which lead to the source files they name.
#include "ide/Features.h"

namespace shlo::ide {

namespace {

NavigationTarget inFile(syntax::TextRange range) { return {{}, range, 0, 0}; }

std::vector<NavigationTarget> symbolDefinition(const AnalyzedFile &file, const Occurrence &occurrence) {
  if (occurrence.isValue()) return {inFile(occurrence.value->range)};
  const ir::Operation *function = file.function(occurrence.symbol, occurrence.range.begin);
  if (!function) return {};
  const ir::Attribute *name = function->attribute("sym_name");
  return {inFile(name && name->range.size() > 0 ? name->range : function->range)};
}

}  // namespace

std::vector<NavigationTarget> definition(const AnalyzedFile &file, uint32_t offset, const FileResolver &resolve) {
  if (const Occurrence *occurrence = file.index().at(offset)) return symbolDefinition(file, *occurrence);
  if (std::optional<LocationAtCursor> at = locationAt(file, offset)) return resolveLocations(*at, resolve);
  return {};
}

std::vector<NavigationTarget> declaration(const AnalyzedFile &file, uint32_t offset, const FileResolver &resolve) {
  if (const Occurrence *occurrence = file.index().at(offset)) return symbolDefinition(file, *occurrence);
  if (std::optional<LocationAtCursor> at = locationAt(file, offset)) {
    if (at->aliasDefinition) return {inFile(*at->aliasDefinition)};
    return resolveLocations(*at, resolve);
  }
  return {};
}

std::optional<std::vector<syntax::TextRange>> references(const AnalyzedFile &file, uint32_t offset,
                                                         bool includeDeclaration) {
  const Occurrence *occurrence = file.index().at(offset);
  if (!occurrence) return std::nullopt;
  std::vector<syntax::TextRange> ranges;
  for (const Occurrence *same : file.index().sameAs(*occurrence)) {
    if (same->isDefinition() && !includeDeclaration) continue;
    ranges.push_back(same->range);
  }
  return ranges;
}

std::optional<std::vector<Highlight>> documentHighlights(const AnalyzedFile &file, uint32_t offset) {
  const Occurrence *occurrence = file.index().at(offset);
  if (!occurrence) return std::nullopt;
  std::vector<Highlight> highlights;
  for (const Occurrence *same : file.index().sameAs(*occurrence)) highlights.push_back({same->range, same->isDefinition()});
  return highlights;
}

}  // namespace shlo::ide
