// Inline suppressions: comments that silence findings.
//   // shlo-lint: disable-next-line=SHLO101,SHLO301   the next line
//   %0 = ... // shlo-lint: disable-line=SHLO301       this line
//   // shlo-lint: disable-file=SHLO401                the whole file
// Without `=CODES` every rule is silenced there. Codes may be rule names.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"

namespace shlo::linter {

class Suppressions {
 public:
  /// Reads the comments of `text`; a directive or a code it does not know is
  /// reported in `problems` (`lint.unknown-code`, `lint.bad-suppression`).
  static Suppressions parse(std::string_view text, std::vector<Diagnostic> &problems);

  /// True when a suppression covers `code` at byte `offset` of the text.
  bool suppressed(std::string_view code, uint32_t offset) const;

 private:
  /// Line (the offset where it begins) -> codes silenced there (empty:
  /// all); line -1 is the whole file.
  std::map<int64_t, std::set<std::string, std::less<>>> lines_;
  /// Where each line a directive names begins -> where it ends (past its
  /// newline; UINT32_MAX for the last line).
  std::map<int64_t, uint32_t> lineEnds_;
};

}  // namespace shlo::linter
