#include "semantic/verify/QuantizedProducts.h"

#include <algorithm>

namespace shlo::verify {

namespace {

using ir::ElementType;

bool perAxis(const ElementType &e) {
  return e.isQuantized() && e.quantizedInfo() && e.quantizedInfo()->quantizationDimension.has_value();
}

const char *quantizedWord(bool q) { return q ? "quantized" : "not quantized"; }

}  // namespace

bool checkProductQuantization(VerifyContext &c, const ProductQuantizationRules &rules) {
  if (c.numOperands() < 2 || c.numResults() < 1) return true;
  ir::Type lhs = c.operandType(0), rhs = c.operandType(1), result = c.resultType(0);
  if (!lhs.isTensor() || !rhs.isTensor() || !result.isTensor()) return true;
  const ElementType le = lhs.element(), re = rhs.element(), oe = result.element();
  bool lq = le.isQuantized() && le.quantizedInfo(), rq = re.isQuantized() && re.quantizedInfo(),
       oq = oe.isQuantized() && oe.quantizedInfo();
  if (!lq && !rq && !oq) return true;
  if (perAxis(le)) {
    c.error(c.operandRange(0), rules.lhsPerTensor,
            "lhs has per-axis quantized type " + lhs.str() + "; it must be a tensor or a per-tensor quantized tensor");
    return false;
  }
  if (lq != (oq && rq)) {
    c.error(c.typeRange(), rules.isQuantized,
            std::string("is_quantized(lhs) = is_quantized(result) and is_quantized(rhs) does not hold: lhs is ") +
                quantizedWord(lq) + ", rhs " + quantizedWord(rq) + ", result " + quantizedWord(oq));
    return false;
  }
  if (!rq) return true;
  const ir::QuantizedElement &rinfo = *re.quantizedInfo();
  if (rules.rhsZeroPoints) {
    for (int64_t zero : rinfo.zeroPoints) {
      if (zero != 0) {
        c.error(c.operandRange(1), rules.rhsZeroPoints,
                "rhs's zero points must be 0, got " + std::to_string(zero) + " in " + rhs.str());
        return false;
      }
    }
  }
  if (perAxis(re)) {
    int64_t axis = *rinfo.quantizationDimension;
    if (rules.rhsForbiddenAxesCode &&
        std::find(rules.rhsForbiddenAxes.begin(), rules.rhsForbiddenAxes.end(), axis) != rules.rhsForbiddenAxes.end()) {
      c.error(c.operandRange(1), rules.rhsForbiddenAxesCode,
              "rhs's quantization dimension " + std::to_string(axis) + " is one of rhs_contracting_dimensions");
      return false;
    }
    if (rules.rhsAxisCode && rules.rhsAxis && axis != *rules.rhsAxis) {
      c.error(c.operandRange(1), rules.rhsAxisCode,
              "rhs's quantization dimension is " + std::to_string(axis) + " but kernel_output_feature_dimension is " +
                  std::to_string(*rules.rhsAxis));
      return false;
    }
  }
  if (perAxis(oe) && rules.resultAxisCode && rules.resultAxis &&
      *oe.quantizedInfo()->quantizationDimension != *rules.resultAxis) {
    c.error(c.resultRange(0), rules.resultAxisCode,
            "the result's quantization dimension is " + std::to_string(*oe.quantizedInfo()->quantizationDimension) +
                " but output_feature_dimension is " + std::to_string(*rules.resultAxis));
    return false;
  }
  if (lq) {
    const ir::QuantizedElement &linfo = *le.quantizedInfo();
    if (linfo.storageType != rinfo.storageType) {
      c.error(c.operandRange(1), rules.storage,
              "lhs's storage type is " + linfo.storageType.str() + " but rhs's is " + rinfo.storageType.str());
      return false;
    }
    const ElementType &resultExpressed = oe.quantizedInfo()->expressedType;
    if (linfo.expressedType != rinfo.expressedType || rinfo.expressedType != resultExpressed) {
      c.error(c.typeRange(), rules.expressed,
              "expressed types differ: lhs " + linfo.expressedType.str() + ", rhs " + rinfo.expressedType.str() +
                  ", result " + resultExpressed.str());
      return false;
    }
    if (!perAxis(re) && perAxis(oe)) {
      c.error(c.resultRange(0), rules.perTensorRhs,
              "rhs is per-tensor quantized, so the result must be too, got " + result.str());
      return false;
    }
    return true;
  }
  // A hybrid op: float lhs, quantized rhs, float result.
  if (le != rinfo.expressedType || oe != le) {
    c.error(c.typeRange(), rules.hybrid,
            "element_type(lhs) = expressed_type(rhs) = element_type(result) does not hold: " + le.str() + ", " +
                rinfo.expressedType.str() + ", " + oe.str());
    return false;
  }
  return true;
}

}  // namespace shlo::verify
