// Elementwise ops (spec: abs ... xor): operands and results share a shape;
// element types follow each op's constraints.
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

namespace {

using ir::ElementType;
using ir::Type;

/// Element type classes of the spec's op constraints.
bool isIntegerOrBoolean(const ElementType &e) { return e.isInteger(); }
bool isFloatOrComplex(const ElementType &e) { return e.isFloat() || e.isComplex(); }
bool isNumeric(const ElementType &e) { return e.isInteger() ? !e.isBoolean() : e.isFloat() || e.isComplex() || e.isQuantized(); }

/// Every operand and result must have the same shape (compatible, per the
/// spec's dynamism rules); reports the first mismatch.
bool checkSameShapes(VerifyContext &c, std::string_view constraint) {
  Type reference;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (!t.isTensor()) continue;
    if (!reference.valid()) {
      reference = t;
      continue;
    }
    if (!ir::isShapeCompatible(reference, t)) {
      c.error(c.operandRange(i), constraint,
              "operand #" + std::to_string(i) + " has type " + t.str() + ", whose shape differs from operand #0's " +
                  reference.str());
      c.relateOperand(i);
      return false;
    }
  }
  for (size_t i = 0; i < c.numResults(); ++i) {
    Type t = c.resultType(i);
    if (reference.valid() && t.isTensor() && !ir::isShapeCompatible(reference, t)) {
      c.error(c.resultRange(i), constraint,
              "result type " + t.str() + " does not have the operands' shape (" + reference.str() + ")");
      return false;
    }
  }
  return true;
}

/// The element types of all operands and results are the same.
bool checkSameElementTypes(VerifyContext &c, std::string_view constraint) {
  std::optional<ElementType> reference;
  auto check = [&](const Type &t, syntax::TextRange range, const std::string &what) {
    if (!t.isTensor()) return true;
    if (!reference) {
      reference = t.element();
      return true;
    }
    if (ir::sameBaselineElementType(t.element(), *reference)) return true;
    c.error(range, constraint,
            what + " has element type " + t.element().str() + " but the op requires " + reference->str() +
                " for all operands and results");
    return false;
  };
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (!check(c.operandType(i), c.operandRange(i), "operand #" + std::to_string(i))) return false;
  }
  for (size_t i = 0; i < c.numResults(); ++i) {
    if (!check(c.resultType(i), c.resultRange(i), "result")) return false;
  }
  return true;
}

bool checkElementClass(VerifyContext &c, size_t operand, bool (*ok)(const ElementType &), std::string_view what,
                       std::string_view constraint) {
  Type t = c.operandType(operand);
  if (!t.isTensor() || t.element().isQuantized() || ok(t.element())) return true;
  c.error(c.operandRange(operand), constraint,
          "operand #" + std::to_string(operand) + " must be a tensor of " + std::string(what) + ", got " + t.str());
  c.relateOperand(operand);
  return false;
}

bool checkArity(VerifyContext &c, size_t operands, size_t results) {
  if (c.numOperands() != operands) {
    c.error(c.nameRange(), "operands",
            "expects " + std::to_string(operands) + " operands, got " + std::to_string(c.numOperands()));
    return false;
  }
  if (c.numResults() != results) {
    c.error(c.nameRange(), "results", "expects " + std::to_string(results) + " results, got " +
                                          std::to_string(c.numResults()));
    return false;
  }
  return true;
}

template <bool (*Class)(const ElementType &), const char *What>
void verifySameTypeOp(VerifyContext &c, size_t arity) {
  if (!checkArity(c, arity, 1) || !c.typesKnown()) return;
  for (size_t i = 0; i < arity; ++i) {
    if (!checkElementClass(c, i, Class, What, "C1")) return;
  }
  if (!checkSameShapes(c, "C1")) return;
  checkSameElementTypes(c, "C1");
}

constexpr char kNumeric[] = "integer, floating-point or complex type";
constexpr char kFloatComplex[] = "floating-point or complex type";
constexpr char kIntegerBool[] = "integer or boolean type";
constexpr char kAny[] = "any element type";
bool anyElement(const ElementType &) { return true; }
bool isInteger(const ElementType &e) { return e.isNonBooleanInteger(); }
constexpr char kInteger[] = "integer type";
bool isFloat(const ElementType &e) { return e.isFloat(); }
constexpr char kFloat[] = "floating-point type";

