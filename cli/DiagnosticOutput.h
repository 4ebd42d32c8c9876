// Renders diagnostics for the terminal (gcc style, with the source line and a
// caret) and as JSON with LSP positions.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::cli {

/// `file:line:col: error: message`, the source line and a caret under the
/// range. Lines and columns are 1-based; columns count bytes. With `colors`,
/// ANSI colours (severity, caret) as compilers print them.
void printDiagnosticsText(const syntax::SourceFile &file, const std::vector<Diagnostic> &diagnostics,
                          std::ostream &out, bool colors = false);

/// `--color=auto|always|never`: auto colours when `fd` is a terminal and
/// NO_COLOR is unset or empty (no-color.org).
bool useColor(const std::string &mode, int fd);

/// One JSON object per diagnostic: {file, range, op_range?, severity, code,
/// message, related, fixes?}, with 0-based LSP positions in `encoding`.
/// `fixes` (only when there are some) is fixesToJson's list.
nlohmann::json diagnosticsToJson(const syntax::SourceFile &file, const std::vector<Diagnostic> &diagnostics,
                                 syntax::PositionEncoding encoding = syntax::PositionEncoding::UTF16);

/// [{title, safety: "safe"|"unsafe", edits: [{range, new_text}]}].
nlohmann::json fixesToJson(const syntax::SourceFile &file, const std::vector<Fix> &fixes,
                           syntax::PositionEncoding encoding);

/// Reads `path` as a source file; on failure prints `path: error: why` to
/// stderr and returns nullopt (the caller's exit status becomes 2).
std::optional<syntax::SourceFile> readSource(const std::string &path);

/// Prints a JSON document to stdout. Binary input can put invalid UTF-8 into
/// messages: it is replaced, never thrown on.
void printJson(const nlohmann::json &document);

/// An LSP range object for a byte range.
nlohmann::json rangeToJson(const syntax::SourceFile &file, syntax::TextRange range,
                           syntax::PositionEncoding encoding);

}  // namespace shlo::cli
