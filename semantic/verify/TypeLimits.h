// Size limits of types: every tensor type an op writes (its results, its
// regions' block arguments, the types of its attributes, tuple and function
// types inside them) must have an element count and a byte size that fit in
// int64, and a byte size of at most checked::kMaxByteSize (2^48 bytes).
// Beyond that no machine can hold the tensor, and sizes computed from it
// would wrap (`tensor<4611686018427387905x4xf32>` "holds" 4 floats).
#pragma once

#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/IR.h"

namespace shlo::verify {

/// Reports `type.too-large` at the range of the first type of `op` that
/// exceeds the limits (its regions' block arguments, then its results, then
/// its attributes): one diagnostic per op. Dynamic dimensions are left out of the product: the static
/// ones alone already bound the size from below.
void checkTypeLimits(const ir::Operation &op, std::vector<Diagnostic> &sink);

}  // namespace shlo::verify
