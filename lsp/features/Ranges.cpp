#include "lsp/features/Features.h"

namespace shlo::lsp {

Range toLspRange(const Snapshot &snapshot, syntax::TextRange range, syntax::PositionEncoding encoding) {
  return {snapshot.file.position(range.begin, encoding), snapshot.file.position(range.end, encoding)};
}

const ir::Operation *operationAt(const ir::Module &module, uint32_t offset) {
  const ir::Operation *best = nullptr;
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    bool holds = op->range.contains(offset) || (op->range.size() > 0 && op->range.end == offset);
    if (holds && (!best || op->range.size() <= best->range.size())) best = op;
  });
  return best;
}

}  // namespace shlo::lsp
