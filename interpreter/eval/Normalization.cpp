// Evaluators of the Normalization family: batch_norm_inference,
// batch_norm_training, batch_norm_grad (the spec's decompositions, computed in
// double).
#include <cmath>

#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

using namespace support;
using ir::Operation;

namespace {

double requiredFloat(const ir::Operation &op, const char *name) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) throw RuntimeError(op.name + ": missing attribute `" + name + "`");
  if (a->kind == ir::Attribute::Kind::Float) return a->real;
  if (a->kind == ir::Attribute::Kind::Integer) return static_cast<double>(a->integer);
  throw RuntimeError(op.name + ": attribute `" + std::string(name) + "` is not a float");
}

/// A real float tensor as doubles (f16/bf16/f32/f64).
std::vector<double> doubles(const char *op, const Tensor &t) {
  if (t.kind() != ElemKind::F16 && t.kind() != ElemKind::BF16 && t.kind() != ElemKind::F32 &&
      t.kind() != ElemKind::F64) {
    throw UnsupportedOp(std::string(op) + ": element type " + t.type().element().str() + " is not supported");
  }
  std::vector<double> out(static_cast<size_t>(t.numElements()));
  for (int64_t i = 0; i < t.numElements(); ++i) out[i] = t.realAt(i);
  return out;
}

Tensor fromDoubles(const std::vector<double> &v, const ir::Type &type, const Shape &shape) {
  Tensor out(type, shape);
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloat<T>) {
      for (size_t i = 0; i < v.size(); ++i) out.data<T>()[i] = static_cast<T>(v[i]);
    } else {
      throw UnsupportedOp("batch_norm: result element type " + type.element().str() + " is not supported");
    }
  });
  out.finalize();
  return out;
}

/// Feature index of each element of `shape` along `feature`.
struct Features {
  int64_t count = 0, inner = 1;
  int64_t of(int64_t i) const { return (i / inner) % count; }
};
Features featuresOf(const char *op, const Tensor &operand, int64_t feature) {
  if (feature < 0 || feature >= operand.rank())
    throw RuntimeError(std::string(op) + ": feature_index is outside the operand");
  Features f;
  f.count = operand.shape()[feature];
  for (int64_t d = feature + 1; d < operand.rank(); ++d) f.inner *= operand.shape()[d];
  return f;
}

void checkFeatureVector(const char *op, const char *name, const Tensor &t, const Features &f) {
  if (t.rank() != 1 || t.shape()[0] != f.count) {
    throw RuntimeError(std::string(op) + ": `" + name + "` must have " + std::to_string(f.count) +
                       " elements (one per feature), got " + t.type().str());
  }
}

std::vector<Value> evalBatchNormInference(const ir::Operation &op, const std::vector<Value> &v) {
  const Tensor &operand = operandTensor(op, v, 0);
  Features f = featuresOf("batch_norm_inference", operand, intAttribute(op, "feature_index"));
  const char *names[] = {"scale", "offset", "mean", "variance"};
  std::vector<std::vector<double>> p;
  for (size_t k = 1; k <= 4; ++k) {
    checkFeatureVector("batch_norm_inference", names[k - 1], operandTensor(op, v, k), f);
    p.push_back(doubles("batch_norm_inference", operandTensor(op, v, k)));
  }
  double epsilon = requiredFloat(op, "epsilon");
  std::vector<double> x = doubles("batch_norm_inference", operand);
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t c = f.of(static_cast<int64_t>(i));
    x[i] = p[0][c] * (x[i] - p[2][c]) / std::sqrt(p[3][c] + epsilon) + p[1][c];
  }
  return one(fromDoubles(x, resultTypeOf(op), operand.shape()));
}

