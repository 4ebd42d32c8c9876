// CHLO ops with structure or broadcasting: chlo.scan (a body run along one
// dimension), chlo.ragged_dot (dot_general over groups of a ragged
// dimension), the chlo.broadcast_* binary ops (numpy-style or explicit
// broadcast_dimensions, then the StableHLO op), and the small elementwise
// ones (erf, erfc, conj, square, is_inf, constant_like, zeta, polygamma).
#include <complex>
#include <cstring>
#include <limits>

#include "interpreter/DenseLiteral.h"
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

namespace {

using support::operandTensor;
using support::resultTypeOf;

/// Outer size, length and inner size of `shape` around dimension `d`.
struct Around {
  int64_t outer = 1, length = 1, inner = 1;
};
Around around(const Shape &shape, int64_t d) {
  Around a;
  for (int64_t i = 0; i < d; ++i) a.outer *= shape[i];
  a.length = shape[d];
  for (size_t i = d + 1; i < shape.size(); ++i) a.inner *= shape[i];
  return a;
}

Shape without(const Shape &shape, int64_t d) {
  Shape out = shape;
  out.erase(out.begin() + d);
  return out;
}

}  // namespace

std::vector<Tensor> evalScan(const std::vector<Tensor> &inputs, const std::vector<Tensor> &inits, int64_t dimension,
                             bool reverse, const BodyFn &body, const std::vector<ir::Type> &resultTypes) {
  if (resultTypes.size() < inits.size()) throw RuntimeError("scan: fewer results than inits");
  size_t numOutputs = resultTypes.size() - inits.size();
  int64_t length = -1;
  for (const Tensor &t : inputs) {
    if (dimension < 0 || dimension >= t.rank()) {
      throw RuntimeError("scan: dimension " + std::to_string(dimension) + " is outside input " + t.type().str());
    }
    if (length >= 0 && t.shape()[dimension] != length) throw RuntimeError("scan: inputs differ in the scanned dimension's size");
    length = t.shape()[dimension];
  }
  if (length < 0) {
    // Without inputs the outputs' type tells the length.
    for (size_t k = 0; k < numOutputs; ++k) {
      const ir::Type &t = resultTypes[k];
      if (t.ranked() && dimension < t.rank() && t.dim(dimension) >= 0) length = t.dim(dimension);
    }
    if (length < 0) throw RuntimeError("scan: cannot tell the scanned dimension's size");
  }
  std::vector<Tensor> carries = inits;
  std::vector<Tensor> outputs;  // Created once the first step tells their slice shapes.
  for (int64_t step = 0; step < length; ++step) {
    int64_t index = reverse ? length - 1 - step : step;
    std::vector<Tensor> args;
    for (const Tensor &t : inputs) {
      Around a = around(t.shape(), dimension);
      Tensor slice(t.type().withShape(without(t.shape(), dimension)));
      size_t es = storageSize(t.kind());
      for (int64_t o = 0; o < a.outer; ++o) {
        std::memcpy(slice.bytes() + o * a.inner * es, t.bytes() + ((o * a.length + index) * a.inner) * es, a.inner * es);
      }
      args.push_back(std::move(slice));
    }
    args.insert(args.end(), carries.begin(), carries.end());
    std::vector<Tensor> r = body(args);
    if (r.size() != resultTypes.size()) {
      throw RuntimeError("scan: the body returned " + std::to_string(r.size()) + " values, expected " +
                         std::to_string(resultTypes.size()));
    }
    if (outputs.empty()) {
      for (size_t k = 0; k < numOutputs; ++k) {
        Shape shape = r[k].shape();
        if (dimension > static_cast<int64_t>(shape.size())) throw RuntimeError("scan: output slice rank is too small");
        shape.insert(shape.begin() + dimension, length);
        outputs.emplace_back(resultTypes[k], shape);
        if (outputs.back().kind() != r[k].kind()) throw RuntimeError("scan: output element type differs from the body's");
      }
    }
    for (size_t k = 0; k < numOutputs; ++k) {
      Tensor &out = outputs[k];
      if (without(out.shape(), dimension) != r[k].shape()) throw RuntimeError("scan: the body's output slices change shape");
      Around a = around(out.shape(), dimension);
      size_t es = storageSize(out.kind());
      for (int64_t o = 0; o < a.outer; ++o) {
        std::memcpy(out.bytes() + ((o * a.length + index) * a.inner) * es, r[k].bytes() + o * a.inner * es, a.inner * es);
      }
    }
    for (size_t k = 0; k < inits.size(); ++k) {
      if (r[numOutputs + k].shape() != carries[k].shape()) throw RuntimeError("scan: a carry changes shape");
      carries[k] = r[numOutputs + k];
    }
  }
  if (outputs.empty()) {
    for (size_t k = 0; k < numOutputs; ++k) outputs.emplace_back(resultTypes[k]);  // Zero-length scan.
  }
  std::vector<Tensor> results = outputs;
  results.insert(results.end(), carries.begin(), carries.end());
  return results;
}

