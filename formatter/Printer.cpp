#include "formatter/Printer.h"

#include <algorithm>
#include <cctype>

#include "formatter/AttributePrinter.h"
#include "formatter/PrinterImpl.h"
#include "semantic/ops/Ops.h"

namespace shlo::formatter {

using ir::Attribute;
using ir::Operation;
using ir::Type;
using ir::Value;

std::string indentText(unsigned indent) { return std::string(indent, ' '); }

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trimRight(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string_view trimLeft(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  return s;
}

/// The `//` that starts a comment in `line`, outside string literals.
size_t commentStart(std::string_view line) {
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '\\') ++i;
      else if (c == '"') quoted = false;
    } else if (c == '"') {
      quoted = true;
    } else if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') {
      return i;
    }
  }
  return std::string_view::npos;
}

/// How many brackets (`<{[(`) `text` leaves open, outside string literals
/// and the `>` of `->`; negative when it closes more than it opens.
int openBrackets(std::string_view text) {
  int depth = 0;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quoted) {
      if (c == '\\') ++i;
      else if (c == '"') quoted = false;
    } else if (c == '"') {
      quoted = true;
    } else if (c == '<' || c == '{' || c == '[' || c == '(') {
      ++depth;
    } else if ((c == '>' && !(i > 0 && text[i - 1] == '-')) || c == '}' || c == ']' || c == ')') {
      --depth;
    }
  }
  return depth;
}

/// Inherent attributes of ops outside the op table's schemas.
const std::vector<std::string_view> &builtinInherent(std::string_view name) {
  static const std::vector<std::string_view> function = {"arg_attrs", "function_type", "res_attrs", "sym_name",
                                                         "sym_visibility"};
  static const std::vector<std::string_view> module = {"sym_name", "sym_visibility"};
  static const std::vector<std::string_view> call = {"callee"};
  static const std::vector<std::string_view> none;
  if (name == "func.func") return function;
  if (name == "builtin.module") return module;
  if (name == "func.call") return call;
  return none;
}

/// Printed in the generic form's `<{...}>` (MLIR's properties): the
/// attributes an op defines. For the ops of the table those are the names
/// without a dialect prefix (`mhlo.sharding`, `jax.result_info` are
/// discardable); ops of unknown dialects keep everything in `{...}`.
bool isInherent(const Operation &op, std::string_view attribute) {
  const auto &builtin = builtinInherent(op.name);
  if (std::find(builtin.begin(), builtin.end(), attribute) != builtin.end()) return true;
  if (op.name == "func.func" || op.name == "builtin.module") return false;
  const ops::OpDef *def = ops::find(op.name);
  if (!def || attribute.find('.') != std::string_view::npos) return false;
  // Where the table has the op's schema, it says; else every plain name.
  if (def->attributes.empty()) return true;
  if (def->attribute(attribute)) return true;
  for (const auto &k : def->keywords) {
    if (k.attribute == attribute) return true;
  }
  for (const auto &d : def->printDefaults) {
    if (d.attribute == attribute) return true;
  }
  return false;
}

}  // namespace

std::string Printer::dialectOf(const Operation &op) const {
  size_t dot = op.name.find('.');
  std::string dialect = dot == std::string::npos ? std::string() : op.name.substr(0, dot);
  return dialect == "chlo" ? dialect : std::string("stablehlo");
}

std::string Printer::attributeText(const Attribute &value, const Operation &op) const {
  return printAttributeOf(value, dialectOf(op));
}

std::string Printer::valueList(const std::vector<Value *> &values, size_t from) {
  std::string out;
  for (size_t i = from; i < values.size(); ++i) {
    if (i > from) out += ", ";
    out += nameOf(values[i]);
  }
  return out;
}

