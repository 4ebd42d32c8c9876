// Slicing ops (spec: slice, dynamic_slice, dynamic_update_slice, pad,
// dynamic_pad, concatenate) and real_dynamic_slice.
#include <algorithm>
#include <set>
#include <sstream>

#include "support/CheckedArithmetic.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/ShapeHelpers.h"

namespace shlo::verify {

namespace {

using namespace shapes;

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
    // A bounded dynamic dimension (dynamism.md) holds at most its bound
    // elements; StableHLO's slice inference holds the limit to it.
    if (!isStatic(size) && i < operand.bounds().size() && isStatic(operand.bounds()[i]) &&
        operand.bounds()[i] >= 0 && limit > operand.bounds()[i]) {
      c.error(c.attributeRange("limit_indices"), "C3",
              "limit index " + num(limit) + " in dimension " + num(i) + " exceeds the operand's bound " +
                  num(operand.bounds()[i]));
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
/// would be negative, or (with `overflowDim` set) would not fit in int64.
std::optional<std::vector<int64_t>> paddedShape(const Type &operand, const std::vector<int64_t> &low,
                                                const std::vector<int64_t> &high, const std::vector<int64_t> &interior,
                                                int64_t *negativeDim = nullptr, int64_t *overflowDim = nullptr) {
  std::vector<int64_t> shape;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    int64_t size = operand.dim(d);
    if (!isStatic(size)) {
      shape.push_back(kDynamic);
      continue;
    }
    size_t i = size_t(d);
    std::optional<int64_t> padded = checked::paddedSize(size, low[i], high[i], interior[i]);
    if (!padded) {
      // Which of the two: the exact size in 128 bits tells them apart.
      __int128 exact = __int128{size} + low[i] + high[i] + __int128{std::max<int64_t>(size - 1, 0)} * interior[i];
      if (exact < 0) {
        if (negativeDim) *negativeDim = d;
      } else if (overflowDim) {
        *overflowDim = d;
      }
      return std::nullopt;
    }
    shape.push_back(*padded);
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
  int64_t negative = -1, overflow = -1;
  if (!paddedShape(operand, *low, *high, *interior, &negative, &overflow)) {
    if (overflow >= 0) {
      c.error(c.attributeRange("interior_padding"), "C4",
              "padding makes dimension " + num(overflow) + " of the result larger than a 64-bit integer can count");
    } else {
      c.error(c.attributeRange("edge_padding_low"), "C4",
              "padding makes dimension " + num(negative) + " of the result negative");
    }
    return;
  }
  // A bounded dynamic dimension's bound is padded like a size (dynamism.md);
  // padding that takes it below zero is an error, as in StableHLO.
  for (size_t i = 0; i < rank && i < operand.bounds().size(); ++i) {
    int64_t bound = operand.bounds()[i];
    if (isStatic(operand.dim(int64_t(i))) || !isStatic(bound) || bound < 0) continue;
    __int128 padded = __int128{bound} + (*low)[i] + (*high)[i] + __int128{std::max<int64_t>(bound - 1, 0)} * (*interior)[i];
    if (padded < 0) {
      c.error(c.attributeRange("edge_padding_low"), "C4",
              "padding makes the bound " + num(bound) + " of dimension " + num(i) + " negative");
      return;
    }
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
  int64_t negative = -1, overflow = -1;
  auto shape = paddedShape(operand, *low, *high, *interior, &negative, &overflow);
  if (!shape) {
    c.error(c.nameRange(), "C4",
            overflow >= 0
                ? "padding makes dimension " + num(overflow) + " of the result larger than a 64-bit integer can count"
                : "padding makes dimension " + num(negative) + " of the result negative");
    return;
  }
  c.checkInferred(0, operand.withShape(*shape), "C4");
}

}  // namespace

void registerSlicingOps(OpRegistry &r) {
  r.add("stablehlo.concatenate", verifyConcatenate, inferConcatenate);
  r.add("stablehlo.slice", verifySlice, inferSlice);
  r.add("stablehlo.dynamic_slice", verifyDynamicSlice, inferDynamicSlice);
  r.add("stablehlo.dynamic_update_slice", verifyDynamicUpdateSlice, inferDynamicUpdateSlice);
  r.add("stablehlo.real_dynamic_slice", verifyRealDynamicSlice);
  r.add("stablehlo.pad", verifyPad, inferPad);
  r.add("stablehlo.dynamic_pad", verifyDynamicPad);
}

}  // namespace shlo::verify
