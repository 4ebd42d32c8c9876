// Semantic tokens: the grammar's highlights query (grammar/queries/
// highlights.scm) classifies the syntax; the semantic model then refines
// what only it knows: which values are parameters (block and function
// arguments) and which occurrences are definitions.
#include <algorithm>
#include <memory>

#include "lsp/features/Features.h"
#include "semantic/syntax/Query.h"

namespace shlo::lsp {

namespace {

// The legend. Standard LSP token types and modifiers only, except `label`
// (LSP 3.18; VS Code and Neovim know it), so themes colour them all.
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
  kSkip = kTokenTypeCount,  // Punctuation: not sent.
};
constexpr const char *kTokenTypeNames[] = {"comment", "function", "variable", "parameter", "label",
                                           "type",    "number",   "property", "enumMember", "macro",
                                           "string",  "keyword",  "modifier", "operator"};
static_assert(std::size(kTokenTypeNames) == kTokenTypeCount);

enum TokenModifier : uint32_t {
  kDeclaration = 1u << 0,
  kDefinition = 1u << 1,
  kDefaultLibrary = 1u << 2,
  kReadonly = 1u << 3,
};
constexpr const char *kTokenModifierNames[] = {"declaration", "definition", "defaultLibrary", "readonly"};

struct Classification {
  uint32_t type = kSkip;
  uint32_t modifiers = 0;
};

/// What a highlights.scm capture name means in the legend.
Classification classify(std::string_view capture) {
  struct Entry {
    std::string_view capture;
    Classification classification;
  };
  static constexpr Entry kTable[] = {
      {"comment", {kComment, 0}},
      {"function.builtin", {kFunction, kDefaultLibrary}},  // Op names.
      {"function.call", {kFunction, 0}},
      {"function", {kFunction, 0}},
      {"variable", {kVariable, 0}},
      {"label", {kLabel, 0}},
      {"type.builtin", {kType, kDefaultLibrary}},
      {"type.definition", {kType, kDeclaration | kDefinition}},
      {"type", {kType, 0}},
      {"number", {kNumber, 0}},
      {"property", {kProperty, 0}},
      {"constant.builtin", {kEnumMember, kDefaultLibrary | kReadonly}},  // true, false, unit.
      {"constant", {kEnumMember, kReadonly}},                           // Enum values.
      {"attribute", {kMacro, 0}},                                       // #alias: expands like a macro.
      {"string", {kString, 0}},
      {"keyword.modifier", {kModifier, 0}},
      {"keyword", {kKeyword, 0}},
      {"operator", {kOperator, 0}},
  };
  for (const Entry &entry : kTable) {
    if (entry.capture == capture) return entry.classification;
  }
  return {};  // punctuation.* and anything unknown.
}

/// The classification of each capture id of the highlights query.
const std::vector<Classification> &captureClasses() {
  static const std::vector<Classification> classes = [] {
    const syntax::Query &query = syntax::Query::highlights();
    std::vector<Classification> out;
    for (uint32_t id = 0; id < query.captureCount(); ++id) out.push_back(classify(query.captureName(id)));
    return out;
  }();
  return classes;
}

struct Token {
  syntax::TextRange range;
  uint32_t pattern;  // Earlier patterns win for the same node, as in tree-sitter-highlight.
  Classification classification;
};

/// Length in bytes of the UTF-8 sequence at `text[i]` (1 for an invalid
/// byte), as syntax::SourceFile counts them.
size_t sequenceLength(std::string_view text, size_t i) {
  auto byte = static_cast<unsigned char>(text[i]);
  size_t length = byte < 0x80 ? 1 : (byte >> 5) == 0x6 ? 2 : (byte >> 4) == 0xE ? 3 : (byte >> 3) == 0x1E ? 4 : 1;
  if (i + length > text.size()) return 1;
  for (size_t k = 1; k < length; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 1;
  }
  return length;
}

/// Units of `text[begin, end)` in `encoding`.
uint32_t unitsBetween(std::string_view text, uint32_t begin, uint32_t end, syntax::PositionEncoding encoding) {
  if (encoding == syntax::PositionEncoding::UTF8) return end - begin;
  uint32_t units = 0;
  for (size_t i = begin; i < end;) {
    size_t length = sequenceLength(text, i);
    units += length == 4 ? 2 : 1;
    i += length;
  }
  return units;
}

/// Tokens from the highlights query, sorted, without overlaps: of nested
/// captures the outer one wins (`complex<f32>` is one type token), of
/// captures of the same node the first pattern.
std::vector<Token> queryTokens(const Snapshot &snapshot, const syntax::TextRange *range) {
  const std::vector<Classification> &classes = captureClasses();
  syntax::QueryMatches matches(syntax::Query::highlights(), snapshot.tree.root(), range);
  std::vector<Token> tokens;
  syntax::QueryMatch match;
  while (matches.next(match)) {
    for (const syntax::QueryCapture &capture : match.captures) {
      Classification classification = classes[capture.index];
      if (classification.type == kSkip) continue;
      syntax::TextRange nodeRange = syntax::rangeOf(capture.node);
      if (nodeRange.size() == 0) continue;  // MISSING nodes.
      // The cursor's byte range also lets through matches that merely
      // start before it; keep what intersects the range.
      if (range && (nodeRange.end <= range->begin || nodeRange.begin >= range->end)) continue;
      tokens.push_back({nodeRange, match.pattern, classification});
    }
  }
  std::sort(tokens.begin(), tokens.end(), [](const Token &a, const Token &b) {
    if (a.range.begin != b.range.begin) return a.range.begin < b.range.begin;
    if (a.range.end != b.range.end) return a.range.end > b.range.end;
    return a.pattern < b.pattern;
  });
  std::vector<Token> kept;
  kept.reserve(tokens.size());
  uint32_t end = 0;
  for (const Token &token : tokens) {
    if (!kept.empty() && token.range.begin < end) continue;
    kept.push_back(token);
    end = token.range.end;
  }
  return kept;
}

/// Refines the tokens with the semantic model: arguments are parameters,
/// definitions of values and functions are declarations.
void refine(const Snapshot &snapshot, std::vector<Token> &tokens) {
  const std::vector<Occurrence> &occurrences = snapshot.index.all();
  auto occurrence = occurrences.begin();
  for (Token &token : tokens) {
    while (occurrence != occurrences.end() && occurrence->range.begin < token.range.begin) ++occurrence;
    if (occurrence == occurrences.end()) break;
    if (occurrence->range.begin != token.range.begin) continue;
    if (occurrence->isValue()) {
      if (token.classification.type != kVariable) continue;
      if (occurrence->value->isBlockArgument()) token.classification.type = kParameter;
      if (occurrence->isDefinition()) token.classification.modifiers |= kDeclaration | kDefinition;
    } else if (occurrence->isDefinition() && token.classification.type == kFunction) {
      token.classification.modifiers |= kDeclaration | kDefinition;
    }
  }
}

}  // namespace

