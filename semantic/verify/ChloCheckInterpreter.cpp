// CHLO ops found in JAX exports (../shared/spec/chlo.md), the check dialect of
// the conformance tests, and the reference interpreter's ops.
#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

namespace {

using ir::Type;

/// Unary CHLO math: one operand, one result of the same type (is_inf and
/// friends return i1 of the same shape).
void verifyChloUnary(VerifyContext &c) {
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  if (!checkElementClass(c, 0, isFloatOrComplex, "floating-point or complex type", "operand")) return;
  checkSameShapes(c, "shape");
}

void verifyChloPredicate(VerifyContext &c) {
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  checkSameShapes(c, "shape");
  Type result = c.resultType(0);
  if (result.isTensor() && !result.element().isBoolean()) {
    c.error(c.resultRange(0), "result", "result must be a tensor of i1, got " + result.str());
  }
}

/// Binary CHLO ops with the same type for both operands and the result
/// (no implicit broadcasting: the broadcast_* ops allow it).
void verifyChloBinary(VerifyContext &c) {
  if (!checkArity(c, 2, 1) || !c.typesKnown()) return;
  if (!checkSameShapes(c, "shape")) return;
  checkSameElementTypes(c, "element_type");
}

/// top_k(operand, k): values and indices of the k largest along the last
/// dimension.
std::vector<Type> inferTopK(const VerifyContext &c) {
  Type operand = c.operandType(0);
  auto k = c.integer("k");
  if (!operand.isTensor() || !operand.ranked() || operand.rank() == 0 || !k) return {};
  std::vector<int64_t> shape = operand.shape();
  shape.back() = *k;
  return {Type::tensor(shape, operand.element()), Type::tensor(shape, ir::ElementType::integer(32))};
}

void verifyTopK(VerifyContext &c) {
  if (!checkArity(c, 1, 2) || !c.typesKnown()) return;
  Type operand = c.operandType(0);
  auto k = c.integer("k");
  if (!k) {
    c.error(c.nameRange(), "k", "top_k needs an integer `k`");
    return;
  }
  if (operand.isTensor() && operand.ranked()) {
    if (operand.rank() == 0) {
      c.error(c.operandRange(0), "operand", "operand must have rank 1 or more, got " + operand.str());
      return;
    }
    int64_t last = operand.shape().back();
    if (*k < 0 || (last != ir::kDynamic && *k > last)) {
      c.error(c.attributeRange("k"), "k",
              "k = " + std::to_string(*k) + " must be in [0, " + std::to_string(last) + "], the last dimension");
      return;
    }
  }
  std::vector<Type> inferred = inferTopK(c);
  for (size_t i = 0; i < inferred.size(); ++i) c.checkInferred(i, inferred[i], "result");
}

/// check.expect_eq / expect_almost_eq / expect_close: two operands of one type.
void verifyCheckPair(VerifyContext &c) {
  if (c.numOperands() != 2) {
    c.error(c.nameRange(), "operands", "expects 2 operands, got " + std::to_string(c.numOperands()));
    return;
  }
  if (!c.typesKnown()) return;
  Type a = c.operandType(0), b = c.operandType(1);
  if (a.isTensor() && b.isTensor() && !ir::isCompatible(a, b)) {
    c.error(c.operandRange(1), "operands", "compares " + a.str() + " with " + b.str() + "; the types must match");
    c.relateOperand(1);
  }
}

/// check.expect_eq_const / expect_almost_eq_const: the constant's type
/// matches the operand's.
void verifyCheckConstant(VerifyContext &c) {
  if (c.numOperands() != 1) {
    c.error(c.nameRange(), "operands", "expects 1 operand, got " + std::to_string(c.numOperands()));
    return;
  }
  const ir::Attribute *value = c.attribute("value");
  Type operand = c.operandType(0);
  if (!value || !value->type || !operand.valid()) return;
  if (operand.isTensor() && value->type->isTensor() && !ir::isCompatible(operand, *value->type)) {
    c.error(c.attributeRange("value"), "value",
            "the expected value has type " + value->type->str() + " but the operand has type " + operand.str());
    c.relateOperand(0);
  }
}

}  // namespace