const std::string &Printer::nameOf(const Value *value) {
  static const std::string undefined = "%<undefined>";
  if (!value) return undefined;
  if (!value->name.empty()) return value->name;
  auto it = freshNames_.find(value);
  if (it != freshNames_.end()) return it->second;
  if (!namesCollected_) {
    namesCollected_ = true;
    for (const Operation *root : roots_) {
      ir::walk(std::vector<Operation *>{const_cast<Operation *>(root)}, [&](Operation *op) {
        for (const Value *r : op->results) usedNames_.insert(r->name);
        for (const ir::Region *region : op->regions) {
          for (const ir::Block *b : region->blocks) {
            for (const Value *a : b->arguments) usedNames_.insert(a->name);
          }
        }
      });
    }
  }
  std::string name;
  do {
    name = (value->isBlockArgument() ? "%arg" : "%") + std::to_string(freshCounter_++);
  } while (usedNames_.count(name));
  usedNames_.insert(name);
  return freshNames_[value] = name;
}

std::vector<Type> Printer::operandTypeList(const Operation &op) const {
  if (op.writtenOperandTypes.size() == op.operands.size()) {
    bool complete = std::all_of(op.writtenOperandTypes.begin(), op.writtenOperandTypes.end(),
                                [](const Type &t) { return t.valid(); });
    if (complete) return op.writtenOperandTypes;
  }
  std::vector<Type> out;
  for (size_t i = 0; i < op.operands.size(); ++i) {
    if (i < op.writtenOperandTypes.size() && op.writtenOperandTypes[i].valid()) {
      out.push_back(op.writtenOperandTypes[i]);
    } else {
      out.push_back(op.operands[i] ? op.operands[i]->type : Type());
    }
  }
  return out;
}

void Printer::appendOperandTypes(std::string &out, const Operation &op) const {
  std::vector<Type> types = operandTypeList(op);
  for (size_t i = 0; i < types.size(); ++i) {
    if (i) out += ", ";
    types[i].appendTo(out);
  }
}

void Printer::appendFunctionalType(std::string &out, const Operation &op) const {
  std::vector<Type> operands = operandTypeList(op);
  std::vector<const Type *> inputs, results;
  inputs.reserve(operands.size());
  for (const Type &t : operands) inputs.push_back(&t);
  results.reserve(op.results.size());
  for (const Value *r : op.results) results.push_back(&r->type);
  Type::appendFunction(out, inputs, results);
}

std::string Printer::blockArgument(const Value &value) {
  std::string out = nameOf(&value) + ": " + value.type.str();
  if (value.location) out += " loc(" + value.location->str() + ")";
  return out;
}

std::string Printer::attributeDictionary(const Operation &op, const std::vector<std::string_view> &skip) const {
  std::vector<const ir::NamedAttribute *> attributes;
  for (const ir::NamedAttribute &a : op.attributes) {
    if (std::find(skip.begin(), skip.end(), a.name) == skip.end()) attributes.push_back(&a);
  }
  if (attributes.empty()) return "";
  std::stable_sort(attributes.begin(), attributes.end(), [](const auto *x, const auto *y) { return x->name < y->name; });
  std::string out = " {";
  for (size_t i = 0; i < attributes.size(); ++i) {
    out += i ? ", " : "";
    out += attributes[i]->name;
    if (attributes[i]->value.kind != Attribute::Kind::Unit) {
      out += " = " + printOpAttribute(op.name, attributes[i]->name, attributes[i]->value, dialectOf(op));
    }
  }
  return out + "}";
}

void Printer::results(const Operation &op) {
  if (op.results.empty()) return;
  // `%r#0, %r#1` are written `%r:2`; runs of them are grouped.
  std::string out;
  size_t i = 0;
  while (i < op.results.size()) {
    const std::string &name = op.results[i]->name;
    size_t hash = name.rfind('#');
    size_t run = 1;
    if (hash != std::string::npos && name.substr(hash + 1) == "0") {
      std::string base = name.substr(0, hash);
      while (i + run < op.results.size() && op.results[i + run]->name == base + "#" + std::to_string(run)) ++run;
      out += (out.empty() ? "" : ", ") + base + ":" + std::to_string(run);
    } else {
      out += (out.empty() ? "" : ", ") + nameOf(op.results[i]);
    }
    i += run;
  }
  out_ += out + " = ";
}

