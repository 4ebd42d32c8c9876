// Shape and data-movement ops (spec: broadcast_in_dim, concatenate, slice, pad, transpose, reshape, iota, ...),
// plus the type-changing unary ops (convert, bitcast_convert, real, imag, abs, is_finite, complex), constants,
// tuples and the quantization ops.
#include <algorithm>
#include <set>

#include <sstream>

#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/Regions.h"

namespace shlo::verify {

namespace {

using ir::Attribute;
using ir::ElementType;
using ir::kDynamic;
using ir::Type;

// ---------------------------------------------------------------------------
// Helpers.

bool isRanked(const Type &t) { return t.isTensor() && t.ranked(); }
bool isStatic(int64_t d) { return d != kDynamic; }
bool dimsCompatible(int64_t a, int64_t b) { return a == kDynamic || b == kDynamic || a == b; }
std::string dimText(int64_t d) { return d == kDynamic ? "?" : std::to_string(d); }
std::string shapeText(const std::vector<int64_t> &shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + dimText(shape[i]);
  return out + "]";
}
std::string num(int64_t v) { return std::to_string(v); }
std::string num(size_t v) { return std::to_string(v); }
std::string entries(size_t n) { return num(n) + (n == 1 ? " entry" : " entries"); }

/// Operands and results of tensor ops are tensors; reports the first that is
/// not (a token, a tuple).
bool checkTensors(VerifyContext &c) {
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

bool isPerAxisQuantized(const ElementType &e) {
  return e.isQuantized() && e.quantizedInfo() && e.quantizedInfo()->quantizationDimension.has_value();
}

/// Element types equal up to quantization parameters (scales, zero points,
/// quantization dimension) when both are quantized.
bool sameElementUpToQuantParams(const ElementType &a, const ElementType &b) {
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
ElementType storageElement(const ElementType &e) {
  if (e.isQuantized() && e.quantizedInfo()) return e.quantizedInfo()->storageType;
  return e;
}

/// The element type of each part of a complex type; other types unchanged.
ElementType complexPart(const ElementType &e) { return e.isComplex() ? ElementType::floating(e.floatFormat()) : e; }

/// Reports a missing attribute or one that is not an integer.
std::optional<int64_t> requireInteger(VerifyContext &c, std::string_view name, std::string_view constraint) {
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
std::optional<std::vector<int64_t>> constantOperand(const VerifyContext &c, size_t i) {
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
std::optional<int64_t> shapeOperandSize(VerifyContext &c, size_t i, std::string_view what, std::string_view constraint,
                                        bool requireStatic) {
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
bool checkConstantShape(VerifyContext &c, size_t operand, const std::vector<int64_t> &shape,
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
bool checkInferredBaseline(VerifyContext &c, size_t i, const Type &inferred, std::string_view constraint) {
  Type result = c.resultType(i);
  if (inferred.isTensor() && result.isTensor() && inferred.element().isQuantized() && result.element().isQuantized() &&
      ir::sameBaselineElementType(inferred.element(), result.element())) {
    return c.checkInferred(i, inferred.withElement(result.element()), constraint);
  }
  return c.checkInferred(i, inferred, constraint);
}

/// Shape compatibility of two tensor types, reported against the result.
bool checkResultShape(VerifyContext &c, const Type &expectedShape, std::string_view what, std::string_view constraint) {
  Type result = c.resultType(0);
  if (!expectedShape.isTensor() || !result.isTensor() || ir::isShapeCompatible(expectedShape, result)) return true;
  c.error(c.resultRange(0), constraint,
          "result type " + result.str() + " does not have the shape of " + std::string(what) + " (" +
              expectedShape.str() + ")");
  return false;
}

/// Every operand from `first` on is a 0-dimensional integer tensor of one type.
bool checkScalarIndices(VerifyContext &c, size_t first, std::string_view constraint) {
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

// ---------------------------------------------------------------------------
// broadcast_in_dim, dynamic_broadcast_in_dim, broadcast.

/// C1-C5 shared by broadcast_in_dim and dynamic_broadcast_in_dim. `shapeValues`
/// are the output dimensions when known from a constant.
bool checkBroadcastDims(VerifyContext &c, const std::vector<int64_t> &dims,
                        const std::optional<std::vector<int64_t>> &shapeValues) {
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!isRanked(operand) || !isRanked(result)) return true;
  if (!sameElementUpToQuantParams(operand.element(), result.element())) {
    c.error(c.resultRange(0), "C1",
            "result element type " + result.element().str() + " differs from the operand's " + operand.element().str());
    return false;
  }
  if (static_cast<int64_t>(dims.size()) != operand.rank()) {
    c.error(c.attributeRange("broadcast_dimensions"), "C2",
            "broadcast_dimensions has " + entries(dims.size()) + " but the operand has rank " + num(operand.rank()));
    return false;
  }
  if (!checkDimensionsInRange(c, "broadcast_dimensions", dims, result.rank(), "C3")) return false;
  if (!checkUnique(c, "broadcast_dimensions", dims, "C4")) return false;
  for (size_t d = 0; d < dims.size(); ++d) {
    int64_t in = operand.dim(static_cast<int64_t>(d));
    int64_t out = result.dim(dims[d]);
    if (!isStatic(in) || in == 1) continue;
    if (isStatic(out) && out != in) {
      c.error(c.attributeRange("broadcast_dimensions"), "C5",
              "operand dimension " + num(d) + " has size " + num(in) + ", which is neither 1 nor the size " + num(out) +
                  " of result dimension " + num(dims[d]));
      c.relateOperand(0);
      return false;
    }
    if (shapeValues && static_cast<size_t>(dims[d]) < shapeValues->size()) {
      int64_t v = (*shapeValues)[static_cast<size_t>(dims[d])];
      if (v != in) {
        c.error(c.operandRange(1), "C5",
                "operand dimension " + num(d) + " has size " + num(in) + ", which is neither 1 nor the value " +
                    num(v) + " of output_dimensions at index " + num(dims[d]));
        c.relateOperand(1);
        return false;
      }
    }
  }
  return true;
}


/// Ops that only move elements keep their quantization: a per-tensor result
/// has the operand's scale and zero point; a per-axis result has its scales
/// and zero points (a size-1 broadcast dimension repeats the single one), and
/// its quantization dimension is where the operand's went, when known.
/// Spec: broadcast_in_dim C1/C6, reshape C1/C3, transpose C1/C4.
bool checkQuantizationPreserved(VerifyContext &c, std::optional<int64_t> expectedResultDimension,
                                std::string_view perTensorConstraint, std::string_view perAxisConstraint) {
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!operand.isTensor() || !result.isTensor()) return true;
  const ir::QuantizedElement *in = operand.element().quantizedInfo();
  const ir::QuantizedElement *out = result.element().quantizedInfo();
  if (!in || !out) return true;
  auto parameters = [](const ir::QuantizedElement &q, size_t i) {
    std::ostringstream text;
    text << "scale " << q.scales[i] << ", zero point " << (i < q.zeroPoints.size() ? q.zeroPoints[i] : 0);
    return text.str();
  };
  if (!in->quantizationDimension && !out->quantizationDimension) {
    if (in->scales == out->scales && in->zeroPoints == out->zeroPoints) return true;
    c.error(c.resultRange(0), perTensorConstraint,
            "result quantization (" + (out->scales.empty() ? std::string("none") : parameters(*out, 0)) +
                ") differs from the operand's (" + (in->scales.empty() ? std::string("none") : parameters(*in, 0)) +
                "); this op keeps quantization parameters");
    return false;
  }
  if (!in->quantizationDimension || !out->quantizationDimension) return true;  // Baseline check reports it.
  if (expectedResultDimension && *out->quantizationDimension != *expectedResultDimension) {
    c.error(c.resultRange(0), perAxisConstraint,
            "result quantization dimension is " + std::to_string(*out->quantizationDimension) +
                " but the operand's quantization dimension " + std::to_string(*in->quantizationDimension) +
                " maps to " + std::to_string(*expectedResultDimension));
    return false;
  }
  bool repeated = in->scales.size() == 1 && out->scales.size() > 1;
  for (size_t i = 0; i < out->scales.size(); ++i) {
    size_t j = repeated ? 0 : i;
    if (j >= in->scales.size()) break;
    int64_t zIn = j < in->zeroPoints.size() ? in->zeroPoints[j] : 0;
    int64_t zOut = i < out->zeroPoints.size() ? out->zeroPoints[i] : 0;
    if (in->scales[j] != out->scales[i] || zIn != zOut) {
      c.error(c.resultRange(0), perAxisConstraint,
              "result " + parameters(*out, i) + " at index " + std::to_string(i) + " differs from the operand's " +
                  parameters(*in, j) + "; this op keeps quantization parameters");
      return false;
    }
  }
  if (!repeated && in->scales.size() != out->scales.size()) {
    c.error(c.resultRange(0), perAxisConstraint,
            "result has " + std::to_string(out->scales.size()) + " scales but the operand has " +
                std::to_string(in->scales.size()));
    return false;
  }
  return true;
}

void verifyBroadcastInDim(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1)) return;
  auto dims = requireIntegers(c, "broadcast_dimensions", "C2");
  if (!dims || !c.typesKnown()) return;
  if (!checkBroadcastDims(c, *dims, std::nullopt)) return;
  {
    // C6: the per-axis quantization dimension follows broadcast_dimensions.
    std::optional<int64_t> mapped;
    const ir::QuantizedElement *q = c.operandType(0).isTensor() ? c.operandType(0).element().quantizedInfo() : nullptr;
    if (q && q->quantizationDimension && *q->quantizationDimension >= 0 &&
        *q->quantizationDimension < static_cast<int64_t>(dims->size())) {
      mapped = (*dims)[static_cast<size_t>(*q->quantizationDimension)];
    }
    if (!checkQuantizationPreserved(c, mapped, "C1", "C6")) return;
  }
  Type result = c.resultType(0);
  if (!isRanked(result)) return;
  for (int64_t i = 0; i < result.rank(); ++i) {
    bool bounded = i < static_cast<int64_t>(result.bounds().size()) && isStatic(result.bounds()[size_t(i)]) &&
                   result.bounds()[size_t(i)] >= 0;  // legacy `bounds = [3, -1]` keeps -1 for "no bound"
    if (!isStatic(result.dim(i)) && !bounded) {
      c.error(c.resultRange(0), "result",
              "result type " + result.str() + " must have a static shape (dimension " + num(i) +
                  " is dynamic without a bound); use dynamic_broadcast_in_dim for dynamic shapes");
      return;
    }
  }
}

void verifyDynamicBroadcastInDim(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 2, 1)) return;
  auto dims = requireIntegers(c, "broadcast_dimensions", "C2");
  if (!dims || !c.typesKnown()) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  auto outputSize = shapeOperandSize(c, 1, "output_dimensions", "C7", true);
  if (c.failed()) return;
  if (Type t = c.operandType(1); isRanked(t) && !(t.element().isInteger() || t.element().isIndex())) {
    c.error(c.operandRange(1), "C7", "output_dimensions must be a tensor of integer type, got " + t.str());
    return;
  }
  auto shapeValues = constantOperand(c, 1);
  if (!checkBroadcastDims(c, *dims, shapeValues)) return;
  if (outputSize && isRanked(result) && *outputSize != result.rank()) {
    c.error(c.operandRange(1), "C7",
            "output_dimensions has " + num(*outputSize) + " elements but the result has rank " + num(result.rank()));
    c.relateOperand(1);
    return;
  }
  if (shapeValues && !checkConstantShape(c, 1, *shapeValues, "C7")) return;
  // C8-C10: the expansion hints.
  std::vector<int64_t> all;
  for (const char *name : {"known_expanding_dimensions", "known_nonexpanding_dimensions"}) {
    if (!c.attribute(name)) continue;
    auto values = requireIntegers(c, name, name[6] == 'e' ? "C9" : "C10");
    if (!values) return;
    if (isRanked(operand) && !checkDimensionsInRange(c, name, *values, operand.rank(), name[6] == 'e' ? "C9" : "C10")) {
      return;
    }
    for (int64_t v : *values) {
      if (std::find(all.begin(), all.end(), v) != all.end()) {
        c.error(c.attributeRange(name), "C8",
                "operand dimension " + num(v) +
                    " appears more than once in known_expanding_dimensions and known_nonexpanding_dimensions");
        return;
      }
      all.push_back(v);
    }
  }
}

std::vector<Type> inferBroadcast(const VerifyContext &c) {
  if (c.numOperands() != 1) return {};
  Type operand = c.operandType(0);
  auto sizes = c.integers("broadcast_sizes");
  if (!isRanked(operand) || !sizes) return {};
  for (int64_t s : *sizes) {
    if (s < 0) return {};
  }
  std::vector<int64_t> shape = *sizes;
  shape.insert(shape.end(), operand.shape().begin(), operand.shape().end());
  return {operand.withShape(shape)};
}

void verifyBroadcast(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1)) return;
  auto sizes = requireIntegers(c, "broadcast_sizes", "C1");
  if (!sizes || !c.typesKnown()) return;
  for (int64_t s : *sizes) {
    if (s < 0) {
      c.error(c.attributeRange("broadcast_sizes"), "C1",
              "broadcast_sizes " + listText(*sizes) + " has the negative size " + num(s));
      return;
    }
  }
  auto inferred = inferBroadcast(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C1");
}

// ---------------------------------------------------------------------------
// concatenate.

std::vector<Type> inferConcatenate(const VerifyContext &c) {
  if (c.numOperands() == 0) return {};
  auto dimension = c.integer("dimension");
  Type first = c.operandType(0);
  if (!dimension || !isRanked(first) || *dimension < 0 || *dimension >= first.rank()) return {};
  std::vector<int64_t> shape(static_cast<size_t>(first.rank()), kDynamic);
  int64_t sum = 0;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (!isRanked(t)) {
      sum = kDynamic;
      continue;
    }
    if (t.rank() != first.rank()) return {};
    for (int64_t d = 0; d < t.rank(); ++d) {
      if (d == *dimension) {
        if (sum != kDynamic) sum = isStatic(t.dim(d)) ? sum + t.dim(d) : kDynamic;
      } else if (!isStatic(shape[size_t(d)])) {
        shape[size_t(d)] = t.dim(d);
      }
    }
  }
  shape[size_t(*dimension)] = sum;
  return {first.withShape(shape)};
}

void verifyConcatenate(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (c.numOperands() == 0) {
    c.error(c.nameRange(), "C3", "expects at least one input, got none");
    return;
  }
  if (c.numResults() != 1) {
    c.error(c.nameRange(), "results", "expects 1 result, got " + num(c.numResults()));
    return;
  }
  auto dimension = requireInteger(c, "dimension", "C4");
  if (!dimension) return;
  if (*dimension < 0) {
    c.error(c.attributeRange("dimension"), "C4", "dimension " + num(*dimension) + " must be non-negative");
    return;
  }
  if (!c.typesKnown()) return;
  Type first;
  size_t firstIndex = 0;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (!isRanked(t)) continue;
    if (!first.valid()) {
      first = t;
      firstIndex = i;
      if (t.rank() == 0) {
        c.error(c.operandRange(i), "C4", "cannot concatenate 0-dimensional tensors (" + t.str() + ")");
        c.relateOperand(i);
        return;
      }
      if (*dimension >= t.rank()) {
        c.error(c.attributeRange("dimension"), "C4",
                "dimension " + num(*dimension) + " is out of range for inputs of rank " + num(t.rank()));
        return;
      }
      continue;
    }
    if (t.rank() != first.rank()) {
      c.error(c.operandRange(i), "C2",
              "input #" + num(i) + " has rank " + num(t.rank()) + " but input #" + num(firstIndex) + " has rank " +
                  num(first.rank()));
      c.relateOperand(i);
      return;
    }
    for (int64_t d = 0; d < t.rank(); ++d) {
      if (d != *dimension && !dimsCompatible(t.dim(d), first.dim(d))) {
        c.error(c.operandRange(i), "C2",
                "input #" + num(i) + " has shape " + shapeText(t.shape()) + ", which differs from input #" +
                    num(firstIndex) + "'s " + shapeText(first.shape()) + " in dimension " + num(d) +
                    " (only dimension " + num(*dimension) + " may differ)");
        c.relateOperand(i);
        return;
      }
    }
    if (!ir::sameBaselineElementType(t.element(), first.element())) {
      c.error(c.operandRange(i), "C1",
              "input #" + num(i) + " has element type " + t.element().str() + " but input #" + num(firstIndex) +
                  " has " + first.element().str());
      c.relateOperand(i);
      return;
    }
  }
  auto inferred = inferConcatenate(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C6");
}

// ---------------------------------------------------------------------------
// slice, dynamic_slice, dynamic_update_slice, real_dynamic_slice.

std::vector<Type> inferSlice(const VerifyContext &c) {
  if (c.numOperands() != 1) return {};
  Type operand = c.operandType(0);
  auto starts = c.integers("start_indices"), limits = c.integers("limit_indices"), strides = c.integers("strides");
  if (!isRanked(operand) || !starts || !limits || !strides) return {};
  size_t rank = static_cast<size_t>(operand.rank());
  if (starts->size() != rank || limits->size() != rank || strides->size() != rank) return {};
  std::vector<int64_t> shape(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t start = (*starts)[i], limit = (*limits)[i], stride = (*strides)[i];
    if (stride <= 0 || start < 0 || start > limit) return {};
    if (!isStatic(operand.dim(int64_t(i)))) {
      shape[i] = kDynamic;
    } else {
      shape[i] = (limit - start + stride - 1) / stride;
    }
  }
  return {operand.withShape(shape)};
}

void verifySlice(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1)) return;
  auto starts = requireIntegers(c, "start_indices", "C2");
  auto limits = requireIntegers(c, "limit_indices", "C2");
  auto strides = requireIntegers(c, "strides", "C2");
  if (!starts || !limits || !strides || !c.typesKnown()) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!isRanked(operand)) return;
  size_t rank = static_cast<size_t>(operand.rank());
  for (auto [name, values] :
       {std::pair{"start_indices", &*starts}, std::pair{"limit_indices", &*limits}, std::pair{"strides", &*strides}}) {
    if (values->size() != rank) {
      c.error(c.attributeRange(name), "C2",
              std::string(name) + " has " + entries(values->size()) + " but the operand has rank " + num(rank));
      return;
    }
  }
  for (size_t i = 0; i < rank; ++i) {
    int64_t start = (*starts)[i], limit = (*limits)[i], stride = (*strides)[i], size = operand.dim(int64_t(i));
    if (start < 0) {
      c.error(c.attributeRange("start_indices"), "C3",
              "start index " + num(start) + " in dimension " + num(i) + " is negative");
      return;
    }
    if (isStatic(size) && limit > size) {
      c.error(c.attributeRange("limit_indices"), "C3",
              "limit index " + num(limit) + " in dimension " + num(i) + " exceeds the operand's size " + num(size));
      return;
    }
    if (start > limit) {
      c.error(c.attributeRange("start_indices"), "C3",
              "start index " + num(start) + " is larger than limit index " + num(limit) + " in dimension " + num(i));
      return;
    }
    if (stride <= 0) {
      c.error(c.attributeRange("strides"), "C4",
              "stride " + num(stride) + " in dimension " + num(i) + " must be positive");
      return;
    }
  }
  if (result.isTensor() && !sameElementUpToQuantParams(operand.element(), result.element())) {
    c.error(c.resultRange(0), "C1",
            "result element type " + result.element().str() + " differs from the operand's " + operand.element().str());
    return;
  }
  auto inferred = inferSlice(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C5");
}

