// Applying one LSP content change to a document's text, and describing it to
// the syntax tree so the next parse can reuse the unchanged parts of the tree.
#pragma once

#include <string>
#include <string_view>

#include "lsp/Protocol.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::lsp {

/// Replaces `range` of `text` by `newText` and returns the edit for
/// SyntaxTree::edit. Positions past the end of a line clamp to the line's end,
/// lines past the end clamp to the end of the text, and a reversed range is
/// taken in order: an edit never fails.
syntax::InputEdit applyChange(std::string &text, const Range &range, std::string_view newText,
                              syntax::PositionEncoding encoding);

/// The edit applyChange would make, without making it: the caller writes
/// the new text (bytes startByte..oldEndByte replaced by `newText`).
syntax::InputEdit describeChange(std::string_view text, const Range &range, std::string_view newText,
                                 syntax::PositionEncoding encoding);

/// The byte offset of `position` in `text` and its syntax::Point
/// (row, byte column), clamped as applyChange describes.
uint32_t offsetOf(std::string_view text, Position position, syntax::PositionEncoding encoding, syntax::Point *point);

}  // namespace shlo::lsp
