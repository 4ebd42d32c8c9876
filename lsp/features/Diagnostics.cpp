// Diagnostics in LSP's shape: severity numbers, the stable code, the related
// notes as relatedInformation in the same document, and the tags the client
// renders (faded unused code, struck-through deprecated ops).
#include <algorithm>

#include "lsp/features/Features.h"
#include "linter/Advisories.h"

namespace shlo::lsp {

namespace {

int lspSeverity(Severity severity) {
  switch (severity) {
    case Severity::Error: return 1;
    case Severity::Warning: return 2;
    case Severity::Note: return 3;  // Information.
    case Severity::Hint: return 4;
  }
  return 1;
}

json lspTags(const Diagnostic &d, const ClientCapabilities &client) {
  // LSP DiagnosticTag: Unnecessary = 1, Deprecated = 2.
  json tags = json::array();
  for (DiagnosticTag tag : d.tags) {
    if (tag == DiagnosticTag::Unnecessary && client.unnecessaryTag) tags.push_back(1);
    if (tag == DiagnosticTag::Deprecated && client.deprecatedTag) tags.push_back(2);
  }
  return tags;
}

}  // namespace

json publishDiagnosticsParams(const Snapshot &snapshot, syntax::PositionEncoding encoding,
                              const ClientCapabilities &client) {
  // Advisories are cheap (one walk over the ops), so they are derived here
  // rather than kept in the snapshot.
  std::vector<Diagnostic> advisories;
  linter::collectAdvisories(snapshot.module(), snapshot.file.text(), advisories);
  std::vector<const Diagnostic *> all;
  all.reserve(snapshot.diagnostics.size() + advisories.size());
  for (const Diagnostic &d : snapshot.diagnostics) all.push_back(&d);
  for (const Diagnostic &d : advisories) all.push_back(&d);
  std::stable_sort(all.begin(), all.end(),
                   [](const Diagnostic *a, const Diagnostic *b) { return a->range.begin < b->range.begin; });

  json diagnostics = json::array();
  for (const Diagnostic *d : all) {
    json entry = {{"range", toJson(toLspRange(snapshot, d->range, encoding))},
                  {"severity", lspSeverity(d->severity)},
                  {"source", "shlo"},
                  {"message", d->message}};
    if (!d->code.empty()) entry["code"] = d->code;
    if (json tags = lspTags(*d, client); !tags.empty()) entry["tags"] = std::move(tags);
    if (!d->related.empty()) {
      json related = json::array();
      for (const RelatedInformation &r : d->related) {
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