std::vector<Type> inferDynamicSlice(const VerifyContext &c) {
  if (c.numOperands() < 1) return {};
  Type operand = c.operandType(0);
  auto sizes = c.integers("slice_sizes");
  if (!isRanked(operand) || !sizes || static_cast<int64_t>(sizes->size()) != operand.rank()) return {};
  for (int64_t s : *sizes) {
    if (s < 0) return {};
  }
  return {operand.withShape(*sizes)};
}

void verifyDynamicSlice(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (c.numOperands() < 1 || c.numResults() != 1) {
    c.error(c.nameRange(), "operands", "expects an operand, start indices and 1 result");
    return;
  }
  auto sizes = requireIntegers(c, "slice_sizes", "C2");
  if (!sizes || !c.typesKnown()) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!isRanked(operand)) return;
  size_t indices = c.numOperands() - 1;
  if (static_cast<int64_t>(indices) != operand.rank()) {
    c.error(c.nameRange(), "C2",
            "expects " + num(operand.rank()) + " start indices (the operand's rank), got " + num(indices));
    return;
  }
  if (sizes->size() != indices) {
    c.error(c.attributeRange("slice_sizes"), "C2",
            "slice_sizes has " + entries(sizes->size()) + " but there are " + num(indices) + " start indices");
    return;
  }
  if (!checkScalarIndices(c, 1, "C3")) return;
  for (size_t i = 0; i < sizes->size(); ++i) {
    int64_t s = (*sizes)[i], dim = operand.dim(int64_t(i));
    if (s < 0) {
      c.error(c.attributeRange("slice_sizes"), "C4",
              "slice size " + num(s) + " in dimension " + num(i) + " is negative");
      return;
    }
    if (isStatic(dim) && s > dim) {
      c.error(c.attributeRange("slice_sizes"), "C4",
              "slice size " + num(s) + " in dimension " + num(i) + " exceeds the operand's size " + num(dim));
      return;
    }
  }
  if (result.isTensor() && !sameElementUpToQuantParams(operand.element(), result.element())) {
    c.error(c.resultRange(0), "C1",
            "result element type " + result.element().str() + " differs from the operand's " + operand.element().str());
    return;
  }
  auto inferred = inferDynamicSlice(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C5");
}

