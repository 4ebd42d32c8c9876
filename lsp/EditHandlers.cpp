// The requests that edit the document: formatting (document, range, on
// type), code actions and rename. Each handler reads the LSP params, calls
// one function of ide/Editing.h and turns its byte edits into LSP TextEdits.
// Kept out of Server.cpp so the features can grow without touching the core.
#include <iostream>

#include "ide/Editing.h"
#include "lsp/Server.h"
#include "lsp/ToProtocol.h"

namespace shlo::lsp {

namespace {

/// LSP's ContentModified: the request names a version of the document that
/// is no longer the current one.
constexpr ErrorCode kContentModified = static_cast<ErrorCode>(-32801);

/// When the request names the document's version (a client may send a
/// VersionedTextDocumentIdentifier), it must be the snapshot's.
void requireVersion(const json &params, const Snapshot &snapshot) {
  const json &document = requireMember(params, "textDocument", json::value_t::object);
  auto version = document.find("version");
  if (version == document.end() || version->is_null()) return;
  if (!version->is_number_integer()) throw LspError(ErrorCode::InvalidParams, "`version` must be an integer");
  if (version->get<int64_t>() != snapshot.version) {
    throw LspError(kContentModified, "the document is at version " + std::to_string(snapshot.version) +
                                         ", not " + std::to_string(version->get<int64_t>()));
  }
}

json textEditsToJson(const Snapshot &snapshot, const std::vector<TextEdit> &edits,
                     syntax::PositionEncoding encoding) {
  json out = json::array();
  for (const TextEdit &edit : edits) {
    out.push_back({{"range", toJson(toLspRange(snapshot.file, edit.range, encoding))}, {"newText", edit.newText}});
  }
  return out;
}

/// A WorkspaceEdit of the snapshot's document: `documentChanges` (one
/// TextDocumentEdit naming the version the edits were made for, so the
/// client refuses them on a newer text) when the client takes them, else
/// `changes`.
json workspaceEdit(const Snapshot &snapshot, const std::vector<TextEdit> &edits, syntax::PositionEncoding encoding,
                   const ClientCapabilities &client) {
  if (client.documentChanges) {
    return {{"documentChanges", json::array({{{"textDocument", {{"uri", snapshot.uri}, {"version", snapshot.version}}},
                                               {"edits", textEditsToJson(snapshot, edits, encoding)}}})}};
  }
  return {{"changes", {{snapshot.uri, textEditsToJson(snapshot, edits, encoding)}}}};
}

json formattingResult(const Snapshot &snapshot, const ide::FormattingEdits &result,
                      syntax::PositionEncoding encoding) {
  // A text the formatter refuses (while the user types, usually) is left
  // alone: no edits, and the reason in the server's log.
  if (!result.error.empty()) std::cerr << "shlo lsp: not formatted: " << result.error << "\n";
  return textEditsToJson(snapshot, result.edits, encoding);
}

}  // namespace

json Server::editCapabilities() {
  return {
      {"documentFormattingProvider", true},
      {"documentRangeFormattingProvider", true},
      {"documentOnTypeFormattingProvider", {{"firstTriggerCharacter", "}"}}},
      {"codeActionProvider",
       {{"codeActionKinds", {"quickfix", "refactor.rewrite", "refactor.extract", "source.fixAll.shlo"}},
        {"resolveProvider", false}}},
      {"renameProvider", {{"prepareProvider", true}}},
  };
}

void Server::registerEditHandlers() {
  handlers_["textDocument/formatting"] = [this](const json &params) {
    auto snapshot = snapshotFor(documentUriFromJson(params));
    requireVersion(params, *snapshot);
    return formattingResult(*snapshot, ide::formatDocument(*snapshot), encoding_);
  };
  handlers_["textDocument/rangeFormatting"] = [this](const json &params) {
    Range range = rangeFromJson(requireMember(params, "range", json::value_t::object));
    auto snapshot = snapshotFor(documentUriFromJson(params));
    requireVersion(params, *snapshot);
    syntax::TextRange bytes{offsetFor(*snapshot, range.start), snapshot->file.offset(range.end, encoding_)};
    if (bytes.end < bytes.begin) throw LspError(ErrorCode::InvalidParams, "range ends before it starts");
    return formattingResult(*snapshot, ide::formatRange(*snapshot, bytes), encoding_);
  };
  handlers_["textDocument/onTypeFormatting"] = [this](const json &params) {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    std::string typed = requireMember(params, "ch", json::value_t::string).get<std::string>();
    auto snapshot = snapshotFor(p.uri);
    requireVersion(params, *snapshot);
    return formattingResult(*snapshot, ide::formatOnType(*snapshot, offsetFor(*snapshot, p.position), typed),
                            encoding_);
  };
  handlers_["textDocument/codeAction"] = [this](const json &params) {
    Range range = rangeFromJson(requireMember(params, "range", json::value_t::object));
    const json &context = requireMember(params, "context", json::value_t::object);
    ide::CodeActionRequest request;
    if (context.contains("only")) {
      for (const json &kind : requireMember(context, "only", json::value_t::array)) {
        if (!kind.is_string()) throw LspError(ErrorCode::InvalidParams, "`only` must list strings");
        request.only.push_back(kind.get<std::string>());
      }
    }
    json sent = context.contains("diagnostics") ? requireMember(context, "diagnostics", json::value_t::array)
                                                : json::array();
    auto snapshot = snapshotFor(documentUriFromJson(params));
    requireVersion(params, *snapshot);
    request.range = {offsetFor(*snapshot, range.start), snapshot->file.offset(range.end, encoding_)};
    if (request.range.end < request.range.begin) throw LspError(ErrorCode::InvalidParams, "range ends before it starts");
    json actions = json::array();
    for (const ide::CodeAction &action : ide::codeActions(*snapshot, request)) {
      json entry = {{"title", action.title},
                    {"kind", ide::codeActionKindName(action.kind)},
                    {"edit", workspaceEdit(*snapshot, action.edits, encoding_, client_)}};
      if (action.preferred) entry["isPreferred"] = true;
      if (action.unsafe) entry["data"] = {{"safety", "unsafe"}};
      // The client's diagnostics this action resolves, as it sent them.
      json resolved = json::array();
      for (const auto &[code, bytes] : action.fixes) {
        json lspRange = toJson(toLspRange(snapshot->file, bytes, encoding_));
        for (const json &d : sent) {
          if (d.is_object() && d.value("code", json()) == json(code) && d.value("range", json()) == lspRange) {
            resolved.push_back(d);
          }
        }
      }
      if (!resolved.empty()) entry["diagnostics"] = std::move(resolved);
      actions.push_back(std::move(entry));
    }
    return actions;
  };
  handlers_["textDocument/prepareRename"] = [this](const json &params) {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    auto snapshot = snapshotFor(p.uri);
    requireVersion(params, *snapshot);
    std::string why;
    std::optional<ide::RenameTarget> target = ide::prepareRename(*snapshot, offsetFor(*snapshot, p.position), &why);
    if (!target) throw LspError(ErrorCode::RequestFailed, why);
    return json{{"range", toJson(toLspRange(snapshot->file, target->range, encoding_))},
                {"placeholder", target->placeholder}};
  };
  handlers_["textDocument/rename"] = [this](const json &params) {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    std::string newName = requireMember(params, "newName", json::value_t::string).get<std::string>();
    auto snapshot = snapshotFor(p.uri);
    requireVersion(params, *snapshot);
    ide::RenameResult result = ide::rename(*snapshot, offsetFor(*snapshot, p.position), newName);
    if (!result.error.empty()) throw LspError(ErrorCode::RequestFailed, result.error);
    return workspaceEdit(*snapshot, result.edits, encoding_, client_);
  };
}

}  // namespace shlo::lsp
