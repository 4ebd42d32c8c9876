// The language features, one file each. Each reads one immutable snapshot and
// returns the LSP result as JSON; none of them blocks on anything.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lsp/Protocol.h"
#include "lsp/Snapshot.h"

namespace shlo::lsp {

class Workspace;

/// LSP `Range` of a byte range of the snapshot's text.
Range toLspRange(const Snapshot &snapshot, syntax::TextRange range, syntax::PositionEncoding encoding);

/// `textDocument/publishDiagnostics` params for the snapshot: its
/// diagnostics and the advisories (deprecated ops, unused results; see
/// linter::collectAdvisories), in text order. Tags are sent only when the
/// client lists them in `tagSupport`.
json publishDiagnosticsParams(const Snapshot &snapshot, syntax::PositionEncoding encoding,
                              const ClientCapabilities &client);

/// `textDocument/hover`: a value's type, definition and uses (and a preview
/// of a constant's elements); an op's summary, operand and result types and
/// inferred result types; an attribute's value and the spec's description
/// of it; a function's signature; where a `loc(...)` points. Null when
/// nothing is under `offset`.
json hover(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding, const Workspace &workspace);

/// `textDocument/definition`: the definition of the value or `@symbol` at
/// `offset`, as a Location; for a `loc(...)` (or a `#loc` alias of one),
/// the source files it names that exist (resolveLocations), as a Location
/// or a Location[] when several. Null when there is nothing to go to.
json definition(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding,
                const Workspace &workspace);

/// `textDocument/declaration`: as definition, except that on a `#loc`
/// alias it is the alias's own definition (`#loc3 = loc(...)`) in this
/// document.
json declaration(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding,
                 const Workspace &workspace);

/// A file location written in a `loc(...)`: the file as written and MLIR's
/// 1-based line and column (0: unknown).
struct SourceLocation {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
};

/// The location syntax under the cursor: what it covers, the file locations
/// it denotes (aliases followed, at most 32), and for an alias its name and
/// the range of its definition's name.
struct LocationAtCursor {
  syntax::TextRange range;
  std::vector<SourceLocation> targets;
  std::string alias;
  std::optional<syntax::TextRange> aliasDefinition;
};

/// The location at `offset`: on a `"file":L:C`, that one; on `#loc3` inside
/// `loc(...)` or as the name of `#loc3 = loc(...)`, what the alias stands
/// for; elsewhere in a `loc(...)`, every file location it holds. nullopt
/// outside locations.
std::optional<LocationAtCursor> locationAt(const Snapshot &snapshot, uint32_t offset);

/// LSP Locations of the targets whose file exists (Workspace::resolve), in
/// order, without duplicates. Files that do not exist are left out: an
/// editor would open an empty buffer for them.
std::vector<json> resolveLocations(const Snapshot &snapshot, const LocationAtCursor &at, const Workspace &workspace);

/// One Markdown line previewing a `dense<...>` constant: its type, number
/// of elements and its first `maxElements` elements (or its splat value),
/// e.g. "`tensor<2x2xf32>`, 4 elements: `1.0, 2.0, 3.0, 4.0`". Reads only
/// as much of the literal as it shows (hex blobs included). Empty for
/// attributes that are not dense elements.
std::string constantPreview(const ir::Attribute &attribute, size_t maxElements = 8);

/// True when the characters of `query` occur in `name` in order, ignoring
/// case (as clangd and VS Code match workspace symbols).
bool fuzzyMatches(std::string_view query, std::string_view name);

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
