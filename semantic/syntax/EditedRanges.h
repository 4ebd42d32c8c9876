// Where a sequence of edits wrote into the text they produced: what a
// per-version index (line starts, a marker search) must look at again when
// it is carried over from the previous version instead of rebuilt.
#pragma once

#include <vector>

#include "semantic/syntax/SyntaxTree.h"
#include "semantic/syntax/TextRange.h"

namespace shlo::syntax {

/// The ranges of the text after all `edits` (applied in order, each in the
/// coordinates of the text it was made on) that hold text an edit inserted,
/// merged and sorted. A deletion leaves an empty range where it was; every
/// byte outside the ranges is an old byte, moved by the edits before it.
std::vector<TextRange> editedRanges(const std::vector<InputEdit> &edits);

}  // namespace shlo::syntax