namespace {

bool contains(const Shape &v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

template <typename T>
void accumulate(T &acc, T a, T b) {
  if constexpr (kIsBool<T>) {
    acc = acc || (a && b);
  } else if constexpr (kIsInt<T>) {
    using U = std::make_unsigned_t<T>;
    acc = static_cast<T>(static_cast<U>(acc) + static_cast<U>(a) * static_cast<U>(b));
  } else {
    acc += a * b;
  }
}

}  // namespace

Tensor evalRaggedDot(const Tensor &lhsIn, const Tensor &rhsIn, const Tensor &groupSizes, const RaggedDotDimensions &d,
                     const ir::Type &resultType) {
  if (d.lhsRaggedDims.size() != 1) throw RuntimeError("ragged_dot: expected exactly one lhs ragged dimension");
  if (d.lhsBatchingDims.size() != d.rhsBatchingDims.size() || d.lhsContractingDims.size() != d.rhsContractingDims.size()) {
    throw RuntimeError("ragged_dot: batching or contracting dimension lists differ in length");
  }
  int64_t ragged = d.lhsRaggedDims[0];
  if (ragged < 0 || ragged >= lhsIn.rank()) throw RuntimeError("ragged_dot: the ragged dimension is outside the lhs");
  enum class Mode { NonContracting, Contracting, Batch };
  Mode mode = contains(d.lhsContractingDims, ragged) ? Mode::Contracting
              : contains(d.lhsBatchingDims, ragged)  ? Mode::Batch
                                                     : Mode::NonContracting;
  int64_t groupDim = d.rhsGroupDims.empty() ? -1 : d.rhsGroupDims[0];
  if (mode == Mode::NonContracting && groupDim < 0) throw RuntimeError("ragged_dot: a ragged non-contracting dimension needs an rhs group dimension");
  if (mode != Mode::NonContracting && groupDim >= 0) throw RuntimeError("ragged_dot: only a ragged non-contracting dimension takes an rhs group dimension");
  Shape lhsFree, rhsFree;
  for (int64_t i = 0; i < lhsIn.rank(); ++i) {
    if (!contains(d.lhsBatchingDims, i) && !contains(d.lhsContractingDims, i)) lhsFree.push_back(i);
  }
  for (int64_t i = 0; i < rhsIn.rank(); ++i) {
    if (!contains(d.rhsBatchingDims, i) && !contains(d.rhsContractingDims, i) && i != groupDim) rhsFree.push_back(i);
  }
  for (size_t i = 0; i < d.lhsBatchingDims.size(); ++i) {
    if (lhsIn.shape().at(d.lhsBatchingDims[i]) != rhsIn.shape().at(d.rhsBatchingDims[i])) throw RuntimeError("ragged_dot: batch sizes differ");
  }
  for (size_t i = 0; i < d.lhsContractingDims.size(); ++i) {
    if (lhsIn.shape().at(d.lhsContractingDims[i]) != rhsIn.shape().at(d.rhsContractingDims[i])) throw RuntimeError("ragged_dot: contracting sizes differ");
  }
  int64_t numGroups = groupSizes.rank() == 0 ? 0 : groupSizes.shape().back();
  if (groupDim >= 0 && rhsIn.shape().at(groupDim) != numGroups) {
    throw RuntimeError("ragged_dot: group_sizes has " + std::to_string(numGroups) + " groups, the rhs group dimension " +
                       std::to_string(rhsIn.shape().at(groupDim)));
  }
  // The lhs dimensions that index group_sizes before g (see JAX's ragged_dot_general).
  Shape prefix;
  if (mode != Mode::Batch) prefix = d.lhsBatchingDims;
  const Shape &outerPool = mode == Mode::NonContracting ? lhsFree : mode == Mode::Contracting ? d.lhsContractingDims : d.lhsBatchingDims;
  for (int64_t i : outerPool) {
    if (i < ragged) prefix.push_back(i);
  }
  if (groupSizes.rank() != 1 && groupSizes.rank() != static_cast<int64_t>(prefix.size()) + 1) {
    throw RuntimeError("ragged_dot: group_sizes " + groupSizes.type().str() + " must be [g] or have " +
                       std::to_string(prefix.size() + 1) + " dimensions");
  }
  if (groupSizes.rank() > 1) {
    for (size_t i = 0; i < prefix.size(); ++i) {
      if (groupSizes.shape()[i] != lhsIn.shape()[prefix[i]]) throw RuntimeError("ragged_dot: group_sizes does not match the lhs dimensions it follows");
    }
  }
  Shape expected;
  if (mode == Mode::Contracting) expected.push_back(numGroups);
  for (int64_t i : d.lhsBatchingDims) expected.push_back(lhsIn.shape()[i]);
  for (int64_t i : lhsFree) expected.push_back(lhsIn.shape()[i]);
  for (int64_t i : rhsFree) expected.push_back(rhsIn.shape()[i]);
  if (resultType.ranked() && resultType.rank() != static_cast<int64_t>(expected.size())) {
    throw RuntimeError("ragged_dot: the result type " + resultType.str() + " does not have the computed rank " + std::to_string(expected.size()));
  }
  Tensor result(resultType, expected);
  Tensor lhs = evalConvert(lhsIn, resultType.withShape(lhsIn.shape()));
  Tensor rhs = evalConvert(rhsIn, resultType.withShape(rhsIn.shape()));
  Shape ls = lhs.strides(), rs = rhs.strides(), gs = groupSizes.strides();
  // The group of position `p` along the ragged dimension, given the lhs index; -1 past the last group.
  std::vector<int64_t> cumulative(numGroups);
  auto groupOf = [&](const Shape &lhsIndex, int64_t p) {
    int64_t base = 0;
    if (groupSizes.rank() > 1) {
      for (size_t i = 0; i < prefix.size(); ++i) base += lhsIndex[prefix[i]] * gs[i];
    }
    int64_t end = 0;
    for (int64_t g = 0; g < numGroups; ++g) {
      int64_t size = groupSizes.intAt(base + g);
      if (size < 0) throw RuntimeError("ragged_dot: group size " + std::to_string(size) + " is negative");
      end += size;
      if (p < end) return g;
    }
    if (end > lhsIn.shape()[ragged]) {
      throw RuntimeError("ragged_dot: group sizes add up to " + std::to_string(end) + ", more than the ragged dimension's " +
                         std::to_string(lhsIn.shape()[ragged]));
    }
    return int64_t{-1};
  };
  int64_t contractSize = 1;
  for (int64_t i : d.lhsContractingDims) contractSize *= lhs.shape()[i];
  Shape resultIndex(expected.size(), 0), lhsIndex(lhs.rank(), 0), rhsIndex(rhs.rank(), 0);
  dispatch(result.kind(), [&](auto tag) {
    using T = decltype(tag);
    const T *a = lhs.data<T>(), *b = rhs.data<T>();
    T *out = result.data<T>();
    for (int64_t flat = 0; flat < result.numElements(); ++flat) {
      int64_t rem = flat;
      for (int64_t i = static_cast<int64_t>(expected.size()) - 1; i >= 0; --i) {
        resultIndex[i] = expected[i] == 0 ? 0 : rem % expected[i];
        rem = expected[i] == 0 ? 0 : rem / expected[i];
      }
      size_t pos = 0;
      int64_t g = mode == Mode::Contracting ? resultIndex[pos++] : -1;
      for (size_t i = 0; i < d.lhsBatchingDims.size(); ++i, ++pos) {
        lhsIndex[d.lhsBatchingDims[i]] = resultIndex[pos];
        rhsIndex[d.rhsBatchingDims[i]] = resultIndex[pos];
      }
      for (int64_t i : lhsFree) lhsIndex[i] = resultIndex[pos++];
      for (int64_t i : rhsFree) rhsIndex[i] = resultIndex[pos++];
      T acc{};
      int64_t rowGroup = 0;
      if (mode != Mode::Contracting) {
        rowGroup = groupOf(lhsIndex, lhsIndex[ragged]);
        if (rowGroup < 0) {
          out[flat] = acc;
          continue;
        }
        if (groupDim >= 0) rhsIndex[groupDim] = rowGroup;
      }
      for (int64_t c = 0; c < contractSize; ++c) {
        int64_t crem = c;
        for (int64_t i = static_cast<int64_t>(d.lhsContractingDims.size()) - 1; i >= 0; --i) {
          int64_t size = lhs.shape()[d.lhsContractingDims[i]];
          lhsIndex[d.lhsContractingDims[i]] = crem % size;
          rhsIndex[d.rhsContractingDims[i]] = crem % size;
          crem /= size;
        }
        if (mode == Mode::Contracting && groupOf(lhsIndex, lhsIndex[ragged]) != g) continue;
        int64_t li = 0, ri = 0;
        for (int64_t i = 0; i < lhs.rank(); ++i) li += lhsIndex[i] * ls[i];
        for (int64_t i = 0; i < rhs.rank(); ++i) ri += rhsIndex[i] * rs[i];
        accumulate(acc, a[li], b[ri]);
      }
      out[flat] = acc;
    }
  });
  result.finalize();
  return result;
}

namespace {

/// `t` broadcast to `shape`: explicit `dims` (operand dimension i goes to
/// result dimension dims[i]) or numpy's trailing alignment.
Tensor broadcastTo(const char *op, const Tensor &t, const Shape &shape, const Shape &dims) {
  if (t.shape() == shape) return t;
  Shape mapping = dims;
  if (mapping.empty()) {
    if (t.rank() > static_cast<int64_t>(shape.size())) throw RuntimeError(std::string(op) + ": operand rank exceeds the result's");
    for (int64_t i = 0; i < t.rank(); ++i) mapping.push_back(static_cast<int64_t>(shape.size()) - t.rank() + i);
  }
  for (size_t i = 0; i < mapping.size(); ++i) {
    int64_t size = t.shape().at(i);
    if (mapping[i] < 0 || mapping[i] >= static_cast<int64_t>(shape.size()) || (size != 1 && size != shape[mapping[i]])) {
      throw RuntimeError(std::string(op) + ": operand " + t.type().str() + " does not broadcast to the result shape");
    }
  }
  return evalBroadcastInDim(t, mapping, t.type().withShape(shape));
}

/// The broadcast shape of two shapes (explicit dims map the lower-rank one).
Shape broadcastShape(const char *op, const Shape &a, const Shape &b, const Shape &dims) {
  const Shape &big = a.size() >= b.size() ? a : b;
  const Shape &small = a.size() >= b.size() ? b : a;
  Shape shape = big;
  for (size_t i = 0; i < small.size(); ++i) {
    int64_t d = dims.empty() ? static_cast<int64_t>(big.size() - small.size() + i) : dims.at(i);
    if (d < 0 || d >= static_cast<int64_t>(big.size())) throw RuntimeError(std::string(op) + ": broadcast_dimensions out of range");
    int64_t s = small[i];
    if (shape[d] == 1) {
      shape[d] = s;
    } else if (s != 1 && s != shape[d]) {
      throw RuntimeError(std::string(op) + ": operand shapes are not broadcast-compatible");
    }
  }
  return shape;
}

using Binary = Tensor (*)(const Tensor &, const Tensor &, const ir::Type &);

Evaluator broadcastBinary(const char *name, Binary fn) {
  return [name, fn](Interpreter &, const ir::Operation &op, const std::vector<Value> &v, Env &) {
    const Tensor &a = operandTensor(op, v, 0), &b = operandTensor(op, v, 1);
    Shape dims = support::intsAttribute(op, "broadcast_dimensions");
    Shape shape = broadcastShape(name, a.shape(), b.shape(), dims);
    const Shape &aDims = a.rank() < b.rank() ? dims : Shape{};
    const Shape &bDims = b.rank() < a.rank() ? dims : Shape{};
    Tensor x = broadcastTo(name, a, shape, a.rank() == static_cast<int64_t>(shape.size()) ? Shape{} : aDims);
    Tensor y = broadcastTo(name, b, shape, b.rank() == static_cast<int64_t>(shape.size()) ? Shape{} : bDims);
    return std::vector<Value>{fn(x, y, resultTypeOf(op).withShape(shape))};
  };
}

Tensor fill(const ir::Attribute &value, const ir::Type &type, const Shape &shape) {
  // A scalar attribute through a 0-d f64 / i64 / i1 tensor and convert.
  Tensor scalar;
  if (value.kind == ir::Attribute::Kind::Float) {
    scalar = Tensor(ir::Type::tensor({}, ir::ElementType::floating(ir::FloatFormat::F64)));
    scalar.data<double>()[0] = value.real;
  } else if (value.kind == ir::Attribute::Kind::Integer || value.kind == ir::Attribute::Kind::Bool) {
    scalar = Tensor(ir::Type::tensor({}, ir::ElementType::integer(64)));
    scalar.data<int64_t>()[0] = value.integer;
  } else if (value.kind == ir::Attribute::Kind::DenseElements) {
    Tensor dense = decodeDenseLiteral(value.literal(), type.withShape({}));
    return evalBroadcastInDim(dense, {}, type.withShape(shape));
  } else {
    throw RuntimeError("constant_like: unsupported value " + value.str());
  }
  Tensor converted = evalConvert(scalar, type.withShape({}));
  return evalBroadcastInDim(converted, {}, type.withShape(shape));
}


}  // namespace

void registerChloEvaluators(EvalTable &table) {
  // Elementwise CHLO ops on StableHLO kernels.
  table.add({
      {"chlo.atan", support::unary<evalAtan>},
      {"chlo.tan", support::unary<evalTan>},
      {"chlo.cosh", support::unary<evalCosh>},
      {"chlo.sinh", support::unary<evalSinh>},
      {"chlo.asinh", support::unary<evalAsinh>},
      {"chlo.acosh", support::unary<evalAcosh>},
      {"chlo.atanh", support::unary<evalAtanh>},
      {"chlo.asin", support::unary<evalAsin>},
      {"chlo.acos", support::unary<evalAcos>},
      {"chlo.mulhi", support::binary<evalMulhi>},
      {"chlo.next_after", support::binary<evalNextAfter>},
      {"chlo.lgamma", support::unary<evalLgamma>},
      {"chlo.digamma", support::unary<evalDigamma>},
      {"chlo.erf_inv", support::unary<evalErfInv>},
      {"chlo.bessel_i1e", support::unary<evalBesselI1e>},
      {"chlo.top_k",
       [](Interpreter &, const ir::Operation &op, const std::vector<Value> &v, Env &) {
         return support::valuesOf(evalTopK(operandTensor(op, v, 0), support::intAttribute(op, "k"), resultTypeOf(op, 0), resultTypeOf(op, 1)));
       }},
  });
  table.add("chlo.scan", [](Interpreter &in, const ir::Operation &op, const std::vector<Value> &v, Env &env) {
    if (op.regions.size() != 1 || op.regions[0]->blocks.empty()) throw RuntimeError("scan: expected one body region");
    const ir::Block &body = *op.regions[0]->blocks[0];
    size_t numInputs = 0;
    if (const ir::Attribute *seg = op.attribute("operandSegmentSizes")) {
      auto sizes = seg->integers();
      if (!sizes || sizes->size() != 2) throw RuntimeError("scan: operandSegmentSizes must have two entries");
      numInputs = static_cast<size_t>((*sizes)[0]);
    } else {
      // The pretty form keeps no segment sizes: an input's block argument is
      // a slice (one dimension less), an init's has the init's own rank.
      if (body.arguments.size() != v.size()) throw RuntimeError("scan: the body takes a different number of arguments than the op has operands");
      while (numInputs < v.size() && body.arguments[numInputs]->type.ranked() &&
             body.arguments[numInputs]->type.rank() + 1 == operandTensor(op, v, numInputs).rank()) {
        ++numInputs;
      }
    }
    if (numInputs > v.size()) throw RuntimeError("scan: more inputs than operands");
    std::vector<Tensor> inputs, inits;
    for (size_t i = 0; i < v.size(); ++i) (i < numInputs ? inputs : inits).push_back(operandTensor(op, v, i));
    return support::valuesOf(evalScan(inputs, inits, support::intAttribute(op, "dimension"),
                                      support::flagAttribute(op, "is_reverse"),
                                      support::regionFunction(in, *op.regions[0], env), support::resultTypesOf(op)));
  });
  table.add("chlo.ragged_dot", [](Interpreter &, const ir::Operation &op, const std::vector<Value> &v, Env &) {
    const ir::Attribute *dn = op.attribute("ragged_dot_dimension_numbers");
    if (!dn) throw RuntimeError("ragged_dot: missing attribute `ragged_dot_dimension_numbers`");
    RaggedDotDimensions d;
    d.lhsBatchingDims = support::fieldInts(*dn, "lhs_batching_dimensions");
    d.rhsBatchingDims = support::fieldInts(*dn, "rhs_batching_dimensions");
    d.lhsContractingDims = support::fieldInts(*dn, "lhs_contracting_dimensions");
    d.rhsContractingDims = support::fieldInts(*dn, "rhs_contracting_dimensions");
    d.lhsRaggedDims = support::fieldInts(*dn, "lhs_ragged_dimensions");
    d.rhsGroupDims = support::fieldInts(*dn, "rhs_group_dimensions");
    return std::vector<Value>{evalRaggedDot(operandTensor(op, v, 0), operandTensor(op, v, 1), operandTensor(op, v, 2), d,
                                            resultTypeOf(op))};
  });
  auto unary = [](Tensor (*fn)(const Tensor &, const ir::Type &)) -> Evaluator {
    return [fn](Interpreter &, const ir::Operation &op, const std::vector<Value> &v, Env &) {
      return std::vector<Value>{fn(operandTensor(op, v, 0), resultTypeOf(op))};
    };
  };
  auto binary = [](Binary fn) -> Evaluator {
    return [fn](Interpreter &, const ir::Operation &op, const std::vector<Value> &v, Env &) {
      return std::vector<Value>{fn(operandTensor(op, v, 0), operandTensor(op, v, 1), resultTypeOf(op))};
    };
  };
  table.add("chlo.erf", unary(evalErf));
  table.add("chlo.erfc", unary(evalErfc));
  table.add("chlo.zeta", binary(evalZeta));
  table.add("chlo.polygamma", binary(evalPolygamma));
  table.add("chlo.square", unary(evalSquare));
  table.add("chlo.conj", unary([](const Tensor &x, const ir::Type &type) {
    if (x.kind() != ElemKind::C64 && x.kind() != ElemKind::C128) return evalConvert(x, type);
    ir::Type part = type.withElement(ir::ElementType::floating(x.kind() == ElemKind::C64 ? ir::FloatFormat::F32 : ir::FloatFormat::F64));
    return evalComplex(evalReal(x, part), evalNegate(evalImag(x, part), part), type);
  }));
  auto isInf = [](int sign) -> Evaluator {
    return [sign](Interpreter &, const ir::Operation &op, const std::vector<Value> &v, Env &) {
      const Tensor &x = operandTensor(op, v, 0);
      Tensor out(resultTypeOf(op), x.shape());
      for (int64_t i = 0; i < x.numElements(); ++i) {
        double e = x.realAt(i);
        out.data<bool>()[i] = std::isinf(e) && (sign == 0 || (sign > 0) == (e > 0));
      }
      return std::vector<Value>{out};
    };
  };
  table.add("chlo.is_inf", isInf(0));
  table.add("chlo.is_pos_inf", isInf(1));
  table.add("chlo.is_neg_inf", isInf(-1));
  table.add("chlo.constant_like", [](Interpreter &, const ir::Operation &op, const std::vector<Value> &v, Env &) {
    const ir::Attribute *value = op.attribute("value");
    if (!value) throw RuntimeError("constant_like: missing attribute `value`");
    return std::vector<Value>{fill(*value, resultTypeOf(op), operandTensor(op, v, 0).shape())};
  });
  table.add("chlo.constant", [](Interpreter &in, const ir::Operation &op, const std::vector<Value> &, Env &) {
    return std::vector<Value>{in.constantOf(op)};
  });
  table.add("chlo.broadcast_add", broadcastBinary("broadcast_add", evalAdd));
  table.add("chlo.broadcast_subtract", broadcastBinary("broadcast_subtract", evalSubtract));
  table.add("chlo.broadcast_multiply", broadcastBinary("broadcast_multiply", evalMultiply));
  table.add("chlo.broadcast_divide", broadcastBinary("broadcast_divide", evalDivide));
  table.add("chlo.broadcast_remainder", broadcastBinary("broadcast_remainder", evalRemainder));
  table.add("chlo.broadcast_maximum", broadcastBinary("broadcast_maximum", evalMaximum));
  table.add("chlo.broadcast_minimum", broadcastBinary("broadcast_minimum", evalMinimum));
  table.add("chlo.broadcast_power", broadcastBinary("broadcast_power", evalPower));
  table.add("chlo.broadcast_and", broadcastBinary("broadcast_and", evalAnd));
  table.add("chlo.broadcast_or", broadcastBinary("broadcast_or", evalOr));
  table.add("chlo.broadcast_xor", broadcastBinary("broadcast_xor", evalXor));
  table.add("chlo.broadcast_shift_left", broadcastBinary("broadcast_shift_left", evalShiftLeft));
  table.add("chlo.broadcast_shift_right_arithmetic", broadcastBinary("broadcast_shift_right_arithmetic", evalShiftRightArithmetic));
  table.add("chlo.broadcast_shift_right_logical", broadcastBinary("broadcast_shift_right_logical", evalShiftRightLogical));
  table.add("chlo.broadcast_atan2", broadcastBinary("broadcast_atan2", evalAtan2));
  table.add("chlo.broadcast_complex", broadcastBinary("broadcast_complex", evalComplex));
  table.add("chlo.broadcast_next_after", broadcastBinary("broadcast_next_after", evalNextAfter));
  table.add("chlo.broadcast_zeta", broadcastBinary("broadcast_zeta", evalZeta));
  table.add("chlo.broadcast_polygamma", broadcastBinary("broadcast_polygamma", evalPolygamma));
  table.add("chlo.broadcast_compare", [](Interpreter &, const ir::Operation &op, const std::vector<Value> &v, Env &) {
    const Tensor &a = operandTensor(op, v, 0), &b = operandTensor(op, v, 1);
    Shape dims = support::intsAttribute(op, "broadcast_dimensions");
    Shape shape = broadcastShape("broadcast_compare", a.shape(), b.shape(), dims);
    Tensor x = broadcastTo("broadcast_compare", a, shape, a.rank() < b.rank() ? dims : Shape{});
    Tensor y = broadcastTo("broadcast_compare", b, shape, b.rank() < a.rank() ? dims : Shape{});
    return std::vector<Value>{evalCompare(x, y, support::textAttribute(op, "comparison_direction"), support::textAttribute(op, "compare_type"),
                                          resultTypeOf(op).withShape(shape))};
  });
  table.add("chlo.broadcast_select", [](Interpreter &, const ir::Operation &op, const std::vector<Value> &v, Env &) {
    const Tensor &p = operandTensor(op, v, 0), &a = operandTensor(op, v, 1), &b = operandTensor(op, v, 2);
    Shape shape = broadcastShape("broadcast_select", broadcastShape("broadcast_select", a.shape(), b.shape(), {}), p.shape(), {});
    return std::vector<Value>{evalSelect(broadcastTo("broadcast_select", p, shape, {}), broadcastTo("broadcast_select", a, shape, {}),
                                         broadcastTo("broadcast_select", b, shape, {}), resultTypeOf(op).withShape(shape))};
  });
}

}  // namespace shlo::interpreter
