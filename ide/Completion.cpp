// Completion: reads what is being typed from the text (ide/TextContext.h)
// and offers what the op table and the analysis say fits there.
#include <algorithm>
#include <cstdio>
#include <set>

#include "ide/Completion.h"
#include "ide/Features.h"
#include "ide/OpSyntax.h"
#include "ide/TextContext.h"
#include "semantic/lower/PrettyForms.h"

namespace shlo::ide {

namespace {

using Kind = CompletionItem::Kind;

bool space(char c) { return c == ' ' || c == '\t'; }

/// Sorts items by a number, smallest first.
std::string sortKey(uint64_t n) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "%012llu", static_cast<unsigned long long>(n));
  return buffer;
}

std::string firstSentence(std::string_view text) {
  constexpr size_t kMax = 100;
  size_t end = text.find(". ");
  std::string out(text.substr(0, end == std::string_view::npos ? text.size() : end + 1));
  return out.size() > kMax ? out.substr(0, kMax) + "…" : out;
}

std::vector<CompletionItem> operationItems(bool generic, const std::string &sigil) {
  std::vector<CompletionItem> items;
  for (const ops::OpDef &op : ops::all()) {
    CompletionItem item;
    item.label = std::string(op.name);
    item.kind = Kind::Operation;
    item.detail = firstSentence(op.summary);
    // A generic snippet starts with its quote, which the typed sigil is.
    item.insertText = opSnippet(op, generic);
    item.snippet = true;
    item.filterText = sigil + item.label;
    item.deprecated = op.deprecation != ops::Deprecation::None;
    int rank = item.deprecated ? 3 : op.dialect == "stablehlo" ? 0 : op.dialect == "chlo" || op.dialect == "func" ? 1 : 2;
    item.sortText = std::to_string(rank) + item.label;
    item.documentationKey = "op:" + item.label;
    items.push_back(std::move(item));
  }
  return items;
}

/// The op table never changes: its items are built once per form.
void addOperations(CompletionList &list, bool generic) {
  static const std::vector<CompletionItem> pretty = operationItems(false, "");
  static const std::vector<CompletionItem> quoted = operationItems(true, "\"");
  const std::vector<CompletionItem> &items = generic ? quoted : pretty;
  list.items.insert(list.items.end(), items.begin(), items.end());
}

/// The function (or other top-level op) holding `offset`.
const ir::Operation *enclosingFunction(const AnalyzedFile &file, uint32_t offset) {
  const ir::Operation *op = operationAt(file.module(), offset);
  while (op && !ops::hasTrait(op->name, ops::Trait::Function)) op = op->parentOp();
  return op;
}

/// Values visible at `offset`: arguments of the blocks whose region holds
/// it, and results of ops in those blocks that end before it.
void addValues(CompletionList &list, const AnalyzedFile &file, uint32_t offset, std::string_view typed) {
  const ir::Operation *function = enclosingFunction(file, offset);
  std::vector<const ir::Value *> visible;
  auto add = [&](const ir::Value *value) {
    // `typed` holds the `%`: the name is matched as written.
    if (value && !value->name.empty() && fuzzyMatches(typed, value->name)) visible.push_back(value);
  };
  auto visibleBlock = [&](const ir::Block *block) {
    const ir::Region *region = block ? block->parent : nullptr;
    return region && (region->range.contains(offset) || region->range.end == offset ||
                      (region->parent == function && function));
  };
  if (!function) return;
  for (const ir::Region *region : function->regions) {
    for (const ir::Block *block : region->blocks) {
      for (const ir::Value *argument : block->arguments) add(argument);
    }
  }
  ir::walk(std::vector<ir::Operation *>{const_cast<ir::Operation *>(function)}, [&](const ir::Operation *op) {
    if (op == function || !visibleBlock(op->parentBlock)) return;
    for (const ir::Region *region : op->regions) {
      if (!region->range.contains(offset)) continue;
      for (const ir::Block *block : region->blocks) {
        for (const ir::Value *argument : block->arguments) add(argument);
      }
    }
    if (op->range.end <= offset) {
      for (const ir::Value *result : op->results) add(result);
    }
  });
  // Nearest definition first; a name defined twice (an error) once.
  auto distance = [offset](const ir::Value *v) { return offset >= v->range.begin ? offset - v->range.begin : offset; };
  std::stable_sort(visible.begin(), visible.end(),
                   [&](const ir::Value *a, const ir::Value *b) { return distance(a) < distance(b); });
  std::set<std::string_view> seen;
  for (const ir::Value *value : visible) {
    if (!seen.insert(value->name).second) continue;
    if (list.items.size() == kMaxValues) {
      list.incomplete = true;
      break;
    }
    CompletionItem item;
    item.label = value->name;
    item.kind = Kind::Value;
    item.detail = value->type.valid() ? value->type.str() : "";
    item.insertText = value->name;
    item.sortText = sortKey(distance(value));
    list.items.push_back(std::move(item));
  }
}

