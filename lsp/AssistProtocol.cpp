#include "lsp/AssistProtocol.h"

#include "ide/OpSyntax.h"
#include "lsp/ToProtocol.h"

namespace shlo::lsp {

namespace {

// LSP CompletionItemKind values.
int completionKind(ide::CompletionItem::Kind kind) {
  switch (kind) {
    case ide::CompletionItem::Kind::Operation: return 3;   // Function
    case ide::CompletionItem::Kind::Attribute: return 10;  // Property
    case ide::CompletionItem::Kind::EnumValue: return 20;  // EnumMember
    case ide::CompletionItem::Kind::Type: return 25;       // TypeParameter
    case ide::CompletionItem::Kind::Value: return 6;       // Variable
    case ide::CompletionItem::Kind::Function: return 3;    // Function
    case ide::CompletionItem::Kind::Field: return 5;       // Field
  }
  return 1;
}

}  // namespace

bool snippetSupportFromJson(const json &initializeParams) {
  const json *node = &initializeParams;
  for (const char *key : {"capabilities", "textDocument", "completion", "completionItem", "snippetSupport"}) {
    if (!node->is_object()) return false;
    auto it = node->find(key);
    if (it == node->end()) return false;
    node = &*it;
  }
  return node->is_boolean() && node->get<bool>();
}

json completionToJson(const Snapshot &snapshot, const ide::CompletionList &list, syntax::PositionEncoding encoding,
                      bool snippets) {
  json range = toJson(toLspRange(snapshot.file, list.replace, encoding));
  json items = json::array();
  for (const ide::CompletionItem &item : list.items) {
    bool snippet = item.snippet && snippets;
    json out = {{"label", item.label},
                {"kind", completionKind(item.kind)},
                {"textEdit", {{"range", range}, {"newText", snippet || !item.snippet ? item.insertText : ide::snippetPlainText(item.insertText)}}},
                {"insertTextFormat", snippet ? 2 : 1}};
    if (!item.detail.empty()) out["detail"] = item.detail;
    if (!item.filterText.empty()) out["filterText"] = item.filterText;
    if (!item.sortText.empty()) out["sortText"] = item.sortText;
    if (item.deprecated) out["tags"] = json::array({1});
    if (!item.documentationKey.empty()) out["data"] = {{"key", item.documentationKey}};
    items.push_back(std::move(out));
  }
  return {{"isIncomplete", list.incomplete}, {"items", std::move(items)}};
}

json resolveCompletionItem(const json &params) {
  if (!params.is_object()) throw LspError(ErrorCode::InvalidParams, "a completion item must be an object");
  json item = params;
  auto data = params.find("data");
  if (data != params.end() && data->is_object() && data->contains("key") && (*data)["key"].is_string()) {
    std::string markdown = ide::completionDocumentation((*data)["key"].get<std::string>());
    if (!markdown.empty()) item["documentation"] = {{"kind", "markdown"}, {"value", markdown}};
  }
  return item;
}

json signatureHelpToJson(const std::optional<ide::SignatureHelp> &help) {
  if (!help) return nullptr;
  json parameters = json::array();
  for (const ide::SignatureParameter &parameter : help->parameters) {
    json out = {{"label", {parameter.labelBegin, parameter.labelEnd}}};
    if (!parameter.documentation.empty()) {
      out["documentation"] = {{"kind", "markdown"}, {"value", parameter.documentation}};
    }
    parameters.push_back(std::move(out));
  }
  json signature = {{"label", help->label}, {"parameters", std::move(parameters)}};
  if (!help->documentation.empty()) signature["documentation"] = {{"kind", "markdown"}, {"value", help->documentation}};
  json result = {{"signatures", json::array({std::move(signature)})}, {"activeSignature", 0}};
  // LSP 3.16+: an out-of-range index means none is active; null is 3.18's.
  result["activeParameter"] = help->activeParameter ? *help->activeParameter : help->parameters.size();
  return result;
}

json inlayHintsToJson(const Snapshot &snapshot, const std::vector<ide::InlayHint> &hints,
                      syntax::PositionEncoding encoding) {
  json out = json::array();
  for (const ide::InlayHint &hint : hints) {
    out.push_back({{"position", toJson(snapshot.file.position(hint.offset, encoding))},
                   {"label", hint.label},
                   {"kind", hint.kind == ide::InlayHint::Kind::Type ? 1 : 2},
                   {"paddingLeft", hint.paddingLeft},
                   {"paddingRight", hint.paddingRight}});
  }
  return out;
}

json completionCapability() {
  return {{"triggerCharacters", {"%", "@", ".", "<", "#"}}, {"resolveProvider", true}};
}

json signatureHelpCapability() { return {{"triggerCharacters", {"(", ","}}, {"retriggerCharacters", {" ", "="}}}; }

}  // namespace shlo::lsp