void Printer::location(const Operation &op) {
  if (!op.location) return;
  if (op.locationRange.end > op.locationRange.begin && op.locationRange.end <= source_.size()) {
    out_ += " ";
    out_ += source_.substr(op.locationRange.begin, op.locationRange.size());
  } else {
    out_ += " loc(" + op.location->str() + ")";
  }
}

bool Printer::hasSource(const Operation &op) const {
  return !implicitRegion_ && op.range.end > op.range.begin && op.range.end <= source_.size();
}

bool Printer::hasComment(syntax::TextRange range) const {
  if (implicitRegion_ || range.end <= range.begin || range.end > source_.size()) return false;
  std::string_view text = source_.substr(range.begin, range.size());
  size_t at = 0;
  while (at < text.size()) {
    size_t nl = text.find('\n', at);
    std::string_view line = text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
    if (commentStart(line) != std::string_view::npos) return true;
    if (nl == std::string_view::npos) break;
    at = nl + 1;
  }
  return false;
}

uint32_t Printer::trailingComment(uint32_t end) {
  size_t lineEnd = source_.find('\n', end);
  if (lineEnd == std::string_view::npos) lineEnd = source_.size();
  std::string_view rest = source_.substr(end, lineEnd - end);
  size_t at = commentStart(rest);
  if (at != std::string_view::npos && trimLeft(rest.substr(0, at)).empty()) {
    out_ += " ";
    out_ += trimRight(rest.substr(at));
    return static_cast<uint32_t>(std::min(lineEnd + 1, source_.size()));
  }
  return end;
}

void Printer::trivia(uint32_t begin, uint32_t end, unsigned indent, bool blankLines, bool skipFirstLine) {
  if (begin >= end || end > source_.size()) return;
  std::string_view gap = source_.substr(begin, end - begin);
  bool pendingBlank = false;
  size_t at = 0;
  bool first = true;
  size_t before = out_.size();
  // A blank line is kept where something precedes it: the caller says so
  // for what precedes the gap, and anything this gap printed counts.
  auto blankAllowed = [&] { return blankLines || out_.size() > before; };
  while (at <= gap.size()) {
    size_t nl = gap.find('\n', at);
    bool last = nl == std::string_view::npos;
    std::string_view line = gap.substr(at, (last ? gap.size() : nl) - at);
    std::string_view text = trimLeft(trimRight(line));
    bool wholeLine = !(first && begin > 0 && source_[begin - 1] != '\n');
    if (text.empty()) {
      if (wholeLine && !last) pendingBlank = true;
    } else if (!(first && skipFirstLine)) {
      if (pendingBlank && blankAllowed()) out_ += "\n";
      pendingBlank = false;
      size_t c = commentStart(text);
      size_t metadataEnd = text.substr(0, 3) == "{-#" ? gap.find("#-}", at) : std::string_view::npos;
      if (metadataEnd != std::string_view::npos) {
        // The file's metadata (`{-# dialect_resources: {...} #-}`) as
        // written, indentation included: its nesting is what makes a blob
        // readable, and the IR keeps only the builtin blobs.
        size_t close = std::min(gap.find('\n', metadataEnd), gap.size());  // The rest of `#-}`'s line too.
        size_t lineStart = at;
        while (lineStart < close) {
          size_t lineEnd = std::min(gap.find('\n', lineStart), close);
          out_ += trimRight(gap.substr(lineStart, lineEnd - lineStart));
          out_ += "\n";
          lineStart = lineEnd + 1;
        }
        if (close >= gap.size()) break;
        first = false;
        at = close + 1;
        continue;
      }
      if (c == 0) {
        out_ += indentText(indent);
        out_ += text;
        out_ += "\n";
      } else {
        // Top-level text between ops (`#loc` and alias definitions) stays
        // as written, except that an alias definition over several lines
        // is joined into one, as MLIR prints it (`#CSR = #sparse_tensor.
        // encoding<{ map = ... }>`): line breaks and indentation become one
        // space, which MLIR's syntax does not tell from a line break
        // (strings cannot span lines). Not when a line inside has a comment.
        std::string joined(text);
        size_t next = last ? gap.size() : nl + 1;
        int depth = (text[0] == '#' || text[0] == '!') && c == std::string_view::npos ? openBrackets(text) : 0;
        while (depth > 0 && next < gap.size()) {
          size_t lineEnd = gap.find('\n', next);
          std::string_view more = trimLeft(trimRight(gap.substr(next, (lineEnd == std::string_view::npos ? gap.size() : lineEnd) - next)));
          if (more.empty() || commentStart(more) != std::string_view::npos) break;
          joined += " ";
          joined += more;
          depth += openBrackets(more);
          next = lineEnd == std::string_view::npos ? gap.size() : lineEnd + 1;
        }
        if (depth == 0 && joined.size() > text.size()) {
          out_ += joined;
          out_ += "\n";
          first = false;
          if (next >= gap.size()) break;
          at = next;
          continue;
        }
        out_ += text;
        out_ += "\n";
      }
    }
    first = false;
    if (last) break;
    at = nl + 1;
  }
  if (pendingBlank && blankAllowed()) out_ += "\n";
}