std::vector<Type> inferDynamicUpdateSlice(const VerifyContext &c) {
  if (c.numOperands() < 2) return {};
  Type operand = c.operandType(0);
  if (!operand.isTensor()) return {};
  return {operand};
}

void verifyDynamicUpdateSlice(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (c.numOperands() < 2 || c.numResults() != 1) {
    c.error(c.nameRange(), "operands", "expects an operand, an update, start indices and 1 result");
    return;
  }
  if (!c.typesKnown()) return;
  Type operand = c.operandType(0), update = c.operandType(1);
  if (!isRanked(operand) || !isRanked(update)) return;
  if (!ir::sameBaselineElementType(update.element(), operand.element())) {
    c.error(c.operandRange(1), "C2",
            "update element type " + update.element().str() + " differs from the operand's " + operand.element().str());
    c.relateOperand(1);
    return;
  }
  if (update.rank() != operand.rank()) {
    c.error(c.operandRange(1), "C3",
            "update has rank " + num(update.rank()) + " but the operand has rank " + num(operand.rank()));
    c.relateOperand(1);
    return;
  }
  size_t indices = c.numOperands() - 2;
  if (static_cast<int64_t>(indices) != operand.rank()) {
    c.error(c.nameRange(), "C4",
            "expects " + num(operand.rank()) + " start indices (the operand's rank), got " + num(indices));
    return;
  }
  if (!checkScalarIndices(c, 2, "C5")) return;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    int64_t u = update.dim(d), o = operand.dim(d);
    if (isStatic(u) && u < 0) return;
    if (isStatic(u) && isStatic(o) && u > o) {
      c.error(c.operandRange(1), "C6",
              "update dimension " + num(d) + " has size " + num(u) + ", larger than the operand's " + num(o));
      c.relateOperand(1);
      return;
    }
  }
  auto inferred = inferDynamicUpdateSlice(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C1");
}

