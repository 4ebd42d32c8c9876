// Op names against the op table: a typo in an op of a dialect the table
// defines completely (`stablehlo.addd`, `stablhlo.add`) is an error with a
// suggestion; ops of other dialects are accepted unless the caller asks
// for registered dialects only (`--no-allow-unregistered-dialect`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/IR.h"

namespace shlo::verify {

/// True for the dialects whose every op is in the op table (stablehlo,
/// chlo, func, check, interpreter): any other name of theirs is a mistake.
bool isClosedDialect(std::string_view dialect);

/// The table op closest to `written` by edit distance (`stablehlo.add` for
/// `stablehlo.addd` or `stablhlo.add`), or nullopt when none is close
/// enough to be what was meant. Ops of `written`'s own dialect win ties.
std::optional<std::string> suggestOpName(std::string_view written);

/// Reports `op` (code `op.unknown`) when its name is no op of a closed
/// dialect, or when its dialect is a misspelling of one; with a "did you
/// mean" and a fix renaming the op when a table op is close.
void checkOpName(const ir::Operation &op, std::vector<Diagnostic> &sink);

/// Reports (code `op.unregistered`) every op whose dialect the op table
/// does not know at all: what `--no-allow-unregistered-dialect` adds.
void checkRegisteredDialects(const ir::Module &module, std::vector<Diagnostic> &sink);

}  // namespace shlo::verify
