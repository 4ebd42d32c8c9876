// Document links: the file of every `loc("file.py":L:C)` that exists
// becomes a link to that line.
#pragma once

#include <string>
#include <vector>

#include "ide/Features.h"

namespace shlo::ide {

struct DocumentLink {
  syntax::TextRange range;  // The quoted file name.
  std::string path;         // Resolved (FileResolver).
  uint32_t line = 0;        // MLIR's 1-based line and column (0: unknown).
  uint32_t column = 0;
};

/// The links of the file's `"file":line:col` locations whose file
/// `resolve` finds, in text order (at most `limit`: a generated file can
/// hold a location per op).
std::vector<DocumentLink> documentLinks(const AnalyzedFile &file, const FileResolver &resolve, size_t limit = 10000);

}  // namespace shlo::ide
