// The check dialect of the conformance tests and the reference interpreter's ops.
#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

namespace {

using ir::Type;

/// False (after an error at operand 1) when the actual and expected
/// operands' types differ.
bool sameCheckedTypes(VerifyContext &c) {
  Type a = c.operandType(0), b = c.operandType(1);
  if (!a.isTensor() || !b.isTensor() || ir::isCompatible(a, b)) return true;
  c.error(c.operandRange(1), "operands", "compares " + a.str() + " with " + b.str() + "; the types must match");
  c.relateOperand(1);
  return false;
}

/// check.expect_eq / expect_almost_eq / expect_close: two operands of one type.
void verifyCheckPair(VerifyContext &c) {
  if (c.numOperands() != 2) {
    c.error(c.nameRange(), "operands", "expects 2 operands, got " + std::to_string(c.numOperands()));
    return;
  }
  if (!c.typesKnown()) return;
  sameCheckedTypes(c);
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

/// check.expect_is_close %actual, %expected, %abs_error, %samples: actual
/// and expected of one type, the bounds and samples of their shape.
void verifyCheckIsClose(VerifyContext &c) {
  if (c.numOperands() != 4) {
    c.error(c.nameRange(), "operands",
            "expects 4 operands (actual, expected, abs_error, samples), got " + std::to_string(c.numOperands()));
    return;
  }
  if (!c.typesKnown()) return;
  if (!sameCheckedTypes(c)) return;
  Type a = c.operandType(0);
  for (size_t i : {size_t{2}, size_t{3}}) {
    Type t = c.operandType(i);
    if (a.isTensor() && t.isTensor() && !ir::isShapeCompatible(a, t)) {
      c.error(c.operandRange(i), "operands",
              std::string(i == 2 ? "abs_error" : "samples") + " has type " + t.str() + "; its shape must be " +
                  a.str() + "'s");
      c.relateOperand(i);
      return;
    }
  }
}

}  // namespace

void registerCheckInterpreterOps(OpRegistry &r) {
  r.add("check.expect_eq", verifyCheckPair);
  r.add("check.expect_almost_eq", verifyCheckPair);
  r.add("check.expect_close", verifyCheckPair);
  r.add("check.expect_is_close", verifyCheckIsClose);
  r.add("check.expect_eq_const", verifyCheckConstant);
  r.add("check.expect_almost_eq_const", verifyCheckConstant);
  r.add("check.expect_serialized_eq", nullptr);
  r.add("check.eq", nullptr);
  r.add("interpreter.run_parallel", nullptr);
  r.add("interpreter.probe", nullptr);
  r.add("interpreter.print", nullptr);
}

}  // namespace shlo::verify
