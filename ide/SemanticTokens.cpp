// Semantic tokens: the grammar's highlights query (grammar/queries/
// highlights.scm) classifies the syntax; the semantic model then refines
// what only it knows: which values are parameters (block and function
// arguments) and which occurrences are definitions.
#include <algorithm>
#include <memory>

#include "ide/Features.h"
#include "semantic/syntax/Query.h"

namespace shlo::ide {

namespace {

constexpr uint32_t kSkip = kTokenTypeCount;  // Punctuation: not a token.

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

/// Tokens from the highlights query, sorted, without overlaps: of nested
/// captures the outer one wins (`complex<f32>` is one type token), of
/// captures of the same node the first pattern.
std::vector<Token> queryTokens(const AnalyzedFile &file, const syntax::TextRange *range) {
  const std::vector<Classification> &classes = captureClasses();
  syntax::QueryMatches matches(syntax::Query::highlights(), file.tree.root(), file.file.text(), range);
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
void refine(const AnalyzedFile &file, std::vector<Token> &tokens) {
  const std::vector<Occurrence> &occurrences = file.index.all();
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

const std::vector<std::string_view> &tokenTypeNames() {
  static const std::vector<std::string_view> names = {"comment", "function", "variable", "parameter", "label",
                                                      "type",    "number",   "property", "enumMember", "macro",
                                                      "string",  "keyword",  "modifier", "operator"};
  return names;
}

const std::vector<std::string_view> &tokenModifierNames() {
  static const std::vector<std::string_view> names = {"declaration", "definition", "defaultLibrary", "readonly"};
  return names;
}

std::vector<SemanticToken> semanticTokens(const AnalyzedFile &file, const syntax::TextRange *range) {
  std::vector<SemanticToken> out;
  if (!file.tree.valid()) return out;
  std::vector<Token> tokens = queryTokens(file, range);
  refine(file, tokens);
  out.reserve(tokens.size());
  for (const Token &token : tokens) out.push_back({token.range, token.classification.type, token.classification.modifiers});
  return out;
}

}  // namespace shlo::ide
