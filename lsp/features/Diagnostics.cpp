// Diagnostics in LSP's shape: severity numbers, the stable code, the related
// notes as relatedInformation in the same document.
#include "lsp/features/Features.h"

namespace shlo::lsp {

namespace {

int lspSeverity(Severity severity) {
  switch (severity) {
    case Severity::Error: return 1;
    case Severity::Warning: return 2;
    case Severity::Note: return 3;  // Information.
  }
  return 1;
}

}  // namespace

json publishDiagnosticsParams(const Snapshot &snapshot, syntax::PositionEncoding encoding) {
  json diagnostics = json::array();
  for (const Diagnostic &d : snapshot.diagnostics) {
    json entry = {{"range", toJson(toLspRange(snapshot, d.range, encoding))},
                  {"severity", lspSeverity(d.severity)},
                  {"source", "shlo"},
                  {"message", d.message}};
    if (!d.code.empty()) entry["code"] = d.code;
    if (!d.related.empty()) {
      json related = json::array();
      for (const RelatedInformation &r : d.related) {
        related.push_back({{"location", makeLocation(snapshot.uri, toLspRange(snapshot, r.range, encoding))},
                           {"message", r.message}});
      }
      entry["relatedInformation"] = std::move(related);
    }
    diagnostics.push_back(std::move(entry));
  }
  return {{"uri", snapshot.uri}, {"version", snapshot.version}, {"diagnostics", std::move(diagnostics)}};
}

}  // namespace shlo::lsp