void verifyUnaryNumeric(VerifyContext &c) { verifySameTypeOp<isNumeric, kNumeric>(c, 1); }
void verifyUnaryFloatComplex(VerifyContext &c) { verifySameTypeOp<isFloatOrComplex, kFloatComplex>(c, 1); }
void verifyUnaryFloat(VerifyContext &c) { verifySameTypeOp<isFloat, kFloat>(c, 1); }
void verifyUnaryInteger(VerifyContext &c) { verifySameTypeOp<isInteger, kInteger>(c, 1); }
void verifyUnaryIntegerBool(VerifyContext &c) { verifySameTypeOp<isIntegerOrBoolean, kIntegerBool>(c, 1); }
void verifyBinaryNumeric(VerifyContext &c) { verifySameTypeOp<isNumeric, kNumeric>(c, 2); }
void verifyBinaryAny(VerifyContext &c) { verifySameTypeOp<anyElement, kAny>(c, 2); }
void verifyBinaryFloatComplex(VerifyContext &c) { verifySameTypeOp<isFloatOrComplex, kFloatComplex>(c, 2); }
void verifyBinaryInteger(VerifyContext &c) { verifySameTypeOp<isInteger, kInteger>(c, 2); }
void verifyBinaryIntegerBool(VerifyContext &c) { verifySameTypeOp<isIntegerOrBoolean, kIntegerBool>(c, 2); }

}  // namespace

void registerElementwiseOps(OpRegistry &r) {
  struct Entry {
    const char *name;
    const char *summary;
    VerifyFn verify;
  };
  static const Entry entries[] = {
      {"stablehlo.abs", "Element-wise absolute value.", nullptr},
      {"stablehlo.add", "Element-wise addition of two tensors.", verifyBinaryAny},
      {"stablehlo.and", "Element-wise AND of two tensors.", verifyBinaryIntegerBool},
      {"stablehlo.atan2", "Element-wise atan2 of lhs and rhs.", verifyBinaryFloatComplex},
      {"stablehlo.cbrt", "Element-wise cubic root.", verifyUnaryFloatComplex},
      {"stablehlo.ceil", "Element-wise ceiling.", verifyUnaryFloat},
      {"stablehlo.cosine", "Element-wise cosine.", verifyUnaryFloatComplex},
      {"stablehlo.count_leading_zeros", "Element-wise count of leading zero bits.", verifyUnaryInteger},
      {"stablehlo.divide", "Element-wise division of dividend and divisor.", verifyBinaryNumeric},
      {"stablehlo.exponential", "Element-wise exponential.", verifyUnaryFloatComplex},
      {"stablehlo.exponential_minus_one", "Element-wise exponential minus one.", verifyUnaryFloatComplex},
      {"stablehlo.floor", "Element-wise floor.", verifyUnaryFloat},
      {"stablehlo.log", "Element-wise logarithm.", verifyUnaryFloatComplex},
      {"stablehlo.log_plus_one", "Element-wise logarithm plus one.", verifyUnaryFloatComplex},
      {"stablehlo.logistic", "Element-wise logistic.", verifyUnaryFloatComplex},
      {"stablehlo.maximum", "Element-wise max of two tensors.", verifyBinaryAny},
      {"stablehlo.minimum", "Element-wise min of two tensors.", verifyBinaryAny},
      {"stablehlo.multiply", "Element-wise product of two tensors.", verifyBinaryAny},
      {"stablehlo.negate", "Element-wise negation.", verifyUnaryNumeric},
      {"stablehlo.not", "Element-wise NOT.", verifyUnaryIntegerBool},
      {"stablehlo.or", "Element-wise OR of two tensors.", verifyBinaryIntegerBool},
      {"stablehlo.popcnt", "Element-wise count of set bits.", verifyUnaryInteger},
      {"stablehlo.power", "Element-wise exponentiation of lhs by rhs.", verifyBinaryNumeric},
      {"stablehlo.remainder", "Element-wise remainder of dividend and divisor.", verifyBinaryNumeric},
      {"stablehlo.round_nearest_afz", "Element-wise rounding towards the nearest integer, ties away from zero.",
       verifyUnaryFloat},
      {"stablehlo.round_nearest_even", "Element-wise rounding towards the nearest integer, ties to even.",
       verifyUnaryFloat},
      {"stablehlo.rsqrt", "Element-wise reciprocal square root.", verifyUnaryFloatComplex},
      {"stablehlo.shift_left", "Element-wise left-shift of lhs by rhs bits.", verifyBinaryInteger},
      {"stablehlo.shift_right_arithmetic", "Element-wise arithmetic right-shift of lhs by rhs bits.",
       verifyBinaryInteger},
      {"stablehlo.shift_right_logical", "Element-wise logical right-shift of lhs by rhs bits.", verifyBinaryInteger},
      {"stablehlo.sign", "Element-wise sign of the operand.", verifyUnaryNumeric},
      {"stablehlo.sine", "Element-wise sine.", verifyUnaryFloatComplex},
      {"stablehlo.sqrt", "Element-wise square root.", verifyUnaryFloatComplex},
      {"stablehlo.subtract", "Element-wise subtraction of two tensors.", verifyBinaryNumeric},
      {"stablehlo.tan", "Element-wise tangent.", verifyUnaryFloatComplex},
      {"stablehlo.tanh", "Element-wise hyperbolic tangent.", verifyUnaryFloatComplex},
      {"stablehlo.xor", "Element-wise XOR of two tensors.", verifyBinaryIntegerBool},
  };
  for (const Entry &e : entries) {
    std::string_view name = e.name;
    r.add({name, e.summary, name.substr(name.find('.') + 1), e.verify});
  }
}

}  // namespace shlo::verify
