// Spec ops outside the main table and the deprecated ops that the spec and
// XLA still define: composite (its decomposition called as a function),
// collective_reduce, async_start/async_done (run synchronously), the
// batch_norm family (the spec's decompositions, computed in double),
// cholesky, rng_bit_generator, rng, broadcast, einsum, unary_einsum,
// torch_index_select, real_dynamic_slice, cross-replica-sum; and the table
// of custom_call targets that the interpreter knows.
#include <cmath>
#include <complex>
#include <cstring>
#include <map>

#include "interpreter/OpHandlers.h"

namespace shlo::interpreter {

namespace {

using support::operandTensor;
using support::resultTypeOf;
using Operands = std::vector<Value>;

std::vector<Value> one(Tensor t) { return {Value(std::move(t))}; }

double floatAttribute(const ir::Operation &op, const char *name) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) throw RuntimeError(op.name + ": missing attribute `" + name + "`");
  if (a->kind == ir::Attribute::Kind::Float) return a->real;
  if (a->kind == ir::Attribute::Kind::Integer) return static_cast<double>(a->integer);
  throw RuntimeError(op.name + ": attribute `" + std::string(name) + "` is not a float");
}

/// A real float tensor as doubles (f16/bf16/f32/f64).
std::vector<double> doubles(const char *op, const Tensor &t) {
  if (t.kind() != ElemKind::F16 && t.kind() != ElemKind::BF16 && t.kind() != ElemKind::F32 && t.kind() != ElemKind::F64) {
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
  if (feature < 0 || feature >= operand.rank()) throw RuntimeError(std::string(op) + ": feature_index is outside the operand");
  Features f;
  f.count = operand.shape()[feature];
  for (int64_t d = feature + 1; d < operand.rank(); ++d) f.inner *= operand.shape()[d];
  return f;
}

void checkFeatureVector(const char *op, const char *name, const Tensor &t, const Features &f) {
  if (t.rank() != 1 || t.shape()[0] != f.count) {
    throw RuntimeError(std::string(op) + ": `" + name + "` must have " + std::to_string(f.count) + " elements (one per feature), got " +
                       t.type().str());
  }
}

std::vector<Value> batchNormInference(const ir::Operation &op, const Operands &v) {
  const Tensor &operand = operandTensor(op, v, 0);
  Features f = featuresOf("batch_norm_inference", operand, support::intAttribute(op, "feature_index"));
  const char *names[] = {"scale", "offset", "mean", "variance"};
  std::vector<std::vector<double>> p;
  for (size_t k = 1; k <= 4; ++k) {
    checkFeatureVector("batch_norm_inference", names[k - 1], operandTensor(op, v, k), f);
    p.push_back(doubles("batch_norm_inference", operandTensor(op, v, k)));
  }
  double epsilon = floatAttribute(op, "epsilon");
  std::vector<double> x = doubles("batch_norm_inference", operand);
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t c = f.of(static_cast<int64_t>(i));
    x[i] = p[0][c] * (x[i] - p[2][c]) / std::sqrt(p[3][c] + epsilon) + p[1][c];
  }
  return one(fromDoubles(x, resultTypeOf(op), operand.shape()));
}

