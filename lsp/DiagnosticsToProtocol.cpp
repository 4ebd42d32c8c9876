#include "lsp/DiagnosticsToProtocol.h"

#include <algorithm>

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

/// Appends `text` as a JSON string, as json::dump writes it (invalid UTF-8
/// replaced): most messages are plain ASCII and are copied as they are.
void appendString(std::string &out, std::string_view text) {
  bool plain = std::all_of(text.begin(), text.end(), [](char c) {
    auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u < 0x7f && c != '"' && c != '\\';
  });
  if (!plain) {
    out += json(std::string(text)).dump(-1, ' ', false, json::error_handler_t::replace);
    return;
  }
  out += '"';
  out += text;
  out += '"';
}

void appendPosition(std::string &out, const Position &position) {
  out += R"({"character":)";
  out += std::to_string(position.character);
  out += R"(,"line":)";
  out += std::to_string(position.line);
  out += '}';
}

void appendRange(std::string &out, const syntax::SourceFile &file, syntax::TextRange range,
                 syntax::PositionEncoding encoding) {
  Range lsp = toLspRange(file, range, encoding);
  out += R"({"end":)";
  appendPosition(out, lsp.end);
  out += R"(,"start":)";
  appendPosition(out, lsp.start);
  out += '}';
}

void appendFixes(std::string &out, const Snapshot &snapshot, const Diagnostic &d, syntax::PositionEncoding encoding) {
  out += R"({"fixes":[)";
  for (size_t f = 0; f < d.fixes.size(); ++f) {
    const Fix &fix = d.fixes[f];
    if (f) out += ',';
    out += R"({"edits":[)";
    for (size_t e = 0; e < fix.edits.size(); ++e) {
      if (e) out += ',';
      out += R"({"newText":)";
      appendString(out, fix.edits[e].newText);
      out += R"(,"range":)";
      appendRange(out, snapshot.file, fix.edits[e].range, encoding);
      out += '}';
    }
    out += R"(],"safety":)";
    appendString(out, fixSafetyName(fix.safety));
    out += R"(,"title":)";
    appendString(out, fix.title);
    out += '}';
  }
  out += "]}";
}

/// One LSP Diagnostic, its keys in json::dump's (sorted) order.
void appendDiagnostic(std::string &out, const Snapshot &snapshot, const Diagnostic &d,
                      syntax::PositionEncoding encoding, const ClientCapabilities &client) {
  out += '{';
  if (!d.code.empty()) {
    out += R"("code":)";
    appendString(out, d.code);
    out += ',';
  }
  if (std::string url = ruleDocumentationUrl(d.code); !url.empty()) {
    out += R"("codeDescription":{"href":)";
    appendString(out, url);
    out += "},";
  }
  if (!d.fixes.empty()) {
    out += R"("data":)";
    appendFixes(out, snapshot, d, encoding);
    out += ',';
  }
  out += R"("message":)";
  appendString(out, d.note.empty() ? d.message : d.message + "\n" + d.note);
  out += R"(,"range":)";
  appendRange(out, snapshot.file, d.range, encoding);
  if (!d.related.empty()) {
    out += R"(,"relatedInformation":[)";
    for (size_t r = 0; r < d.related.size(); ++r) {
      if (r) out += ',';
      out += R"({"location":{"range":)";
      appendRange(out, snapshot.file, d.related[r].range, encoding);
      out += R"(,"uri":)";
      appendString(out, snapshot.uri);
      out += R"(},"message":)";
      appendString(out, d.related[r].message);
      out += '}';
    }
    out += ']';
  }
  out += R"(,"severity":)";
  out += std::to_string(lspSeverity(d.severity));
  out += R"(,"source":"shlo")";
  // LSP DiagnosticTag: Unnecessary = 1, Deprecated = 2.
  std::string tags;
  for (DiagnosticTag tag : d.tags) {
    if (tag == DiagnosticTag::Unnecessary && client.unnecessaryTag) tags += tags.empty() ? "1" : ",1";
    if (tag == DiagnosticTag::Deprecated && client.deprecatedTag) tags += tags.empty() ? "2" : ",2";
  }
  if (!tags.empty()) out += R"(,"tags":[)" + tags + "]";
  out += '}';
}

}  // namespace

std::string ruleDocumentationUrl(std::string_view code) {
  std::string_view base = SHLO_RULE_DOCS_URL;
  if (base.empty() || !ide::isLintCode(code)) return "";
  return std::string(base) + std::string(code) + ".md";
}

std::string diagnosticsText(const Snapshot &snapshot, syntax::PositionEncoding encoding,
                            const ClientCapabilities &client) {
  ide::FileDiagnostics found = ide::diagnostics(snapshot);
  std::string out = "[";
  out.reserve(found.all.size() * 256);
  for (size_t i = 0; i < found.all.size(); ++i) {
    if (i) out += ',';
    appendDiagnostic(out, snapshot, *found.all[i], encoding, client);
  }
  out += ']';
  return out;
}

json diagnosticsToJson(const Snapshot &snapshot, syntax::PositionEncoding encoding, const ClientCapabilities &client) {
  return json::parse(diagnosticsText(snapshot, encoding, client));
}

std::string publishDiagnosticsText(const Snapshot &snapshot, syntax::PositionEncoding encoding,
                                   const ClientCapabilities &client) {
  std::string out = R"({"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"diagnostics":)";
  out += diagnosticsText(snapshot, encoding, client);
  out += R"(,"uri":)";
  appendString(out, snapshot.uri);
  out += R"(,"version":)";
  out += std::to_string(snapshot.version);
  out += "}}";
  return out;
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