std::vector<Value> evalBatchNormTraining(const ir::Operation &op, const std::vector<Value> &v) {
  const Tensor &operand = operandTensor(op, v, 0);
  Features f = featuresOf("batch_norm_training", operand, intAttribute(op, "feature_index"));
  checkFeatureVector("batch_norm_training", "scale", operandTensor(op, v, 1), f);
  checkFeatureVector("batch_norm_training", "offset", operandTensor(op, v, 2), f);
  std::vector<double> scale = doubles("batch_norm_training", operandTensor(op, v, 1));
  std::vector<double> offset = doubles("batch_norm_training", operandTensor(op, v, 2));
  double epsilon = requiredFloat(op, "epsilon");
  std::vector<double> x = doubles("batch_norm_training", operand);
  std::vector<double> mean(f.count, 0), variance(f.count, 0);
  double perFeature = f.count ? static_cast<double>(x.size()) / static_cast<double>(f.count) : 0;
  for (size_t i = 0; i < x.size(); ++i) mean[f.of(static_cast<int64_t>(i))] += x[i];
  for (double &m : mean) m /= perFeature;
  for (size_t i = 0; i < x.size(); ++i) {
    double c = x[i] - mean[f.of(static_cast<int64_t>(i))];
    variance[f.of(static_cast<int64_t>(i))] += c * c;
  }
  for (double &s : variance) s /= perFeature;
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t c = f.of(static_cast<int64_t>(i));
    x[i] = scale[c] * (x[i] - mean[c]) / std::sqrt(variance[c] + epsilon) + offset[c];
  }
  return {Value(fromDoubles(x, resultTypeOf(op, 0), operand.shape())),
          Value(fromDoubles(mean, resultTypeOf(op, 1), {f.count})),
          Value(fromDoubles(variance, resultTypeOf(op, 2), {f.count}))};
}

std::vector<Value> evalBatchNormGrad(const ir::Operation &op, const std::vector<Value> &v) {
  const Tensor &operand = operandTensor(op, v, 0);
  Features f = featuresOf("batch_norm_grad", operand, intAttribute(op, "feature_index"));
  const char *names[] = {"scale", "mean", "variance"};
  std::vector<std::vector<double>> p;
  for (size_t k = 1; k <= 3; ++k) {
    checkFeatureVector("batch_norm_grad", names[k - 1], operandTensor(op, v, k), f);
    p.push_back(doubles("batch_norm_grad", operandTensor(op, v, k)));
  }
  const Tensor &gradOutput = operandTensor(op, v, 4);
  if (gradOutput.shape() != operand.shape())
    throw RuntimeError("batch_norm_grad: grad_output and operand differ in shape");
  double epsilon = requiredFloat(op, "epsilon");
  std::vector<double> x = doubles("batch_norm_grad", operand), dy = doubles("batch_norm_grad", gradOutput);
  double perFeature = f.count ? static_cast<double>(x.size()) / static_cast<double>(f.count) : 0;
  std::vector<double> sumDy(f.count, 0), sumDyCentered(f.count, 0), gradScale(f.count, 0);
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t c = f.of(static_cast<int64_t>(i));
    double centered = x[i] - p[1][c], stddev = std::sqrt(p[2][c] + epsilon);
    sumDy[c] += dy[i];
    sumDyCentered[c] += dy[i] * centered;
    gradScale[c] += dy[i] * centered / stddev;
  }
  std::vector<double> gradOperand(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t c = f.of(static_cast<int64_t>(i));
    double centered = x[i] - p[1][c], stddev = std::sqrt(p[2][c] + epsilon);
    double i6 = dy[i] * perFeature - sumDy[c] - sumDyCentered[c] * centered / (p[2][c] + epsilon);
    gradOperand[i] = p[0][c] / stddev / perFeature * i6;
  }
  return {Value(fromDoubles(gradOperand, resultTypeOf(op, 0), operand.shape())),
          Value(fromDoubles(gradScale, resultTypeOf(op, 1), {f.count})),
          Value(fromDoubles(sumDy, resultTypeOf(op, 2), {f.count}))};
}

}  // namespace

void registerNormalizationEvaluators(EvalTable &table) {
  table.add({
      {"stablehlo.batch_norm_inference", [](Interpreter &, const Operation &op, const std::vector<Value> &v,
                                            Env &) { return evalBatchNormInference(op, v); }},
      {"stablehlo.batch_norm_training",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) { return evalBatchNormTraining(op, v); }},
      {"stablehlo.batch_norm_grad",
       [](Interpreter &, const Operation &op, const std::vector<Value> &v, Env &) { return evalBatchNormGrad(op, v); }},
  });
}

}  // namespace shlo::interpreter
