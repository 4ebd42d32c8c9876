// Completion, signature help and inlay hints (ide/Completion.h) in LSP's
// shapes. Kept apart from ToProtocol so each feature's translation is in
// one place.
#pragma once

#include "ide/Completion.h"
#include "lsp/Protocol.h"
#include "lsp/Snapshot.h"

namespace shlo::lsp {

/// `capabilities.textDocument.completion.completionItem.snippetSupport`
/// of the initialize params; false when absent or malformed.
bool snippetSupportFromJson(const json &initializeParams);

/// `textDocument/completion`: a CompletionList (incomplete when values were
/// left out: the client asks again as more is typed). Snippets are sent as plain text (placeholders' default
/// text kept) when `snippets` is false.
json completionToJson(const Snapshot &snapshot, const ide::CompletionList &list, syntax::PositionEncoding encoding,
                      bool snippets);

/// `completionItem/resolve`: the item with `documentation` (Markdown) filled
/// from its `data.key`; an item without one comes back unchanged.
/// InvalidParams when `params` is not an object.
json resolveCompletionItem(const json &params);

/// `textDocument/signatureHelp`: a SignatureHelp with one signature, or null.
json signatureHelpToJson(const std::optional<ide::SignatureHelp> &help);

/// `textDocument/inlayHint`: InlayHint[].
json inlayHintsToJson(const Snapshot &snapshot, const std::vector<ide::InlayHint> &hints,
                      syntax::PositionEncoding encoding);

/// The `completionProvider`, `signatureHelpProvider` and `inlayHintProvider`
/// capabilities.
json completionCapability();
json signatureHelpCapability();

}  // namespace shlo::lsp