void addFunctions(CompletionList &list, const AnalyzedFile &file, bool call) {
  for (const auto &[name, function] : file.module().functions) {
    CompletionItem item;
    item.label = "@" + name;
    item.kind = Kind::Function;
    const ir::Attribute *type = function->attribute("function_type");
    std::string typeText = type && type->type ? type->type->str() : "";
    item.detail = typeText;
    item.insertText = escapeSnippet(item.label);
    item.snippet = true;
    if (call && !typeText.empty() && !function->regions.empty() && !function->regions[0]->blocks.empty()) {
      // `@f(${1:%a}, ${2:%b}) : (A, B) -> C`: the callee's arguments as placeholders.
      const ir::Block &entry = *function->regions[0]->blocks[0];
      item.insertText += "(";
      for (size_t i = 0; i < entry.arguments.size(); ++i) {
        item.insertText += (i ? ", ${" : "${") + std::to_string(i + 1) + ":" + escapeSnippet(entry.arguments[i]->name) + "}";
      }
      item.insertText += ") : " + escapeSnippet(typeText) + "$0";
    }
    list.items.push_back(std::move(item));
  }
}

void addTypes(CompletionList &list) {
  for (const char *skeleton : {"tensor<${1:4}x${2:f32}>", "tensor<${1:f32}>", "!stablehlo.token", "tuple<$1>"}) {
    std::string label(skeleton);
    // The label without placeholders: `tensor<4xf32>`.
    std::string plain;
    for (size_t i = 0; i < label.size(); ++i) {
      if (label[i] == '$') {
        if (i + 1 < label.size() && label[i + 1] == '{') {
          size_t colon = label.find(':', i), close = label.find('}', i);
          plain += label.substr(colon + 1, close - colon - 1);
          i = close;
        } else {
          ++i;
        }
        continue;
      }
      plain += label[i];
    }
    list.items.push_back({plain, Kind::Type, "", skeleton, true, "", "0" + plain, false, ""});
  }
  for (const std::string &name : elementTypeNames()) {
    list.items.push_back({name, Kind::Type, "element type", name, false, "", "1" + name, false, ""});
  }
}

void addElementTypes(CompletionList &list) {
  for (const std::string &name : elementTypeNames()) {
    list.items.push_back({name, Kind::Type, "element type", name, false, "", name, false, ""});
  }
}

/// Values of an enum attribute: bare (`GT`, pretty forms) or as the
/// generic form writes them (`#stablehlo<comparison_direction GT>`).
void addEnumValues(CompletionList &list, const ops::OpDef &op, std::string_view attribute, bool generic) {
  std::string_view kind = lower::genericEnumName(attribute);
  for (std::string_view value : enumValues(op, attribute)) {
    CompletionItem item;
    item.label = generic ? "#stablehlo<" + std::string(kind.empty() ? attribute : kind) + " " + std::string(value) + ">"
                         : std::string(value);
    item.kind = Kind::EnumValue;
    item.detail = std::string(attribute);
    item.insertText = item.label;
    item.documentationKey = "attr:" + std::string(op.name) + ":" + std::string(attribute);
    list.items.push_back(std::move(item));
  }
}

void addAttributeNames(CompletionList &list, const ops::OpDef &op) {
  for (const ops::AttrDef &attribute : op.attributes) {
    if (attribute.kind == ops::AttrKind::Function) continue;
    CompletionItem item;
    item.label = std::string(attribute.name);
    item.kind = Kind::Attribute;
    item.detail = std::string(attribute.specType.empty() ? attribute.structName : attribute.specType);
    item.insertText = item.label + " = ";
    item.documentationKey = "attr:" + std::string(op.name) + ":" + item.label;
    list.items.push_back(std::move(item));
  }
}

/// Every enum of the table: its generic name and values, once each.
std::vector<std::pair<std::string, std::vector<std::string_view>>> allEnums() {
  std::vector<std::pair<std::string, std::vector<std::string_view>>> out;
  std::set<std::string> seen;
  for (const ops::OpDef &op : ops::all()) {
    for (const ops::AttrDef &attribute : op.attributes) {
      if (attribute.kind != ops::AttrKind::Enum || attribute.enumValues.empty()) continue;
      std::string_view kind = lower::genericEnumName(attribute.name);
      std::string name(kind.empty() ? attribute.name : kind);
      if (seen.insert(name).second) out.emplace_back(name, attribute.enumValues);
    }
  }
  return out;
}

