// Normalization ops (spec: batch_norm_grad, batch_norm_inference,
// batch_norm_training).
#include <algorithm>
#include <functional>
#include <set>

#include "semantic/verify/LinearAlgebraHelpers.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

namespace {

using namespace linalg;

// ---------------------------------------------------------------------------
// batch_norm_*.

/// Operands [0, multi) ∪ extra are multi-dimensional; the others are 1-D.
/// Checks C1 (feature_index), the shapes and the feature size.
bool verifyBatchNormOperands(VerifyContext &c, const std::vector<size_t> &multi, const std::vector<size_t> &single,
                             const char *shapeConstraint, const char *sizeConstraint) {
  const Attribute *fi = c.attribute("feature_index");
  if (!fi) {
    c.error(c.nameRange(), "C1", "missing attribute `feature_index`");
    return false;
  }
  if (fi->kind != Attribute::Kind::Integer) {
    c.error(c.attributeRange("feature_index"), "C1", "feature_index must be an integer, got " + fi->str());
    return false;
  }
  if (fi->integer < 0) {
    c.error(c.attributeRange("feature_index"), "C1",
            "feature_index must be non-negative, got " + std::to_string(fi->integer));
    return false;
  }
  if (!c.typesKnown()) return false;
  Type operand = c.operandType(multi[0]);
  if (!isRanked(operand)) return false;
  // C2: one baseline element type.
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (t.isTensor() && !ir::sameBaselineElementType(t.element(), operand.element())) {
      c.error(c.operandRange(i), "C2",
              "operand #" + std::to_string(i) + " has element type " + t.element().str() + " but operand has " +
                  operand.element().str());
      c.relateOperand(i);
      return false;
    }
  }
  for (size_t i : multi) {
    Type t = c.operandType(i);
    if (t.isTensor() && !ir::isShapeCompatible(t, operand)) {
      c.error(c.operandRange(i), shapeConstraint,
              "operand #" + std::to_string(i) + " has type " + t.str() + ", whose shape differs from the operand's " +
                  operand.str());
      c.relateOperand(i);
      return false;
    }
  }
  Type first = c.operandType(single[0]);
  for (size_t i : single) {
    Type t = c.operandType(i);
    if (!isRanked(t)) continue;
    if (t.rank() != 1) {
      c.error(c.operandRange(i), sizeConstraint, "operand #" + std::to_string(i) + " must be 1-dimensional, got " + t.str());
      return false;
    }
    if (isRanked(first) && !ir::isShapeCompatible(t, first)) {
      c.error(c.operandRange(i), sizeConstraint,
              "operand #" + std::to_string(i) + " has type " + t.str() + " but operand #" +
                  std::to_string(single[0]) + " has " + first.str() + "; the 1-dimensional operands must agree");
      c.relateOperand(i);
      return false;
    }
  }
  if (fi->integer >= operand.rank()) {
    c.error(c.attributeRange("feature_index"), "C1",
            "feature_index " + std::to_string(fi->integer) + " is outside [0, " + std::to_string(operand.rank()) +
                ") for operand of type " + operand.str());
    return false;
  }
  int64_t features = operand.dim(fi->integer);
  for (size_t i : single) {
    Type t = c.operandType(i);
    if (isRanked(t) && t.rank() == 1 && !dimsCompatible(t.dim(0), features)) {
      c.error(c.operandRange(i), sizeConstraint,
              "operand #" + std::to_string(i) + " has " + dimText(t.dim(0)) + " elements but dimension " +
                  std::to_string(fi->integer) + " (feature_index) of the operand has size " + dimText(features));
      c.relateOperand(i);
      return false;
    }
  }
  return true;
}

std::vector<Type> inferBatchNorm(const VerifyContext &c, size_t operands, bool inference) {
  if (c.numOperands() != operands) return {};
  Type operand = c.operandType(0);
  auto fi = c.integer("feature_index");
  if (!isRanked(operand) || !fi || *fi < 0 || *fi >= operand.rank()) return {};
  if (inference) return {operand};
  Type single = Type::tensor({operand.dim(*fi)}, operand.element());
  return {operand, single, single};
}

std::vector<Type> inferBatchNormGrad(const VerifyContext &c) { return inferBatchNorm(c, 5, false); }
std::vector<Type> inferBatchNormInference(const VerifyContext &c) { return inferBatchNorm(c, 5, true); }
std::vector<Type> inferBatchNormTraining(const VerifyContext &c) { return inferBatchNorm(c, 3, false); }

void checkBatchNormResults(VerifyContext &c, const std::vector<Type> &inferred, const char *firstConstraint,
                           const char *otherConstraint) {
  for (size_t i = 0; i < inferred.size() && i < c.numResults(); ++i) {
    if (!checkResult(c, i, inferred[i], i == 0 ? firstConstraint : otherConstraint)) return;
  }
}

void verifyBatchNormGrad(VerifyContext &c) {
  if (!checkArity(c, 5, 3)) return;
  // operand, scale, mean, variance, grad_output.
  if (!verifyBatchNormOperands(c, {0, 4}, {1, 2, 3}, "C3", "C4")) return;
  checkBatchNormResults(c, inferBatchNormGrad(c), "C3", "C4");
}

void verifyBatchNormInference(VerifyContext &c) {
  if (!checkArity(c, 5, 1)) return;
  // operand, scale, offset, mean, variance.
  if (!verifyBatchNormOperands(c, {0}, {1, 2, 3, 4}, "C7", "C3")) return;
  checkBatchNormResults(c, inferBatchNormInference(c), "C7", "C3");
}

void verifyBatchNormTraining(VerifyContext &c) {
  if (!checkArity(c, 3, 3)) return;
  // operand, scale, offset.
  if (!verifyBatchNormOperands(c, {0}, {1, 2}, "C7", "C3")) return;
  checkBatchNormResults(c, inferBatchNormTraining(c), "C7", "C5");
}

}  // namespace

void registerNormalizationOps(OpRegistry &r) {
  r.add("stablehlo.batch_norm_grad", verifyBatchNormGrad, inferBatchNormGrad);
  r.add("stablehlo.batch_norm_inference", verifyBatchNormInference, inferBatchNormInference);
  r.add("stablehlo.batch_norm_training", verifyBatchNormTraining, inferBatchNormTraining);
}

}  // namespace shlo::verify