void verifyRealDynamicSlice(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 4, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!isRanked(operand)) return;
  static const char *names[] = {"start_indices", "limit_indices", "strides"};
  for (size_t i = 1; i < 4; ++i) {
    auto size = shapeOperandSize(c, i, names[i - 1], "C2", false);
    if (c.failed()) return;
    if (size && *size != operand.rank()) {
      c.error(c.operandRange(i), "C2",
              std::string(names[i - 1]) + " has " + num(*size) + " elements but the operand has rank " +
                  num(operand.rank()));
      c.relateOperand(i);
      return;
    }
  }
  if (isRanked(result) && result.rank() != operand.rank()) {
    c.error(c.resultRange(0), "C5",
            "result has rank " + num(result.rank()) + " but the operand has rank " + num(operand.rank()));
    return;
  }
  if (result.isTensor() && !sameElementUpToQuantParams(operand.element(), result.element())) {
    c.error(c.resultRange(0), "C1",
            "result element type " + result.element().str() + " differs from the operand's " + operand.element().str());
  }
}

// ---------------------------------------------------------------------------
// pad, dynamic_pad.

/// C1 of pad and dynamic_pad: operand, padding value and result share an
/// element type, and the padding value is 0-dimensional.
bool checkPadElements(VerifyContext &c) {
  Type operand = c.operandType(0), value = c.operandType(1), result = c.resultType(0);
  if (isRanked(value) && value.rank() != 0) {
    c.error(c.operandRange(1), "C1", "padding_value must be a 0-dimensional tensor, got " + value.str());
    c.relateOperand(1);
    return false;
  }
  if (value.isTensor() && operand.isTensor() && !ir::sameBaselineElementType(value.element(), operand.element())) {
    c.error(c.operandRange(1), "C1",
            "padding_value element type " + value.element().str() + " differs from the operand's " +
                operand.element().str());
    c.relateOperand(1);
    return false;
  }
  if (result.isTensor() && operand.isTensor() && !ir::sameBaselineElementType(result.element(), operand.element())) {
    c.error(c.resultRange(0), "C1",
            "result element type " + result.element().str() + " differs from the operand's " + operand.element().str());
    return false;
  }
  return true;
}

/// The padded shape, or nullopt (with `negativeDim` set) when a dimension
/// would be negative.
std::optional<std::vector<int64_t>> paddedShape(const Type &operand, const std::vector<int64_t> &low,
                                                const std::vector<int64_t> &high, const std::vector<int64_t> &interior,
                                                int64_t *negativeDim = nullptr) {
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    int64_t size = operand.dim(d);
    if (!isStatic(size)) {
      shape.push_back(kDynamic);
      continue;
    }
    size_t i = size_t(d);
    int64_t padded = size + low[i] + std::max<int64_t>(size - 1, 0) * interior[i] + high[i];
    if (padded < 0) {
      if (negativeDim) *negativeDim = d;
      return std::nullopt;
    }
    shape.push_back(padded);
  }
  return shape;
}

std::vector<Type> inferPad(const VerifyContext &c) {
  if (c.numOperands() != 2) return {};
  Type operand = c.operandType(0);
  auto low = c.integers("edge_padding_low"), high = c.integers("edge_padding_high"),
       interior = c.integers("interior_padding");
  if (!isRanked(operand) || !low || !high || !interior) return {};
  size_t rank = size_t(operand.rank());
  if (low->size() != rank || high->size() != rank || interior->size() != rank) return {};
  for (int64_t v : *interior) {
    if (v < 0) return {};
  }
  auto shape = paddedShape(operand, *low, *high, *interior);
  if (!shape) return {};
  return {operand.withShape(*shape)};
}

void verifyPad(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 2, 1)) return;
  auto low = requireIntegers(c, "edge_padding_low", "C2");
  auto high = requireIntegers(c, "edge_padding_high", "C2");
  auto interior = requireIntegers(c, "interior_padding", "C2");
  if (!low || !high || !interior || !c.typesKnown()) return;
  if (!checkPadElements(c)) return;
  Type operand = c.operandType(0);
  if (!isRanked(operand)) return;
  size_t rank = size_t(operand.rank());
  for (auto [name, values] : {std::pair{"edge_padding_low", &*low}, std::pair{"edge_padding_high", &*high},
                              std::pair{"interior_padding", &*interior}}) {
    if (values->size() != rank) {
      c.error(c.attributeRange(name), "C2",
              std::string(name) + " has " + entries(values->size()) + " but the operand has rank " + num(rank));
      return;
    }
  }
  for (size_t i = 0; i < rank; ++i) {
    if ((*interior)[i] < 0) {
      c.error(c.attributeRange("interior_padding"), "C3",
              "interior_padding " + listText(*interior) + " has the negative value " + num((*interior)[i]));
      return;
    }
  }
  int64_t negative = -1;
  if (!paddedShape(operand, *low, *high, *interior, &negative)) {
    c.error(c.attributeRange("edge_padding_low"), "C4",
            "padding makes dimension " + num(negative) + " of the result negative");
    return;
  }
  auto inferred = inferPad(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C4");
}

void verifyDynamicPad(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 5, 1) || !c.typesKnown()) return;
  if (!checkPadElements(c)) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  static const char *names[] = {"edge_padding_low", "edge_padding_high", "interior_padding"};
  for (size_t i = 2; i < 5; ++i) {
    auto size = shapeOperandSize(c, i, names[i - 2], "C2", false);
    if (c.failed()) return;
    if (size && isRanked(operand) && *size != operand.rank()) {
      c.error(c.operandRange(i), "C2",
              std::string(names[i - 2]) + " has " + num(*size) + " elements but the operand has rank " +
                  num(operand.rank()));
      c.relateOperand(i);
      return;
    }
  }
  if (!isRanked(operand)) return;
  if (isRanked(result) && result.rank() != operand.rank()) {
    c.error(c.resultRange(0), "C4",
            "result has rank " + num(result.rank()) + " but the operand has rank " + num(operand.rank()));
    return;
  }
  auto low = constantOperand(c, 2), high = constantOperand(c, 3), interior = constantOperand(c, 4);
  size_t rank = size_t(operand.rank());
  if (interior && interior->size() == rank) {
    for (int64_t v : *interior) {
      if (v < 0) {
        c.error(c.operandRange(4), "C3", "interior_padding holds the negative value " + num(v));
        c.relateOperand(4);
        return;
      }
    }
  }
  if (!low || !high || !interior || low->size() != rank || high->size() != rank || interior->size() != rank) return;
  int64_t negative = -1;
  auto shape = paddedShape(operand, *low, *high, *interior, &negative);
  if (!shape) {
    c.error(c.nameRange(), "C4", "padding makes dimension " + num(negative) + " of the result negative");
    return;
  }
  c.checkInferred(0, operand.withShape(*shape), "C4");
}

// ---------------------------------------------------------------------------
// transpose, reverse.