std::string structSkeleton(const ops::StructDef &def) {
  std::string out = "#" + escapeSnippet(def.name) + "<";
  int n = 1;
  for (size_t i = 0; i < def.fields.size(); ++i) {
    out += (i ? ", " : "") + escapeSnippet(def.fields[i]) + " = ${" + std::to_string(n++) + "}";
  }
  return out + ">$0";
}

/// After `#`: `#stablehlo<kind VALUE>` enums (of the op when known) and
/// struct attribute skeletons.
void addHashItems(CompletionList &list, const ops::OpDef *op) {
  for (const auto &[kind, values] : allEnums()) {
    if (op) {
      bool used = false;
      for (const ops::AttrDef &attribute : op->attributes) {
        std::string_view k = lower::genericEnumName(attribute.name);
        used |= attribute.kind == ops::AttrKind::Enum && (k.empty() ? attribute.name : k) == kind;
      }
      if (!used) continue;
    }
    CompletionItem item;
    item.label = "#stablehlo<" + kind + ">";
    item.kind = Kind::EnumValue;
    item.insertText = "#stablehlo<" + escapeSnippet(kind) + " ${1|";
    for (size_t i = 0; i < values.size(); ++i) item.insertText += (i ? "," : "") + std::string(values[i]);
    item.insertText += "|}>$0";
    item.snippet = true;
    list.items.push_back(std::move(item));
  }
  for (const ops::StructDef &def : ops::structs()) {
    CompletionItem item;
    item.label = "#" + std::string(def.name);
    item.kind = Kind::Attribute;
    item.detail = std::to_string(def.fields.size()) + " fields";
    item.insertText = structSkeleton(def);
    item.snippet = true;
    list.items.push_back(std::move(item));
  }
}

void addFields(CompletionList &list, const ops::StructDef &def) {
  for (std::string_view field : def.fields) {
    list.items.push_back({std::string(field), Kind::Field, "#" + std::string(def.name), std::string(field) + " = ",
                          false, "", "", false, ""});
  }
}

/// Is the text from the line start to `at` the start of an op: blank, or
/// results and `=`?
bool opPosition(std::string_view text, uint32_t at) {
  std::string_view before = text.substr(lineStart(text, at), at - lineStart(text, at));
  while (!before.empty() && space(before.back())) before.remove_suffix(1);
  if (before.empty()) return true;
  if (before.back() != '=') return false;
  before.remove_suffix(1);
  while (!before.empty() && space(before.front())) before.remove_prefix(1);
  if (before.empty() || before.front() != '%') return false;
  for (char c : before) {
    if (!nameChar(c) && c != '%' && c != ':' && c != ',' && c != '#' && !space(c)) return false;
  }
  return true;
}

/// The text before `at`, spaces skipped, ends with one of `tokens`.
bool after(std::string_view text, uint32_t at, std::initializer_list<std::string_view> tokens) {
  std::string_view before = text.substr(0, at);
  while (!before.empty() && space(before.back())) before.remove_suffix(1);
  for (std::string_view token : tokens) {
    if (before.size() >= token.size() && before.substr(before.size() - token.size()) == token) return true;
  }
  return false;
}

}  // namespace

