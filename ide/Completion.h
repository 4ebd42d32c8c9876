// Completion, signature help and inlay hints: what an editor offers while
// someone types StableHLO by hand. Plain values with byte ranges, as the
// rest of ide/ (Features.h); lsp/ translates them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ide/AnalyzedFile.h"

namespace shlo::ide {

struct CompletionItem {
  enum class Kind { Operation, Attribute, EnumValue, Type, Value, Function, Field };
  std::string label;
  Kind kind = Kind::Operation;
  /// One line shown beside the label: a value's or function's type, an
  /// attribute's spec type.
  std::string detail;
  /// What replaces `replace`: a snippet (`${1:...}` placeholders) when
  /// `snippet`, else plain text.
  std::string insertText;
  bool snippet = false;
  /// Empty: the label. What the typed prefix is matched against.
  std::string filterText;
  /// Items sort by this, then by label (values nearest the cursor first...).
  std::string sortText;
  bool deprecated = false;
  /// Names what completionDocumentation can explain (`op:stablehlo.add`,
  /// `attr:stablehlo.compare:comparison_direction`); empty when nothing.
  std::string documentationKey;
};

struct CompletionList {
  /// The text the items replace: the word typed so far at the cursor,
  /// with its sigil (`%`, `@`, `#`, `"`), possibly empty.
  syntax::TextRange replace;
  std::vector<CompletionItem> items;
  /// Not every match is listed (values beyond the nearest kMaxValues): the
  /// client asks again as more is typed.
  bool incomplete = false;
};

/// At most this many values are offered at once, the nearest definitions
/// first (a function of pt_bert's size has thousands).
inline constexpr size_t kMaxValues = 200;

/// What may be typed at `offset`, from the text around it (which may not
/// parse yet) and the analysis: op names with snippets of their syntax at
/// the start of an op; values in scope after `%`; functions after `@`;
/// attribute names inside an op's `{...}` and after its operands; enum values
/// after `attribute =` and where a pretty form takes a bare enum
/// (`stablehlo.compare GT`); `#stablehlo<...>` enums and struct attribute
/// skeletons after `#`; their fields inside `#stablehlo.gather<...>`;
/// element types and tensor skeletons in types. Never fails: empty items when
/// nothing fits.
CompletionList complete(const AnalyzedFile &file, uint32_t offset);

/// Markdown for an item's documentationKey (the spec's summary, inputs and
/// outputs of an op; an attribute's spec type and constraints), or empty.
std::string completionDocumentation(std::string_view key);

struct SignatureParameter {
  std::string label;          // `lhs`, `comparison_direction`
  /// Where it stands in SignatureHelp::label (bytes; the label is ASCII).
  uint32_t labelBegin = 0;
  uint32_t labelEnd = 0;
  std::string documentation;  // Markdown.
};

struct SignatureHelp {
  std::string label;  // `stablehlo.compare(comparison_direction, lhs, rhs, compare_type)`
  std::string documentation;
  std::vector<SignatureParameter> parameters;
  /// Index into parameters of the one being typed; nullopt when the cursor
  /// is past them (in the types).
  std::optional<size_t> activeParameter;
};

/// The operands and attributes of the op being typed at `offset`, the one
/// the cursor is in tracked: by position among the pretty form's slots or
/// a generic op's operands, by name after `attribute =` or inside `{...}`.
/// nullopt outside ops.
std::optional<SignatureHelp> signatureHelp(const AnalyzedFile &file, uint32_t offset);

struct InlayHint {
  enum class Kind { Type, Parameter };
  uint32_t offset = 0;  // The hint is shown before the character at `offset`.
  std::string label;
  Kind kind = Kind::Type;
  bool paddingLeft = false;
  bool paddingRight = false;
};

/// Hints for the ops within `range`: `: type` after result names whose
/// type the text does not write (one type shared with the operands, an
/// element type the op implies), `inferred: type` after a written type the
/// spec's inference disagrees with, and `name:` before each argument of a
/// `func.call` (the callee's argument names). In text order.
std::vector<InlayHint> inlayHints(const AnalyzedFile &file, syntax::TextRange range);

}  // namespace shlo::ide
