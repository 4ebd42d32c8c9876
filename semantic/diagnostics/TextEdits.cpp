#include "semantic/diagnostics/TextEdits.h"

#include <algorithm>

namespace shlo {

namespace {

std::string describe(const TextEdit &edit) {
  return "[" + std::to_string(edit.range.begin) + ", " + std::to_string(edit.range.end) + ")";
}

}  // namespace

EditResult applyEdits(std::string_view text, std::vector<TextEdit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const TextEdit &a, const TextEdit &b) {
    return a.range.begin != b.range.begin ? a.range.begin < b.range.begin : a.range.end < b.range.end;
  });
  EditResult result;
  size_t size = text.size();
  for (const TextEdit &edit : edits) size += edit.newText.size();
  result.text.reserve(size);
  uint32_t copied = 0;  // Bytes of `text` consumed so far.
  for (const TextEdit &edit : edits) {
    if (edit.range.begin > edit.range.end) return {{}, "edit " + describe(edit) + " begins after its end"};
    if (edit.range.end > text.size()) {
      return {{}, "edit " + describe(edit) + " ends past the text (" + std::to_string(text.size()) + " bytes)"};
    }
    if (edit.range.begin < copied) {
      return {{}, "edit " + describe(edit) + " overlaps an earlier edit ending at " + std::to_string(copied)};
    }
    result.text.append(text.substr(copied, edit.range.begin - copied));
    result.text.append(edit.newText);
    copied = edit.range.end;
  }
  result.text.append(text.substr(copied));
  return result;
}

EditResult applyFix(std::string_view text, const Fix &fix) { return applyEdits(text, fix.edits); }

void shiftEdits(std::vector<TextEdit> &edits, uint32_t offset) {
  for (TextEdit &edit : edits) {
    edit.range.begin += offset;
    edit.range.end += offset;
  }
}

}  // namespace shlo