void registerChloCheckInterpreterOps(OpRegistry &r) {
  struct Entry {
    const char *name;
    const char *summary;
    VerifyFn verify;
    InferFn infer;
  };
  static const Entry entries[] = {
      {"chlo.acos", "Element-wise arc cosine.", verifyChloUnary, nullptr},
      {"chlo.acosh", "Element-wise inverse hyperbolic cosine.", verifyChloUnary, nullptr},
      {"chlo.asin", "Element-wise arc sine.", verifyChloUnary, nullptr},
      {"chlo.asinh", "Element-wise inverse hyperbolic sine.", verifyChloUnary, nullptr},
      {"chlo.atan", "Element-wise arc tangent.", verifyChloUnary, nullptr},
      {"chlo.atanh", "Element-wise inverse hyperbolic tangent.", verifyChloUnary, nullptr},
      {"chlo.bessel_i1e", "Element-wise exponentially scaled modified Bessel function of order 1.", verifyChloUnary,
       nullptr},
      {"chlo.conj", "Element-wise complex conjugate.", verifyChloUnary, nullptr},
      {"chlo.cosh", "Element-wise hyperbolic cosine.", verifyChloUnary, nullptr},
      {"chlo.sinh", "Element-wise hyperbolic sine.", verifyChloUnary, nullptr},
      {"chlo.tan", "Element-wise tangent.", verifyChloUnary, nullptr},
      {"chlo.digamma", "Element-wise digamma function.", verifyChloUnary, nullptr},
      {"chlo.erf", "Element-wise Gauss error function.", verifyChloUnary, nullptr},
      {"chlo.erfc", "Element-wise complementary error function.", verifyChloUnary, nullptr},
      {"chlo.erf_inv", "Element-wise inverse error function.", verifyChloUnary, nullptr},
      {"chlo.lgamma", "Element-wise logarithm of the absolute value of the gamma function.", verifyChloUnary,
       nullptr},
      {"chlo.square", "Element-wise square.", nullptr, nullptr},
      {"chlo.is_inf", "Element-wise test for infinity.", verifyChloPredicate, nullptr},
      {"chlo.is_neg_inf", "Element-wise test for negative infinity.", verifyChloPredicate, nullptr},
      {"chlo.is_pos_inf", "Element-wise test for positive infinity.", verifyChloPredicate, nullptr},
      {"chlo.next_after", "Element-wise next representable value after x in the direction of y.", verifyChloBinary,
       nullptr},
      {"chlo.polygamma", "Element-wise polygamma function.", verifyChloBinary, nullptr},
      {"chlo.zeta", "Element-wise Hurwitz zeta function.", verifyChloBinary, nullptr},
      {"chlo.mulhi", "Element-wise high half of the product of two integers.", verifyChloBinary, nullptr},
      {"chlo.top_k", "The k largest values along the last dimension, and their indices.", verifyTopK, inferTopK},
      {"chlo.ragged_dot", "Dot product over groups of rows of a ragged lhs.", nullptr, nullptr},
      {"chlo.scan", "A prefix scan along one dimension with a body region.", nullptr, nullptr},
      {"chlo.constant", "A constant tensor.", nullptr, nullptr},
      {"chlo.constant_like", "A constant with the shape of its operand.", nullptr, nullptr},
      {"check.expect_eq", "Checks that two tensors are equal.", verifyCheckPair, nullptr},
      {"check.expect_almost_eq", "Checks that two float tensors are equal within a tolerance.", verifyCheckPair,
       nullptr},
      {"check.expect_close", "Checks that two float tensors are within a distance in ULPs.", verifyCheckPair, nullptr},
      {"check.expect_eq_const", "Checks that a tensor equals a constant.", verifyCheckConstant, nullptr},
      {"check.expect_almost_eq_const", "Checks that a float tensor equals a constant within a tolerance.",
       verifyCheckConstant, nullptr},
      {"check.expect_serialized_eq", "Checks that a tensor equals the value a probe wrote.", nullptr, nullptr},
      {"check.eq", "Compares two tensors for equality, returning an i1 tensor.", nullptr, nullptr},
      {"interpreter.run_parallel", "Runs a grid of functions as processes of one program.", nullptr, nullptr},
      {"interpreter.probe", "Writes its operand to a .npy file and returns it.", nullptr, nullptr},
      {"interpreter.print", "Prints its operand.", nullptr, nullptr},
  };
  for (const Entry &e : entries) r.add({e.name, e.summary, "", e.verify, e.infer});
}

}  // namespace shlo::verify
