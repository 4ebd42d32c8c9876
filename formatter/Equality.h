// IR equality for the formatter's round-trip check: two lowered modules hold
// the same ops, operand and result names and types, attributes (compared by
// their generic text, so a pretty `dims = [1, 0]` equals `array<i64: 1, 0>`),
// regions, blocks and locations. Source ranges and the written form
// (pretty/generic) are ignored.
#pragma once

#include <optional>
#include <string>

#include "semantic/ir/IR.h"

namespace shlo::formatter {

struct IrDifference {
  /// The op (or block) of the first module where they differ; null at top level.
  const ir::Operation *op = nullptr;
  std::string message;
};

/// The first difference between `a` and `b` in walk order, or nullopt.
std::optional<IrDifference> compareModules(const ir::Module &a, const ir::Module &b);

}  // namespace shlo::formatter
