// Immutable copies of a document's text for its snapshots, in buffers that
// are reused once no snapshot holds them. A fresh buffer of a 40 MB file
// costs ~27 ms of page faults to fill (measured with a 40 MB std::string
// copy, thread CPU time) against ~4 ms for a reused one, and the server
// makes one per edit.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace shlo::lsp {

/// A copy of `text`, shared and immutable. Texts of at least
/// kPooledTextSize bytes go into a buffer released by an earlier copy when
/// one is large enough; at most kSpareTexts released buffers are kept.
std::shared_ptr<const std::string> copyText(std::string_view text);

/// `text` with bytes [begin, end) replaced by `insert`, written once into a
/// buffer as copyText's: how a document applies an edit, so the text is
/// copied once per edit (not moved in place, then copied for the snapshot).
std::shared_ptr<const std::string> splicedText(std::string_view text, size_t begin, size_t end,
                                               std::string_view insert);

constexpr size_t kPooledTextSize = size_t{1} << 20;
constexpr size_t kSpareTexts = 2;

}  // namespace shlo::lsp
