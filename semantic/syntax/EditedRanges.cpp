#include "semantic/syntax/EditedRanges.h"

#include <algorithm>
#include <cstdint>

namespace shlo::syntax {

std::vector<TextRange> editedRanges(const std::vector<InputEdit> &edits) {
  std::vector<TextRange> ranges;
  for (const InputEdit &edit : edits) {
    int64_t delta = int64_t{edit.newEndByte} - int64_t{edit.oldEndByte};
    for (TextRange &range : ranges) {
      if (range.begin > edit.oldEndByte) {
        range.begin = static_cast<uint32_t>(range.begin + delta);
        range.end = static_cast<uint32_t>(range.end + delta);
      } else if (range.end >= edit.startByte) {
        // Overlapping or touching: the part the edit replaced is its new
        // text, the part after it moved.
        uint32_t end = range.end > edit.oldEndByte ? static_cast<uint32_t>(range.end + delta) : edit.newEndByte;
        range = {std::min(range.begin, edit.startByte), std::max(end, edit.newEndByte)};
      }
    }
    ranges.push_back({edit.startByte, edit.newEndByte});
  }
  std::sort(ranges.begin(), ranges.end(), [](TextRange a, TextRange b) { return a.begin < b.begin; });
  std::vector<TextRange> merged;
  for (TextRange range : ranges) {
    if (!merged.empty() && range.begin <= merged.back().end) {
      merged.back().end = std::max(merged.back().end, range.end);
    } else {
      merged.push_back(range);
    }
  }
  return merged;
}

}  // namespace shlo::syntax
