// A fix a diagnostic offers: text edits that make the finding go away, and
// whether applying them keeps the program's meaning (ruff's safe/unsafe).
#pragma once

#include <string>
#include <vector>

#include "semantic/syntax/TextRange.h"

namespace shlo {

/// Replaces the bytes `range` of the analysed text by `newText`. An empty
/// range inserts at `range.begin`; an empty `newText` deletes.
struct TextEdit {
  syntax::TextRange range;
  std::string newText;
  bool operator==(const TextEdit &) const = default;
};

/// Safe: the program computes the same results after the fix (a rename to
/// the op the spec names as identical). Unsafe: it may not, or it removes
/// code the author may still want (deleting an unused op); tools apply
/// unsafe fixes only when asked to.
enum class FixSafety { Safe, Unsafe };

/// "safe" or "unsafe".
const char *fixSafetyName(FixSafety safety);

struct Fix {
  /// What the fix does, imperative: "Replace with `stablehlo.after_all`".
  std::string title;
  /// Byte ranges of the same text the diagnostic's range indexes; they never
  /// overlap (applyEdits rejects overlapping edits).
  std::vector<TextEdit> edits;
  FixSafety safety = FixSafety::Safe;
};

}  // namespace shlo