void Printer::topLevel(const std::vector<Operation *> &ops) {
  roots_.assign(ops.begin(), ops.end());
  uint32_t cursor = 0;
  for (const Operation *op : ops) {
    if (hasSource(*op)) {
      trivia(cursor, op->range.begin, 0, !out_.empty(), false);
    }
    operation(*op, 0);
    cursor = hasSource(*op) ? trailingComment(op->range.end) : cursor;
    out_ += "\n";
    if (hasSource(*op) && cursor == op->range.end) {
      size_t nl = source_.find('\n', cursor);
      cursor = static_cast<uint32_t>(nl == std::string_view::npos ? source_.size() : nl + 1);
    }
  }
  uint32_t end = static_cast<uint32_t>(source_.size());
  if (cursor < end) trivia(cursor, end, 0, true, false);
  if (ops.empty() && out_.empty()) return;
}

void Printer::operation(const Operation &op, unsigned indent) {
  // `func.` is elided directly in a function's body (func.func's default
  // dialect), nowhere else; the op's own regions get its default dialect.
  bool elideFunc = funcDialect_;
  funcDialect_ = op.name == "func.func";
  operationIn(op, indent, elideFunc);
  funcDialect_ = elideFunc;
}

void Printer::operationIn(const Operation &op, unsigned indent, bool elideFunc) {
  out_ += indentText(indent);
  if (!options_.generic) {
    if (op.name == "func.func" && function(op, indent)) return;
    if (op.name == "builtin.module" && module(op, indent)) return;
    size_t mark = out_.size();
    results(op);
    std::string_view name = op.name;
    if (elideFunc && name.substr(0, 5) == "func.") name.remove_prefix(5);
    out_ += name;
    if (pretty(op, indent)) {
      location(op);
      return;
    }
    out_.resize(mark);
  }
  results(op);
  generic(op, indent);
  location(op);
}

void Printer::generic(const Operation &op, unsigned indent) {
  out_ += quoteString(op.name) + "(" + valueList(op.operands) + ")";
  genericTail(op, indent);
}

