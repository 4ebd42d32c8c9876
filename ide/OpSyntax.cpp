#include "ide/OpSyntax.h"

#include <cctype>
#include <optional>

#include "semantic/ir/Types.h"
#include "semantic/lower/PrettyForms.h"

namespace shlo::ide {

namespace {

constexpr size_t kMaxConstraints = 3;
constexpr std::string_view kTypePlaceholder = "tensor<f32>";

bool wordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string_view wordAt(std::string_view text, size_t at) {
  size_t end = at;
  while (end < text.size() && wordChar(text[end])) ++end;
  return text.substr(at, end - at);
}

bool isAttribute(const ops::OpDef &op, std::string_view name) { return op.attribute(name) != nullptr; }

std::string describeInput(const ops::SpecOp &spec, const ops::SpecInput &input) {
  std::string out = std::string(input.label) + " " + std::string(input.type);
  size_t shown = 0;
  std::string_view cell = input.constraints;
  // Labels such as "(C1-C3), (C5)": the first of each group is enough here.
  for (size_t at = cell.find('C'); at != std::string_view::npos && shown < kMaxConstraints;
       at = cell.find('C', at + 1)) {
    size_t end = at + 1;
    while (end < cell.size() && std::isdigit(static_cast<unsigned char>(cell[end]))) ++end;
    std::string_view label = cell.substr(at, end - at);
    std::string_view text = spec.constraint(label);
    if (text.empty()) continue;
    out += "\n- (" + std::string(label) + ") " + std::string(text);
    ++shown;
  }
  return out;
}

std::string describeAttribute(const ops::AttrDef &attribute) {
  if (!attribute.specType.empty()) return std::string(attribute.specType);
  if (!attribute.structName.empty()) return "`#" + std::string(attribute.structName) + "<...>`";
  return "";
}

/// Builds a snippet with numbered tab stops.
class SnippetWriter {
 public:
  void text(std::string_view literal) {
    for (char c : literal) {
      // Runs of spaces in templates are the printer's alignment, not syntax.
      if (c == ' ' && !out_.empty() && out_.back() == ' ') continue;
      if (c == '$' || c == '}' || c == '\\') out_ += '\\';
      out_ += c;
    }
  }
  void placeholder(std::string_view value) { out_ += "${" + std::to_string(next_++) + ":" + escapeSnippet(value) + "}"; }
  void choice(const std::vector<std::string_view> &values) {
    out_ += "${" + std::to_string(next_++) + "|";
    for (size_t i = 0; i < values.size(); ++i) {
      if (i) out_ += ',';
      for (char c : values[i]) {
        if (c == '|' || c == ',' || c == '$' || c == '}' || c == '\\') out_ += '\\';
        out_ += c;
      }
    }
    out_ += "|}";
  }
  std::string finish() { return out_ + "$0"; }

