// Conversion ops (spec: convert, bitcast_convert, reduce_precision,
// uniform_quantize, uniform_dequantize).
#include <algorithm>
#include <set>
#include <sstream>

#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/ShapeHelpers.h"

namespace shlo::verify {

namespace {

using namespace shapes;

// ---------------------------------------------------------------------------
// convert, bitcast_convert.

void verifyConvert(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  checkResultShape(c, c.operandType(0), "the operand", "C1");
}

void verifyBitcastConvert(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!isRanked(operand) || !isRanked(result)) return;
  if (operand.element().isComplex() != result.element().isComplex()) {
    c.error(c.resultRange(0), "C2",
            "cannot bitcast between complex and non-complex element types (" + operand.element().str() + " to " +
                result.element().str() + ")");
    return;
  }
  ElementType in = storageElement(operand.element()), out = storageElement(result.element());
  if (in.isIndex() || out.isIndex() || in.kind() == ElementType::Kind::None || out.kind() == ElementType::Kind::None) {
    return;
  }
  int64_t inBits = in.bitWidth(), outBits = out.bitWidth();
  if (inBits == 0 || outBits == 0) return;
  int64_t rank = operand.rank();
  auto mismatch = [&](const std::string &why) {
    c.error(c.resultRange(0), "C1", "cannot bitcast " + operand.str() + " to " + result.str() + ": " + why);
  };
  auto sameDims = [&](int64_t count) {
    for (int64_t i = 0; i < count; ++i) {
      if (!dimsCompatible(operand.dim(i), result.dim(i))) return false;
    }
    return true;
  };
  if (inBits == outBits) {
    if (result.rank() != rank || !sameDims(rank)) mismatch("with equal bit widths the shapes must match");
    return;
  }
  if (outBits < inBits) {
    if (result.rank() != rank + 1) {
      mismatch("the result's element type is narrower, so its rank must be " + num(rank + 1));
      return;
    }
    if (!sameDims(rank)) {
      mismatch("the shapes must match except for the result's last dimension");
      return;
    }
    int64_t last = result.dim(rank);
    if (isStatic(last) && last * outBits != inBits) {
      mismatch("the result's last dimension must be " + num(inBits / outBits) + " (" + num(inBits) + " / " +
               num(outBits) + " bits), got " + num(last));
    }
    return;
  }
  if (rank == 0) {
    mismatch("the result's element type is wider, so the operand needs a last dimension to combine");
    return;
  }
  if (result.rank() != rank - 1) {
    mismatch("the result's element type is wider, so its rank must be " + num(rank - 1));
    return;
  }
  for (int64_t i = 0; i < rank - 1; ++i) {
    if (!dimsCompatible(operand.dim(i), result.dim(i))) {
      mismatch("the shapes must match except for the operand's last dimension");
      return;
    }
  }
  int64_t last = operand.dim(rank - 1);
  if (isStatic(last) && last * inBits != outBits) {
    mismatch("the operand's last dimension must be " + num(outBits / inBits) + " (" + num(outBits) + " / " +
             num(inBits) + " bits), got " + num(last));
  }
}

// ---------------------------------------------------------------------------
// reduce_precision, uniform_quantize, uniform_dequantize.

std::vector<Type> inferReducePrecision(const VerifyContext &c) {
  if (c.numOperands() != 1 || !c.operandType(0).isTensor()) return {};
  return {c.operandType(0)};
}

void verifyReducePrecision(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1)) return;
  auto exponent = requireInteger(c, "exponent_bits", "C2");
  auto mantissa = requireInteger(c, "mantissa_bits", "C3");
  if (!exponent || !mantissa) return;
  if (*exponent < 1) {
    c.error(c.attributeRange("exponent_bits"), "C2", "exponent_bits must be at least 1, got " + num(*exponent));
    return;
  }
  if (*mantissa < 0) {
    c.error(c.attributeRange("mantissa_bits"), "C3", "mantissa_bits must be non-negative, got " + num(*mantissa));
    return;
  }
  if (!c.typesKnown()) return;
  Type operand = c.operandType(0);
  if (operand.isTensor() && !(operand.element().isFloat() || operand.element().isQuantized())) {
    c.error(c.operandRange(0), "operand", "operand must be a tensor of floating-point type, got " + operand.str());
    c.relateOperand(0);
    return;
  }
  auto inferred = inferReducePrecision(c);
  if (!inferred.empty()) checkInferredBaseline(c, 0, inferred[0], "C1");
}

void verifyUniformQuantize(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  if (!operand.isTensor() || !result.isTensor()) return;
  if (!operand.element().isFloat() && !operand.element().isQuantized()) {
    c.error(c.operandRange(0), "operand",
            "operand must be a tensor of floating-point or quantized type, got " + operand.str());
    c.relateOperand(0);
    return;
  }
  if (!result.element().isQuantized()) {
    c.error(c.resultRange(0), "result", "result must be a quantized tensor, got " + result.str());
    return;
  }
  if (!checkResultShape(c, operand, "the operand", "C1")) return;
  const ir::QuantizedElement *q = result.element().quantizedInfo();
  if (!q) return;
  ElementType expected = operand.element();
  if (expected.isQuantized()) {
    if (!expected.quantizedInfo()) return;
    expected = expected.quantizedInfo()->expressedType;
  }
  if (q->expressedType != expected) {
    c.error(c.resultRange(0), "C2",
            "the result's expressed type " + q->expressedType.str() + " differs from " + expected.str() +
                " (the operand's " + (operand.element().isQuantized() ? "expressed " : "element ") + "type)");
  }
}

std::vector<Type> inferUniformDequantize(const VerifyContext &c) {
  if (c.numOperands() != 1) return {};
  Type operand = c.operandType(0);
  if (!operand.isTensor() || !operand.element().isQuantized() || !operand.element().quantizedInfo()) return {};
  return {operand.withElement(operand.element().quantizedInfo()->expressedType)};
}

void verifyUniformDequantize(VerifyContext &c) {
  if (!checkTensors(c)) return;
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(0);
  if (operand.isTensor() && !operand.element().isQuantized()) {
    c.error(c.operandRange(0), "operand", "operand must be a quantized tensor, got " + operand.str());
    c.relateOperand(0);
    return;
  }
  if (!checkResultShape(c, operand, "the operand", "C1")) return;
  auto inferred = inferUniformDequantize(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C2");
}

}  // namespace

void registerConversionOps(OpRegistry &r) {
  r.add("stablehlo.convert", verifyConvert);
  r.add("stablehlo.bitcast_convert", verifyBitcastConvert);
  r.add("stablehlo.reduce_precision", verifyReducePrecision, inferReducePrecision);
  r.add("stablehlo.uniform_quantize", verifyUniformQuantize);
  r.add("stablehlo.uniform_dequantize", verifyUniformDequantize, inferUniformDequantize);
}

}  // namespace shlo::verify
