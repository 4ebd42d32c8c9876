// shlo's formatter: StableHLO text printed as stablehlo-opt prints it (pretty
// forms from the op table, MLIR's attribute, float and type printing), while
// keeping what stablehlo-opt drops: comments at their ops, blank-line
// grouping, SSA and symbol names as written, `// -----` chunk markers and
// `loc(...)` text. What `shlo fmt`, the linter's fixes and the language
// server's formatting call.
//
// Nothing is lost: the printed text is parsed and lowered again and its IR
// compared with the input's (ops, operands, results, names, attributes,
// types, regions, locations); on any difference the result is an error
// naming the first one, and the caller keeps the original text.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Fix.h"
#include "semantic/ir/IR.h"

namespace shlo::formatter {

struct FormatOptions {
  /// MLIR's generic form for every op instead of the pretty forms.
  bool generic = false;
  /// Re-parse the output and compare its IR with the input's (the default;
  /// benchmarks may turn it off to time the printer alone).
  bool checkRoundTrip = true;
  /// When set, the syntax trees and IR are handed here instead of freed: a
  /// caller that exits right after formatting (`shlo fmt`) leaves their
  /// teardown to the process's exit (4% of formatting pt_bert).
  std::vector<std::shared_ptr<void>> *retain = nullptr;
};

struct FormatResult {
  bool ok = false;
  /// The formatted document (when ok).
  std::string text;
  /// Why it was refused: `line:col: message` (1-based), e.g. the first
  /// syntax error, or the first IR difference the round trip found.
  std::string error;
  bool changed() const;
  /// Set with `text` for changed(): whether the input differs.
  bool inputDiffers = false;
};

/// Formats a whole document (a file's text, `// -----` chunks included).
/// Refuses (ok = false) text with syntax or lowering errors.
FormatResult formatDocument(std::string_view text, const FormatOptions &options = {});

/// The minimal edits that turn `before` into `after`: one edit per changed
/// line, or per run of changed lines where a run's line count changes (byte
/// ranges into `before`), never a whole-document replacement unless every
/// line changed. Empty when equal.
std::vector<TextEdit> lineEdits(std::string_view before, std::string_view after);

/// Edits that format `text` (as formatDocument), limited to the lines
/// [firstLine, lastLine] (0-based, inclusive): a run of changed lines is
/// kept when it overlaps them. Empty when the text is refused or already
/// formatted; `error` (when given) receives formatDocument's error.
std::vector<TextEdit> formatRange(std::string_view text, uint32_t firstLine, uint32_t lastLine,
                                  const FormatOptions &options = {}, std::string *error = nullptr);

/// Whether `before` and `after` hold the same program: nullopt when their
/// IR is equal (chunk by chunk), else `line:col: message` naming the first
/// difference (or why one of them cannot be read). For callers that apply
/// only some of formatRange's edits and want the result checked.
std::optional<std::string> compareTexts(std::string_view before, std::string_view after);

/// One op (with its regions) in its canonical text at `indent` spaces, no
/// trailing newline: what a linter fix or a code action inserts. `source`
/// is the text the op was lowered from (its `loc(...)` is copied from it).
std::string formatOperation(const ir::Operation &op, std::string_view source, unsigned indent = 0,
                            const FormatOptions &options = {});

}  // namespace shlo::formatter
