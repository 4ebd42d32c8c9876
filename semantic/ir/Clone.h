// Copying a piece of IR into another module with its byte ranges moved: how
// incremental analysis keeps the functions an edit did not touch without
// lowering them again.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "semantic/ir/IR.h"

namespace shlo::ir {

/// A copy of `range` moved by `shift` bytes (the text before it grew or
/// shrank by that much). The empty range at 0, which means "none", stays.
syntax::TextRange shifted(syntax::TextRange range, int64_t shift);

/// Moves every range in `attribute`, its elements and fields included.
void shiftAttribute(Attribute &attribute, int64_t shift);

/// Copies `op`, its regions, blocks, values and uses, into `into`, placed in
/// `parent` (null at top level), with every range moved by `shift`. `op`
/// must be isolated from above (a func.func): operands defined outside it
/// have no copy and become null. Attributes are copied as they are: dense
/// literals stay undecoded text.
Operation *cloneOperation(const Operation &op, Module &into, int64_t shift, Block *parent);

/// The same for an op that uses values defined outside it (an op in a
/// function's body): `outside` maps each of them to the value the copy uses
/// instead, and the copy's uses of those values are appended to their use
/// lists in op order, operands before nested ops (as lowering appends them).
Operation *cloneOperation(const Operation &op, Module &into, int64_t shift, Block *parent,
                          const std::unordered_map<const Value *, Value *> &outside);

}  // namespace shlo::ir
