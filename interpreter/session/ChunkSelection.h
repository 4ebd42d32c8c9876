// One `// -----` chunk of a file on its own (`shlo run --chunk N`, the
// debugger's `chunk` launch argument, the editors' "Run chunk" lens): the
// other chunks' text is blanked out, line breaks kept, so every offset and
// line number of the chunk stays that of the file.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace shlo::interpreter {

/// `text` with every chunk but the `number`th (1-based, in the order of
/// analysis::splitInput; a text without separators is one chunk) replaced
/// by spaces, its line breaks kept. nullopt when there is no such chunk.
std::optional<std::string> onlyChunk(std::string_view text, size_t number);

/// How many chunks `text` has (1 without separators).
size_t chunkCount(std::string_view text);

}  // namespace shlo::interpreter
