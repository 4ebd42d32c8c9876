#include "ide/SelectionRanges.h"

#include "ide/Features.h"

namespace shlo::ide {

namespace {

bool contains(syntax::TextRange outer, syntax::TextRange inner) {
  return outer.begin <= inner.begin && inner.end <= outer.end;
}

/// From its label (or its first op, or its first argument for an entry
/// block) to the end of its last op; empty for an empty block.
syntax::TextRange blockRange(const ir::Block &block) {
  syntax::TextRange range{UINT32_MAX, 0};
  auto extend = [&range](syntax::TextRange r) {
    if (r.size() == 0 && r.begin == 0) return;
    range.begin = std::min(range.begin, r.begin);
    range.end = std::max(range.end, r.end);
  };
  if (!block.label.empty()) extend(block.labelRange);
  for (const ir::Operation *op : block.operations) extend(op->range);
  return range.begin <= range.end ? range : syntax::TextRange{};
}

}  // namespace

std::vector<syntax::TextRange> selectionRanges(const AnalyzedFile &file, uint32_t offset) {
  std::vector<syntax::TextRange> out;
  auto push = [&out](syntax::TextRange range) {
    if (range.size() == 0) return;
    if (!out.empty() && (!contains(range, out.back()) || range == out.back())) return;
    out.push_back(range);
  };
  if (const Occurrence *name = file.index().at(offset)) push(name->range);
  const ir::Operation *op = operationAt(file.module(), offset);
  if (op && out.empty()) {
    for (const ir::NamedAttribute &attribute : op->attributes) {
      if (attribute.value.range.contains(offset) && contains(op->range, attribute.value.range)) push(attribute.value.range);
      if (attribute.nameRange.contains(offset) || attribute.value.range.contains(offset)) {
        syntax::TextRange whole{std::min(attribute.nameRange.begin, attribute.value.range.begin),
                                std::max(attribute.nameRange.end, attribute.value.range.end)};
        if (contains(op->range, whole)) push(whole);
        break;
      }
    }
  }
  for (; op; op = op->parentBlock && op->parentBlock->parent ? op->parentBlock->parent->parent : nullptr) {
    push(op->range);
    const ir::Block *block = op->parentBlock;
    if (!block) break;
    push(blockRange(*block));
    if (block->parent && !block->parent->implicit) push(block->parent->range);
  }
  push({0, static_cast<uint32_t>(file.file.text().size())});
  return out;
}

}  // namespace shlo::ide