std::vector<Type> inferTranspose(const VerifyContext &c) {
  if (c.numOperands() != 1) return {};
  Type operand = c.operandType(0);
  auto perm = c.integers("permutation");
  if (!isRanked(operand) || !perm || static_cast<int64_t>(perm->size()) != operand.rank()) return {};
  std::vector<int64_t> shape;
  std::set<int64_t> seen;
  for (int64_t p : *perm) {
    if (p < 0 || p >= operand.rank() || !seen.insert(p).second) return {};
    shape.push_back(operand.dim(p));
  }
  std::vector<int64_t> bounds;
  if (!operand.bounds().empty()) {
    for (int64_t p : *perm) bounds.push_back(operand.bounds()[size_t(p)]);
  }
  return {Type::tensor(shape, operand.element(), bounds)};
}

void verifyTranspose(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1)) return;
  auto perm = requireIntegers(c, "permutation", "C2");
  if (!perm || !c.typesKnown()) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!isRanked(operand)) return;
  if (static_cast<int64_t>(perm->size()) != operand.rank()) {
    c.error(c.attributeRange("permutation"), "C2",
            "permutation has " + entries(perm->size()) + " but the operand has rank " + num(operand.rank()));
    return;
  }
  if (!checkDimensionsInRange(c, "permutation", *perm, operand.rank(), "C2")) return;
  if (!checkUnique(c, "permutation", *perm, "C2")) return;
  {
    // C4: the result's quantization dimension d has permutation[d] equal to
    // the operand's.
    std::optional<int64_t> mapped;
    const ir::QuantizedElement *q = operand.element().quantizedInfo();
    if (q && q->quantizationDimension) {
      for (size_t d = 0; d < perm->size(); ++d) {
        if ((*perm)[d] == *q->quantizationDimension) mapped = static_cast<int64_t>(d);
      }
    }
    if (!checkQuantizationPreserved(c, mapped, "C1", "C4")) return;
  }
  if (result.isTensor() && !sameElementUpToQuantParams(operand.element(), result.element())) {
    c.error(c.resultRange(0), "C1",
            "result element type " + result.element().str() + " differs from the operand's " + operand.element().str());
    return;
  }
  auto inferred = inferTranspose(c);
  if (inferred.empty()) return;
  if (result.isTensor() && isPerAxisQuantized(operand.element())) {
    checkResultShape(c, inferred[0], "the permuted operand", "C3");
    return;
  }
  checkInferredBaseline(c, 0, inferred[0], "C3");
}

std::vector<Type> inferReverse(const VerifyContext &c) {
  if (c.numOperands() != 1 || !c.operandType(0).isTensor()) return {};
  return {c.operandType(0)};
}

void verifyReverse(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1)) return;
  auto dims = requireIntegers(c, "dimensions", "C2");
  if (!dims) return;
  if (!checkUnique(c, "dimensions", *dims, "C2")) return;
  for (int64_t d : *dims) {
    if (d < 0) {
      c.error(c.attributeRange("dimensions"), "C3",
              "dimensions " + listText(*dims) + " has the negative dimension " + num(d));
      return;
    }
  }
  if (!c.typesKnown()) return;
  Type operand = c.operandType(0);
  if (isRanked(operand) && !checkDimensionsInRange(c, "dimensions", *dims, operand.rank(), "C3")) return;
  auto inferred = inferReverse(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C1");
}

// ---------------------------------------------------------------------------
// reshape, dynamic_reshape.

bool checkReshapeElement(VerifyContext &c) {
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!operand.isTensor() || !result.isTensor()) return true;
  if (sameElementUpToQuantParams(operand.element(), result.element())) return true;
  c.error(c.resultRange(0), "C1",
          "result element type " + result.element().str() + " differs from the operand's " + operand.element().str());
  return false;
}

void verifyReshape(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  if (!checkReshapeElement(c)) return;
  if (!checkQuantizationPreserved(c, std::nullopt, "C1", "C3")) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!operand.isTensor() || !result.isTensor() || !operand.hasStaticShape() || !result.hasStaticShape()) return;
  if (operand.numElements() != result.numElements()) {
    c.error(c.resultRange(0), "C2",
            "result type " + result.str() + " has " + num(result.numElements()) + " elements but the operand (" +
                operand.str() + ") has " + num(operand.numElements()));
  }
}

void verifyDynamicReshape(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 2, 1) || !c.typesKnown()) return;
  if (!checkReshapeElement(c)) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  auto size = shapeOperandSize(c, 1, "output_shape", "C4", true);
  if (c.failed()) return;
  if (size && isRanked(result) && *size != result.rank()) {
    c.error(c.resultRange(0), "C4",
            "result has rank " + num(result.rank()) + " but output_shape has " + num(*size) + " elements");
    return;
  }
  if (operand.isTensor() && result.isTensor() && operand.hasStaticShape() && result.hasStaticShape() &&
      operand.numElements() != result.numElements()) {
    c.error(c.resultRange(0), "C2",
            "result type " + result.str() + " has " + num(result.numElements()) + " elements but the operand (" +
                operand.str() + ") has " + num(operand.numElements()));
    return;
  }
  auto shape = constantOperand(c, 1);
  if (!shape) return;
  if (!checkConstantShape(c, 1, *shape, "C4")) return;
  if (operand.isTensor() && operand.hasStaticShape()) {
    int64_t product = 1;
    for (int64_t v : *shape) {
      if (v < 0) return;
      product *= v;
    }
    if (product != operand.numElements()) {
      c.error(c.operandRange(1), "C2",
              "output_shape " + listText(*shape) + " has " + num(product) + " elements but the operand has " +
                  num(operand.numElements()));
      c.relateOperand(1);
    }
  }
}

// ---------------------------------------------------------------------------
// iota, dynamic_iota.

void verifyIota(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 0, 1)) return;
  auto dimension = requireInteger(c, "iota_dimension", "C1");
  if (!dimension || !c.typesKnown()) return;
  Type result = c.resultType(0);
  if (*dimension < 0) {
    c.error(c.attributeRange("iota_dimension"), "C1", "iota_dimension " + num(*dimension) + " must be non-negative");
    return;
  }
  if (!isRanked(result)) return;
  if (result.rank() == 0) {
    c.error(c.resultRange(0), "C1", "iota needs a result of rank at least 1, got " + result.str());
    return;
  }
  if (*dimension >= result.rank()) {
    c.error(c.attributeRange("iota_dimension"), "C1",
            "iota_dimension " + num(*dimension) + " is out of range for a result of rank " + num(result.rank()));
  }
}

void verifyDynamicIota(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1)) return;
  auto dimension = requireInteger(c, "iota_dimension", "C1");
  if (!dimension) return;
  if (*dimension < 0) {
    c.error(c.attributeRange("iota_dimension"), "C1", "iota_dimension " + num(*dimension) + " must be non-negative");
    return;
  }
  if (!c.typesKnown()) return;
  Type result = c.resultType(0);
  auto size = shapeOperandSize(c, 0, "output_shape", "C2", false);
  if (c.failed()) return;
  if (isRanked(result) && *dimension >= result.rank()) {
    c.error(c.attributeRange("iota_dimension"), "C1",
            "iota_dimension " + num(*dimension) + " is out of range for a result of rank " + num(result.rank()));
    return;
  }
  if (size && isRanked(result) && *size != result.rank()) {
    c.error(c.resultRange(0), "C2",
            "result has rank " + num(result.rank()) + " but output_shape has " + num(*size) + " elements");
    return;
  }
  if (auto shape = constantOperand(c, 0)) checkConstantShape(c, 0, *shape, "C2");
}

// ---------------------------------------------------------------------------
// get_dimension_size, set_dimension_size.

std::vector<Type> inferGetDimensionSize(const VerifyContext &) { return {Type::tensor({}, ElementType::integer(32))}; }

