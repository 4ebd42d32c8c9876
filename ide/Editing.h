// The IDE features that change the text: formatting (whole document, a
// range, on type), code actions (lint fixes, result types, pretty/generic
// forms, expected-diagnostic checks, extracting constants, fix-all) and
// rename. Each returns byte edits (shlo::TextEdit) of the analysed file's
// text, as plain values; lsp/ turns them into LSP workspace edits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ide/AnalyzedFile.h"
#include "semantic/diagnostics/Fix.h"

namespace shlo::ide {

/// Edits that format a text, or why it cannot be formatted.
struct FormattingEdits {
  /// Minimal line edits (formatter::lineEdits): only the lines that change.
  std::vector<TextEdit> edits;
  /// Set when the formatter refused the text (syntax or lowering errors, a
  /// failed round trip): `line:col: message`. `edits` is then empty.
  std::string error;
};

/// The whole file as `shlo fmt` prints it.
FormattingEdits formatDocument(const AnalyzedFile &file);

/// The edits of formatDocument that touch the lines holding `range`
/// (a run of changed lines is kept when it overlaps them).
FormattingEdits formatRange(const AnalyzedFile &file, syntax::TextRange range);

/// After a `}` typed just before `offset`: formats the lines of the op that
/// brace closes (the innermost op whose range ends at `offset`). Empty for
/// other characters, or when no op ends there.
FormattingEdits formatOnType(const AnalyzedFile &file, uint32_t offset, std::string_view typed);

enum class CodeActionKind {
  QuickFix,         // "quickfix": a diagnostic's fix.
  RefactorRewrite,  // "refactor.rewrite": pretty/generic form.
  RefactorExtract,  // "refactor.extract": extract constant.
  SourceFixAll,     // "source.fixAll.shlo".
};

struct CodeAction {
  std::string title;
  CodeActionKind kind = CodeActionKind::QuickFix;
  /// Byte edits of the file's text; they never overlap.
  std::vector<TextEdit> edits;
  /// The action an editor may apply with one key (a safe fix).
  bool preferred = false;
  /// The edits may change what the program computes, or remove code
  /// (ruff's unsafe fixes); the title says so too.
  bool unsafe = false;
  /// The diagnostics it resolves: their codes and byte ranges.
  std::vector<std::pair<std::string, syntax::TextRange>> fixes;
};

/// Which kinds the client asked for (LSP's `context.only`): all when empty.
/// A kind is wanted when one entry is a prefix of its name at a `.`
/// ("refactor" wants "refactor.rewrite").
struct CodeActionRequest {
  syntax::TextRange range;
  std::vector<std::string> only;
};

/// The kind's LSP name ("quickfix", "refactor.rewrite", "refactor.extract",
/// "source.fixAll.shlo").
const char *codeActionKindName(CodeActionKind kind);

/// The code actions for `request.range` of `file`:
/// - each fix of a diagnostic (analysis, advisories, lint findings of
///   lintDiagnostics, with the file's lint options) on the range's lines: safe ones preferred, unsafe
///   ones titled "(unsafe)";
/// - on the op at the range's start: "Set the result type to the inferred
///   type" when the spec infers other result types than written; "Convert
///   to pretty form" / "Convert to generic form"; on a `stablehlo.constant`
///   inside a function, "Extract constant" (moved to the start of the
///   function body, identical constants of the function merged into it);
/// - "Insert expected-* checks" for the errors, warnings and notes
///   overlapping the range (mlir-opt -verify-diagnostics annotations);
/// - "Fix all safe lint findings" (`source.fixAll.shlo`), when the linter's
///   fix passes change the text; only when `request.only` asks for it
///   ("source", "source.fixAll"...): it re-checks the text after each pass.
/// In that order, filtered by `request.only`.
std::vector<CodeAction> codeActions(const AnalyzedFile &file, const CodeActionRequest &request);

/// What may be renamed at a position: the name's byte range (without the
/// `%`/`@` sigil and `#N` result suffix) and its current text.
struct RenameTarget {
  syntax::TextRange range;
  std::string placeholder;
};

/// The value (result or block argument) or function symbol at `offset`, or
/// nullopt with `why` set ("no value or function symbol here").
std::optional<RenameTarget> prepareRename(const AnalyzedFile &file, uint32_t offset, std::string *why = nullptr);

struct RenameResult {
  /// Every definition and use, renamed (empty when refused).
  std::vector<TextEdit> edits;
  /// Why the rename is refused: nothing to rename, an invalid name, or a
  /// name that is already taken where the renamed one is visible.
  std::string error;
};

/// Renames what is at `offset` to `newName` (with or without its sigil).
/// Values: the new name must be an SSA suffix (`[0-9]+` or
/// `[A-Za-z$._-][A-Za-z0-9$._-]*`) not defined in a region where the value
/// is visible or that sees it; the results of a multi-result op (`%r#0`,
/// `%r#1`) are renamed together. Function symbols: any name not taken by
/// another symbol of the file; names that are not bare identifiers are
/// quoted (`@"a b"`).
RenameResult rename(const AnalyzedFile &file, uint32_t offset, std::string_view newName);

}  // namespace shlo::ide
