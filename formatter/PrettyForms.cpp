// The pretty forms: the op table's `print` templates (semantic/ops/defs),
// expanded against an op. A template is literal text with
//   $operands       every operand, `%a, %b`;  $N  operand N;  $from1  operands 1..
//   @name           attribute `name`'s bare value (`0`, `[1, 0]`, `GT`)
//   [ ... ]         printed only when every @attribute inside is present
//   $attrs          the attributes nothing else printed, ` {a = 1 : i64}`
//                   (default values the table lists under print_defaults left out)
//   $type           one type when operands and result share it, else $fntype
//   $fntype         `(A, B) -> C`;  $result_type `C` or `(C, D)`;  $operand_types `A, B`
//   $select_type    `pred, T` (select), else $fntype
// and directives for StableHLO's custom pieces: $constant, $slice,
// $tuple_index, $exponent_mantissa, $dot_dimensions, $conv_dimensions,
// $window, $call_target, $reduce, $while, $return, $barrier, $complex_type. An op whose attributes
// or regions a template cannot express (a required @attribute missing, a
// region the template does not print) is printed in the generic form.
#include <algorithm>
#include <cctype>
#include <map>

#include "formatter/AttributePrinter.h"
#include "formatter/PrinterImpl.h"
#include "semantic/ops/Ops.h"

namespace shlo::formatter {

using ir::Attribute;
using ir::Operation;
using ir::Type;
using ir::Value;

namespace {

bool wordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string_view word(std::string_view format, size_t at) {
  size_t end = at;
  while (end < format.size() && wordChar(format[end])) ++end;
  return format.substr(at, end - at);
}

/// Attributes each directive prints.
const std::map<std::string_view, std::vector<std::string_view>> &directiveAttributes() {
  static const std::map<std::string_view, std::vector<std::string_view>> m = {
      {"constant", {"value"}},
      {"slice", {"start_indices", "limit_indices", "strides"}},
      {"tuple_index", {"index"}},
      {"exponent_mantissa", {"exponent_bits", "mantissa_bits"}},
      {"dot_dimensions", {"dot_dimension_numbers", "precision_config", "algorithm"}},
      {"conv_dimensions", {"dimension_numbers"}},
      {"window", {"window_strides", "padding", "lhs_dilation", "rhs_dilation", "window_reversal"}},
      {"call_target", {"call_target_name"}},
      {"reduce", {"dimensions"}},
  };
  return m;
}

/// Directives that print the op's regions.
bool printsRegions(std::string_view directive) { return directive == "reduce" || directive == "while"; }

std::string ints(const std::vector<int64_t> &values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
  return out + "]";
}

/// The same type as MLIR sees it: ir::Type's == ignores a tensor's
/// encoding (the verifier's view, as StableHLO's type inference), but a
/// short signature may only stand for types printed alike.
bool identical(const Type &a, const Type &b) { return a == b && a.encoding() == b.encoding(); }

std::string resultTypes(const Operation &op) {
  if (op.results.size() == 1) return op.results[0]->type.str();
  std::string out = "(";
  for (size_t i = 0; i < op.results.size(); ++i) out += (i ? ", " : "") + op.results[i]->type.str();
  return out + ")";
}

/// reduce's compact form `applies stablehlo.add`: one input, and a body
/// that applies one commutative binary op (the table's trait; MLIR prints
/// `divide` in the region form) to the two block arguments, in order, and
/// returns its result, all of one scalar type.
const Operation *compactReducer(const Operation &op) {
  if (op.operands.size() != 2 || op.regions.size() != 1 || op.regions[0]->blocks.size() != 1) return nullptr;
  const ir::Block &b = *op.regions[0]->blocks[0];
  if (b.arguments.size() != 2 || b.operations.size() != 2) return nullptr;
  const Operation &inner = *b.operations[0];
  const Operation &ret = *b.operations[1];
  // The compact form drops the body's locations; reading it back gives the
  // body the reduce's own, so only those are kept (StableHLO also prints it
  // over other locations, which it loses).
  std::string own = op.location ? op.location->str() : std::string();
  auto implied = [&](const ir::LocationRef &l) { return !l || (!own.empty() && l->str() == own); };
  if (!implied(b.arguments[0]->location) || !implied(b.arguments[1]->location)) return nullptr;
  if (inner.operands.size() != 2 || inner.results.size() != 1 || !inner.regions.empty() ||
      !inner.attributes.empty() || !implied(inner.location) || !implied(ret.location) ||
      inner.name.rfind("stablehlo.", 0) != 0 ||
      !ops::hasTrait(inner.name, ops::Trait::Commutative)) {
    return nullptr;
  }
  if (inner.operands[0] != b.arguments[0] || inner.operands[1] != b.arguments[1]) return nullptr;
  if (ret.name != "stablehlo.return" || ret.operands.size() != 1 || ret.operands[0] != inner.results[0]) {
    return nullptr;
  }
  const Type &t = b.arguments[0]->type;
  if (!t.isTensor() || t.rank() != 0 || !identical(b.arguments[1]->type, t) || !identical(inner.results[0]->type, t)) {
    return nullptr;
  }
  if (!inner.writtenOperandTypes.empty() && !identical(inner.writtenOperandTypes[0], t)) return nullptr;
  const Type &input = op.operands[0] ? op.operands[0]->type : Type();
  if (input.isTensor() && input.element() != t.element()) return nullptr;
  return &inner;
}

}  // namespace

bool Printer::pretty(const Operation &op, unsigned indent) {
  const ops::OpDef *def = ops::find(op.name);
  if (!def || def->printFormat.empty() || op.form == ir::OpForm::Unknown) return false;
  std::string_view format = def->printFormat;

  // What the template prints, and whether it can print this op.
  std::vector<std::string_view> printed;
  bool regions = false;
  int depth = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    char c = format[i];
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (c == '@') {
      std::string_view name = word(format, i + 1);
      printed.push_back(name);
      if (depth == 0 && !op.attribute(name)) return false;
    } else if (c == '$') {
      std::string_view d = word(format, i + 1);
      auto it = directiveAttributes().find(d);
      if (it != directiveAttributes().end()) printed.insert(printed.end(), it->second.begin(), it->second.end());
      regions |= printsRegions(d);
    }
  }
  if (!op.regions.empty() && !regions) return false;
  for (const ops::PrintDefault &d : def->printDefaults) {
    const Attribute *a = op.attribute(d.attribute);
    if (a && attributeText(*a, op) == d.text) printed.push_back(d.attribute);
  }

