// Diagnostics in LSP's shape, for `textDocument/publishDiagnostics` (push)
// and `textDocument/diagnostic` (pull, LSP 3.17) alike.
#pragma once

#include <string>
#include <string_view>

#include "lsp/Protocol.h"
#include "lsp/Snapshot.h"

namespace shlo::lsp {

/// Diagnostic[] of the snapshot (ide::diagnostics: the analysis' and the
/// linter's). A lint finding has `codeDescription.href` (its page of
/// docs/rules/, ruleDocumentationUrl) and, when it has fixes, `data`:
/// `{"fixes": [{"title", "safety": "safe"|"unsafe", "edits": [TextEdit]}]}`
/// with ranges of the published version (a code action on a newer version
/// should take the fixes from ide::lintDiagnostics of its snapshot). No
/// version inside: the same text publishes the same diagnostics.
/// Tags are sent only when the client lists them in `tagSupport`.
json diagnosticsToJson(const Snapshot &snapshot, syntax::PositionEncoding encoding, const ClientCapabilities &client);

/// The same array as JSON text, written directly (what diagnosticsToJson
/// parses): building and dumping a json value of every diagnostic took
/// 2.5 ms of an edit's 24 in pt_bert. Keys in json::dump's order.
std::string diagnosticsText(const Snapshot &snapshot, syntax::PositionEncoding encoding,
                            const ClientCapabilities &client);

/// The whole `textDocument/publishDiagnostics` notification as it goes on
/// the wire (serialize() of the same message gives the same text).
std::string publishDiagnosticsText(const Snapshot &snapshot, syntax::PositionEncoding encoding,
                                   const ClientCapabilities &client);

/// The URL of a lint rule's documentation (docs/rules/CODE.md under
/// SHLO_RULE_DOCS_URL, by default the source tree's folder); empty for other
/// codes.
std::string ruleDocumentationUrl(std::string_view code);

/// `textDocument/diagnostic`'s result: a full report whose `resultId` is the
/// snapshot's version, or an unchanged report when `previousResultId` is it.
json documentDiagnosticReport(const Snapshot &snapshot, const std::string *previousResultId,
                              syntax::PositionEncoding encoding, const ClientCapabilities &client);

}  // namespace shlo::lsp
