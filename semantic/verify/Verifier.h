// Checks a lowered module against the spec: per-op constraints through the
// op registry, plus the rules that span ops (operand types as written match
// the values' types, returns match their function, calls their callee).
#pragma once

#include <unordered_set>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/IR.h"

namespace shlo::verify {

/// Appends the module's diagnostics to `sink`, in op order.
void verifyModule(const ir::Module &module, std::vector<Diagnostic> &sink);

/// One step of verifySubtree's walk (ops in pre-order): appends `op`'s
/// diagnostics to `sink`, but not its errors when an operand comes from an
/// op in `failed` or an enclosing op (below the function) is in `failed`;
/// adds `op` to `failed` when it has an error or an undefined operand (an
/// error lowering reported). Returns whether it did.
bool verifyOperationOnce(const ir::Module &module, const ir::Operation &op,
                         std::unordered_set<const ir::Operation *> &failed, std::vector<Diagnostic> &sink);

/// Appends the diagnostics of `root` and the ops nested in it, in op order.
/// An op whose operand comes from an op with an error reports no error of
/// its own (a wrong result type is reported once, not again at each use).
void verifySubtree(const ir::Module &module, const ir::Operation &root, std::vector<Diagnostic> &sink);

/// Appends the diagnostics of `op` alone (not of the ops in its regions);
/// `module` resolves the symbols it refers to (callees, decompositions).
void verifyOperation(const ir::Module &module, const ir::Operation &op, std::vector<Diagnostic> &sink);

/// The result types the spec infers for `op` from its operands and
/// attributes (for hover, inlay hints and the "set inferred type" fix);
/// empty when the op has no inference or its operands do not allow one.
std::vector<ir::Type> inferResultTypes(const ir::Operation &op);

}  // namespace shlo::verify
