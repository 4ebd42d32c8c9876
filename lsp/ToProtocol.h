// The IDE layer's values (ide/Features.h, byte ranges) in LSP's shapes:
// ranges in the negotiated position encoding, LSP's enum numbers, `null`
// where LSP wants it. The only place that knows both sides, as
// rust-analyzer's to_proto.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ide/Features.h"
#include "lsp/Protocol.h"
#include "lsp/Snapshot.h"

namespace shlo::lsp {

/// LSP `Range` of a byte range of `file`'s text.
Range toLspRange(const syntax::SourceFile &file, syntax::TextRange range, syntax::PositionEncoding encoding);

/// `textDocument/hover`: a Hover with Markdown contents, or null.
json hoverToJson(const Snapshot &snapshot, const std::optional<ide::HoverResult> &hover,
                 syntax::PositionEncoding encoding);

/// `textDocument/definition` and `declaration`: null for no target, a
/// Location for one, a Location[] for several.
json locationsToJson(const Snapshot &snapshot, const std::vector<ide::NavigationTarget> &targets,
                     syntax::PositionEncoding encoding);

/// `textDocument/references`: Location[] in the document, or null.
json referencesToJson(const Snapshot &snapshot, const std::optional<std::vector<syntax::TextRange>> &ranges,
                      syntax::PositionEncoding encoding);

/// `textDocument/documentHighlight`: DocumentHighlight[] or null.
json highlightsToJson(const Snapshot &snapshot, const std::optional<std::vector<ide::Highlight>> &highlights,
                      syntax::PositionEncoding encoding);

/// `textDocument/documentSymbol`: hierarchical DocumentSymbol[].
json documentSymbolsToJson(const Snapshot &snapshot, const std::vector<ide::DocumentSymbol> &symbols,
                           syntax::PositionEncoding encoding);

/// `workspace/symbol`: one SymbolInformation of the file at `uri`.
json workspaceSymbolToJson(const std::string &uri, const syntax::SourceFile &file,
                           const ide::WorkspaceSymbol &symbol, syntax::PositionEncoding encoding);

/// The semantic tokens legend the server announces in `initialize`.
json semanticTokensLegend();

/// Tokens in LSP's relative encoding: five integers per token, positions
/// and lengths in `encoding`. A token spanning lines is sent a line at a
/// time (clients need not support multi-line tokens).
std::vector<uint32_t> encodeSemanticTokens(const syntax::SourceFile &file,
                                           const std::vector<ide::SemanticToken> &tokens,
                                           syntax::PositionEncoding encoding);

/// `values` as a JSON array's text (`[1,2,3]`): what json::dump writes,
/// without building a json value of them first.
std::string jsonArrayText(const std::vector<uint32_t> &values);

/// `textDocument/foldingRange`: FoldingRange[] (line folds).
json foldingRangesToJson(const syntax::SourceFile &file, const std::vector<ide::Fold> &folds);

/// `textDocument/publishDiagnostics` params for the snapshot (see
/// ide::diagnostics). Tags are sent only when the client lists them in
/// `tagSupport`.
json publishDiagnosticsParams(const Snapshot &snapshot, syntax::PositionEncoding encoding,
                              const ClientCapabilities &client);

}  // namespace shlo::lsp
