// Elementwise ops (spec: abs ... xor): operands and results share a shape;
// element types follow each op's constraints. select, clamp and compare, and
// the type-changing complex, real, imag, abs and is_finite, check their own.
#include <algorithm>
#include <set>
#include <sstream>

#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/ShapeHelpers.h"

namespace shlo::verify {

namespace {

using namespace shapes;

using ir::ElementType;
using ir::Type;

/// The result has the operands' type (spec: each elementwise op's result
/// constraint). Quantized results may pick other scales: not inferred.
std::vector<ir::Type> inferSameAsOperand(const VerifyContext &c) {
  if (c.numOperands() == 0) return {};
  ir::Type t = c.operandType(0);
  if (!t.isTensor() || t.element().isQuantized()) return {};
  return {t};
}

/// The optional `result_accuracy` of transcendental ops: tolerances are
/// non-negative, and zero unless the mode is TOLERANCE.
void checkResultAccuracy(VerifyContext &c) {
  const ir::Attribute *accuracy = c.attribute("result_accuracy");
  if (!accuracy) return;
  if (accuracy->kind != ir::Attribute::Kind::Struct) {
    c.error(c.attributeRange("result_accuracy"), "result_accuracy",
            "result_accuracy must be a #stablehlo.result_accuracy attribute, got " + accuracy->str());
    return;
  }
  const ir::Attribute *mode = accuracy->field("mode");
  std::string modeName = mode && mode->kind == ir::Attribute::Kind::Enum ? mode->text : "DEFAULT";
  for (const char *name : {"atol", "rtol", "ulps"}) {
    const ir::Attribute *value = accuracy->field(name);
    if (!value) continue;
    double v = value->kind == ir::Attribute::Kind::Float ? value->real : static_cast<double>(value->integer);
    if (v < 0) {
      c.error(value->range, "result_accuracy", std::string(name) + " must not be negative, got " + value->str());
      return;
    }
    if (v != 0 && modeName != "TOLERANCE") {
      c.error(value->range, "result_accuracy",
              "with mode " + modeName + ", result_accuracy's tolerances must all be zero; " + name + " is " +
                  value->str());
      return;
    }
  }
}

template <bool (*Class)(const ElementType &), const char *What>
void verifySameTypeOp(VerifyContext &c, size_t arity) {
  checkResultAccuracy(c);
  if (!checkArity(c, arity, 1) || !c.typesKnown()) return;
  for (size_t i = 0; i < arity; ++i) {
    if (!c.operandType(i).isTensor()) {
      c.error(c.operandRange(i), "C1", "operand #" + std::to_string(i) + " must be a tensor, got " + c.operandType(i).str());
      c.relateOperand(i);
      return;
    }
  }
  static const char *const kInputLabels[] = {"I1", "I2", "I3"};
  for (size_t i = 0; i < arity; ++i) {
    if (!checkElementClass(c, i, Class, What, kInputLabels[i])) return;
  }
  if (!checkSameShapes(c, "C1")) return;
  if (!checkSameElementTypes(c, "C1")) return;
  std::vector<ir::Type> inferred = inferSameAsOperand(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C1");
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
// complex, real, imag, abs, is_finite.

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

}  // namespace

void registerElementwiseOps(OpRegistry &r) {
  r.add("stablehlo.add", verifyBinaryAny, inferSameAsOperand);
  r.add("stablehlo.and", verifyBinaryIntegerBool, inferSameAsOperand);
  r.add("stablehlo.atan2", verifyBinaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.cbrt", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.ceil", verifyUnaryFloat, inferSameAsOperand);
  r.add("stablehlo.cosine", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.count_leading_zeros", verifyUnaryInteger, inferSameAsOperand);
  r.add("stablehlo.divide", verifyBinaryNumeric, inferSameAsOperand);
  // exp2 and log2 are newer than our spec copy; StableHLO types them as
  // exponential and log.
  r.add("stablehlo.exp2", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.exponential", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.exponential_minus_one", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.floor", verifyUnaryFloat, inferSameAsOperand);
  r.add("stablehlo.log", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.log2", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.log_plus_one", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.logistic", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.maximum", verifyBinaryAny, inferSameAsOperand);
  r.add("stablehlo.minimum", verifyBinaryAny, inferSameAsOperand);
  r.add("stablehlo.multiply", verifyBinaryAny, inferSameAsOperand);
  r.add("stablehlo.negate", verifyUnaryNumeric, inferSameAsOperand);
  r.add("stablehlo.not", verifyUnaryIntegerBool, inferSameAsOperand);
  r.add("stablehlo.or", verifyBinaryIntegerBool, inferSameAsOperand);
  r.add("stablehlo.popcnt", verifyUnaryInteger, inferSameAsOperand);
  r.add("stablehlo.power", verifyBinaryNumeric, inferSameAsOperand);
  r.add("stablehlo.remainder", verifyBinaryNumeric, inferSameAsOperand);
  r.add("stablehlo.round_nearest_afz", verifyUnaryFloat, inferSameAsOperand);
  r.add("stablehlo.round_nearest_even", verifyUnaryFloat, inferSameAsOperand);
  r.add("stablehlo.rsqrt", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.shift_left", verifyBinaryInteger, inferSameAsOperand);
  r.add("stablehlo.shift_right_arithmetic", verifyBinaryInteger, inferSameAsOperand);
  r.add("stablehlo.shift_right_logical", verifyBinaryInteger, inferSameAsOperand);
  r.add("stablehlo.sign", verifyUnaryNumeric, inferSameAsOperand);
  r.add("stablehlo.sine", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.sqrt", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.square", verifyUnaryNumeric, inferSameAsOperand);
  r.add("stablehlo.subtract", verifyBinaryNumeric, inferSameAsOperand);
  r.add("stablehlo.tan", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.tanh", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.xor", verifyBinaryIntegerBool, inferSameAsOperand);
  r.add("stablehlo.abs", verifyAbs, inferAbs);
  r.add("stablehlo.select", verifySelect, inferSelect);
  r.add("stablehlo.clamp", verifyClamp, inferClamp);
  r.add("stablehlo.compare", verifyCompare, inferCompare);
  r.add("stablehlo.complex", verifyComplex, inferComplex);
  r.add("stablehlo.real", verifyComplexPart, inferComplexPart);
  r.add("stablehlo.imag", verifyComplexPart, inferComplexPart);
  r.add("stablehlo.is_finite", verifyIsFinite, inferIsFinite);
}

}  // namespace shlo::verify
