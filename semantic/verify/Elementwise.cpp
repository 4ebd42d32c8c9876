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
      // Newer than this spec revision; StableHLO tests it with float and complex operands.
      {"stablehlo.square", "Element-wise square.", verifyUnaryNumeric},
      {"stablehlo.subtract", "Element-wise subtraction of two tensors.", verifyBinaryNumeric},
      {"stablehlo.tan", "Element-wise tangent.", verifyUnaryFloatComplex},
      {"stablehlo.tanh", "Element-wise hyperbolic tangent.", verifyUnaryFloatComplex},
      {"stablehlo.xor", "Element-wise XOR of two tensors.", verifyBinaryIntegerBool},
  };
  for (const Entry &e : entries) {
    std::string_view name = e.name;
    r.add({name, e.summary, name.substr(name.find('.') + 1), e.verify, inferSameAsOperand});
  }
}

}  // namespace shlo::verify
