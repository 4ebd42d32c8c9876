// Definition, references and document highlights: all start from the name
// under the cursor in the snapshot's SymbolIndex.
#include "lsp/features/Features.h"

namespace shlo::lsp {

json definition(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding) {
  const Occurrence *occurrence = snapshot.index.at(offset);
  if (!occurrence) return nullptr;
  if (occurrence->isValue()) {
    return makeLocation(snapshot.uri, toLspRange(snapshot, occurrence->value->range, encoding));
  }
  auto it = snapshot.module().functions.find(occurrence->symbol);
  if (it == snapshot.module().functions.end()) return nullptr;
  const ir::Attribute *name = it->second->attribute("sym_name");
  syntax::TextRange range = name && name->range.size() > 0 ? name->range : it->second->range;
  return makeLocation(snapshot.uri, toLspRange(snapshot, range, encoding));
}

json references(const Snapshot &snapshot, uint32_t offset, bool includeDeclaration,
                syntax::PositionEncoding encoding) {
  const Occurrence *occurrence = snapshot.index.at(offset);
  if (!occurrence) return nullptr;
  json locations = json::array();
  for (const Occurrence *same : snapshot.index.sameAs(*occurrence)) {
    if (same->isDefinition() && !includeDeclaration) continue;
    locations.push_back(makeLocation(snapshot.uri, toLspRange(snapshot, same->range, encoding)));
  }
  return locations;
}

json documentHighlights(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding) {
  const Occurrence *occurrence = snapshot.index.at(offset);
  if (!occurrence) return nullptr;
  // LSP DocumentHighlightKind: Read = 2, Write = 3.
  json highlights = json::array();
  for (const Occurrence *same : snapshot.index.sameAs(*occurrence)) {
    highlights.push_back({{"range", toJson(toLspRange(snapshot, same->range, encoding))},
                          {"kind", same->isDefinition() ? 3 : 2}});
  }
  return highlights;
}

}  // namespace shlo::lsp