void verifyGetDimensionSize(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1)) return;
  auto dimension = requireInteger(c, "dimension", "C1");
  if (!dimension) return;
  Type operand = c.operandType(0);
  if (*dimension < 0 || (isRanked(operand) && *dimension >= operand.rank())) {
    c.error(c.attributeRange("dimension"), "C1",
            "dimension " + num(*dimension) + " is out of range" +
                (isRanked(operand) ? " [0, " + num(operand.rank()) + ") of operand " + operand.str() : ""));
    return;
  }
  if (!c.typesKnown()) return;
  c.checkInferred(0, inferGetDimensionSize(c)[0], "result");
}

std::vector<Type> inferSetDimensionSize(const VerifyContext &c) {
  if (c.numOperands() != 2) return {};
  Type operand = c.operandType(0);
  auto dimension = c.integer("dimension");
  if (!isRanked(operand) || !dimension || *dimension < 0 || *dimension >= operand.rank()) return {};
  std::vector<int64_t> shape = operand.shape();
  shape[size_t(*dimension)] = kDynamic;
  return {operand.withShape(shape)};
}

void verifySetDimensionSize(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 2, 1)) return;
  auto dimension = requireInteger(c, "dimension", "C1");
  if (!dimension) return;
  Type operand = c.operandType(0), size = c.operandType(1);
  if (*dimension < 0 || (isRanked(operand) && *dimension >= operand.rank())) {
    c.error(c.attributeRange("dimension"), "C1",
            "dimension " + num(*dimension) + " is out of range" +
                (isRanked(operand) ? " [0, " + num(operand.rank()) + ") of operand " + operand.str() : ""));
    return;
  }
  if (isRanked(size) && size.rank() != 0) {
    c.error(c.operandRange(1), "size", "size must be a 0-dimensional tensor, got " + size.str());
    c.relateOperand(1);
    return;
  }
  if (!c.typesKnown()) return;
  auto inferred = inferSetDimensionSize(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "result");
}

// ---------------------------------------------------------------------------
// tuple, get_tuple_element, optimization_barrier.

std::vector<Type> inferTuple(const VerifyContext &c) {
  std::vector<Type> elements;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (!t.valid()) return {};
    elements.push_back(t);
  }
  return {Type::tuple(elements)};
}

void verifyTuple(VerifyContext &c) {
  if (c.numResults() != 1) {
    c.error(c.nameRange(), "results", "expects 1 result, got " + num(c.numResults()));
    return;
  }
  if (!c.typesKnown()) return;
  Type result = c.resultType(0);
  if (!result.isTuple()) {
    c.error(c.resultRange(0), "C1", "result must be a tuple, got " + result.str());
    return;
  }
  auto inferred = inferTuple(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C1");
}

std::vector<Type> inferGetTupleElement(const VerifyContext &c) {
  if (c.numOperands() != 1) return {};
  Type operand = c.operandType(0);
  auto index = c.integer("index");
  if (!operand.isTuple() || !index || *index < 0 || *index >= static_cast<int64_t>(operand.elements().size())) {
    return {};
  }
  return {operand.elements()[size_t(*index)]};
}

void verifyGetTupleElement(VerifyContext &c) {
  if (!checkArity(c, 1, 1)) return;
  auto index = requireInteger(c, "index", "C1");
  if (!index) return;
  if (*index < 0) {
    c.error(c.attributeRange("index"), "C1", "index " + num(*index) + " must be non-negative");
    return;
  }
  if (!c.typesKnown()) return;
  Type operand = c.operandType(0);
  if (!operand.isTuple()) {
    c.error(c.operandRange(0), "C1", "operand must be a tuple, got " + operand.str());
    c.relateOperand(0);
    return;
  }
  if (*index >= static_cast<int64_t>(operand.elements().size())) {
    c.error(c.attributeRange("index"), "C1",
            "index " + num(*index) + " is out of range for a tuple of " + num(operand.elements().size()) + " elements");
    return;
  }
  c.checkInferred(0, inferGetTupleElement(c)[0], "C2");
}

std::vector<Type> inferOptimizationBarrier(const VerifyContext &c) {
  std::vector<Type> types;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (!c.operandType(i).valid()) return {};
    types.push_back(c.operandType(i));
  }
  return types;
}

void verifyOptimizationBarrier(VerifyContext &c) {
  if (c.numOperands() != c.numResults()) {
    c.error(c.nameRange(), "C1",
            "expects as many results as operands, got " + num(c.numOperands()) + " operands and " +
                num(c.numResults()) + " results");
    return;
  }
  if (!c.typesKnown()) return;
  auto inferred = inferOptimizationBarrier(c);
  for (size_t i = 0; i < inferred.size(); ++i) {
    if (!c.checkInferred(i, inferred[i], "C1")) return;
  }
}

// ---------------------------------------------------------------------------
// select, clamp, compare.

std::vector<Type> inferSelect(const VerifyContext &c) {
  if (c.numOperands() != 3 || !c.operandType(1).isTensor()) return {};
  return {c.operandType(1)};
}

void verifySelect(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 3, 1) || !c.typesKnown()) return;
  Type pred = c.operandType(0), onTrue = c.operandType(1), onFalse = c.operandType(2);
  if (pred.isTensor() && !pred.element().isBoolean()) {
    c.error(c.operandRange(0), "pred", "pred must be a tensor of i1, got " + pred.str());
    c.relateOperand(0);
    return;
  }
  if (onTrue.isTensor() && onFalse.isTensor() &&
      (!ir::isShapeCompatible(onTrue, onFalse) || !ir::sameBaselineElementType(onTrue.element(), onFalse.element()))) {
    c.error(c.operandRange(2), "C2",
            "on_false has type " + onFalse.str() + ", which differs from on_true's " + onTrue.str());
    c.relateOperand(2);
    return;
  }
  if (isRanked(pred) && pred.rank() != 0 && onTrue.isTensor() && !ir::isShapeCompatible(pred, onTrue)) {
    c.error(c.operandRange(0), "C1",
            "pred has shape " + shapeText(pred.shape()) + ", which is neither scalar nor the shape of on_true (" +
                onTrue.str() + ")");
    c.relateOperand(0);
    return;
  }
  auto inferred = inferSelect(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C2");
}

std::vector<Type> inferClamp(const VerifyContext &c) {
  if (c.numOperands() != 3 || !c.operandType(1).isTensor()) return {};
  return {c.operandType(1)};
}

void verifyClamp(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 3, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(1);
  static const char *names[] = {"min", "", "max"};
  for (size_t i : {size_t(0), size_t(2)}) {
    Type bound = c.operandType(i);
    if (!bound.isTensor() || !operand.isTensor()) continue;
    if (isRanked(bound) && bound.rank() != 0 && !ir::isShapeCompatible(bound, operand)) {
      c.error(c.operandRange(i), i == 0 ? "C1" : "C2",
              std::string(names[i]) + " has shape " + shapeText(bound.shape()) +
                  ", which is neither scalar nor the operand's shape " + shapeText(operand.shape()));
      c.relateOperand(i);
      return;
    }
    if (!ir::sameBaselineElementType(bound.element(), operand.element())) {
      c.error(c.operandRange(i), "C3",
              std::string(names[i]) + " has element type " + bound.element().str() + " but the operand has " +
                  operand.element().str());
      c.relateOperand(i);
      return;
    }
  }
  auto inferred = inferClamp(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C4");
}

std::vector<Type> inferCompare(const VerifyContext &c) {
  if (c.numOperands() != 2 || !c.operandType(0).isTensor()) return {};
  return {c.operandType(0).withElement(ElementType::integer(1))};
}

void verifyCompare(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 2, 1)) return;
  if (!c.attribute("comparison_direction")) {
    c.error(c.nameRange(), "comparison_direction", "missing attribute `comparison_direction`");
    return;
  }
  if (auto direction = c.enumCase("comparison_direction")) {
    static const std::set<std::string> cases = {"EQ", "NE", "GE", "GT", "LE", "LT"};
    if (!cases.count(*direction)) {
      c.error(c.attributeRange("comparison_direction"), "comparison_direction",
              "comparison_direction must be one of EQ, NE, GE, GT, LE, LT, got " + *direction);
      return;
    }
  }
  if (!c.typesKnown()) return;
  Type lhs = c.operandType(0), rhs = c.operandType(1), result = c.resultType(0);
  if (!lhs.isTensor() || !rhs.isTensor()) return;
  if (!ir::sameBaselineElementType(lhs.element(), rhs.element())) {
    c.error(c.operandRange(1), "C1",
            "rhs element type " + rhs.element().str() + " differs from lhs's " + lhs.element().str());
    c.relateOperand(1);
    return;
  }
  if (!ir::isShapeCompatible(lhs, rhs)) {
    c.error(c.operandRange(1), "C2", "rhs type " + rhs.str() + " does not have the shape of lhs (" + lhs.str() + ")");
    c.relateOperand(1);
    return;
  }
  if (result.isTensor() && !result.element().isBoolean()) {
    c.error(c.resultRange(0), "result", "result must be a tensor of i1, got " + result.str());
    return;
  }
  auto inferred = inferCompare(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C2");
}

