// Advice that is not an error: ops the spec deprecates, and side-effect-free
// ops whose results are never used. The linter's first rules; `shlo check`
// prints them and the language server shows them with LSP's Deprecated and
// Unnecessary tags.
#pragma once

#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/IR.h"

namespace shlo::linter {

/// Appends to `out`, in op order:
/// - `deprecated.op` (Warning, tag Deprecated) on the name of an op the
///   spec's "Deprecated Operations" section says will be removed
///   (broadcast, create_token, cross-replica-sum, dot, einsum,
///   torch_index_select, unary_einsum), naming the replacement; a safe fix
///   renames create_token to after_all;
/// - `deprecated.op` (Note, tag Deprecated) on ops and features that section
///   says are being explored for removal: map, tuple, get_tuple_element,
///   rng, comparisons of complex values, convolution's window_reversal;
/// - `unused.result` (Hint, tag Unnecessary) on a side-effect-free,
///   region-free StableHLO op none of whose results is used, with an unsafe
///   fix deleting the op. Ops in regions of several blocks are skipped:
///   there, lowering may not resolve a use written before its definition.
/// `text` is the text `module` was lowered from (fix edits index it); with an
/// empty text no fixes are offered.
void collectAdvisories(const ir::Module &module, std::string_view text, std::vector<Diagnostic> &out);

}  // namespace shlo::linter
