#include "semantic/diagnostics/Diagnostic.h"

namespace shlo {

const char *severityName(Severity severity) {
  switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
    case Severity::Hint: return "hint";
  }
  return "error";
}

const char *fixSafetyName(FixSafety safety) { return safety == FixSafety::Safe ? "safe" : "unsafe"; }

}  // namespace shlo
