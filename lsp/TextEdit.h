// Applying one LSP content change to a document's text, and describing it to
// tree-sitter so the next parse can reuse the unchanged parts of the tree.
#pragma once

#include <string>
#include <string_view>

#include <tree_sitter/api.h>

#include "lsp/Protocol.h"

namespace shlo::lsp {

/// Replaces `range` of `text` by `newText` and returns the edit for
/// ts_tree_edit. Positions past the end of a line clamp to the line's end,
/// lines past the end clamp to the end of the text, and a reversed range is
/// taken in order: an edit never fails.
TSInputEdit applyChange(std::string &text, const Range &range, std::string_view newText,
                        syntax::PositionEncoding encoding);

/// The byte offset of `position` in `text` and its tree-sitter point
/// (row, byte column), clamped as applyChange describes.
uint32_t offsetOf(std::string_view text, Position position, syntax::PositionEncoding encoding, TSPoint *point);

}  // namespace shlo::lsp
