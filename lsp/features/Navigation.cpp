// Definition, declaration, references and document highlights: all start
// from the name under the cursor in the snapshot's SymbolIndex, except on
// `loc(...)` locations, which lead to the source files they name.
#include "lsp/features/Features.h"

namespace shlo::lsp {

namespace {

json oneOrMany(std::vector<json> locations) {
  if (locations.empty()) return nullptr;
  if (locations.size() == 1) return std::move(locations[0]);
  return json(std::move(locations));
}

json symbolDefinition(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding) {
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

}  // namespace

json definition(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding,
                const Workspace &workspace) {
  if (snapshot.index.at(offset)) return symbolDefinition(snapshot, offset, encoding);
  if (std::optional<LocationAtCursor> at = locationAt(snapshot, offset)) {
    return oneOrMany(resolveLocations(snapshot, *at, workspace));
  }
  return nullptr;
}

json declaration(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding,
                 const Workspace &workspace) {
  if (snapshot.index.at(offset)) return symbolDefinition(snapshot, offset, encoding);
  if (std::optional<LocationAtCursor> at = locationAt(snapshot, offset)) {
    if (at->aliasDefinition) return makeLocation(snapshot.uri, toLspRange(snapshot, *at->aliasDefinition, encoding));
    return oneOrMany(resolveLocations(snapshot, *at, workspace));
  }
  return nullptr;
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