std::vector<Value> batchNormTraining(const ir::Operation &op, const Operands &v) {
  const Tensor &operand = operandTensor(op, v, 0);
  Features f = featuresOf("batch_norm_training", operand, support::intAttribute(op, "feature_index"));
  checkFeatureVector("batch_norm_training", "scale", operandTensor(op, v, 1), f);
  checkFeatureVector("batch_norm_training", "offset", operandTensor(op, v, 2), f);
  std::vector<double> scale = doubles("batch_norm_training", operandTensor(op, v, 1));
  std::vector<double> offset = doubles("batch_norm_training", operandTensor(op, v, 2));
  double epsilon = floatAttribute(op, "epsilon");
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

std::vector<Value> batchNormGrad(const ir::Operation &op, const Operands &v) {
  const Tensor &operand = operandTensor(op, v, 0);
  Features f = featuresOf("batch_norm_grad", operand, support::intAttribute(op, "feature_index"));
  const char *names[] = {"scale", "mean", "variance"};
  std::vector<std::vector<double>> p;
  for (size_t k = 1; k <= 3; ++k) {
    checkFeatureVector("batch_norm_grad", names[k - 1], operandTensor(op, v, k), f);
    p.push_back(doubles("batch_norm_grad", operandTensor(op, v, k)));
  }
  const Tensor &gradOutput = operandTensor(op, v, 4);
  if (gradOutput.shape() != operand.shape()) throw RuntimeError("batch_norm_grad: grad_output and operand differ in shape");
  double epsilon = floatAttribute(op, "epsilon");
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

/// Cholesky of each trailing n x n matrix (Cholesky-Banachiewicz); the other
/// triangle is zero. A matrix that is not positive-definite gives NaNs.
Tensor cholesky(const Tensor &a, bool lower, const ir::Type &resultType) {
  if (a.rank() < 2 || a.shape()[a.rank() - 1] != a.shape()[a.rank() - 2]) {
    throw RuntimeError("cholesky: `a` must be a batch of square matrices, got " + a.type().str());
  }
  int64_t n = a.shape().back(), batch = n ? a.numElements() / (n * n) : 0;
  Tensor out(resultType, a.shape());
  dispatch(a.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloat<T> || kIsComplex<T>) {
      using C = std::conditional_t<kIsComplex<T>, std::complex<double>, double>;
      const T *in = a.data<T>();
      T *r = out.data<T>();
      std::vector<C> m(static_cast<size_t>(n * n)), l(static_cast<size_t>(n * n));
      for (int64_t b = 0; b < batch; ++b) {
        // Work on the lower triangle; for upper, use the conjugate transpose.
        for (int64_t i = 0; i < n; ++i) {
          for (int64_t j = 0; j < n; ++j) {
            C e = static_cast<C>(in[b * n * n + i * n + j]);
            if (!lower) {
              e = static_cast<C>(in[b * n * n + j * n + i]);
              if constexpr (kIsComplex<T>) e = std::conj(e);
            }
            m[i * n + j] = e;
            l[i * n + j] = C{};
          }
        }
        for (int64_t i = 0; i < n; ++i) {
          for (int64_t j = 0; j <= i; ++j) {
            C sum = m[i * n + j];
            for (int64_t k = 0; k < j; ++k) {
              if constexpr (kIsComplex<T>) {
                sum -= l[i * n + k] * std::conj(l[j * n + k]);
              } else {
                sum -= l[i * n + k] * l[j * n + k];
              }
            }
            if (i == j) {
              double d = std::real(sum);
              l[i * n + i] = C(d > 0 ? std::sqrt(d) : std::nan(""));
            } else {
              l[i * n + j] = sum / l[j * n + j];
            }
          }
        }
        for (int64_t i = 0; i < n; ++i) {
          for (int64_t j = 0; j < n; ++j) {
            C e = lower ? l[i * n + j] : l[j * n + i];
            if constexpr (kIsComplex<T>) {
              if (!lower) e = std::conj(e);
              r[b * n * n + i * n + j] = T(static_cast<typename T::value_type>(e.real()), static_cast<typename T::value_type>(e.imag()));
            } else {
              r[b * n * n + i * n + j] = static_cast<T>(e);
            }
          }
        }
      }
    } else {
      throw UnsupportedOp("cholesky: element type " + a.type().element().str() + " is not supported");
    }
  });
  out.finalize();
  return out;
}

