// Helpers shared by the verifiers of the shape, slicing, conversion and
// type-changing element-wise ops: rank and dimension text, tensor checks,
// constant operands, quantized element comparisons.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "semantic/verify/Checks.h"
#include "semantic/verify/Regions.h"
#include "semantic/verify/VerifyContext.h"

namespace shlo::verify::shapes {

using ir::Attribute;
using ir::ElementType;
using ir::kDynamic;
using ir::Type;

// ---------------------------------------------------------------------------
// Helpers.

inline bool isRanked(const Type &t) { return t.isTensor() && t.ranked(); }
inline bool isStatic(int64_t d) { return d != kDynamic; }
inline bool dimsCompatible(int64_t a, int64_t b) { return a == kDynamic || b == kDynamic || a == b; }
inline std::string dimText(int64_t d) { return d == kDynamic ? "?" : std::to_string(d); }
inline std::string shapeText(const std::vector<int64_t> &shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + dimText(shape[i]);
  return out + "]";
}
inline std::string num(int64_t v) { return std::to_string(v); }
inline std::string num(size_t v) { return std::to_string(v); }
inline std::string entries(size_t n) { return num(n) + (n == 1 ? " entry" : " entries"); }

/// Operands and results of tensor ops are tensors; reports the first that is
/// not (a token, a tuple).
inline bool checkTensors(VerifyContext &c) {
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (t.valid() && !t.isTensor()) {
      c.error(c.operandRange(i), "type", "operand #" + std::to_string(i) + " must be a tensor, got " + t.str());
      c.relateOperand(i);
      return false;
    }
  }
  for (size_t i = 0; i < c.numResults(); ++i) {
    Type t = c.resultType(i);
    if (t.valid() && !t.isTensor()) {
      c.error(c.resultRange(i), "type", "result #" + std::to_string(i) + " must be a tensor, got " + t.str());
      return false;
    }
  }
  return true;
}

inline bool isPerAxisQuantized(const ElementType &e) {
  return e.isQuantized() && e.quantizedInfo() && e.quantizedInfo()->quantizationDimension.has_value();
}

/// Element types equal up to quantization parameters (scales, zero points,
/// quantization dimension) when both are quantized.
inline bool sameElementUpToQuantParams(const ElementType &a, const ElementType &b) {
  if (a.isQuantized() && b.isQuantized()) {
    const ir::QuantizedElement *qa = a.quantizedInfo();
    const ir::QuantizedElement *qb = b.quantizedInfo();
    if (!qa || !qb) return true;
    return qa->storageType == qb->storageType && qa->expressedType == qb->expressedType;
  }
  return a == b;
}

/// The element type used for bit-level reinterpretation: the storage type of
/// a quantized type.
inline ElementType storageElement(const ElementType &e) {
  if (e.isQuantized() && e.quantizedInfo()) return e.quantizedInfo()->storageType;
  return e;
}

/// The element type of each part of a complex type; other types unchanged.
inline ElementType complexPart(const ElementType &e) {
  return e.isComplex() ? ElementType::floating(e.floatFormat()) : e;
}

/// Reports a missing attribute or one that is not an integer.
inline std::optional<int64_t> requireInteger(VerifyContext &c, std::string_view name, std::string_view constraint) {
  const Attribute *a = c.attribute(name);
  if (!a) {
    c.error(c.nameRange(), constraint, "missing attribute `" + std::string(name) + "`");
    return std::nullopt;
  }
  if (a->kind != Attribute::Kind::Integer) {
    if (auto values = a->integers(); values && values->size() == 1) return (*values)[0];
    c.error(c.attributeRange(name), constraint,
            "attribute `" + std::string(name) + "` must be an integer, got " + a->str());
    return std::nullopt;
  }
  return a->integer;
}