// ---------------------------------------------------------------------------
// convert, bitcast_convert, complex, real, imag, abs, is_finite.

void verifyConvert(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  checkResultShape(c, c.operandType(0), "the operand", "C1");
}

void verifyBitcastConvert(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!isRanked(operand) || !isRanked(result)) return;
  if (operand.element().isComplex() != result.element().isComplex()) {
    c.error(c.resultRange(0), "C2",
            "cannot bitcast between complex and non-complex element types (" + operand.element().str() + " to " +
                result.element().str() + ")");
    return;
  }
  ElementType in = storageElement(operand.element()), out = storageElement(result.element());
  if (in.isIndex() || out.isIndex() || in.kind() == ElementType::Kind::None || out.kind() == ElementType::Kind::None) {
    return;
  }
  int64_t inBits = in.bitWidth(), outBits = out.bitWidth();
  if (inBits == 0 || outBits == 0) return;
  int64_t rank = operand.rank();
  auto mismatch = [&](const std::string &why) {
    c.error(c.resultRange(0), "C1", "cannot bitcast " + operand.str() + " to " + result.str() + ": " + why);
  };
  auto sameDims = [&](int64_t count) {
    for (int64_t i = 0; i < count; ++i) {
      if (!dimsCompatible(operand.dim(i), result.dim(i))) return false;
    }
    return true;
  };
  if (inBits == outBits) {
    if (result.rank() != rank || !sameDims(rank)) mismatch("with equal bit widths the shapes must match");
    return;
  }
  if (outBits < inBits) {
    if (result.rank() != rank + 1) {
      mismatch("the result's element type is narrower, so its rank must be " + num(rank + 1));
      return;
    }
    if (!sameDims(rank)) {
      mismatch("the shapes must match except for the result's last dimension");
      return;
    }
    int64_t last = result.dim(rank);
    if (isStatic(last) && last * outBits != inBits) {
      mismatch("the result's last dimension must be " + num(inBits / outBits) + " (" + num(inBits) + " / " +
               num(outBits) + " bits), got " + num(last));
    }
    return;
  }
  if (rank == 0) {
    mismatch("the result's element type is wider, so the operand needs a last dimension to combine");
    return;
  }
  if (result.rank() != rank - 1) {
    mismatch("the result's element type is wider, so its rank must be " + num(rank - 1));
    return;
  }
  for (int64_t i = 0; i < rank - 1; ++i) {
    if (!dimsCompatible(operand.dim(i), result.dim(i))) {
      mismatch("the shapes must match except for the operand's last dimension");
      return;
    }
  }
  int64_t last = operand.dim(rank - 1);
  if (isStatic(last) && last * inBits != outBits) {
    mismatch("the operand's last dimension must be " + num(outBits / inBits) + " (" + num(outBits) + " / " +
             num(inBits) + " bits), got " + num(last));
  }
}

std::vector<Type> inferComplex(const VerifyContext &c) {
  if (c.numOperands() != 2) return {};
  Type lhs = c.operandType(0);
  if (!lhs.isTensor() || !lhs.element().isFloat()) return {};
  ir::FloatFormat format = lhs.element().floatFormat();
  if (format != ir::FloatFormat::F32 && format != ir::FloatFormat::F64) return {};
  return {lhs.withElement(ElementType::complex(format))};
}

void verifyComplex(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 2, 1) || !c.typesKnown()) return;
  Type lhs = c.operandType(0), rhs = c.operandType(1);
  for (size_t i = 0; i < 2; ++i) {
    Type t = c.operandType(i);
    if (!t.isTensor()) continue;
    const ElementType &e = t.element();
    if (!e.isFloat() || (e.floatFormat() != ir::FloatFormat::F32 && e.floatFormat() != ir::FloatFormat::F64)) {
      c.error(c.operandRange(i), "C1",
              std::string(i ? "rhs" : "lhs") + " must be a tensor of f32 or f64, got " + t.str());
      c.relateOperand(i);
      return;
    }
  }
  if (lhs.isTensor() && rhs.isTensor() && !ir::isCompatible(lhs, rhs)) {
    c.error(c.operandRange(1), "C1", "rhs type " + rhs.str() + " differs from lhs type " + lhs.str());
    c.relateOperand(1);
    return;
  }
  if (!checkResultShape(c, lhs, "lhs", "C2")) return;
  auto inferred = inferComplex(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C3");
}

/// real, imag: the result is the operand's shape with the part's element type.
std::vector<Type> inferComplexPart(const VerifyContext &c) {
  if (c.numOperands() != 1) return {};
  Type operand = c.operandType(0);
  if (!operand.isTensor()) return {};
  return {operand.withElement(complexPart(operand.element()))};
}