/// einsum over one or two operands: `config` is "ab,bc->ac" or "ab->a";
/// letters absent from the output are summed over.
Tensor einsum(const std::vector<Tensor> &inputsIn, const std::string &config, const ir::Type &resultType) {
  if (config.find('.') != std::string::npos) throw UnsupportedOp("einsum: ellipsis (`...`) in `" + config + "` is not supported");
  size_t arrow = config.find("->");
  if (arrow == std::string::npos) throw RuntimeError("einsum: einsum_config `" + config + "` has no `->`");
  std::vector<std::string> specs;
  std::string lhs = config.substr(0, arrow), out = config.substr(arrow + 2);
  for (size_t start = 0;;) {
    size_t comma = lhs.find(',', start);
    specs.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (specs.size() != inputsIn.size()) throw RuntimeError("einsum: einsum_config `" + config + "` does not match the operand count");
  std::map<char, int64_t> sizes;
  for (size_t k = 0; k < specs.size(); ++k) {
    if (static_cast<int64_t>(specs[k].size()) != inputsIn[k].rank()) {
      throw RuntimeError("einsum: `" + specs[k] + "` does not match operand " + inputsIn[k].type().str());
    }
    for (size_t i = 0; i < specs[k].size(); ++i) {
      auto [it, fresh] = sizes.emplace(specs[k][i], inputsIn[k].shape()[i]);
      if (!fresh && it->second != inputsIn[k].shape()[i]) throw RuntimeError(std::string("einsum: sizes of `") + specs[k][i] + "` differ");
    }
  }
  Shape outShape;
  for (char c : out) {
    if (!sizes.count(c)) throw RuntimeError(std::string("einsum: output letter `") + c + "` is in no operand");
    outShape.push_back(sizes[c]);
  }
  std::string summed;
  for (const auto &[c, size] : sizes) {
    if (out.find(c) == std::string::npos) summed += c;
  }
  std::string letters = out + summed;
  std::vector<Tensor> inputs;
  for (const Tensor &t : inputsIn) inputs.push_back(evalConvert(t, resultType.withShape(t.shape())));
  Tensor result(resultType, outShape);
  int64_t sumSize = 1;
  for (char c : summed) sumSize *= sizes[c];
  std::map<char, int64_t> value;
  std::vector<std::vector<std::pair<int64_t, int64_t>>> plan;  // Per operand: (letter position, stride).
  for (size_t k = 0; k < inputs.size(); ++k) {
    Shape strides = inputs[k].strides();
    std::vector<std::pair<int64_t, int64_t>> p;
    for (size_t i = 0; i < specs[k].size(); ++i) p.emplace_back(static_cast<int64_t>(letters.find(specs[k][i])), strides[i]);
    plan.push_back(p);
  }
  std::vector<int64_t> index(letters.size(), 0);
  dispatch(result.kind(), [&](auto tag) {
    using T = decltype(tag);
    T *r = result.data<T>();
    for (int64_t flat = 0; flat < result.numElements(); ++flat) {
      int64_t rem = flat;
      for (int64_t i = static_cast<int64_t>(out.size()) - 1; i >= 0; --i) {
        index[i] = rem % outShape[i];
        rem /= outShape[i];
      }
      T acc{};
      for (int64_t s = 0; s < sumSize; ++s) {
        int64_t srem = s;
        for (int64_t i = static_cast<int64_t>(summed.size()) - 1; i >= 0; --i) {
          int64_t size = sizes[summed[i]];
          index[out.size() + i] = srem % size;
          srem /= size;
        }
        T term{};
        for (size_t k = 0; k < inputs.size(); ++k) {
          int64_t offset = 0;
          for (const auto &[pos, stride] : plan[k]) offset += index[pos] * stride;
          T e = inputs[k].data<T>()[offset];
          if constexpr (kIsBool<T>) {
            term = k == 0 ? e : (term && e);
          } else {
            term = k == 0 ? e : static_cast<T>(term * e);
          }
        }
        if constexpr (kIsBool<T>) {
          acc = acc || term;
        } else {
          acc = static_cast<T>(acc + term);
        }
      }
      r[flat] = acc;
    }
  });
  result.finalize();
  return result;
}

/// torch_index_select: operand's dimension `dim` indexed by `index`, whose
/// first `batchDims` dimensions run along the operand's first ones.
Tensor torchIndexSelect(const Tensor &operand, const Tensor &index, int64_t dim, int64_t batchDims, const ir::Type &resultType) {
  if (dim < 0 || dim >= operand.rank() || batchDims < 0 || batchDims > dim || batchDims > index.rank()) {
    throw RuntimeError("torch_index_select: dim " + std::to_string(dim) + " / batch_dims " + std::to_string(batchDims) +
                       " do not fit " + operand.type().str() + " and " + index.type().str());
  }
  for (int64_t b = 0; b < batchDims; ++b) {
    if (operand.shape()[b] != index.shape()[b]) throw RuntimeError("torch_index_select: batch dimensions differ in size");
  }
  Shape shape(operand.shape().begin(), operand.shape().begin() + dim);
  shape.insert(shape.end(), index.shape().begin() + batchDims, index.shape().end());
  shape.insert(shape.end(), operand.shape().begin() + dim + 1, operand.shape().end());
  Tensor out(resultType, shape);
  size_t es = storageSize(operand.kind());
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < operand.rank(); ++d) inner *= operand.shape()[d];
  int64_t outer = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= operand.shape()[d];
  int64_t batch = 1;
  for (int64_t d = 0; d < batchDims; ++d) batch *= operand.shape()[d];
  int64_t perBatchOuter = batch ? outer / batch : 0;  // Operand dims between the batch dims and `dim`.
  int64_t perBatchIndex = batch ? index.numElements() / batch : 0;
  int64_t length = operand.shape()[dim];
  int64_t o = 0;
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t m = 0; m < perBatchOuter; ++m) {
      for (int64_t j = 0; j < perBatchIndex; ++j) {
        int64_t i = index.intAt(b * perBatchIndex + j);
        if (i < 0 || i >= length) {
          throw RuntimeError("torch_index_select: index " + std::to_string(i) + " is outside dimension " + std::to_string(dim) +
                             " of size " + std::to_string(length));
        }
        const unsigned char *src = operand.bytes() + (((b * perBatchOuter + m) * length + i) * inner) * es;
        std::memcpy(out.bytes() + o * inner * es, src, inner * es);
        ++o;
      }
    }
  }
  return out;
}