CompletionList complete(const AnalyzedFile &file, uint32_t offset) {
  std::string_view text = file.file.text();
  CompletionList list;
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
  uint32_t begin = wordStart(text, offset);
  char sigil = begin > 0 ? text[begin - 1] : '\0';
  bool hasSigil = sigil == '%' || sigil == '@' || sigil == '#' || sigil == '"' || sigil == '!';
  list.replace = {hasSigil ? begin - 1 : begin, offset};
  uint32_t at = list.replace.begin;  // Where the typed item starts.
  std::optional<Statement> statement = statementAt(text, at);
  const ops::OpDef *op = statement ? statement->op : nullptr;

  if (sigil == '%') {
    addValues(list, file, offset, text.substr(list.replace.begin, offset - list.replace.begin));
    return list;
  }
  if (sigil == '@') {
    addFunctions(list, file, op && op->calleeAttribute == "callee");
    return list;
  }
  if (sigil == '#') {
    addHashItems(list, op);
    return list;
  }
  if (sigil == '"' && opPosition(text, at)) {
    addOperations(list, true);
    return list;
  }

  std::optional<uint32_t> bracket = unclosedBracket(text, at);
  if (bracket && text[*bracket] == '<') {
    uint32_t wordBegin = wordStart(text, *bracket);
    std::string_view owner = text.substr(wordBegin, *bracket - wordBegin);
    bool hash = wordBegin > 0 && text[wordBegin - 1] == '#';
    if (hash && owner == "stablehlo") {
      // `#stablehlo<kind |` takes the kind's values; `#stablehlo<|` a kind.
      std::string_view inside = text.substr(*bracket + 1, at - *bracket - 1);
      while (!inside.empty() && space(inside.back())) inside.remove_suffix(1);
      for (const auto &[kind, values] : allEnums()) {
        if (!inside.empty() && inside == kind) {
          for (std::string_view value : values) {
            list.items.push_back({std::string(value), Kind::EnumValue, kind, std::string(value), false, "", "", false, ""});
          }
        } else if (inside.empty()) {
          list.items.push_back({kind, Kind::EnumValue, "", kind + " ", false, "", "", false, ""});
        }
      }
      return list;
    }
    if (hash) {
      if (const ops::StructDef *def = ops::findStruct(owner)) {
        if (!keywordBefore(text, *bracket + 1, at).empty()) return list;  // A field's value.
        addFields(list, *def);
      }
      return list;
    }
    // Inside `tensor<4x|`: after the dimensions, an element type.
    uint32_t x = offset;
    while (x > *bracket + 1 && text[x - 1] != 'x' && text[x - 1] != '<') --x;
    list.replace = {x, offset};
    addElementTypes(list);
    return list;
  }

  if (op && bracket && text[*bracket] == '{' && *bracket >= statement->nameEnd &&
      lineStart(text, *bracket) == lineStart(text, at)) {
    // An attribute dictionary: a name, or after `name =` its value.
    std::string_view key = keywordBefore(text, *bracket + 1, at);
    if (!key.empty()) {
      addEnumValues(list, *op, key, true);
    } else {
      addAttributeNames(list, *op);
    }
    return list;
  }

  if (op) {
    std::string_view key = keywordBefore(text, statement->nameEnd, at);
    bool inList = key.empty() && bracket && text[*bracket] == '[' && *bracket >= statement->nameEnd;
    // An array's elements (`precision = [DEFAULT, |`) take the array's enum.
    if (inList) key = keywordBefore(text, statement->nameEnd, *bracket);
    if (!key.empty() && key.find('.') == std::string_view::npos) {
      std::string_view attribute = statement->generic ? key : op->attributeForKeyword(key);
      addEnumValues(list, *op, attribute, statement->generic);
      return list;
    }
    if (after(text, at, {":", "->"}) ||
        (bracket && text[*bracket] == '(' && after(text, *bracket, {":", "->"}))) {
      addTypes(list);
      return list;
    }
    if (!statement->generic && (!bracket || *bracket < statement->nameEnd)) {
      // A pretty form's bare enum at this slot (`stablehlo.compare GT, ...`).
      std::vector<OpParameter> parameters = opParameters(*op);
      std::vector<size_t> slots = prettySlots(*op, parameters);
      size_t slot = topLevelCommas(text, statement->nameEnd, at);
      if (slot < slots.size() && parameters[slots[slot]].attribute) {
        addEnumValues(list, *op, parameters[slots[slot]].name, false);
      }
    }
    return list;
  }

  if (after(text, at, {":", "->"}) || (bracket && text[*bracket] == '(' && after(text, *bracket, {"->"}))) {
    addTypes(list);
    return list;
  }
  if (opPosition(text, at)) addOperations(list, false);
  return list;
}

std::string completionDocumentation(std::string_view key) {
  if (key.substr(0, 3) == "op:") {
    const ops::OpDef *op = ops::find(key.substr(3));
    return op ? opDocumentation(*op) : "";
  }
  if (key.substr(0, 5) == "attr:") {
    std::string_view rest = key.substr(5);
    size_t colon = rest.find(':');
    if (colon == std::string_view::npos) return "";
    const ops::OpDef *op = ops::find(rest.substr(0, colon));
    if (!op) return "";
    std::string_view name = rest.substr(colon + 1);
    for (const OpParameter &parameter : opParameters(*op)) {
      if (parameter.attribute && parameter.name == name) {
        return "**`" + parameter.name + "`** of `" + std::string(op->name) + "`\n\n" + parameter.documentation;
      }
    }
  }
  return "";
}

}  // namespace shlo::ide