 private:
  std::string out_;
  int next_ = 1;
};

std::vector<std::string> operandNames(const ops::OpDef &op) {
  std::vector<std::string> names;
  // An empty Inputs table is one the spec tables could not read: generic.
  if (const ops::SpecOp *spec = op.spec(); spec && !spec->inputs.empty()) {
    for (const ops::SpecInput &input : spec->inputs) {
      if (!isAttribute(op, input.name)) names.push_back(std::string(input.name));
    }
    return names;
  }
  return {"operands"};
}

}  // namespace

size_t opResultCount(const ops::OpDef &op) {
  if (op.has(ops::Trait::Terminator)) return 0;
  const ops::SpecOp *spec = op.spec();
  return spec && !spec->outputs.empty() ? spec->outputs.size() : 1;
}

namespace {

void attributeValue(SnippetWriter &w, const ops::OpDef &op, const ops::AttrDef &attribute, bool generic) {
  std::vector<std::string_view> values = enumValues(op, attribute.name);
  if (!values.empty()) {
    std::string_view kind = lower::genericEnumName(attribute.name);
    bool array = attribute.name == "precision_config";
    if (generic) w.text(array ? "[#stablehlo<" : "#stablehlo<"), w.text(kind.empty() ? attribute.name : kind), w.text(" ");
    else if (array) w.text("[");
    w.choice(values);
    if (generic) w.text(">");
    if (array) w.text("]");
    return;
  }
  switch (attribute.kind) {
    case ops::AttrKind::IntegerArray:
      w.text(generic ? "array<i64: " : "[");
      w.placeholder("0");
      w.text(generic ? ">" : "]");
      return;
    case ops::AttrKind::Integer:
      w.placeholder("0");
      if (generic) w.text(" : i64");
      return;
    case ops::AttrKind::Bool:
      w.choice({"false", "true"});
      return;
    case ops::AttrKind::Float:
      w.placeholder("0.0");
      if (generic) w.text(" : f32");
      return;
    case ops::AttrKind::String:
      w.text("\"");
      w.placeholder(attribute.name);
      w.text("\"");
      return;
    case ops::AttrKind::Struct:
      w.text("#" + std::string(attribute.structName) + "<");
      w.placeholder("");
      w.text(">");
      return;
    default:
      w.placeholder(attribute.name);
  }
}

void types(SnippetWriter &w, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (i) w.text(", ");
    w.placeholder(kTypePlaceholder);
  }
}

void resultType(SnippetWriter &w, size_t results) {
  if (results == 1) return types(w, 1);
  w.text("(");
  types(w, results);
  w.text(")");
}

void operands(SnippetWriter &w, const std::vector<std::string> &names, size_t from) {
  for (size_t i = from; i < names.size(); ++i) {
    if (i > from) w.text(", ");
    w.placeholder("%" + names[i]);
  }
}

/// The custom pieces of StableHLO's assembly formats (formatter/PrettyForms.cpp
/// prints them) as skeletons.
bool directive(SnippetWriter &w, std::string_view d, const ops::OpDef &op, const std::vector<std::string> &names) {
  size_t results = opResultCount(op);
  if (d == "constant") {
    w.text("dense<"), w.placeholder("0.0"), w.text("> : "), w.placeholder(kTypePlaceholder);
  } else if (d == "slice") {
    w.text("["), w.placeholder("0"), w.text(":"), w.placeholder("1"), w.text("]");
  } else if (d == "tuple_index") {
    w.text("["), w.placeholder("0"), w.text("]");
  } else if (d == "exponent_mantissa") {
    w.text("e"), w.placeholder("5"), w.text("m"), w.placeholder("10");
  } else if (d == "dot_dimensions") {
    w.text("contracting_dims = ["), w.placeholder("1"), w.text("] x ["), w.placeholder("0"), w.text("]");
  } else if (d == "conv_dimensions") {
    w.text("["), w.placeholder("b, 0, 1, f"), w.text("]x["), w.placeholder("0, 1, i, o"), w.text("]->[");
    w.placeholder("b, 0, 1, f"), w.text("]");
  } else if (d == "window") {
    w.text("stride = ["), w.placeholder("1, 1"), w.text("], pad = [["), w.placeholder("0, 0"), w.text("], [");
    w.placeholder("0, 0"), w.text("]]");
  } else if (d == "call_target") {
    w.text("@"), w.placeholder("target");
  } else if (d == "return" || d == "barrier") {
    w.text(" "), operands(w, names, 0), w.text(" : "), types(w, names.size());
  } else if (d == "complex_type") {
    w.placeholder("tensor<complex<f32>>");
  } else if (d == "select_type") {
    w.placeholder("tensor<i1>"), w.text(", "), w.placeholder(kTypePlaceholder);
  } else if (d == "reduce") {
    w.text("("), w.placeholder("%inputs"), w.text(" init: "), w.placeholder("%init_values"), w.text(") applies ");
    w.placeholder("stablehlo.add"), w.text(" across dimensions = ["), w.placeholder("0"), w.text("] : (");
    types(w, 2), w.text(") -> "), resultType(w, results);
  } else if (d == "while") {
    w.text("("), w.placeholder("%iterArg"), w.text(" = "), w.placeholder("%init"), w.text(") : ");
    w.placeholder("tensor<i64>");
    w.text("\ncond {\n  stablehlo.return "), w.placeholder("%condition"), w.text(" : tensor<i1>\n} do {\n  ");
    w.text("stablehlo.return "), w.placeholder("%iterArg"), w.text(" : "), w.placeholder("tensor<i64>"), w.text("\n}");
  } else {
    return false;
  }
  return true;
}

std::string genericSnippet(const ops::OpDef &op) {
  SnippetWriter w;
  std::vector<std::string> names = operandNames(op);
  w.text("\"" + std::string(op.name) + "\"(");
  operands(w, names, 0);
  w.text(")");
  bool first = true;
  for (const ops::AttrDef &attribute : op.attributes) {
    // Regions are written after the operands; the spec's attributes only.
    if (attribute.kind == ops::AttrKind::Function || attribute.specType.empty()) continue;
    w.text(first ? " {" : ", ");
    first = false;
    w.text(std::string(attribute.name) + " = ");
    attributeValue(w, op, attribute, true);
  }
  if (!first) w.text("}");
  w.text(" : (");
  types(w, names.size());
  w.text(") -> ");
  resultType(w, opResultCount(op));
  return w.finish();
}

/// A function-defining op (the `function` trait): its signature and body.
std::string functionSnippet(const ops::OpDef &op) {
  SnippetWriter w;
  w.text(std::string(op.name) + " @");
  w.placeholder("name");
  w.text("(");
  w.placeholder("%arg0");
  w.text(": ");
  w.placeholder(kTypePlaceholder);
  w.text(") -> ");
  w.placeholder(kTypePlaceholder);
  w.text(" {\n  ");
  return w.finish() + "\n}";
}

}  // namespace