std::vector<int64_t> ints1d(const ir::Operation &op, const Operands &v, size_t i) {
  const Tensor &t = operandTensor(op, v, i);
  if (t.rank() != 1) throw RuntimeError(op.name + ": operand #" + std::to_string(i) + " must be a 1-d integer tensor");
  std::vector<int64_t> out;
  for (int64_t k = 0; k < t.numElements(); ++k) out.push_back(t.intAt(k));
  return out;
}

/// Targets whose only effect in a single-address-space interpreter is to
/// return their operands (sharding and placement annotations).
bool isIdentityTarget(const std::string &target) {
  static const char *names[] = {"Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape", "MoveToHost", "MoveToDevice",
                                "annotate_device_placement", "LayoutConstraint", "xla.sdy.GlobalToLocalShape",
                                "xla.sdy.LocalToGlobalShape", "xla.sdy.FuncResultSharding"};
  for (const char *n : names) {
    if (target == n) return true;
  }
  return false;
}

}  // namespace

const OpHandler *findCustomCallTarget(const std::string &target) {
  static const OpHandler identity = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    if (v.size() != op.results.size()) {
      throw RuntimeError("custom_call @" + support::textAttribute(op, "call_target_name") + ": takes " + std::to_string(v.size()) +
                         " operands but has " + std::to_string(op.results.size()) + " results");
    }
    for (size_t i = 0; i < v.size(); ++i) {
      const ir::Type &t = resultTypeOf(op, i);
      if (v[i].kind == Value::Kind::Tensor && t.isTensor() && t.ranked() && t.hasStaticShape() && t.shape() != v[i].tensor.shape()) {
        throw RuntimeError("custom_call @" + support::textAttribute(op, "call_target_name") + ": result #" + std::to_string(i) + " " + t.str() +
                           " has another shape than its operand " + v[i].tensor.type().str() +
                           " (shape-changing sharding needs a process grid)");
      }
    }
    return v;
  };
  if (isIdentityTarget(target)) return &identity;
  return nullptr;
}

