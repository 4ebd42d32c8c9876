// The one diagnostic type of the suite: produced by the syntax layer, the
// verifier and the linter alike, and rendered by the CLI (text, JSON) and the
// language server (publishDiagnostics).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantic/diagnostics/Fix.h"
#include "semantic/syntax/TextRange.h"

namespace shlo {

/// Hint is for advice that is not a problem (a result never used); LSP
/// shows it faintly.
enum class Severity { Error, Warning, Note, Hint };

/// LSP's DiagnosticTag: how an editor may render the range (faded, struck
/// through) besides the severity.
enum class DiagnosticTag { Unnecessary, Deprecated };

/// "error", "warning", "note" or "hint".
const char *severityName(Severity severity);

struct RelatedInformation {
  syntax::TextRange range;
  std::string message;
};

struct Diagnostic {
  /// Byte range of exactly what is wrong.
  syntax::TextRange range;
  Severity severity = Severity::Error;
  /// Stable code: `syntax.unexpected`, `syntax.missing`, `dot_general.C12`, ...
  std::string code;
  /// One line: what was expected and what was found.
  std::string message;
  /// A short explanation shown after the message, without a source excerpt:
  /// the spec's constraint the finding breaks (`spec (C12): ...`); empty
  /// when there is none. `shlo check --explain CODE` has the full text.
  std::string note;
  std::vector<RelatedInformation> related;
  std::vector<DiagnosticTag> tags;
  /// Byte range of the whole operation the diagnostic belongs to, if any.
  std::optional<syntax::TextRange> opRange;
  /// Mechanical fixes, best first; empty when none is obvious. Their edits
  /// index the same text as `range`.
  std::vector<Fix> fixes;
};

}  // namespace shlo