std::string escapeSnippet(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '$' || c == '}' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string snippetPlainText(std::string_view snippet) {
  std::string out;
  for (size_t i = 0; i < snippet.size(); ++i) {
    char c = snippet[i];
    if (c == '\\' && i + 1 < snippet.size()) {
      out += snippet[++i];
    } else if (c == '$' && i + 1 < snippet.size() && std::isdigit(static_cast<unsigned char>(snippet[i + 1]))) {
      while (i + 1 < snippet.size() && std::isdigit(static_cast<unsigned char>(snippet[i + 1]))) ++i;
    } else if (c == '$' && i + 1 < snippet.size() && snippet[i + 1] == '{') {
      i += 2;
      while (i < snippet.size() && std::isdigit(static_cast<unsigned char>(snippet[i]))) ++i;
      if (i < snippet.size() && snippet[i] == '|') {
        // A choice: its first value.
        ++i;
        bool first = true;
        for (; i < snippet.size() && snippet[i] != '|'; ++i) {
          if (snippet[i] == '\\' && i + 1 < snippet.size()) {
            if (first) out += snippet[i + 1];
            ++i;
          } else if (snippet[i] == ',') {
            first = false;
          } else if (first) {
            out += snippet[i];
          }
        }
        ++i;  // `}`
      } else if (i < snippet.size() && snippet[i] == ':') {
        // Nested placeholders do not occur in ours: read to the unescaped `}`.
        for (++i; i < snippet.size() && snippet[i] != '}'; ++i) {
          if (snippet[i] == '\\' && i + 1 < snippet.size()) ++i;
          out += snippet[i];
        }
      }
    } else {
      out += c;
    }
  }
  return out;
}

std::vector<std::string_view> enumValues(const ops::OpDef &op, std::string_view attribute) {
  const ops::AttrDef *def = op.attribute(attribute);
  if (!def || def->kind != ops::AttrKind::Enum) return {};
  return def->enumValues;
}

std::vector<OpParameter> opParameters(const ops::OpDef &op) {
  std::vector<OpParameter> parameters;
  const ops::SpecOp *spec = op.spec();
  if (spec && !spec->inputs.empty()) {
    for (const ops::SpecInput &input : spec->inputs) {
      if (!isAttribute(op, input.name)) parameters.push_back({std::string(input.name), false, describeInput(*spec, input)});
    }
  } else {
    parameters.push_back({"operands", false, ""});
  }
  for (const ops::AttrDef &attribute : op.attributes) {
    if (attribute.kind == ops::AttrKind::Function) continue;
    std::string documentation = describeAttribute(attribute);
    if (spec) {
      for (const ops::SpecInput &input : spec->inputs) {
        if (input.name == attribute.name) documentation = describeInput(*spec, input);
      }
    }
    parameters.push_back({std::string(attribute.name), true, std::move(documentation)});
  }
  return parameters;
}

std::vector<size_t> prettySlots(const ops::OpDef &op, const std::vector<OpParameter> &parameters) {
  std::vector<size_t> operandIndices, slots;
  for (size_t i = 0; i < parameters.size(); ++i) {
    if (!parameters[i].attribute) operandIndices.push_back(i);
  }
  auto attributeIndex = [&parameters](std::string_view name) -> std::optional<size_t> {
    for (size_t i = 0; i < parameters.size(); ++i) {
      if (parameters[i].attribute && parameters[i].name == name) return i;
    }
    return std::nullopt;
  };
  std::string_view format = op.printFormat;
  size_t end = std::min(format.find("$attrs"), format.find(" : "));
  format = format.substr(0, std::min(end, format.size()));
  if (format.empty()) return operandIndices;
  for (size_t at = 0; at < format.size(); ++at) {
    char c = format[at];
    if (c != '$' && c != '@') continue;
    std::string_view word = wordAt(format, at + 1);
    at += word.size();
    if (c == '@') {
      if (auto index = attributeIndex(word)) slots.push_back(*index);
    } else if (word == "operands") {
      slots.insert(slots.end(), operandIndices.begin(), operandIndices.end());
    } else if (word == "from1") {
      if (operandIndices.size() > 1) slots.insert(slots.end(), operandIndices.begin() + 1, operandIndices.end());
    } else if (!word.empty() && std::isdigit(static_cast<unsigned char>(word[0]))) {
      size_t n = static_cast<size_t>(std::stoul(std::string(word)));
      if (n < operandIndices.size()) slots.push_back(operandIndices[n]);
    } else if (word == "dot_dimensions") {
      if (auto index = attributeIndex("dot_dimension_numbers")) slots.push_back(*index);
    }
  }
  return slots;
}

std::string opSnippet(const ops::OpDef &op, bool generic) {
  if (op.has(ops::Trait::Function)) return functionSnippet(op);
  if (generic || op.printFormat.empty()) return genericSnippet(op);
  SnippetWriter w;
  std::vector<std::string> names = operandNames(op);
  size_t results = opResultCount(op);
  w.text(op.name);
  std::string_view format = op.printFormat;
  for (size_t at = 0; at < format.size(); ++at) {
    char c = format[at];
    if (c == '[') {
      // An optional group: left out of the skeleton.
      int depth = 0;
      for (; at < format.size(); ++at) {
        depth += format[at] == '[' ? 1 : format[at] == ']' ? -1 : 0;
        if (depth == 0) break;
      }
      continue;
    }
    if (c == '@') {
      std::string_view word = wordAt(format, at + 1);
      at += word.size();
      if (const ops::AttrDef *attribute = op.attribute(word)) {
        attributeValue(w, op, *attribute, false);
      } else {
        w.placeholder(word);
      }
      continue;
    }
    if (c != '$') {
      w.text(std::string_view(&format[at], 1));
      continue;
    }
    std::string_view d = wordAt(format, at + 1);
    at += d.size();
    if (d == "operands") {
      operands(w, names, 0);
    } else if (d == "from1") {
      operands(w, names, 1);
    } else if (!d.empty() && std::isdigit(static_cast<unsigned char>(d[0]))) {
      size_t n = static_cast<size_t>(std::stoul(std::string(d)));
      w.placeholder(n < names.size() ? "%" + names[n] : "%operand");
    } else if (d == "attrs") {
    } else if (d == "type") {
      types(w, 1);
    } else if (d == "fntype") {
      w.text("(");
      types(w, names.size());
      w.text(") -> ");
      resultType(w, results);
    } else if (d == "operand_types") {
      types(w, names.size());
    } else if (d == "result_type") {
      resultType(w, results);
    } else if (!directive(w, d, op, names)) {
      w.placeholder(d);
    }
  }
  return w.finish();
}

std::string opDocumentation(const ops::OpDef &op) {
  std::string out = "**`" + std::string(op.name) + "`**";
  if (!op.summary.empty()) out += "\n\n" + std::string(op.summary);
  if (op.deprecation != ops::Deprecation::None) {
    out += "\n\nDeprecated";
    if (!op.replacement.empty()) out += ": use `" + std::string(op.replacement) + "`";
    out += ".";
  }
  if (const ops::SpecOp *spec = op.spec()) {
    if (!spec->semantics.empty() && spec->semantics != op.summary) out += "\n\n" + std::string(spec->semantics);
    if (!spec->inputs.empty()) {
      out += "\n\nInputs:";
      for (const ops::SpecInput &input : spec->inputs) {
        out += "\n- " + std::string(input.label) + " `" + std::string(input.name) + "`: " + std::string(input.type);
      }
    }
    if (!spec->outputs.empty()) {
      out += "\n\nOutputs:";
      for (const ops::SpecOutput &output : spec->outputs) {
        out += "\n- `" + std::string(output.name) + "`: " + std::string(output.type);
      }
    }
  }
  if (!op.specSection.empty()) {
    out += "\n\n[StableHLO spec](https://github.com/openxla/stablehlo/blob/main/docs/spec.md#" +
           std::string(op.specSection) + ")";
  }
  return out;
}

const std::vector<std::string> &elementTypeNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    out.push_back(ir::ElementType::integer(1).str());
    for (unsigned width : {2u, 4u, 8u, 16u, 32u, 64u}) {
      out.push_back(ir::ElementType::integer(width).str());
      out.push_back(ir::ElementType::integer(width, ir::Signedness::Unsigned).str());
    }
    for (auto f = static_cast<unsigned>(ir::FloatFormat::F4E2M1FN); f <= static_cast<unsigned>(ir::FloatFormat::F128);
         ++f) {
      out.push_back(ir::ElementType::floating(static_cast<ir::FloatFormat>(f)).str());
    }
    out.push_back(ir::ElementType::complex(ir::FloatFormat::F32).str());
    out.push_back(ir::ElementType::complex(ir::FloatFormat::F64).str());
    out.push_back(ir::ElementType::index().str());
    return out;
  }();
  return names;
}

}  // namespace shlo::ide