json semanticTokensLegend() {
  return {{"tokenTypes", kTokenTypeNames}, {"tokenModifiers", kTokenModifierNames}};
}

std::vector<uint32_t> semanticTokens(const Snapshot &snapshot, syntax::PositionEncoding encoding,
                                     const syntax::TextRange *range) {
  std::vector<uint32_t> data;
  if (!snapshot.tree.valid()) return data;
  std::vector<Token> tokens = queryTokens(snapshot, range);
  refine(snapshot, tokens);
  std::string_view text = snapshot.file.text();
  data.reserve(tokens.size() * 5);
  // Positions are relative to the previous token: walk the text once,
  // tracking the line and the column of the last token in `encoding`.
  uint32_t previousLine = 0, previousColumn = 0, previousOffset = 0;
  uint32_t line = 0;
  auto emit = [&](uint32_t begin, uint32_t end, const Classification &classification) {
    while (line + 1 < snapshot.file.lineCount() && snapshot.file.lineStart(line + 1) <= begin) ++line;
    uint32_t column = line == previousLine && begin >= previousOffset
                          ? previousColumn + unitsBetween(text, previousOffset, begin, encoding)
                          : unitsBetween(text, snapshot.file.lineStart(line), begin, encoding);
    uint32_t length = unitsBetween(text, begin, end, encoding);
    if (length == 0) return;
    data.push_back(line - previousLine);
    data.push_back(line == previousLine ? column - previousColumn : column);
    data.push_back(length);
    data.push_back(classification.type);
    data.push_back(classification.modifiers);
    previousLine = line;
    previousColumn = column;
    previousOffset = begin;
  };
  for (const Token &token : tokens) {
    uint32_t end = std::min<uint32_t>(token.range.end, static_cast<uint32_t>(text.size()));
    // A token spanning lines (a string with a line break) is sent a line at
    // a time: clients need not support multi-line tokens.
    for (uint32_t begin = token.range.begin; begin < end;) {
      size_t newline = text.find('\n', begin);
      uint32_t lineEnd = newline == std::string_view::npos || newline >= end ? end : static_cast<uint32_t>(newline);
      uint32_t pieceEnd = lineEnd;
      if (pieceEnd > begin && lineEnd != end && text[pieceEnd - 1] == '\r') --pieceEnd;
      emit(begin, pieceEnd, token.classification);
      begin = lineEnd == end ? end : lineEnd + 1;
    }
  }
  return data;
}

}  // namespace shlo::lsp
