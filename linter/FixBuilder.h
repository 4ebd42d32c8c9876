// Lint fixes printed by the formatter: a fix is a list of op-level changes
// (an op replaced by another op printed as `shlo fmt` prints it, an op
// deleted with its lines, a value's name replaced at a use), turned into
// text edits by the formatter's edit API (formatter::formatOperation for the
// new text, formatter::lineEdits for the edits) over the lines each change
// touches. So a fixed line reads as `shlo fmt` would print it, and a fix is
// as many line edits as lines it changes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Fix.h"
#include "semantic/ir/IR.h"

namespace shlo::linter {

class FixBuilder {
 public:
  /// `text` is the text the IR was lowered from; every range indexes it.
  explicit FixBuilder(std::string_view text) : text_(text) {}

  /// Replaces `original`, which must be alone on its lines, by
  /// `replacement` (usually an edited copy of it: another name, operands or
  /// attributes) printed by formatter::formatOperation at the original's
  /// indentation. Refused (false, and build() gives nothing) when the op
  /// shares a line, when its range does not index the text, or when it has
  /// regions and its text holds a comment (the printer prints no trivia
  /// inside a single op, and the comment would be lost).
  bool replace(const ir::Operation &original, const ir::Operation &replacement);

  /// Deletes `op` (its whole lines when it is alone on them).
  bool remove(const ir::Operation &op);

  /// Makes every use of `value` read `replacement` (of the same type). A
  /// region-free user alone on its lines is reprinted (replace) with its
  /// operands changed; in any other user only the name is replaced at the
  /// use (the printer keeps names as written, so that is what it would
  /// print there).
  bool replaceUses(const ir::Value &value, const ir::Value &replacement);

  /// Replaces the value name written at `range` (a definition or a use) by
  /// `name`: the printer keeps names as written, so renaming the token is
  /// what it would print.
  bool replaceName(syntax::TextRange range, std::string name);

  /// The fix of the changes so far: nullopt when one was refused, none was
  /// made, or two overlap.
  std::optional<Fix> build(std::string title, FixSafety safety) const;

  /// What `op` prints as at `indent` (formatter::formatOperation): for rules
  /// that decide on the printed form (generic-form).
  static std::string print(const ir::Operation &op, std::string_view text, unsigned indent);

 private:
  struct Change {
    syntax::TextRange range;
    std::string newText;
  };
  std::string_view text_;
  std::vector<Change> changes_;
  bool refused_ = false;
};

}  // namespace shlo::linter
