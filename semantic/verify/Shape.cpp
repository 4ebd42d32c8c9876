// Shape ops (spec: broadcast_in_dim, reshape, transpose, reverse, iota,
// get_dimension_size, tuple, get_tuple_element, constant) and the deprecated broadcast.
#include <algorithm>
#include <set>
#include <sstream>

#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/ShapeHelpers.h"

namespace shlo::verify {

namespace {

using namespace shapes;

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

/// StableHLO's bounded dynamism (../shared/spec/dynamism.md): broadcast_in_dim
/// and reshape produce a statically shaped tensor, or one whose only dynamic
/// dimension has a bound. `hint` says what to use instead.
bool checkStaticOrSingleBoundedResult(VerifyContext &c, std::string_view hint) {
  Type result = c.resultType(0);
  if (!isRanked(result)) return true;
  std::optional<int64_t> boundedDimension;
  for (int64_t i = 0; i < result.rank(); ++i) {
    if (isStatic(result.dim(i))) continue;
    bool bounded = i < static_cast<int64_t>(result.bounds().size()) && isStatic(result.bounds()[size_t(i)]) &&
                   result.bounds()[size_t(i)] >= 0;  // legacy `bounds = [3, -1]` keeps -1 for "no bound"
    if (!bounded) {
      c.error(c.resultRange(0), "result",
              "result type " + result.str() + " must have a static shape (dimension " + num(i) +
                  " is dynamic without a bound); " + std::string(hint));
      return false;
    }
    if (boundedDimension) {
      c.error(c.resultRange(0), "result",
              "result type " + result.str() + " may have one bounded dimension, but dimensions " +
                  num(*boundedDimension) + " and " + num(i) + " are bounded");
      return false;
    }
    boundedDimension = i;
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
  checkStaticOrSingleBoundedResult(c, "use dynamic_broadcast_in_dim for dynamic shapes");
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
  if (!checkStaticOrSingleBoundedResult(c, "use dynamic_reshape for dynamic shapes")) return;
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

// ---------------------------------------------------------------------------
// constant.

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

}  // namespace

void registerShapeOps(OpRegistry &r) {
  r.add("stablehlo.broadcast_in_dim", verifyBroadcastInDim);
  r.add("stablehlo.dynamic_broadcast_in_dim", verifyDynamicBroadcastInDim);
  r.add("stablehlo.broadcast", verifyBroadcast, inferBroadcast);
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
  r.add("stablehlo.constant", verifyConstant, inferConstant);
}

}  // namespace shlo::verify
