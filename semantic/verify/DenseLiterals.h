// Dense literals checked against their types at `check` time, as StableHLO's
// MLIR parser checks them when it reads a program (ir::readDenseLiteral, the
// reader the interpreter decodes with): element counts and shapes, ragged
// nesting, integer and float ranges, hex blobs.
#pragma once

#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/IR.h"

namespace shlo::verify {

/// Reports the first problem of each dense literal among `op`'s attributes
/// (in arrays and dictionaries too), at the offending element or at the
/// literal, with code `literal.shape`, `literal.value` or `literal.hex`.
/// Literals whose type is not a ranked tensor of static shape, or is too
/// large (checkTypeLimits reports it), are left alone.
/// `dense_resource<NAME>` values are checked against `module`'s blob of that
/// name (code `literal.resource`: missing, not hex, or not exactly the
/// type's bytes); `__elided__` names data the export left out, and is not
/// looked up.
void checkDenseLiterals(const ir::Module &module, const ir::Operation &op, std::vector<Diagnostic> &sink);

}  // namespace shlo::verify
