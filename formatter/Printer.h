// Prints a lowered module as MLIR text: each op in its pretty form when the
// op table gives one (`print` in semantic/ops/defs/*.toml, PrintFormat.h)
// and the op's attributes fit it, else in the generic form; two-space
// indentation, MLIR's region and block layout. With a source text it also
// keeps what stablehlo-opt drops: own-line and trailing comments at their
// ops, blank lines between ops (runs of them become one), and the `loc(...)`
// text as written (so `#loc` aliases survive). SSA and block names are the
// IR's, i.e. as written.
#pragma once

#include <string>
#include <string_view>

#include "semantic/ir/IR.h"

namespace shlo::formatter {

struct PrintOptions {
  /// MLIR's generic form for every op (`"stablehlo.add"(%a, %b) : ...`).
  bool generic = false;
};

/// Prints the top-level ops of `module`, lowered from `source` (the ranges
/// in the IR index it; comments and blank lines are taken from it). The
/// result ends with a newline.
std::string printModule(const ir::Module &module, std::string_view source, const PrintOptions &options = {});

/// Prints one op (and its regions) at `indent` spaces, without trivia: what
/// a range or single-op format inserts.
std::string printOperation(const ir::Operation &op, std::string_view source, unsigned indent,
                           const PrintOptions &options = {});

}  // namespace shlo::formatter
