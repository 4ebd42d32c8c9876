// Random number ops (spec: rng, rng_bit_generator).
#include <algorithm>
#include <functional>
#include <set>

#include "semantic/verify/LinearAlgebraHelpers.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

namespace {

using namespace linalg;

// ---------------------------------------------------------------------------
// rng and rng_bit_generator.

std::vector<Type> inferRng(const VerifyContext &c) {
  if (c.numOperands() != 3) return {};
  Type a = c.operandType(0), shapeType = c.operandType(2);
  if (!a.isTensor()) return {};
  if (auto shape = constantOperand(c, 2)) return {Type::tensor(*shape, a.element())};
  if (isRanked(shapeType) && shapeType.rank() == 1 && !isDynamic(shapeType.dim(0))) {
    return {Type::tensor(std::vector<int64_t>(static_cast<size_t>(shapeType.dim(0)), ir::kDynamic), a.element())};
  }
  return {};
}

void verifyRng(VerifyContext &c) {
  if (!checkArity(c, 3, 1)) return;
  auto distribution = c.enumCase("rng_distribution");
  if (!distribution || (*distribution != "UNIFORM" && *distribution != "NORMAL")) {
    c.error(c.attribute("rng_distribution") ? c.attributeRange("rng_distribution") : c.nameRange(), "C2",
            "rng_distribution must be UNIFORM or NORMAL");
    return;
  }
  if (!c.typesKnown()) return;
  for (size_t i = 0; i < 2; ++i) {
    Type t = c.operandType(i);
    if (!t.isTensor()) continue;
    bool okElement = t.element().isInteger() || t.element().isFloat();
    if (!okElement || (t.ranked() && t.rank() != 0)) {
      c.error(c.operandRange(i), "C1",
              std::string(i == 0 ? "a" : "b") + " must be a 0-dimensional tensor of integer, boolean or "
                                                "floating-point type, got " + t.str());
      c.relateOperand(i);
      return;
    }
  }
  Type shape = c.operandType(2);
  // StableHLO's verifier also takes an index-typed shape (its shape operand
  // is a 1-D tensor of index or integer); the spec says integer only.
  bool shapeElement = shape.isTensor() && (shape.element().isNonBooleanInteger() || shape.element().isIndex());
  if (shape.isTensor() && (!shape.ranked() || shape.rank() != 1 || !shape.hasStaticShape() || !shapeElement)) {
    c.error(c.operandRange(2), "C3",
            "shape must be a statically shaped 1-dimensional integer or index tensor, got " + shape.str());
    c.relateOperand(2);
    return;
  }
  Type a = c.operandType(0), b = c.operandType(1), result = c.resultType(0);
  if (a.isTensor() && b.isTensor() && a.element() != b.element()) {
    c.error(c.operandRange(1), "C1", "a has element type " + a.element().str() + " but b has " + b.element().str());
    return;
  }
  if (a.isTensor() && result.isTensor() && a.element() != result.element()) {
    c.error(c.resultRange(0), "C1",
            "result has element type " + result.element().str() + " but a and b have " + a.element().str());
    return;
  }
  if (*distribution == "NORMAL" && a.isTensor() && !a.element().isFloat()) {
    c.error(c.operandRange(0), "C2", "NORMAL distribution needs floating-point a and b, got " + a.str());
    return;
  }
  auto inferred = inferRng(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C3");
}

void verifyRngBitGenerator(VerifyContext &c) {
  if (!checkArity(c, 1, 2)) return;
  auto algorithm = c.enumCase("rng_algorithm");
  if (!algorithm || (*algorithm != "DEFAULT" && *algorithm != "THREE_FRY" && *algorithm != "PHILOX")) {
    c.error(c.attribute("rng_algorithm") ? c.attributeRange("rng_algorithm") : c.nameRange(), "C2",
            "rng_algorithm must be DEFAULT, THREE_FRY or PHILOX");
    return;
  }
  if (!c.typesKnown()) return;
  Type initial = c.operandType(0), state = c.resultType(0);
  if (initial.isTensor() && state.isTensor() && !ir::isCompatible(initial, state)) {
    c.error(c.resultRange(0), "C1",
            "output_state has type " + state.str() + " but initial_state has type " + initial.str());
    return;
  }
  if (isRanked(initial) && initial.rank() == 1 && !isDynamic(initial.dim(0)) && initial.element().isUnsigned() &&
      initial.element().width() == 64) {
    int64_t size = initial.dim(0);
    if ((*algorithm == "THREE_FRY" && size != 2) || (*algorithm == "PHILOX" && size != 2 && size != 3)) {
      c.error(c.operandRange(0), "C2",
              *algorithm + " needs an initial_state of " + (*algorithm == "THREE_FRY" ? "2" : "2 or 3") +
                  " elements, got " + initial.str());
    }
  }
}

}  // namespace

void registerRandomOps(OpRegistry &r) {
  r.add("stablehlo.rng", verifyRng, inferRng);
  r.add("stablehlo.rng_bit_generator", verifyRngBitGenerator);
}

}  // namespace shlo::verify