void addMoreHandlers(OpHandlerTable &t) {
  t["stablehlo.composite"] = [](Interpreter &in, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    const ir::Attribute *d = op.attribute("decomposition");
    if (!d || d->kind != ir::Attribute::Kind::SymbolRef) throw RuntimeError("composite: missing `decomposition` function");
    return in.call(d->text, v);
  };
  t["stablehlo.collective_reduce"] = [](Interpreter &in, const ir::Operation &op, const Operands &v, Interpreter::Env &env) {
    if (op.regions.size() != 1) throw RuntimeError("collective_reduce: expected one body region");
    std::vector<Tensor> operands;
    for (size_t i = 0; i < v.size(); ++i) operands.push_back(operandTensor(op, v, i));
    Shape roots;
    if (support::flagAttribute(op, "has_dynamic_root")) {
      if (operands.empty()) throw RuntimeError("collective_reduce: has_dynamic_root needs a root operand");
      Tensor r = operands.back();
      operands.pop_back();
      for (int64_t i = 0; i < r.numElements(); ++i) roots.push_back(r.intAt(i));
      if (roots.size() != operands.size()) throw RuntimeError("collective_reduce: one root per data operand expected");
    }
    const ir::Region &region = *op.regions[0];
    return support::valuesOf(evalCollectiveReduce(in.process(), operands, roots, support::groupsAttribute(op, "replica_groups"),
                                                  support::channelIdOf(op), support::regionFunction(in, region, env), "",
                                                  support::resultTypesOf(op)));
  };
  t["stablehlo.async_start"] = [](Interpreter &in, const ir::Operation &op, const Operands &v, Interpreter::Env &env) {
    // Run now; the future holds the body's results until async_done.
    if (op.regions.size() != 1 || op.regions[0]->blocks.empty()) throw RuntimeError("async_start: expected one body region");
    const ir::Block &body = *op.regions[0]->blocks[0];
    std::vector<Value> args = body.arguments.empty() ? std::vector<Value>{} : v;
    return std::vector<Value>{Value::tuple(in.runRegion(*op.regions[0], args, env))};
  };
  t["stablehlo.async_done"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    if (v.size() != 1 || v[0].kind != Value::Kind::Tuple) throw RuntimeError("async_done: the operand is not a future");
    if (v[0].elements.size() != op.results.size()) {
      throw RuntimeError("async_done: the future holds " + std::to_string(v[0].elements.size()) + " values, the op has " +
                         std::to_string(op.results.size()) + " results");
    }
    return v[0].elements;
  };
  t["stablehlo.batch_norm_inference"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    return batchNormInference(op, v);
  };
  t["stablehlo.batch_norm_training"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    return batchNormTraining(op, v);
  };
  t["stablehlo.batch_norm_grad"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    return batchNormGrad(op, v);
  };
  t["stablehlo.cholesky"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    return one(cholesky(operandTensor(op, v, 0), support::flagAttribute(op, "lower"), resultTypeOf(op)));
  };
  t["stablehlo.rng_bit_generator"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    return support::valuesOf(evalRngBitGenerator(operandTensor(op, v, 0), support::textAttribute(op, "rng_algorithm"), resultTypeOf(op, 0),
                                                 resultTypeOf(op, 1)));
  };
  t["stablehlo.rng"] = [](Interpreter &in, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    // Seeded by the op's place in the text and how often this evaluator ran
    // it: two rng ops (or two loop iterations) differ, and a fresh run of the
    // same program gives the same numbers.
    uint64_t seed = 0x5eed0000ull ^ (static_cast<uint64_t>(op.range.begin) * 0x9E3779B97F4A7C15ull) ^ in.nextEvaluation(op);
    return one(evalRng(operandTensor(op, v, 0), operandTensor(op, v, 1), ints1d(op, v, 2), support::textAttribute(op, "rng_distribution"),
                       resultTypeOf(op), seed));
  };
  t["stablehlo.broadcast"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    const Tensor &operand = operandTensor(op, v, 0);
    Shape sizes = support::intsAttribute(op, "broadcast_sizes");
    Shape shape = sizes, dims;
    for (int64_t d = 0; d < operand.rank(); ++d) {
      shape.push_back(operand.shape()[d]);
      dims.push_back(static_cast<int64_t>(sizes.size()) + d);
    }
    return one(evalBroadcastInDim(operand, dims, resultTypeOf(op).withShape(shape)));
  };
  t["stablehlo.einsum"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    return one(einsum({operandTensor(op, v, 0), operandTensor(op, v, 1)}, support::textAttribute(op, "einsum_config"), resultTypeOf(op)));
  };
  t["stablehlo.unary_einsum"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    return one(einsum({operandTensor(op, v, 0)}, support::textAttribute(op, "einsum_config"), resultTypeOf(op)));
  };
  t["stablehlo.torch_index_select"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    return one(torchIndexSelect(operandTensor(op, v, 0), operandTensor(op, v, 1), support::intAttribute(op, "dim"),
                                support::intAttribute(op, "batch_dims", 0), resultTypeOf(op)));
  };
  t["stablehlo.real_dynamic_slice"] = [](Interpreter &, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    const Tensor &operand = operandTensor(op, v, 0);
    Shape start = ints1d(op, v, 1), limit = ints1d(op, v, 2), strides = ints1d(op, v, 3);
    if (start.size() != static_cast<size_t>(operand.rank()) || limit.size() != start.size() || strides.size() != start.size()) {
      throw RuntimeError("real_dynamic_slice: start, limit and strides must have one entry per operand dimension");
    }
    Shape shape;
    for (size_t d = 0; d < start.size(); ++d) {
      if (start[d] < 0 || limit[d] > operand.shape()[d] || start[d] > limit[d] || strides[d] <= 0) {
        throw RuntimeError("real_dynamic_slice: dimension " + std::to_string(d) + " slice [" + std::to_string(start[d]) + ", " +
                           std::to_string(limit[d]) + ") step " + std::to_string(strides[d]) + " is outside size " +
                           std::to_string(operand.shape()[d]));
      }
      shape.push_back((limit[d] - start[d] + strides[d] - 1) / strides[d]);
    }
    const ir::Type &rt = resultTypeOf(op);
    for (size_t d = 0; d < shape.size(); ++d) {
      if (rt.ranked() && rt.dim(d) >= 0 && rt.dim(d) != shape[d]) {
        throw RuntimeError("real_dynamic_slice: dimension " + std::to_string(d) + " is " + std::to_string(shape[d]) +
                           " at run time but the result type " + rt.str() + " says " + std::to_string(rt.dim(d)));
      }
    }
    return one(evalSlice(operand, start, limit, strides, rt.withShape(shape)));
  };
  t["stablehlo.cross-replica-sum"] = [](Interpreter &in, const ir::Operation &op, const Operands &v, Interpreter::Env &) {
    std::vector<Tensor> operands;
    for (size_t i = 0; i < v.size(); ++i) operands.push_back(operandTensor(op, v, i));
    std::vector<ir::Type> types = support::resultTypesOf(op);
    BodyFn add = [&](const std::vector<Tensor> &args) {
      return std::vector<Tensor>{evalAdd(args.at(0), args.at(1), args.at(0).type())};
    };
    return support::valuesOf(evalAllReduce(in.process(), operands, support::groupsAttribute(op, "replica_groups"), 0, false, add,
                                           "stablehlo.add", types));
  };
}

}  // namespace shlo::interpreter
