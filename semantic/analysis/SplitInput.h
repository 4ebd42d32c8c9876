// MLIR's `--split-input-file`: chunks of a file separated by `// -----` lines,
// each analysed on its own.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"

namespace shlo::analysis {

struct Chunk {
  uint32_t offset;  // Byte offset of the chunk in the file.
  std::string_view text;
};

/// The chunks of `text`: split at lines that start with `// -----`.
std::vector<Chunk> splitInput(std::string_view text);

/// Moves diagnostics found in a chunk to the file's offsets.
void shiftDiagnostics(std::vector<Diagnostic> &diagnostics, uint32_t offset);

}  // namespace shlo::analysis
