// Semantic tokens: the grammar's highlights query (grammar/queries/
// highlights.scm) classifies the syntax (applied by a walk of the tree that
// follows its patterns; the query itself is the reference tests hold the
// walk to); the semantic model then refines
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
/// captures of the same node the first pattern. The reference the tree walk
/// below must match (tests compare them on every shared file).
/// The range a token of `node` covers: the node's, but `tensor<` (one
/// grammar token) only as far as its keyword, so that the bracket stays the
/// editor's punctuation as in every other type.
syntax::TextRange tokenRange(syntax::Node node) {
  syntax::TextRange range = node.range();
  if (!node.isNamed() && range.size() == 7 && node.kind() == "tensor<") range.end -= 1;
  return range;
}

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
      tokens.push_back({tokenRange(capture.node), match.pattern, classification});
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

/// How a node is classified by highlights.scm: by its type alone, or by
/// its type and the node it sits in (and the field it fills there).
enum class Rule : uint8_t {
  Unknown,      // Not looked up yet.
  None,         // No capture: its children may have some.
  Fixed,        // Always `fixed`.
  String,       // An op's quoted name, an attribute's quoted name, else a string.
  TypeKeyword,  // `tensor` (or `tensor<`), `vector`, `memref`, `tuple` in their type.
  QuantKeyword, // `!quant.uniform` in a quantized type.
  TypeAlias,    // A dialect type's name, or a type alias definition's.
  BareId,       // An attribute's or keyword attribute's name.
};

struct NodeRule {
  Rule rule = Rule::Unknown;
  Classification fixed;
};

/// The rule of a node type, from the pattern list of highlights.scm.
NodeRule ruleFor(std::string_view kind, bool named) {
  auto fixed = [](uint32_t type, uint32_t modifiers) { return NodeRule{Rule::Fixed, {type, modifiers}}; };
  if (!named) {
    static constexpr std::string_view kKeywords[] = {"dense", "dense_resource", "array", "affine_map", "loc",
                                                     "fused", "callsite",       "at",    "attributes", "cond",
                                                     "do",    "reducer",        "init",  "to",         "x"};
    for (std::string_view keyword : kKeywords) {
      if (kind == keyword) return fixed(kKeyword, 0);
    }
    if (kind == "=" || kind == "->" || kind == "::") return fixed(kOperator, 0);
    if (kind == "tensor" || kind == "tensor<" || kind == "vector" || kind == "memref" || kind == "tuple") {
      return {Rule::TypeKeyword, {}};
    }
    if (kind == "!quant.uniform") return {Rule::QuantKeyword, {}};
    return {Rule::None, {}};
  }
  struct Entry {
    std::string_view kind;
    Classification classification;
  };
  static constexpr Entry kFixed[] = {
      {"comment", {kComment, 0}},
      {"split_marker", {kComment, 0}},
      {"op_name", {kFunction, kDefaultLibrary}},
      {"symbol", {kFunction, 0}},  // An op's symbol, a callee and any other reference alike.
      {"value_id", {kVariable, 0}},
      {"value_use", {kVariable, 0}},
      {"block_id", {kLabel, 0}},
      {"integer_type", {kType, kDefaultLibrary}},
      {"float_type", {kType, kDefaultLibrary}},
      {"index_type", {kType, kDefaultLibrary}},
      {"none_type", {kType, kDefaultLibrary}},
      {"token_type", {kType, kDefaultLibrary}},
      {"complex_type", {kType, kDefaultLibrary}},
      {"shape", {kNumber, 0}},
      {"enum_value", {kEnumMember, kReadonly}},
      {"attribute_alias", {kMacro, 0}},
      {"unit_attribute", {kEnumMember, kDefaultLibrary | kReadonly}},
      {"integer", {kNumber, 0}},
      {"float", {kNumber, 0}},
      {"hex_integer", {kNumber, 0}},
      {"boolean", {kEnumMember, kDefaultLibrary | kReadonly}},
      {"visibility", {kModifier, 0}},
  };
  for (const Entry &entry : kFixed) {
    if (entry.kind == kind) return {Rule::Fixed, entry.classification};
  }
  if (kind == "string") return {Rule::String, {}};
  if (kind == "type_alias") return {Rule::TypeAlias, {}};
  if (kind == "bare_id") return {Rule::BareId, {}};
  return {Rule::None, {}};
}

