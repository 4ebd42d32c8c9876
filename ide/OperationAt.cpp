#include "ide/Features.h"

namespace shlo::ide {

const ir::Operation *operationAt(const ir::Module &module, uint32_t offset) {
  const ir::Operation *best = nullptr;
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    bool holds = op->range.contains(offset) || (op->range.size() > 0 && op->range.end == offset);
    if (holds && (!best || op->range.size() <= best->range.size())) best = op;
  });
  return best;
}

}  // namespace shlo::ide
