// Applying text edits (a fix's, or any list of byte edits) to a text. The one
// implementation every front end uses: the CLI's fix mode and tests here, the
// language server's workspace edits later.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Fix.h"

namespace shlo {

/// The edited text, or why the edits could not be applied (text empty then).
struct EditResult {
  std::string text;
  std::string error;
  bool ok() const { return error.empty(); }
};

/// Applies `edits` (byte ranges into `text`, in any order) at once: each
/// range refers to the original text, not to the text after earlier edits.
/// Edits are ordered by (begin, end), keeping the given order among equal
/// ranges, so several insertions at one offset land in the order given and
/// an insertion at a replaced range's start lands before the replacement.
/// Fails, naming the edit, when a range ends past the text or begins after
/// its end, or when two edits overlap (one begins before the previous ends).
EditResult applyEdits(std::string_view text, std::vector<TextEdit> edits);

/// applyEdits with the fix's edits.
EditResult applyFix(std::string_view text, const Fix &fix);

/// Moves every edit by `offset` bytes (a chunk's edits into its file).
void shiftEdits(std::vector<TextEdit> &edits, uint32_t offset);

}  // namespace shlo