void Printer::genericTail(const Operation &op, unsigned indent) {
  std::vector<std::string_view> inherent, discardable;
  for (const ir::NamedAttribute &a : op.attributes) {
    (isInherent(op, a.name) ? inherent : discardable).push_back(a.name);
  }
  // Empty argument and result attribute lists are not printed.
  auto emptyList = [&](std::string_view n) {
    const Attribute *a = op.attribute(n);
    if (!a || a->kind != Attribute::Kind::Array) return false;
    return std::all_of(a->elements.begin(), a->elements.end(), [](const Attribute &e) {
      return (e.kind == Attribute::Kind::Dictionary && e.fields.empty()) || e.kind == Attribute::Kind::Unit;
    });
  };
  std::vector<std::string_view> skipForProperties = discardable;
  if (op.name == "func.func") {
    for (std::string_view n : {"arg_attrs", "res_attrs"}) {
      if (emptyList(n)) skipForProperties.push_back(n);
    }
  }
  std::string properties = attributeDictionary(op, skipForProperties);
  if (!properties.empty()) out_ += " <" + properties.substr(1) + ">";
  if (!op.regions.empty()) {
    out_ += " (";
    for (size_t i = 0; i < op.regions.size(); ++i) {
      if (i) out_ += ", ";
      region(*op.regions[i], indent, true);
    }
    out_ += ")";
  }
  out_ += attributeDictionary(op, inherent);
  out_ += " : ";
  appendFunctionalType(out_, op);
}

void Printer::region(const ir::Region &region, unsigned indent, bool printEntryLabel) {
  bool outerImplicit = implicitRegion_;
  if (region.implicit) implicitRegion_ = true;
  out_ += "{";
  uint32_t cursor = 0;
  bool tracked = !implicitRegion_ && region.range.end > region.range.begin && region.range.end <= source_.size();
  if (tracked) {
    size_t brace = source_.find('{', region.range.begin);
    if (brace != std::string_view::npos && brace < region.range.end) {
      cursor = trailingComment(static_cast<uint32_t>(brace + 1));
    } else {
      tracked = false;
    }
  }
  out_ += "\n";
  for (size_t b = 0; b < region.blocks.size(); ++b) {
    const ir::Block &blk = *region.blocks[b];
    bool label = b > 0 || (printEntryLabel && !blk.arguments.empty());
    if (tracked && blk.labelRange.end > blk.labelRange.begin) {
      trivia(cursor, blk.labelRange.begin, indent, false, false);
      size_t nl = source_.find('\n', blk.labelRange.end);
      cursor = static_cast<uint32_t>(nl == std::string_view::npos ? blk.labelRange.end : nl + 1);
    }
    if (label) {
      out_ += indentText(indent) + (blk.label.empty() ? "^bb" + std::to_string(b) : blk.label);
      if (!blk.arguments.empty()) {
        out_ += "(";
        for (size_t i = 0; i < blk.arguments.size(); ++i) out_ += (i ? ", " : "") + blockArgument(*blk.arguments[i]);
        out_ += ")";
      }
      out_ += ":\n";
    }
    bool blockStart = true;
    for (const Operation *op : blk.operations) {
      if (tracked && hasSource(*op)) {
        trivia(cursor, op->range.begin, indent + 2, !blockStart, false);
      }
      operation(*op, indent + 2);
      if (tracked && hasSource(*op)) {
        cursor = trailingComment(op->range.end);
        if (cursor == op->range.end) {
          size_t nl = source_.find('\n', cursor);
          cursor = static_cast<uint32_t>(nl == std::string_view::npos ? source_.size() : nl + 1);
        }
      }
      out_ += "\n";
      blockStart = false;
    }
    if (tracked) {
      uint32_t end = b + 1 < region.blocks.size() && region.blocks[b + 1]->labelRange.end > 0
                         ? region.blocks[b + 1]->labelRange.begin
                         : region.range.end - 1;
      if (b + 1 == region.blocks.size()) {
        size_t close = source_.rfind('}', region.range.end - 1);
        if (close != std::string_view::npos && close >= cursor) end = static_cast<uint32_t>(close);
      }
      trivia(cursor, end, indent + 2, false, false);
      cursor = std::max(cursor, end);
    }
  }
  out_ += indentText(indent) + "}";
  implicitRegion_ = outerImplicit;
}