/// The classification of `node`, the child of `parent` in field `field`.
Classification classifyNode(syntax::Node node, syntax::Node parent, syntax::FieldId field) {
  // By grammar symbol, looked up once per thread.
  thread_local std::vector<NodeRule> rules;
  uint16_t symbol = node.symbol();
  if (symbol >= rules.size()) rules.resize(symbol + 1u);
  NodeRule &rule = rules[symbol];
  if (rule.rule == Rule::Unknown) rule = ruleFor(node.kind(), node.isNamed());
  static const syntax::FieldId kName = syntax::fieldId("name"), kKey = syntax::fieldId("key");
  switch (rule.rule) {
    case Rule::Unknown:
    case Rule::None: return {};
    case Rule::Fixed: return rule.fixed;
    case Rule::String:
      if (field == kName && parent.is("operation")) return {kFunction, kDefaultLibrary};
      if (field == kName && parent.is("attribute_entry")) return {kProperty, 0};
      return {kString, 0};
    case Rule::TypeKeyword: {
      std::string_view kind = node.kind(), in = parent.kind();
      if (kind.ends_with('<')) kind.remove_suffix(1);  // `tensor<` is one token.
      bool own = in.size() == kind.size() + 5 && in.substr(0, kind.size()) == kind && in.substr(kind.size()) == "_type";
      return own ? Classification{kType, kDefaultLibrary} : Classification{};
    }
    case Rule::QuantKeyword:
      return parent.is("quantized_type") ? Classification{kType, kDefaultLibrary} : Classification{};
    case Rule::TypeAlias:
      if (field != kName) return {};
      if (parent.is("dialect_type")) return {kType, 0};
      if (parent.is("type_alias_definition")) return {kType, kDeclaration | kDefinition};
      return {};
    case Rule::BareId:
      if ((field == kName && parent.is("attribute_entry")) || (field == kKey && parent.is("keyword_attribute"))) {
        return {kProperty, 0};
      }
      return {};
  }
  return {};
}

/// The tokens highlights.scm gives, found by one walk of the tree (no
/// query: matching every pattern against every node cost 60% of a first
/// request on a large file). A classified node is one token and its
/// children are not visited: the outer capture wins.
std::vector<Token> walkTokens(const AnalyzedFile &file, const syntax::TextRange *range) {
  std::vector<Token> tokens;
  syntax::TreeCursor cursor(file.tree.root());
  // The visible ancestors of the cursor's node (the root first).
  std::vector<syntax::Node> ancestors;
  syntax::Node node = cursor.node();
  for (;;) {
    syntax::TextRange nodeRange = node.range();
    bool outside = range && (nodeRange.end <= range->begin || nodeRange.begin >= range->end);
    bool descend = false;
    if (!outside) {
      Classification classification =
          ancestors.empty() ? Classification{} : classifyNode(node, ancestors.back(), cursor.fieldId());
      if (classification.type != kSkip) {
        if (nodeRange.size() > 0) tokens.push_back({tokenRange(node), 0, classification});  // Not MISSING nodes.
      } else {
        descend = true;
      }
    }
    if (descend && cursor.gotoFirstChild()) {
      ancestors.push_back(node);
      node = cursor.node();
      continue;
    }
    while (!cursor.gotoNextSibling()) {
      if (ancestors.empty() || !cursor.gotoParent()) return tokens;
      ancestors.pop_back();
    }
    node = cursor.node();
  }
}

/// Refines the tokens with the semantic model: arguments are parameters,
/// definitions of values and functions are declarations.
void refine(const AnalyzedFile &file, std::vector<Token> &tokens) {
  const std::vector<Occurrence> &occurrences = file.index().all();
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
  std::vector<Token> tokens = walkTokens(file, range);
  refine(file, tokens);
  out.reserve(tokens.size());
  for (const Token &token : tokens) out.push_back({token.range, token.classification.type, token.classification.modifiers});
  return out;
}

std::vector<SemanticToken> semanticTokensFromQuery(const AnalyzedFile &file, const syntax::TextRange *range) {
  std::vector<SemanticToken> out;
  if (!file.tree.valid()) return out;
  std::vector<Token> tokens = queryTokens(file, range);
  refine(file, tokens);
  out.reserve(tokens.size());
  for (const Token &token : tokens) out.push_back({token.range, token.classification.type, token.classification.modifiers});
  return out;
}

}  // namespace shlo::ide
