// The IDE features, one file each, as rust-analyzer's `ide` crate: each reads
// one immutable AnalyzedFile and returns plain C++ values whose ranges are
// byte ranges of the file's text. No feature knows a protocol or a position
// encoding: the language server (lsp/) translates these values to LSP, and
// other front ends (a debugger, a CLI query) can use them as they are. None
// of them blocks on anything.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ide/AnalyzedFile.h"

namespace shlo::ide {

/// The existing file a `loc(...)` names, as a path, or nullopt when none
/// exists (the caller knows the workspace and the document's directory).
using FileResolver = std::function<std::optional<std::string>(const std::string &file)>;

/// Where a navigation leads: a byte range of this file, or a position in
/// another file (a `loc(...)`'s source file).
struct NavigationTarget {
  /// Empty: this file, at `range`. Else the resolved path of another file,
  /// at 0-based `line` and `column` (MLIR's 1-based ones minus one; a column
  /// counts characters, as written in the location).
  std::string path;
  syntax::TextRange range;
  uint32_t line = 0;
  uint32_t column = 0;

  bool operator==(const NavigationTarget &) const = default;
};

/// Diagnostics of a file as an editor shows them: the analysis' findings and
/// the linter's (lintDiagnostics, LintDiagnostics.h; its rules SHLO001-004
/// and SHLO101 took over the advisories `deprecated.op`/`unused.result`),
/// in text order.
struct FileDiagnostics {
  std::vector<const Diagnostic *> all;  // Into `file`: valid while it lives.
};
FileDiagnostics diagnostics(const AnalyzedFile &file);

/// Hover text in Markdown and the byte range it describes.
struct HoverResult {
  std::string markdown;
  syntax::TextRange range;
};

/// A value's type, definition and uses (and a preview of a constant's
/// elements); an op's summary, operand and result types and inferred result
/// types; an attribute's value and the spec's description of it; a
/// function's signature; where a `loc(...)` points (files resolved with
/// `resolve`). nullopt when nothing is under `offset`.
std::optional<HoverResult> hover(const AnalyzedFile &file, uint32_t offset, const FileResolver &resolve);

/// The definition of the value or `@symbol` at `offset`; for a `loc(...)`
/// (or a `#loc` alias of one), the source files it names that exist
/// (resolveLocations). Empty when there is nothing to go to.
std::vector<NavigationTarget> definition(const AnalyzedFile &file, uint32_t offset, const FileResolver &resolve);

/// As definition, except that on a `#loc` alias it is the alias's own
/// definition (`#loc3 = loc(...)`) in this file.
std::vector<NavigationTarget> declaration(const AnalyzedFile &file, uint32_t offset, const FileResolver &resolve);

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
std::optional<LocationAtCursor> locationAt(const AnalyzedFile &file, uint32_t offset);

/// The targets whose file exists (per `resolve`), in order, without
/// duplicates. Files that do not exist are left out: an editor would open an
/// empty buffer for them.
std::vector<NavigationTarget> resolveLocations(const LocationAtCursor &at, const FileResolver &resolve);

/// One Markdown line previewing a `dense<...>` constant: its type, number
/// of elements and its first `maxElements` elements (or its splat value),
/// e.g. "`tensor<2x2xf32>`, 4 elements: `1.0, 2.0, 3.0, 4.0`". Reads only
/// as much of the literal as it shows (hex blobs included). Empty for
/// attributes that are not dense elements.
std::string constantPreview(const ir::Attribute &attribute, size_t maxElements = 8);

/// True when the characters of `query` occur in `name` in order, ignoring
/// case (as clangd and VS Code match workspace symbols).
bool fuzzyMatches(std::string_view query, std::string_view name);

/// Every use of the value or symbol at `offset`, and its definition when
/// `includeDeclaration`, in text order. nullopt when no name is there.
std::optional<std::vector<syntax::TextRange>> references(const AnalyzedFile &file, uint32_t offset,
                                                         bool includeDeclaration);

/// The value or symbol at `offset` wherever it is written in the file:
/// definitions are writes, uses are reads. nullopt when no name is there.
struct Highlight {
  syntax::TextRange range;
  bool write = false;
};
std::optional<std::vector<Highlight>> documentHighlights(const AnalyzedFile &file, uint32_t offset);

enum class SymbolKind { Module, Function, Operator };

/// An outline entry: `range` covers the whole op, `selectionRange` (inside
/// it) the name to select.
struct DocumentSymbol {
  std::string name;    // Never empty.
  std::string detail;  // A function's type, an op's first result; may be empty.
  SymbolKind kind = SymbolKind::Operator;
  syntax::TextRange range;
  syntax::TextRange selectionRange;
  std::vector<DocumentSymbol> children;
};

/// The outline: modules, functions and ops with written regions, nested.
std::vector<DocumentSymbol> documentSymbols(const AnalyzedFile &file);

/// A function of the file for a workspace-wide symbol search.
struct WorkspaceSymbol {
  std::string name;           // Without `@`.
  std::string containerName;  // `@module` of the innermost named module, or empty.
  syntax::TextRange range;    // Of the name (of the whole op when unnamed).
};

/// The functions whose name matches `query` (a case-insensitive
/// subsequence; the empty query matches all), at most `limit`, in text order.
std::vector<WorkspaceSymbol> workspaceSymbols(const AnalyzedFile &file, std::string_view query, size_t limit);

/// Semantic token types and modifiers; their names, in this order, are the
/// legend (tokenTypeNames, tokenModifierNames). Standard LSP names only,
/// except `label` (LSP 3.18; VS Code and Neovim know it).
enum TokenType : uint32_t {
  kComment,
  kFunction,
  kVariable,
  kParameter,
  kLabel,
  kType,
  kNumber,
  kProperty,
  kEnumMember,
  kMacro,
  kString,
  kKeyword,
  kModifier,
  kOperator,
  kTokenTypeCount,
};
enum TokenModifier : uint32_t {
  kDeclaration = 1u << 0,
  kDefinition = 1u << 1,
  kDefaultLibrary = 1u << 2,
  kReadonly = 1u << 3,
};
const std::vector<std::string_view> &tokenTypeNames();
const std::vector<std::string_view> &tokenModifierNames();

struct SemanticToken {
  syntax::TextRange range;  // Never empty; may span lines (a string).
  uint32_t type = 0;        // TokenType.
  uint32_t modifiers = 0;   // TokenModifier bits.
};

/// Semantic tokens of the byte range `range` (the whole text when null), in
/// text order. Tokens come from the grammar's highlights query, refined by
/// the semantic model (parameters, declarations); none overlaps another.
std::vector<SemanticToken> semanticTokens(const AnalyzedFile &file, const syntax::TextRange *range = nullptr);
/// The same tokens found by running the highlights query itself (slower):
/// the reference semanticTokens must equal, for tests.
std::vector<SemanticToken> semanticTokensFromQuery(const AnalyzedFile &file,
                                                   const syntax::TextRange *range = nullptr);

/// A fold of whole lines: from the line holding `range.begin` to the line
/// holding `range.end`.
struct Fold {
  enum class Kind { Region, Comment };
  syntax::TextRange range;
  Kind kind = Kind::Region;
};

/// The nodes the grammar's folds query names (regions, attribute
/// dictionaries, argument lists, dense lists, the resource block) when they
/// span lines, the line of their closing bracket left out; at most one per
/// start line (the longest), in line order; then runs of comment lines.
std::vector<Fold> foldingRanges(const AnalyzedFile &file);
/// The same folds found by running the folds query itself (slower): the
/// reference foldingRanges must equal, for tests.
std::vector<Fold> foldingRangesFromQuery(const AnalyzedFile &file);

/// The innermost op whose range holds `offset`, or null.
const ir::Operation *operationAt(const ir::Module &module, uint32_t offset);

}  // namespace shlo::ide
