#include "lsp/DiagnosticsToProtocol.h"

#include "ide/Features.h"
#include "ide/LintDiagnostics.h"
#include "lsp/ToProtocol.h"

#ifndef SHLO_RULE_DOCS_URL
#define SHLO_RULE_DOCS_URL ""
#endif

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

json fixesToJson(const Snapshot &snapshot, const Diagnostic &d, syntax::PositionEncoding encoding) {
  json fixes = json::array();
  for (const Fix &fix : d.fixes) {
    json edits = json::array();
    for (const TextEdit &edit : fix.edits) {
      edits.push_back({{"range", toJson(toLspRange(snapshot.file, edit.range, encoding))}, {"newText", edit.newText}});
    }
    fixes.push_back({{"title", fix.title}, {"safety", fixSafetyName(fix.safety)}, {"edits", std::move(edits)}});
  }
  return {{"fixes", std::move(fixes)}};
}

}  // namespace

std::string ruleDocumentationUrl(std::string_view code) {
  std::string_view base = SHLO_RULE_DOCS_URL;
  if (base.empty() || !ide::isLintCode(code)) return "";
  return std::string(base) + std::string(code) + ".md";
}

json diagnosticsToJson(const Snapshot &snapshot, syntax::PositionEncoding encoding, const ClientCapabilities &client) {
  ide::FileDiagnostics found = ide::diagnostics(snapshot);
  json diagnostics = json::array();
  for (const Diagnostic *d : found.all) {
    json entry = {{"range", toJson(toLspRange(snapshot.file, d->range, encoding))},
                  {"severity", lspSeverity(d->severity)},
                  {"source", "shlo"},
                  {"message", d->note.empty() ? d->message : d->message + "\n" + d->note}};
    if (!d->code.empty()) entry["code"] = d->code;
    if (std::string url = ruleDocumentationUrl(d->code); !url.empty()) entry["codeDescription"] = {{"href", url}};
    if (json tags = lspTags(*d, client); !tags.empty()) entry["tags"] = std::move(tags);
    if (!d->related.empty()) {
      json related = json::array();
      for (const RelatedInformation &r : d->related) {
        related.push_back({{"location", makeLocation(snapshot.uri, toLspRange(snapshot.file, r.range, encoding))},
                           {"message", r.message}});
      }
      entry["relatedInformation"] = std::move(related);
    }
    if (!d->fixes.empty()) entry["data"] = fixesToJson(snapshot, *d, encoding);
    diagnostics.push_back(std::move(entry));
  }
  return diagnostics;
}

json documentDiagnosticReport(const Snapshot &snapshot, const std::string *previousResultId,
                              syntax::PositionEncoding encoding, const ClientCapabilities &client) {
  // A version names one text, and the text decides the diagnostics (the
  // lint configuration aside): the version is the result id.
  // A provisional snapshot and the one confirming it share the version.
  std::string resultId = std::to_string(snapshot.version) + (snapshot.provisional() ? "p" : "");
  if (previousResultId && *previousResultId == resultId) return {{"kind", "unchanged"}, {"resultId", resultId}};
  return {{"kind", "full"}, {"resultId", resultId}, {"items", diagnosticsToJson(snapshot, encoding, client)}};
}

}  // namespace shlo::lsp