/// The integers held by operand `i` when it is the result of a
/// `stablehlo.constant` (or `arith.constant`) with dense integer data.
inline std::optional<std::vector<int64_t>> constantOperand(const VerifyContext &c, size_t i) {
  const ir::Operation &op = c.op();
  if (i >= op.operands.size() || !op.operands[i]) return std::nullopt;
  const ir::Operation *def = op.operands[i]->definingOp;
  if (!def || (!isConstantOp(def) && def->name != "arith.constant")) return std::nullopt;
  const Attribute *value = def->attribute("value");
  if (!value || value->kind != Attribute::Kind::DenseElements) return std::nullopt;
  if (value->type && value->type->isTensor() && !value->type->element().isInteger() &&
      !value->type->element().isIndex()) {
    return std::nullopt;
  }
  return value->integers();
}

/// Operand `i` is a 1-D tensor (a shape operand); reports otherwise. Returns
/// its static size, or nullopt when dynamic or not checkable.
inline std::optional<int64_t> shapeOperandSize(VerifyContext &c, size_t i, std::string_view what,
                                               std::string_view constraint, bool requireStatic) {
  Type t = c.operandType(i);
  if (!isRanked(t)) return std::nullopt;
  if (t.rank() != 1) {
    c.error(c.operandRange(i), constraint, std::string(what) + " must be a 1-dimensional tensor, got " + t.str());
    c.relateOperand(i);
    return std::nullopt;
  }
  if (!isStatic(t.dim(0))) {
    if (requireStatic) {
      c.error(c.operandRange(i), constraint, std::string(what) + " must be statically shaped, got " + t.str());
      c.relateOperand(i);
    }
    return std::nullopt;
  }
  return t.dim(0);
}

/// Compares a shape read from a constant shape operand with the result type.
inline bool checkConstantShape(VerifyContext &c, size_t operand, const std::vector<int64_t> &shape,
                               std::string_view constraint) {
  Type result = c.resultType(0);
  if (!isRanked(result)) return true;
  bool ok = static_cast<int64_t>(shape.size()) == result.rank();
  for (size_t i = 0; ok && i < shape.size(); ++i) {
    int64_t r = result.dim(static_cast<int64_t>(i));
    if (isStatic(r) && r != shape[i]) ok = false;
  }
  if (ok) return true;
  c.error(c.resultRange(0), constraint,
          "the shape operand holds " + listText(shape) + ", which does not match the result type " + result.str());
  c.relateOperand(operand);
  return false;
}

/// Checks an inferred type but only requires the baseline element types to
/// agree (quantization parameters may differ).
inline bool checkInferredBaseline(VerifyContext &c, size_t i, const Type &inferred, std::string_view constraint) {
  Type result = c.resultType(i);
  if (inferred.isTensor() && result.isTensor() && inferred.element().isQuantized() && result.element().isQuantized() &&
      ir::sameBaselineElementType(inferred.element(), result.element())) {
    return c.checkInferred(i, inferred.withElement(result.element()), constraint);
  }
  return c.checkInferred(i, inferred, constraint);
}

/// Shape compatibility of two tensor types, reported against the result.
inline bool checkResultShape(VerifyContext &c, const Type &expectedShape, std::string_view what,
                             std::string_view constraint) {
  Type result = c.resultType(0);
  if (!expectedShape.isTensor() || !result.isTensor() || ir::isShapeCompatible(expectedShape, result)) return true;
  c.error(c.resultRange(0), constraint,
          "result type " + result.str() + " does not have the shape of " + std::string(what) + " (" +
              expectedShape.str() + ")");
  return false;
}

/// Every operand from `first` on is a 0-dimensional integer tensor of one type.
inline bool checkScalarIndices(VerifyContext &c, size_t first, std::string_view constraint) {
  Type reference;
  for (size_t i = first; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (!isRanked(t)) continue;
    if (t.rank() != 0 || !(t.element().isNonBooleanInteger() || t.element().isIndex())) {
      c.error(c.operandRange(i), constraint,
              "start index operand #" + num(i) + " must be a 0-dimensional tensor of integer type, got " + t.str());
      c.relateOperand(i);
      return false;
    }
    if (!reference.valid()) {
      reference = t;
    } else if (t != reference) {
      c.error(c.operandRange(i), constraint,
              "start indices must all have the same type: operand #" + num(i) + " has " + t.str() + " but operand #" +
                  num(first) + " has " + reference.str());
      c.relateOperand(i);
      return false;
    }
  }
  return true;
}

}  // namespace shlo::verify::shapes
