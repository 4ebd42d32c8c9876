// Helpers shared by the verifiers of the linear algebra, convolution,
// normalization, random and custom_call/composite ops: result checks,
// boolean attributes, precision configs, constant operands.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "semantic/verify/Checks.h"
#include "semantic/verify/Regions.h"
#include "semantic/verify/VerifyContext.h"

namespace shlo::verify::linalg {

using ir::Attribute;
using ir::ElementType;
using ir::Type;

// ---------------------------------------------------------------------------
// Shared helpers.

inline bool isRanked(const Type &t) { return t.isTensor() && t.ranked(); }
inline bool isDynamic(int64_t d) { return d == ir::kDynamic; }
inline bool dimsCompatible(int64_t a, int64_t b) { return isDynamic(a) || isDynamic(b) || a == b; }
inline std::string dimText(int64_t d) { return isDynamic(d) ? "?" : std::to_string(d); }
inline std::string shapeText(const std::vector<int64_t> &shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + dimText(shape[i]);
  return out + "]";
}
inline bool contains(const std::vector<int64_t> &v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

/// checkInferred, but quantization parameters may differ when the baseline
/// element types agree (quantized ops may requantize their results).
inline bool checkResult(VerifyContext &c, size_t i, Type inferred, std::string_view constraint) {
  Type actual = c.resultType(i);
  if (inferred.isTensor() && actual.isTensor() &&
      (inferred.element().isQuantized() || actual.element().isQuantized()) &&
      ir::sameBaselineElementType(inferred.element(), actual.element())) {
    inferred = inferred.withElement(actual.element());
  }
  return c.checkInferred(i, inferred, constraint);
}

/// Compares only the shape of result `i` with `shape` (the element type is
/// not inferred by the op).
inline bool checkResultShape(VerifyContext &c, size_t i, const std::vector<int64_t> &shape,
                             std::string_view constraint) {
  Type actual = c.resultType(i);
  if (!isRanked(actual)) return true;
  return c.checkInferred(i, Type::tensor(shape, actual.element()), constraint);
}

/// The element type to give an inferred result whose element type the op
/// does not determine: the written result's, else `fallback`'s.
inline ElementType resultElementOr(const VerifyContext &c, size_t i, const Type &fallback) {
  Type r = c.resultType(i);
  return r.isTensor() ? r.element() : fallback.element();
}

/// The value of a boolean attribute (`true`, `1 : i1`), or nullopt.
inline std::optional<bool> boolAttribute(const VerifyContext &c, std::string_view name) {
  const Attribute *a = c.attribute(name);
  if (!a) return std::nullopt;
  if (a->kind == Attribute::Kind::Bool || a->kind == Attribute::Kind::Integer) return a->integer != 0;
  return std::nullopt;
}

/// precision_config: an array of at most two `precision` enums.
inline bool checkPrecisionConfig(VerifyContext &c, std::string_view constraint) {
  const Attribute *a = c.attribute("precision_config");
  if (!a) return true;
  if (a->kind != Attribute::Kind::Array) {
    c.error(c.attributeRange("precision_config"), constraint,
            "precision_config must be an array of precision enums, got " + a->str());
    return false;
  }
  for (const Attribute &e : a->elements) {
    if (e.kind != Attribute::Kind::Enum || (e.text != "DEFAULT" && e.text != "HIGH" && e.text != "HIGHEST")) {
      c.error(e.range.size() ? e.range : c.attributeRange("precision_config"), constraint,
              "precision_config entries must be DEFAULT, HIGH or HIGHEST, got " + e.str());
      return false;
    }
  }
  if (a->elements.size() > 2) {
    c.error(c.attributeRange("precision_config"), constraint,
            "precision_config has " + std::to_string(a->elements.size()) +
                " entries but at most 2 are allowed (one for lhs, one for rhs)");
    return false;
  }
  return true;
}

/// The integer constant an operand is defined by (`stablehlo.constant`).
inline std::optional<std::vector<int64_t>> constantOperand(const VerifyContext &c, size_t i) {
  const ir::Operation &op = c.op();
  if (i >= op.operands.size() || !op.operands[i] || !op.operands[i]->definingOp) return std::nullopt;
  const ir::Operation *def = op.operands[i]->definingOp;
  if (!isConstantOp(def) && def->name != "arith.constant") return std::nullopt;
  const Attribute *value = def->attribute("value");
  if (!value || value->kind != Attribute::Kind::DenseElements) return std::nullopt;
  int64_t count = value->type && value->type->isTensor() && value->type->hasStaticShape() ? value->type->numElements()
                                                                                          : -1;
  return ir::decodeDenseIntegers(value->literal(), 64, count);
}

}  // namespace shlo::verify::linalg
