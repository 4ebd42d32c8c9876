// CHLO ops found in JAX exports (../shared/spec/chlo.md).
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

/// Numpy-style broadcasting of the ranked operands `operands` (sizes aligned
/// on the right, each equal or 1): the result must have the broadcast shape.
void checkBroadcastShape(VerifyContext &c, const std::vector<size_t> &operands) {
  int64_t rank = 0;
  for (size_t k : operands) rank = std::max(rank, c.operandType(k).rank());
  std::vector<int64_t> shape(static_cast<size_t>(rank), 1);
  for (size_t k : operands) {
    const Type t = c.operandType(k);
    for (int64_t i = rank - t.rank(); i < rank; ++i) {
      int64_t &a = shape[static_cast<size_t>(i)];
      int64_t b = t.dim(i - (rank - t.rank()));
      if (a == ir::kDynamic || b == ir::kDynamic) {
        a = a == 1 ? b : b == 1 ? a : ir::kDynamic;
      } else if (a == 1) {
        a = b;
      } else if (b != 1 && a != b) {
        c.error(c.operandRange(k), "shape",
                "operand shape " + t.str() + " does not broadcast with the other operands: size " +
                    std::to_string(b) + " against " + std::to_string(a) + " in dimension " + std::to_string(i));
        return;
      }
    }
  }
  const Type result = c.resultType(0);
  if (!ir::isShapeCompatible(Type::tensor(shape, result.element()), result)) {
    c.error(c.resultRange(0), "shape",
            "result type " + result.str() + " does not have the broadcast shape of the operands");
  }
}

/// chlo.broadcast_*: numpy-style broadcasting of two operands (or the
/// explicit `broadcast_dimensions`); the element types must agree.
void verifyChloBroadcastBinary(VerifyContext &c) {
  if (!checkArity(c, 2, 1) || !c.typesKnown()) return;
  Type lhs = c.operandType(0), rhs = c.operandType(1), result = c.resultType(0);
  if (!lhs.isTensor() || !rhs.isTensor()) return;
  bool comparison = c.op().name == "chlo.broadcast_compare";
  bool complexResult = c.op().name == "chlo.broadcast_complex";
  if (!ir::sameBaselineElementType(lhs.element(), rhs.element()) ||
      (!comparison && !complexResult && result.isTensor() &&
       !ir::sameBaselineElementType(lhs.element(), result.element()))) {
    c.error(c.operandRange(1), "element_type",
            "operands have element types " + lhs.element().str() + " and " + rhs.element().str() +
                (result.isTensor() ? " and the result " + result.element().str() : std::string()) +
                "; they must be the same");
    return;
  }
  if (c.attribute("broadcast_dimensions") || !lhs.ranked() || !rhs.ranked() || !result.isTensor() ||
      !result.ranked()) {
    return;
  }
  checkBroadcastShape(c, {0, 1});
}

/// chlo.broadcast_select(pred, on_true, on_false): i1 predicates, branches
/// of one element type (the result's), the three shapes broadcast together.
void verifyChloBroadcastSelect(VerifyContext &c) {
  if (!checkArity(c, 3, 1) || !c.typesKnown()) return;
  Type pred = c.operandType(0), onTrue = c.operandType(1), onFalse = c.operandType(2), result = c.resultType(0);
  if (!pred.isTensor() || !onTrue.isTensor() || !onFalse.isTensor()) return;
  if (!pred.element().isBoolean()) {
    c.error(c.operandRange(0), "pred", "pred must be a tensor of i1, got " + pred.str());
    return;
  }
  if (!ir::sameBaselineElementType(onTrue.element(), onFalse.element()) ||
      (result.isTensor() && !ir::sameBaselineElementType(onTrue.element(), result.element()))) {
    c.error(c.operandRange(2), "element_type",
            "on_true and on_false have element types " + onTrue.element().str() + " and " +
                onFalse.element().str() + (result.isTensor() ? " and the result " + result.element().str() : "") +
                "; they must be the same");
    return;
  }
  if (!onTrue.ranked() || !onFalse.ranked() || !pred.ranked() || !result.isTensor() || !result.ranked()) return;
  checkBroadcastShape(c, {0, 1, 2});
}

/// chlo.mulhi: integer operands of one type.
void verifyMulhi(VerifyContext &c) {
  if (!checkArity(c, 2, 1) || !c.typesKnown()) return;
  for (size_t i = 0; i < 2; ++i) {
    Type t = c.operandType(i);
    if (t.isTensor() && !t.element().isNonBooleanInteger()) {
      c.error(c.operandRange(i), "operand", "operand #" + std::to_string(i) + " must be a tensor of integers, got " +
                                               t.str());
      return;
    }
  }
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
      c.error(c.operandRange(0), "k",
              "the operand's last dimension (" + std::to_string(last) + ") must be at least k = " + std::to_string(*k));
      return;
    }
  }
  std::vector<Type> inferred = inferTopK(c);
  for (size_t i = 0; i < inferred.size(); ++i) c.checkInferred(i, inferred[i], "result");
}

}  // namespace

void registerChloOps(OpRegistry &r) {
  r.add("chlo.acos", verifyChloUnary);
  r.add("chlo.acosh", verifyChloUnary);
  r.add("chlo.asin", verifyChloUnary);
  r.add("chlo.asinh", verifyChloUnary);
  r.add("chlo.atan", verifyChloUnary);
  r.add("chlo.atanh", verifyChloUnary);
  r.add("chlo.bessel_i1e", verifyChloUnary);
  r.add("chlo.conj", verifyChloUnary);
  r.add("chlo.cosh", verifyChloUnary);
  r.add("chlo.sinh", verifyChloUnary);
  r.add("chlo.tan", verifyChloUnary);
  r.add("chlo.digamma", verifyChloUnary);
  r.add("chlo.erf", verifyChloUnary);
  r.add("chlo.erfc", verifyChloUnary);
  r.add("chlo.erf_inv", verifyChloUnary);
  r.add("chlo.lgamma", verifyChloUnary);
  r.add("chlo.square", nullptr);
  r.add("chlo.is_inf", verifyChloPredicate);
  r.add("chlo.is_neg_inf", verifyChloPredicate);
  r.add("chlo.is_pos_inf", verifyChloPredicate);
  r.add("chlo.next_after", verifyChloBinary);
  r.add("chlo.polygamma", verifyChloBinary);
  r.add("chlo.zeta", verifyChloBinary);
  r.add("chlo.mulhi", verifyMulhi);
  r.add("chlo.broadcast_add", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_and", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_atan2", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_compare", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_complex", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_divide", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_maximum", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_minimum", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_multiply", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_next_after", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_or", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_polygamma", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_power", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_remainder", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_shift_left", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_shift_right_arithmetic", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_shift_right_logical", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_subtract", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_xor", verifyChloBroadcastBinary);
  r.add("chlo.broadcast_select", verifyChloBroadcastSelect);
  r.add("chlo.broadcast_zeta", verifyChloBroadcastBinary);
  r.add("chlo.top_k", verifyTopK, inferTopK);
  r.add("chlo.constant", nullptr);
  registerChloStructuredOps(r);  // ragged_dot, scan, constant_like
}

}  // namespace shlo::verify
