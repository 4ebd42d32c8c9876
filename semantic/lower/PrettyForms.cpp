#include "semantic/lower/PrettyForms.h"

#include <map>

#include "semantic/ops/Ops.h"

namespace shlo::lower {

using ir::Attribute;
using ir::Operation;
using ir::Type;

namespace {

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

/// Enum-valued attributes: generic attribute name -> enum name.
const std::map<std::string, std::string, std::less<>> &enumNames() {
  static const std::map<std::string, std::string, std::less<>> names = {
      {"fft_type", "fft_type"},
      {"rng_distribution", "rng_distribution"},
      {"rng_algorithm", "rng_algorithm"},
      {"comparison_direction", "comparison_direction"},
      {"compare_type", "comparison_type"},
      {"transpose_a", "transpose"},
  };
  return names;
}

Attribute asEnum(Attribute value, const std::string &enumName) {
  if (value.kind == Attribute::Kind::Enum && value.name.empty()) value.name = enumName;
  return value;
}

/// [DEFAULT, HIGH] -> an array of `precision` enums.
Attribute precisionArray(Attribute value) {
  for (Attribute &e : value.elements) e = asEnum(e, "precision");
  return value;
}

void setDotDimensions(Operation &op, const PrettyItem &item, const char *lhs, const char *rhs) {
  const Attribute *existing = op.attribute("dot_dimension_numbers");
  Attribute dims;
  if (existing) {
    dims = *existing;
  } else {
    dims.kind = Attribute::Kind::Struct;
    dims.name = "stablehlo.dot";
    dims.range = item.range;
  }
  if (item.value.elements.size() == 2) {
    dims.fields.emplace_back(lhs, item.value.elements[0]);
    dims.fields.emplace_back(rhs, item.value.elements[1]);
  }
  op.setAttribute("dot_dimension_numbers", dims, item.range);
}

void setWindow(Operation &op, const PrettyItem &item) {
  static const std::map<std::string, std::string, std::less<>> names = {
      {"stride", "window_strides"}, {"pad", "padding"}, {"lhs_dilate", "lhs_dilation"},
      {"rhs_dilate", "rhs_dilation"}, {"reverse", "window_reversal"}};
  for (const auto &[key, value] : item.value.fields) {
    auto it = names.find(key);
    op.setAttribute(it == names.end() ? key : it->second, value, value.range);
  }
}

}  // namespace

std::string_view genericEnumName(std::string_view attribute) {
  if (attribute == "precision_config") return "precision";
  auto it = enumNames().find(attribute);
  return it == enumNames().end() ? std::string_view() : std::string_view(it->second);
}

std::string canonicalOpName(std::string_view written) { return std::string(ops::canonicalName(written)); }

bool isKnownPrettyOp(std::string_view name) {
  return startsWith(name, "stablehlo.") || startsWith(name, "chlo.") || startsWith(name, "check.") ||
         startsWith(name, "interpreter.") || startsWith(name, "func.") || isReturnLike(name);
}

bool appliesReducer(std::string_view name) {
  const ops::OpDef *def = ops::find(name);
  return def && def->pretty.appliesReducer;
}

bool isReturnLike(std::string_view name) {
  // Unknown check ops are taken as checks of their operands too.
  const ops::OpDef *def = ops::find(name);
  if (!def) return startsWith(name, "check.");
  return def->pretty.signature == ops::Signature::Operands;
}

void resolveSignature(const Operation &op, const Signature &signature, size_t boundResults,
                      std::vector<Type> &operandTypes, std::vector<Type> &resultTypes) {
  const std::vector<Type> &types = signature.operandTypes;
  size_t operands = op.operands.size();
  if (signature.hasArrow || op.form == ir::OpForm::Generic) {
    operandTypes = types;
    resultTypes = signature.resultTypes;
    return;
  }
  if (types.empty()) return;
  std::string_view name = op.name;
  auto repeat = [](const Type &t, size_t n) { return std::vector<Type>(n, t); };
  const ops::OpDef *def = ops::find(name);
  ops::Signature form = def ? def->pretty.signature : ops::Signature::SameType;
  if (!isKnownPrettyOp(name)) {
    // Core-dialect ops used for shape computations: their formats, where
    // known; otherwise the result types stay unknown (never guessed).
    const Type &t = types.back();
    if (form == ops::Signature::IndexResult) {
      resultTypes = {Type::scalar(ir::ElementType::index())};
    } else if (form == ops::Signature::ElementResult && t.isTensor()) {
      resultTypes = {Type::scalar(t.element())};
    } else if (form == ops::Signature::I1Result) {
      resultTypes = {t.isTensor() ? t.withElement(ir::ElementType::integer(1))
                                  : Type::scalar(ir::ElementType::integer(1))};
    } else if (form == ops::Signature::ResultOnly) {
      resultTypes = {t};
    } else if (form == ops::Signature::ArithSelect && (types.size() == 1 || types.size() == 2)) {
      // `: T` (an i1 condition, left unchecked) or `: condition type, T`.
      operandTypes = {types.size() == 2 ? types[0] : Type(), t, t};
      resultTypes = {t};
    } else if (startsWith(name, "arith.") && types.size() == 1) {
      operandTypes = repeat(t, operands);
      resultTypes = {t};
    }
    return;
  }
  if (isReturnLike(name)) {
    operandTypes = types.size() == 1 && operands > 1 ? repeat(types[0], operands) : types;
    return;
  }
  if (form == ops::Signature::Select && types.size() == 2) {
    operandTypes = {types[0], types[1], types[1]};
    resultTypes = {types[1]};
    return;
  }
  if (form == ops::Signature::OperandsAreResults) {
    operandTypes = types;
    resultTypes = types;
    return;
  }
  if (form == ops::Signature::ResultOnly) {
    resultTypes = {types.back()};
    return;
  }
  if (form == ops::Signature::FirstType) {
    operandTypes = {types[0]};
    resultTypes = {types[0]};
    return;
  }
  // SameOperandsAndResultType: one type for every operand and the result.
  if (types.size() == 1) {
    operandTypes = repeat(types[0], operands);
    resultTypes = repeat(types[0], std::max<size_t>(1, boundResults));
    return;
  }
  operandTypes = types;
  resultTypes = {types.back()};
}

void desugar(Operation &op, const PrettyOperation &pretty, const std::vector<Type> &resultTypes) {
  if (op.form != ir::OpForm::Pretty) return;
  const std::string &name = op.name;
  const ops::OpDef *def = ops::find(name);
  const ops::PrettyForm pretty_ = def ? def->pretty : ops::PrettyForm();
  std::vector<const PrettyItem *> enums;
  for (const PrettyItem &item : pretty.items) {
    switch (item.kind) {
      case PrettyItem::Kind::Keyword: {
        std::string key = def ? std::string(def->attributeForKeyword(item.key)) : item.key;
        if (key == "batching_dims") {
          setDotDimensions(op, item, "lhs_batching_dimensions", "rhs_batching_dimensions");
        } else if (key == "contracting_dims") {
          setDotDimensions(op, item, "lhs_contracting_dimensions", "rhs_contracting_dimensions");
        } else if (key == "precision_config") {
          op.setAttribute(key, precisionArray(item.value), item.range);
        } else if (key == "algorithm" && item.value.kind == Attribute::Kind::Struct) {
          Attribute algorithm = item.value;
          algorithm.name = "stablehlo.dot_algorithm";
          op.setAttribute("algorithm", algorithm, item.range);
        } else if (key == "window" && pretty_.windowStruct) {
          setWindow(op, item);
        } else if (key == "format" && pretty_.formatBits) {
          // e5m10: exponent and mantissa bits.
          const std::string &f = item.text;
          size_t m = f.find('m');
          if (f.size() > 1 && f[0] == 'e' && m != std::string::npos) {
            op.setAttribute("exponent_bits", Attribute::makeInteger(std::atoll(f.substr(1, m - 1).c_str()), item.range),
                            item.range);
            op.setAttribute("mantissa_bits", Attribute::makeInteger(std::atoll(f.substr(m + 1).c_str()), item.range),
                            item.range);
          }
        } else {
          auto e = enumNames().find(key);
          op.setAttribute(key, e == enumNames().end() ? item.value : asEnum(item.value, e->second), item.range);
        }
        break;
      }
      case PrettyItem::Kind::Enum:
        enums.push_back(&item);
        break;
      case PrettyItem::Kind::Symbol:
        if (pretty_.symbolAttribute != "callee") {
          op.setAttribute(std::string(pretty_.symbolAttribute), Attribute::makeString(item.value.text, item.range),
                          item.range);
        } else {
          op.setAttribute("callee", item.value, item.range);
        }
        break;
      case PrettyItem::Kind::Value:
        if (!pretty_.stringAttribute.empty() && item.value.kind == Attribute::Kind::String) {
          op.setAttribute(std::string(pretty_.stringAttribute), item.value, item.range);
        } else {
          Attribute value = item.value;
          if (!value.type && !resultTypes.empty()) value.type = resultTypes[0];
          op.setAttribute("value", value, item.range);
        }
        break;
      case PrettyItem::Kind::Indices:
        if (pretty_.indices == ops::PrettyIndices::TupleIndex && !item.slices.empty()) {
          op.setAttribute("index", Attribute::makeInteger(item.slices[0].start, item.range), item.range);
        } else if (pretty_.indices == ops::PrettyIndices::Slice) {
          std::vector<int64_t> starts, limits, strides;
          for (const SliceRange &r : item.slices) {
            starts.push_back(r.start);
            limits.push_back(r.hasLimit ? r.limit : r.start + 1);
            strides.push_back(r.stride);
          }
          op.setAttribute("start_indices", Attribute::makeIntegerArray(starts, item.range), item.range);
          op.setAttribute("limit_indices", Attribute::makeIntegerArray(limits, item.range), item.range);
          op.setAttribute("strides", Attribute::makeIntegerArray(strides, item.range), item.range);
        }
        break;
      case PrettyItem::Kind::Group:
        break;
    }
  }
  if (pretty_.enums == ops::PrettyEnums::Comparison) {
    if (enums.size() > 0) {
      op.setAttribute("comparison_direction", asEnum(enums[0]->value, "comparison_direction"), enums[0]->range);
    }
    if (enums.size() > 1) op.setAttribute("compare_type", asEnum(enums[1]->value, "comparison_type"), enums[1]->range);
  } else if (!enums.empty() && pretty_.enums == ops::PrettyEnums::Predicate) {
    // arith.cmpi slt, ...: a leading predicate.
    op.setAttribute("predicate", enums[0]->value, enums[0]->range);
  }
}

}  // namespace shlo::lower
