#include "ide/SymbolIndex.h"

#include <algorithm>

namespace shlo::ide {

namespace {

/// Ops of regions the text implies but does not write (`applies
/// stablehlo.add`) have no names of their own in the text: their ranges
/// point at the op name, so they are left out of the index.
bool inImplicitRegion(const ir::Operation *op) {
  return op && op->parentBlock && op->parentBlock->parent && op->parentBlock->parent->implicit;
}

}  // namespace

SymbolIndex SymbolIndex::build(const ir::Module &module, const std::vector<uint32_t> &chunkStarts) {
  SymbolIndex index;
  auto &out = index.occurrences_;
  auto addValue = [&](const ir::Value *value) {
    if (value->range.size() > 0) out.push_back({Occurrence::Kind::ValueDefinition, value->range, value, {}});
    for (const ir::Use &use : value->uses) {
      if (use.range.size() == 0 || inImplicitRegion(use.user)) continue;
      out.push_back({Occurrence::Kind::ValueUse, use.range, value, {}});
    }
  };
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    if (inImplicitRegion(op)) return;
    for (const ir::Value *result : op->results) addValue(result);
    for (const ir::Region *region : op->regions) {
      if (region->implicit) continue;
      for (const ir::Block *block : region->blocks) {
        for (const ir::Value *argument : block->arguments) addValue(argument);
      }
    }
    if (op->name == "func.func") {
      const ir::Attribute *name = op->attribute("sym_name");
      if (name && name->range.size() > 0) out.push_back({Occurrence::Kind::SymbolDefinition, name->range, nullptr, name->text, 0, op});
    }
    for (const ir::NamedAttribute &attribute : op->attributes) {
      if (attribute.value.kind == ir::Attribute::Kind::SymbolRef && attribute.value.range.size() > 0) {
        out.push_back({Occurrence::Kind::SymbolUse, attribute.value.range, nullptr, attribute.value.text});
      }
    }
  });
  std::stable_sort(out.begin(), out.end(),
                   [](const Occurrence &a, const Occurrence &b) { return a.range.begin < b.range.begin; });
  // Sorted, so the chunk only ever moves forward.
  uint32_t chunk = 0;
  for (Occurrence &occurrence : out) {
    while (chunk + 1 < chunkStarts.size() && chunkStarts[chunk + 1] <= occurrence.range.begin) ++chunk;
    occurrence.chunk = chunk;
  }
  return index;
}

const Occurrence *SymbolIndex::at(uint32_t offset) const {
  // The last occurrence starting at or before `offset`.
  auto it = std::upper_bound(occurrences_.begin(), occurrences_.end(), offset,
                             [](uint32_t o, const Occurrence &occurrence) { return o < occurrence.range.begin; });
  if (it == occurrences_.begin()) return nullptr;
  const Occurrence &candidate = *std::prev(it);
  if (candidate.range.contains(offset) || candidate.range.end == offset) return &candidate;
  return nullptr;
}

std::vector<const Occurrence *> SymbolIndex::sameAs(const Occurrence &target) const {
  std::vector<const Occurrence *> out;
  for (const Occurrence &occurrence : occurrences_) {
    bool same = target.isValue() ? occurrence.value == target.value
                                 : !occurrence.isValue() && occurrence.symbol == target.symbol &&
                                       occurrence.chunk == target.chunk;
    if (same) out.push_back(&occurrence);
  }
  return out;
}

}  // namespace shlo::ide
