// Shared by add-zero and multiply-one: a binary op one of whose operands is a
// constant identity element, the other passing through unchanged.
#pragma once

#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

/// The operand that passes through when the other is a constant whose
/// elements all equal `identity` and the result has the passing operand's
/// type (no broadcast hides in the op); null otherwise.
inline const ir::Value *passedThrough(const ir::Operation &op, double identity) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !op.operands[0] || !op.operands[1]) return nullptr;
  for (int side = 0; side < 2; ++side) {
    const ir::Value *constant = op.operands[side], *other = op.operands[1 - side];
    if (isConstantEqualTo(constant, identity) && other->type == op.results[0]->type) return other;
  }
  return nullptr;
}

}  // namespace shlo::linter::rules
