// Elementwise ops (spec: abs ... xor): operands and results share a shape;
// element types follow each op's constraints.
#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

namespace {

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
  r.add("stablehlo.exponential", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.exponential_minus_one", verifyUnaryFloatComplex, inferSameAsOperand);
  r.add("stablehlo.floor", verifyUnaryFloat, inferSameAsOperand);
  r.add("stablehlo.log", verifyUnaryFloatComplex, inferSameAsOperand);
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
}

}  // namespace shlo::verify
