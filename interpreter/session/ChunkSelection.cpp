#include "interpreter/session/ChunkSelection.h"

#include "semantic/analysis/SplitInput.h"

namespace shlo::interpreter {

std::optional<std::string> onlyChunk(std::string_view text, size_t number) {
  std::vector<analysis::Chunk> chunks = analysis::splitInput(text);
  if (number == 0 || number > chunks.size()) return std::nullopt;
  const analysis::Chunk &kept = chunks[number - 1];
  std::string out(text);
  size_t begin = kept.offset, end = begin + kept.text.size();
  for (size_t i = 0; i < out.size(); ++i) {
    if ((i < begin || i >= end) && out[i] != '\n') out[i] = ' ';
  }
  return out;
}

size_t chunkCount(std::string_view text) { return analysis::splitInput(text).size(); }

}  // namespace shlo::interpreter
