// Selection ranges (expand/shrink selection): from the name under the
// cursor outwards through its op, block, region, the enclosing ops, up to
// the function and the file.
#pragma once

#include <vector>

#include "ide/AnalyzedFile.h"

namespace shlo::ide {

/// The ranges around `offset`, innermost first, each strictly containing
/// the one before: the value or `@symbol` name (or the attribute) under the
/// cursor, the op, its block (from its label or first op to its last op),
/// its region (with braces), the op holding the region, ..., the function,
/// the module, and the whole text. Never empty (the whole text at least).
std::vector<syntax::TextRange> selectionRanges(const AnalyzedFile &file, uint32_t offset);

}  // namespace shlo::ide
