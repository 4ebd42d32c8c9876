// The language features, one file each. Each reads one immutable snapshot and
// returns the LSP result as JSON; none of them blocks on anything.
#pragma once

#include <cstdint>

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

/// The innermost op whose range holds `offset`, or null.
const ir::Operation *operationAt(const ir::Module &module, uint32_t offset);

}  // namespace shlo::lsp