void verifyComplexPart(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(0);
  if (operand.isTensor() && !isFloatOrComplex(operand.element())) {
    c.error(c.operandRange(0), "operand",
            "operand must be a tensor of floating-point or complex type, got " + operand.str());
    c.relateOperand(0);
    return;
  }
  if (!checkResultShape(c, operand, "the operand", "C1")) return;
  auto inferred = inferComplexPart(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C2");
}

std::vector<Type> inferAbs(const VerifyContext &c) { return inferComplexPart(c); }

void verifyAbs(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(0);
  if (operand.isTensor()) {
    const ElementType &e = operand.element();
    if (!(e.isNonBooleanInteger() || e.isFloat() || e.isComplex() || e.isQuantized())) {
      c.error(c.operandRange(0), "operand",
              "operand must be a tensor of signed integer, floating-point or complex type, got " + operand.str());
      c.relateOperand(0);
      return;
    }
  }
  if (!checkResultShape(c, operand, "the operand", "C1")) return;
  auto inferred = inferAbs(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C2");
}

std::vector<Type> inferIsFinite(const VerifyContext &c) {
  if (c.numOperands() != 1 || !c.operandType(0).isTensor()) return {};
  return {c.operandType(0).withElement(ElementType::integer(1))};
}

void verifyIsFinite(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  Type x = c.operandType(0), y = c.resultType(0);
  if (x.isTensor() && !(x.element().isFloat() || x.element().isQuantized())) {
    c.error(c.operandRange(0), "x", "x must be a tensor of floating-point type, got " + x.str());
    c.relateOperand(0);
    return;
  }
  if (y.isTensor() && !y.element().isBoolean()) {
    c.error(c.resultRange(0), "y", "result must be a tensor of i1, got " + y.str());
    return;
  }
  if (!checkResultShape(c, x, "the operand", "C1")) return;
  auto inferred = inferIsFinite(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C1");
}

// ---------------------------------------------------------------------------
// constant, reduce_precision, uniform_quantize, uniform_dequantize.

std::vector<Type> inferConstant(const VerifyContext &c) {
  const Attribute *value = c.attribute("value");
  if (!value || !value->type || !value->type->isTensor()) return {};
  if (value->kind != Attribute::Kind::DenseElements && value->kind != Attribute::Kind::DenseResource) return {};
  return {*value->type};
}

void verifyConstant(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 0, 1)) return;
  const Attribute *value = c.attribute("value");
  if (!value) {
    c.error(c.nameRange(), "C1", "missing attribute `value`");
    return;
  }
  if (!c.typesKnown()) return;
  Type output = c.resultType(0);
  auto inferred = inferConstant(c);
  if (inferred.empty()) return;
  const Type &type = inferred[0];
  if (isRanked(type) && !type.hasStaticShape()) {
    c.error(c.attributeRange("value"), "C1", "the value's type " + type.str() + " must have a static shape");
    return;
  }
  if (isRanked(output) && !output.hasStaticShape()) {
    c.error(c.resultRange(0), "C1", "result type " + output.str() + " must have a static shape");
    return;
  }
  if (!output.isTensor()) return;
  // A quantized output holds its storage values.
  if (output.element().isQuantized() && !type.element().isQuantized()) {
    const ElementType storage = storageElement(output.element());
    if (type.element() != storage || !ir::isShapeCompatible(type, output)) {
      c.error(c.resultRange(0), "C1",
              "result type " + output.str() + " does not match the value's type " + type.str() +
                  " (a quantized result needs values of its storage type " + storage.str() + ")");
    }
    return;
  }
  c.checkInferred(0, type, "C1");
}

std::vector<Type> inferReducePrecision(const VerifyContext &c) {
  if (c.numOperands() != 1 || !c.operandType(0).isTensor()) return {};
  return {c.operandType(0)};
}

void verifyReducePrecision(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1)) return;
  auto exponent = requireInteger(c, "exponent_bits", "C2");
  auto mantissa = requireInteger(c, "mantissa_bits", "C3");
  if (!exponent || !mantissa) return;
  if (*exponent < 1) {
    c.error(c.attributeRange("exponent_bits"), "C2", "exponent_bits must be at least 1, got " + num(*exponent));
    return;
  }
  if (*mantissa < 0) {
    c.error(c.attributeRange("mantissa_bits"), "C3", "mantissa_bits must be non-negative, got " + num(*mantissa));
    return;
  }
  if (!c.typesKnown()) return;
  Type operand = c.operandType(0);
  if (operand.isTensor() && !(operand.element().isFloat() || operand.element().isQuantized())) {
    c.error(c.operandRange(0), "operand", "operand must be a tensor of floating-point type, got " + operand.str());
    c.relateOperand(0);
    return;
  }
  auto inferred = inferReducePrecision(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C1");
}

void verifyUniformQuantize(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!operand.isTensor() || !result.isTensor()) return;
  if (!operand.element().isFloat() && !operand.element().isQuantized()) {
    c.error(c.operandRange(0), "operand",
            "operand must be a tensor of floating-point or quantized type, got " + operand.str());
    c.relateOperand(0);
    return;
  }
  if (!result.element().isQuantized()) {
    c.error(c.resultRange(0), "result", "result must be a quantized tensor, got " + result.str());
    return;
  }
  if (!checkResultShape(c, operand, "the operand", "C1")) return;
  const ir::QuantizedElement *q = result.element().quantizedInfo();
  if (!q) return;
  ElementType expected = operand.element();
  if (expected.isQuantized()) {
    if (!expected.quantizedInfo()) return;
    expected = expected.quantizedInfo()->expressedType;
  }
  if (q->expressedType != expected) {
    c.error(c.resultRange(0), "C2",
            "the result's expressed type " + q->expressedType.str() + " differs from " + expected.str() +
                " (the operand's " + (operand.element().isQuantized() ? "expressed " : "element ") + "type)");
  }
}

std::vector<Type> inferUniformDequantize(const VerifyContext &c) {
  if (c.numOperands() != 1) return {};
  Type operand = c.operandType(0);
  if (!operand.isTensor() || !operand.element().isQuantized() || !operand.element().quantizedInfo()) return {};
  return {operand.withElement(operand.element().quantizedInfo()->expressedType)};
}

void verifyUniformDequantize(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(0);
  if (operand.isTensor() && !operand.element().isQuantized()) {
    c.error(c.operandRange(0), "operand", "operand must be a quantized tensor, got " + operand.str());
    c.relateOperand(0);
    return;
  }
  if (!checkResultShape(c, operand, "the operand", "C1")) return;
  auto inferred = inferUniformDequantize(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C2");
}

}  // namespace

void registerShapeOps(OpRegistry &r) {
  r.add("stablehlo.abs", verifyAbs, inferAbs);
  r.add("stablehlo.broadcast_in_dim", verifyBroadcastInDim);
  r.add("stablehlo.dynamic_broadcast_in_dim", verifyDynamicBroadcastInDim);
  r.add("stablehlo.broadcast", verifyBroadcast, inferBroadcast);
  r.add("stablehlo.concatenate", verifyConcatenate, inferConcatenate);
  r.add("stablehlo.slice", verifySlice, inferSlice);
  r.add("stablehlo.dynamic_slice", verifyDynamicSlice, inferDynamicSlice);
  r.add("stablehlo.dynamic_update_slice", verifyDynamicUpdateSlice, inferDynamicUpdateSlice);
  r.add("stablehlo.real_dynamic_slice", verifyRealDynamicSlice);
  r.add("stablehlo.pad", verifyPad, inferPad);
  r.add("stablehlo.dynamic_pad", verifyDynamicPad);
  r.add("stablehlo.transpose", verifyTranspose, inferTranspose);
  r.add("stablehlo.reverse", verifyReverse, inferReverse);
  r.add("stablehlo.reshape", verifyReshape);
  r.add("stablehlo.dynamic_reshape", verifyDynamicReshape);
  r.add("stablehlo.iota", verifyIota);
  r.add("stablehlo.dynamic_iota", verifyDynamicIota);
  r.add("stablehlo.get_dimension_size", verifyGetDimensionSize, inferGetDimensionSize);
  r.add("stablehlo.set_dimension_size", verifySetDimensionSize, inferSetDimensionSize);
  r.add("stablehlo.tuple", verifyTuple, inferTuple);
  r.add("stablehlo.get_tuple_element", verifyGetTupleElement, inferGetTupleElement);
  r.add("stablehlo.select", verifySelect, inferSelect);
  r.add("stablehlo.clamp", verifyClamp, inferClamp);
  r.add("stablehlo.compare", verifyCompare, inferCompare);
  r.add("stablehlo.convert", verifyConvert);
  r.add("stablehlo.bitcast_convert", verifyBitcastConvert);
  r.add("stablehlo.complex", verifyComplex, inferComplex);
  r.add("stablehlo.real", verifyComplexPart, inferComplexPart);
  r.add("stablehlo.imag", verifyComplexPart, inferComplexPart);
  r.add("stablehlo.is_finite", verifyIsFinite, inferIsFinite);
  r.add("stablehlo.constant", verifyConstant, inferConstant);
  r.add("stablehlo.reduce_precision", verifyReducePrecision, inferReducePrecision);
  r.add("stablehlo.optimization_barrier", verifyOptimizationBarrier, inferOptimizationBarrier);
  r.add("stablehlo.uniform_quantize", verifyUniformQuantize);
  r.add("stablehlo.uniform_dequantize", verifyUniformDequantize, inferUniformDequantize);
}

}  // namespace shlo::verify
