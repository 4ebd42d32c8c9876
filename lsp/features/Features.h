// The language features, one file each. Each reads one immutable snapshot and
// returns the LSP result as JSON; none of them blocks on anything.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lsp/Protocol.h"
#include "lsp/Snapshot.h"

namespace shlo::lsp {

/// LSP `Range` of a byte range of the snapshot's text.
Range toLspRange(const Snapshot &snapshot, syntax::TextRange range, syntax::PositionEncoding encoding);

/// `textDocument/publishDiagnostics` params for the snapshot.
json publishDiagnosticsParams(const Snapshot &snapshot, syntax::PositionEncoding encoding);

/// `textDocument/hover`: a value's type, definition and uses; an op's
/// summary, operand and result types; a function's signature. Null when
/// nothing is under `offset`.
json hover(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding);

/// `textDocument/definition`: the definition of the value or `@symbol` at
/// `offset`, as a Location, or null.
json definition(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding);

/// `textDocument/references`: every use of the value or symbol at `offset`,
/// and its definition when `includeDeclaration`.
json references(const Snapshot &snapshot, uint32_t offset, bool includeDeclaration,
                syntax::PositionEncoding encoding);

/// `textDocument/documentSymbol`: hierarchical DocumentSymbols for modules,
/// functions and ops with regions.
json documentSymbols(const Snapshot &snapshot, syntax::PositionEncoding encoding);

/// `textDocument/documentHighlight`: the value or symbol at `offset` wherever
/// it is written in the document, definitions as Write and uses as Read.
json documentHighlights(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding);

/// The semantic tokens legend the server announces in `initialize`.
json semanticTokensLegend();

/// Semantic tokens of the byte range `range` (the whole text when null), in
/// LSP's relative encoding: five integers per token. Tokens come from the
/// grammar's highlights query, refined by the semantic model (parameters,
/// declarations); none overlaps another or spans a line break.
std::vector<uint32_t> semanticTokens(const Snapshot &snapshot, syntax::PositionEncoding encoding,
                                     const syntax::TextRange *range = nullptr);

/// `textDocument/foldingRange`: the nodes the grammar's folds query names
/// (regions, attribute dictionaries, argument lists, dense lists, the
/// resource block) when they span lines, and runs of comment lines.
json foldingRanges(const Snapshot &snapshot);

/// Appends to `out` the `workspace/symbol` SymbolInformation of the
/// functions of the snapshot whose name matches `query` (a case-insensitive
/// subsequence; the empty query matches all), at most `limit` in all.
void workspaceSymbols(const Snapshot &snapshot, const std::string &query, syntax::PositionEncoding encoding,
                      size_t limit, json &out);

/// The innermost op whose range holds `offset`, or null.
const ir::Operation *operationAt(const ir::Module &module, uint32_t offset);

}  // namespace shlo::lsp