  size_t mark = out_.size();
  auto fail = [&] {
    out_.resize(mark);
    return false;
  };
  std::vector<Type> operandTypes = operandTypeList(op);
  for (size_t i = 0; i < format.size();) {
    char c = format[i];
    if (c == '[') {
      size_t close = format.find(']', i);
      if (close == std::string_view::npos) return fail();
      bool present = true;
      for (size_t j = i; j < close; ++j) {
        if (format[j] == '@' && !op.attribute(word(format, j + 1))) present = false;
      }
      if (!present) {
        i = close + 1;
        continue;
      }
      ++i;
      continue;
    }
    if (c == ']') {
      ++i;
      continue;
    }
    if (c == '@') {
      std::string_view name = word(format, i + 1);
      out_ += printPrettyValue(*op.attribute(name));
      i += 1 + name.size();
      continue;
    }
    if (c != '$') {
      out_ += c;
      ++i;
      continue;
    }
    std::string_view d = word(format, i + 1);
    i += 1 + d.size();
    if (d == "operands") {
      // No operands: MLIR prints `stablehlo.after_all : !stablehlo.token`,
      // one space before the colon.
      if (op.operands.empty() && !out_.empty() && out_.back() == ' ') out_.pop_back();
      out_ += valueList(op.operands);
    } else if (!d.empty() && std::isdigit(static_cast<unsigned char>(d[0]))) {
      size_t n = static_cast<size_t>(std::stoul(std::string(d)));
      if (n >= op.operands.size()) return fail();
      out_ += valueList({op.operands[n]});
    } else if (d == "from1") {
      out_ += valueList(op.operands, 1);
    } else if (d == "attrs") {
      out_ += attributeDictionary(op, printed);
    } else if (d == "type") {
      bool same = op.results.size() == 1;
      for (const Type &t : operandTypes) same &= same && identical(t, op.results[0]->type);
      if (same) {
        op.results[0]->type.appendTo(out_);
      } else {
        appendFunctionalType(out_, op);
      }
    } else if (d == "fntype") {
      appendFunctionalType(out_, op);
    } else if (d == "result_type") {
      if (op.results.empty()) return fail();
      out_ += resultTypes(op);
    } else if (d == "operand_types") {
      if (operandTypes.size() == 1 && operandTypes[0].isFunction()) {
        out_ += "(" + operandTypes[0].str() + ")";
      } else {
        appendOperandTypes(out_, op);
      }
    } else if (d == "complex_type") {
      // complex: the result type alone when the operands are its parts.
      bool parts = op.results.size() == 1 && operandTypes.size() == 2 && identical(operandTypes[0], operandTypes[1]) &&
                   operandTypes[0].isTensor() && op.results[0]->type.isTensor() &&
                   op.results[0]->type.element().isComplex() &&
                   operandTypes[0].withElement(ir::ElementType::floating(op.results[0]->type.element().floatFormat())) ==
                       operandTypes[0] &&
                   identical(op.results[0]->type.withElement(operandTypes[0].element()), operandTypes[0]);
      if (parts) {
        op.results[0]->type.appendTo(out_);
      } else {
        appendFunctionalType(out_, op);
      }
    } else if (d == "select_type") {
      if (op.results.size() == 1 && operandTypes.size() == 3 && identical(operandTypes[1], op.results[0]->type) &&
          identical(operandTypes[2], op.results[0]->type)) {
        operandTypes[0].appendTo(out_);
        out_ += ", ";
        op.results[0]->type.appendTo(out_);
      } else {
        appendFunctionalType(out_, op);
      }
    } else if (d == "constant") {
      const Attribute *value = op.attribute("value");
      if (!value || op.results.size() != 1 || !value->type) return fail();
      if (!identical(*value->type, op.results[0]->type)) {
        // arith.constant has no such form (MLIR's `attr-dict $value`).
        if (op.name != "stablehlo.constant") return fail();
        // A value of another type (quantized constants): the generic form
        // without the op's quoted name, as StableHLO prints it.
        out_ += "()";
        genericTail(op, indent);
        continue;
      }
      out_ += attributeDictionary(op, printed) + " " + attributeText(*value, op);
    } else if (d == "slice") {
      const Attribute *s = op.attribute("start_indices"), *l = op.attribute("limit_indices"),
                      *st = op.attribute("strides");
      auto starts = s ? s->integers() : std::nullopt;
      auto limits = l ? l->integers() : std::nullopt;
      auto strides = st ? st->integers() : std::nullopt;
      if (!starts || !limits || !strides || starts->size() != limits->size() || starts->size() != strides->size()) {
        return fail();
      }
      out_ += "[";
      for (size_t k = 0; k < starts->size(); ++k) {
        out_ += (k ? ", " : "") + std::to_string((*starts)[k]) + ":" + std::to_string((*limits)[k]);
        if ((*strides)[k] != 1) out_ += ":" + std::to_string((*strides)[k]);
      }
      out_ += "]";
    } else if (d == "tuple_index") {
      const Attribute *index = op.attribute("index");
      if (!index || index->kind != Attribute::Kind::Integer) return fail();
      out_ += "[" + std::to_string(index->integer) + "]";
    } else if (d == "exponent_mantissa") {
      const Attribute *e = op.attribute("exponent_bits"), *m = op.attribute("mantissa_bits");
      if (!e || !m || e->kind != Attribute::Kind::Integer || m->kind != Attribute::Kind::Integer) return fail();
      out_ += "e" + std::to_string(e->integer) + "m" + std::to_string(m->integer);
    } else if (d == "dot_dimensions") {
      const Attribute *dims = op.attribute("dot_dimension_numbers");
      if (!dims || dims->kind != Attribute::Kind::Struct) return fail();
      auto list = [&](const char *name) {
        const Attribute *f = dims->field(name);
        auto v = f ? f->integers() : std::nullopt;
        return v ? *v : std::vector<int64_t>();
      };
      auto lb = list("lhs_batching_dimensions"), rb = list("rhs_batching_dimensions");
      if (!lb.empty() || !rb.empty()) out_ += "batching_dims = " + ints(lb) + " x " + ints(rb) + ", ";
      out_ += "contracting_dims = " + ints(list("lhs_contracting_dimensions")) + " x " +
              ints(list("rhs_contracting_dimensions"));
      if (const Attribute *p = op.attribute("precision_config")) out_ += ", precision = " + printPrettyValue(*p);
      if (const Attribute *a = op.attribute("algorithm")) {
        std::string text = attributeText(*a, op);
        size_t lt = text.find('<');
        out_ += ", algorithm = " + (lt == std::string::npos ? text : text.substr(lt));
      }
    } else if (d == "conv_dimensions") {
      const Attribute *dims = op.attribute("dimension_numbers");
      std::string text = dims ? printConvDimensions(*dims) : "";
      if (text.empty()) return fail();
      out_ += text;
    } else if (d == "window") {
      static const std::pair<const char *, const char *> fields[] = {{"window_strides", "stride"},
                                                                    {"padding", "pad"},
                                                                    {"lhs_dilation", "lhs_dilate"},
                                                                    {"rhs_dilation", "rhs_dilate"},
                                                                    {"window_reversal", "reverse"}};
      bool first = true;
      for (const auto &[attribute, key] : fields) {
        const Attribute *a = op.attribute(attribute);
        if (!a) continue;
        out_ += (first ? "" : ", ") + std::string(key) + " = " + printPrettyValue(*a);
        first = false;
      }
    } else if (d == "call_target") {
      const Attribute *target = op.attribute("call_target_name");
      if (!target || (target->kind != Attribute::Kind::String && target->kind != Attribute::Kind::SymbolRef)) {
        return fail();
      }
      out_ += printSymbol(target->text);
    } else if (d == "barrier") {
      // optimization_barrier: attr-dict first, then the operands, or `()`
      // (no space before it, MLIR's rule for `(`) when there are none.
      out_ += attributeDictionary(op, printed);
      if (op.operands.empty()) {
        out_ += "()";
      } else {
        out_ += " " + valueList(op.operands) + " : ";
        appendOperandTypes(out_, op);
      }
    } else if (d == "return") {
      if (!op.operands.empty()) out_ += " " + valueList(op.operands);
      out_ += attributeDictionary(op, printed);
      if (!op.operands.empty()) {
        out_ += " : ";
        appendOperandTypes(out_, op);
      }
    } else if (d == "reduce") {
      size_t n = op.operands.size() / 2;
      const Attribute *dimensions = op.attribute("dimensions");
      auto dims = dimensions ? dimensions->integers() : std::nullopt;
      if (op.operands.size() % 2 != 0 || n == 0 || !dims || op.regions.size() != 1 ||
          op.regions[0]->blocks.size() != 1 || op.regions[0]->blocks[0]->arguments.size() != 2 * n) {
        return fail();
      }
      for (size_t k = 0; k < n; ++k) {
        out_ += k ? ", (" : "(";
        out_ += valueList({op.operands[k]}) + " init: " + valueList({op.operands[k + n]}) + ")";
      }
      // The compact form drops the body's text: never when it has comments.
      const Operation *inner = hasComment(op.regions[0]->range) ? nullptr : compactReducer(op);
      if (inner) out_ += " applies " + inner->name;
      out_ += " across dimensions = " + ints(*dims) + attributeDictionary(op, printed) + " : ";
      appendFunctionalType(out_, op);
      if (!inner) {
        const ir::Block &b = *op.regions[0]->blocks[0];
        out_ += "\n" + indentText(indent) + " reducer";
        for (size_t k = 0; k < n; ++k) {
          out_ += k ? " (" : "(";
          out_ += blockArgument(*b.arguments[k]) + ", " + blockArgument(*b.arguments[k + n]) + ")";
        }
        out_ += "  ";
        region(*op.regions[0], indent, false);
      }
    } else if (d == "while") {
      if (op.regions.size() != 2) return fail();
      const ir::Region &cond = *op.regions[0], &body = *op.regions[1];
      if (cond.blocks.size() != 1 || body.blocks.size() != 1) return fail();
      const auto &names = cond.blocks[0]->arguments;
      const auto &bodyNames = body.blocks[0]->arguments;
      if (names.size() != op.operands.size() || bodyNames.size() != names.size()) return fail();
      for (size_t k = 0; k < names.size(); ++k) {
        if (names[k]->name != bodyNames[k]->name || names[k]->location || bodyNames[k]->location) return fail();
      }
      out_ += "(";
      for (size_t k = 0; k < names.size(); ++k) {
        out_ += (k ? ", " : "") + names[k]->name + " = " + valueList({op.operands[k]});
      }
      out_ += ")" + attributeDictionary(op, printed);
      if (!op.operands.empty()) {
        out_ += " : ";
        appendOperandTypes(out_, op);
      }
      out_ += "\n" + indentText(indent) + " cond ";
      region(cond, indent, false);
      out_ += " do ";
      region(body, indent, false);
    } else {
      return fail();
    }
  }
  return true;
}

}  // namespace shlo::formatter