bool Printer::function(const Operation &op, unsigned indent) {
  const Attribute *name = op.attribute("sym_name");
  const Attribute *type = op.attribute("function_type");
  Attribute noArguments;
  if (type && type->kind == Attribute::Kind::Opaque && type->text == "() -> ()") {
    // What the generic form's `function_type = () -> ()` lowers to.
    noArguments.kind = Attribute::Kind::TypeAttr;
    noArguments.type = Type::function({}, {});
    type = &noArguments;
  }
  if (!name || !type || !type->type || !type->type->isFunction()) return false;
  const Attribute *argAttrs = op.attribute("arg_attrs");
  const Attribute *resAttrs = op.attribute("res_attrs");
  auto dictAt = [](const Attribute *list, size_t i) -> std::string {
    if (!list || i >= list->elements.size()) return "";
    const Attribute &d = list->elements[i];
    if (d.kind != Attribute::Kind::Dictionary || d.fields.empty()) return "";
    return " " + printAttribute(d);
  };
  out_ += "func.func ";
  if (const Attribute *v = op.attribute("sym_visibility")) out_ += v->text + " ";
  out_ += printSymbol(name->text) + "(";
  const ir::Block *entry = !op.regions.empty() && !op.regions[0]->blocks.empty() ? op.regions[0]->blocks[0] : nullptr;
  const std::vector<Type> &inputs = type->type->inputs();
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (i) out_ += ", ";
    if (entry && i < entry->arguments.size()) {
      out_ += blockArgument(*entry->arguments[i]);
    } else {
      out_ += inputs[i].str();
    }
    out_ += dictAt(argAttrs, i);
  }
  out_ += ")";
  const std::vector<Type> &outputs = type->type->results();
  if (!outputs.empty()) {
    bool anyAttrs = false;
    for (size_t i = 0; i < outputs.size(); ++i) anyAttrs |= !dictAt(resAttrs, i).empty();
    out_ += " -> ";
    bool parens = outputs.size() != 1 || anyAttrs || outputs[0].isFunction();
    if (parens) out_ += "(";
    for (size_t i = 0; i < outputs.size(); ++i) out_ += (i ? ", " : "") + outputs[i].str() + dictAt(resAttrs, i);
    if (parens) out_ += ")";
  }
  std::string rest = attributeDictionary(op, builtinInherent("func.func"));
  if (!rest.empty()) out_ += " attributes" + rest;
  if (entry) {
    out_ += " ";
    region(*op.regions[0], indent, false);
  }
  location(op);
  return true;
}

bool Printer::module(const Operation &op, unsigned indent) {
  if (op.regions.size() != 1) return false;
  out_ += "module";
  if (const Attribute *v = op.attribute("sym_visibility")) out_ += " " + v->text;
  if (const Attribute *n = op.attribute("sym_name")) out_ += " " + printSymbol(n->text);
  std::string rest = attributeDictionary(op, builtinInherent("builtin.module"));
  if (!rest.empty()) out_ += " attributes" + rest;
  out_ += " ";
  region(*op.regions[0], indent, false);
  location(op);
  return true;
}

std::string printModule(const ir::Module &module, std::string_view source, const PrintOptions &options) {
  Printer printer(source, options);
  printer.topLevel(module.topLevel);
  return printer.take();
}

std::string printOperation(const ir::Operation &op, std::string_view source, unsigned indent,
                           const PrintOptions &options) {
  Printer printer(source, options);
  printer.setRoot(op);
  const ir::Operation *parent = op.parentOp();
  printer.setInFunctionBody(parent && parent->name == "func.func");
  printer.operation(op, indent);
  return printer.take();
}

}  // namespace shlo::formatter
