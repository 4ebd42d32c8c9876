#include "semantic/ops/Ops.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace shlo::ops {

namespace {

struct Tables {
  std::vector<OpDef> ops;
  std::vector<StructDef> structs;
  std::unordered_map<std::string_view, const OpDef *> byName;
  std::unordered_map<std::string_view, std::string_view> spellings;
};

const Tables &tables() {
  static const Tables t = [] {
    Tables out;
#define TRAIT(t) (1u << static_cast<unsigned>(Trait::t))
#define OP(name, dialect, family, section, summary, traits, deprecation, replacement, grammar)                   \
  out.ops.push_back({name, dialect, Family::family, section, summary, traits, Deprecation::deprecation, replacement, \
                     GrammarForm::grammar, {}, {}, {}, {}});
#define SPELLING(text) out.ops.back().spellings.push_back(text);
#define CALLEE(attribute) out.ops.back().calleeAttribute = attribute;
#define PRETTY(signature, enums, indices, symbol, string, window, format, applies)                             \
  out.ops.back().pretty = {Signature::signature, PrettyEnums::enums, PrettyIndices::indices, symbol, string, window, \
                           format, applies};
#define KEYWORD(keyword, attribute) out.ops.back().keywords.push_back({keyword, attribute});
#define PRINT(format) out.ops.back().printFormat = format;
#define PRINT_DEFAULT(attribute, text) out.ops.back().printDefaults.push_back({attribute, text});
#define ATTR(name, kind, specType, structName) \
  out.ops.back().attributes.push_back({name, AttrKind::kind, specType, {}, structName});
#define ENUM_VALUE(value) out.ops.back().attributes.back().enumValues.push_back(value);
#define STRUCT(name, strict) out.structs.push_back({name, {}, strict});
#define FIELD(name) out.structs.back().fields.push_back(name);
#include "semantic/ops/OpTable.inc"
#undef TRAIT
#undef OP
#undef SPELLING
#undef CALLEE
#undef PRETTY
#undef KEYWORD
#undef PRINT
#undef PRINT_DEFAULT
#undef ATTR
#undef ENUM_VALUE
#undef STRUCT
#undef FIELD
    for (const OpDef &op : out.ops) {
      out.byName.emplace(op.name, &op);
      for (std::string_view spelling : op.spellings) out.spellings.emplace(spelling, op.name);
    }
    return out;
  }();
  return t;
}

}  // namespace

const SpecOp *OpDef::spec() const { return specSection.empty() ? nullptr : specOp(name); }

const AttrDef *OpDef::attribute(std::string_view attributeName) const {
  for (const AttrDef &a : attributes) {
    if (a.name == attributeName) return &a;
  }
  return nullptr;
}

std::string_view OpDef::attributeForKeyword(std::string_view keyword) const {
  for (const KeywordRename &k : keywords) {
    if (k.keyword == keyword) return k.attribute;
  }
  return keyword;
}

const OpDef *find(std::string_view name) {
  // Callers ask about the same op many times in a row (each lint rule, the
  // verifier's checks): comparing with the last answer is cheaper than
  // hashing the name again.
  thread_local const OpDef *last = nullptr;
  if (last && last->name == name) return last;
  const auto &byName = tables().byName;
  auto it = byName.find(name);
  if (it == byName.end()) return nullptr;
  last = it->second;
  return last;
}

const std::vector<OpDef> &all() { return tables().ops; }

std::string_view canonicalName(std::string_view written) {
  const auto &spellings = tables().spellings;
  auto it = spellings.find(written);
  return it == spellings.end() ? written : it->second;
}

bool hasTrait(std::string_view name, Trait t) {
  const OpDef *op = find(name);
  return op && op->has(t);
}

const OpDef *firstWith(Trait t) {
  for (const OpDef &op : all()) {
    if (op.has(t)) return &op;
  }
  return nullptr;
}

const StructDef *findStruct(std::string_view name) {
  for (const StructDef &s : structs()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

const std::vector<StructDef> &structs() { return tables().structs; }

std::string_view familyName(Family family) {
  static constexpr std::string_view names[] = {
      "Elementwise",   "Conversion",  "Shape",         "Slicing", "GatherScatter", "Reductions",
      "LinearAlgebra", "Convolution", "Normalization", "Collectives", "Communication", "ControlFlow",
      "Random",        "Chlo",        "CheckInterpreter", "CoreDialects"};
  return names[static_cast<size_t>(family)];
}

std::string_view traitName(Trait trait) {
  static constexpr std::string_view names[] = {
      "pure",       "elementwise",  "commutative",     "terminator",      "region_return",
      "function_return", "function", "has_regions",   "collective",      "process_grid",
      "async_wrappable", "storage_only_quantized", "per_tensor_quantization", "constant", "deprecated"};
  return names[static_cast<size_t>(trait)];
}

}  // namespace shlo::ops
