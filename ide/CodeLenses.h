// Code lenses: "Run" and "Debug" above the functions `shlo run` can start
// without inputs (no arguments, or `@main`) and above each `// -----` chunk,
// and "N uses" above every function.
#pragma once

#include <string>
#include <vector>

#include "ide/AnalyzedFile.h"

namespace shlo::ide {

struct CodeLens {
  enum class Kind { Run, Debug, Uses };
  Kind kind = Kind::Run;
  /// Where the lens sits: the function's name, or a chunk's first line.
  syntax::TextRange range;
  /// The function to run (without `@`), or whose uses are counted.
  std::string function;
  /// True for a chunk's lens ("Run chunk"): `function` is the chunk's
  /// entry (its `@main`, else its first function without arguments).
  bool chunk = false;
  /// A chunk's lens: the chunk's index in AnalyzedFile::chunks (0-based).
  uint32_t chunkIndex = 0;
  /// Uses: the `@function` references in the same chunk, in text order.
  std::vector<syntax::TextRange> uses;
};

/// The lenses in text order: per chunk (when the text has `// -----`
/// chunks and the chunk has an entry) Run and Debug on its first line; per
/// function with a body, Run and Debug when it takes no arguments or is
/// `@main`, and Uses on every function.
std::vector<CodeLens> codeLenses(const AnalyzedFile &file);

}  // namespace shlo::ide
