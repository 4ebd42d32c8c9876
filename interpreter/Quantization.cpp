#include "interpreter/Quantization.h"

#include <cmath>
#include <deque>
#include <string_view>
#include <unordered_set>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

const ir::QuantizedElement &quantizedInfo(const ir::Type &type, const char *what) {
  const ir::ElementType &e = type.element();
  if (!e.isQuantized() || !e.quantizedInfo()) throw RuntimeError(std::string(what) + ": " + type.str() + " is not a quantized tensor type");
  const ir::QuantizedElement &q = *e.quantizedInfo();
  if (q.scales.empty() || q.scales.size() != q.zeroPoints.size()) {
    throw RuntimeError(std::string(what) + ": " + type.str() + " has no scales or zero points");
  }
  if (!q.expressedType.isFloat()) throw UnsupportedOp(std::string(what) + ": expressed type " + q.expressedType.str() + " is not a float type");
  return q;
}

/// For each element (row-major), the index of its scale and zero point: 0
/// per tensor, the coordinate along the quantization dimension per axis.
class ParameterIndex {
 public:
  ParameterIndex(const ir::QuantizedElement &q, const std::vector<int64_t> &shape, const std::string &typeText) {
    if (!q.quantizationDimension) return;
    int64_t d = *q.quantizationDimension;
    if (d < 0 || d >= static_cast<int64_t>(shape.size())) {
      throw RuntimeError("quantization dimension " + std::to_string(d) + " is out of range for " + typeText);
    }
    size_ = shape[d];
    if (static_cast<int64_t>(q.scales.size()) != size_) {
      throw RuntimeError(typeText + " has " + std::to_string(q.scales.size()) + " scales for a dimension of size " +
                         std::to_string(size_));
    }
    stride_ = 1;
    for (size_t k = static_cast<size_t>(d) + 1; k < shape.size(); ++k) stride_ *= shape[k];
  }
  int64_t operator()(int64_t i) const { return size_ == 0 ? 0 : (i / stride_) % size_; }

 private:
  int64_t stride_ = 1, size_ = 0;
};

/// `v` rounded to a float element kind (f16, bf16 and the small formats
/// round to their format through a one-element tensor's finalize).
template <typename T>
T roundTo(double v, const ir::Type &scalarType) {
  Tensor t(scalarType.withShape({}));
  t.data<T>()[0] = static_cast<T>(v);
  t.finalize();
  return t.data<T>()[0];
}

}  // namespace

Tensor dequantize(const Tensor &operand) {
  const ir::QuantizedElement &q = quantizedInfo(operand.type(), "dequantize");
  ir::Type floatType = operand.type().withElement(q.expressedType);
  Tensor out(floatType, operand.shape());
  ParameterIndex index(q, operand.shape(), operand.type().str());
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloat<T>) {
      std::vector<T> scales;
      for (double s : q.scales) scales.push_back(roundTo<T>(s, floatType));
      T *r = out.data<T>();
      bool roundEach = out.kind() != ElemKind::F32 && out.kind() != ElemKind::F64;
      for (int64_t i = 0; i < operand.numElements(); ++i) {
        int64_t k = index(i);
        // convert(storage - zero_point) rounds to the expressed type, then
        // the product rounds again: each step is one op of the expressed type.
        double exact = static_cast<double>(operand.intAt(i) - q.zeroPoints[k]);
        T difference = roundEach ? roundTo<T>(exact, floatType) : static_cast<T>(exact);
        r[i] = difference * scales[k];
      }
    }
  });
  out.finalize();
  return out;
}

Tensor quantize(const Tensor &operand, const ir::Type &resultType) {
  const ir::QuantizedElement &q = quantizedInfo(resultType, "quantize");
  ir::Type result = resultType.hasStaticShape() ? resultType : resultType.withShape(operand.shape());
  Tensor x = operand;
  ir::Type floatType = result.withElement(q.expressedType);
  if (x.type().element() != q.expressedType) x = evalConvert(operand, floatType);
  Tensor out(result, operand.shape());
  ParameterIndex index(q, operand.shape(), result.str());
  dispatch(x.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloat<T>) {
      std::vector<T> scales, zeroPoints;
      for (double s : q.scales) scales.push_back(roundTo<T>(s, floatType));
      for (int64_t z : q.zeroPoints) zeroPoints.push_back(roundTo<T>(static_cast<double>(z), floatType));
      T lo = roundTo<T>(static_cast<double>(q.storageMin), floatType);
      T hi = roundTo<T>(static_cast<double>(q.storageMax), floatType);
      const T *a = x.data<T>();
      bool roundEach = x.kind() != ElemKind::F32 && x.kind() != ElemKind::F64;
      dispatch(out.kind(), [&](auto storageTag) {
        using S = decltype(storageTag);
        if constexpr (kIsInt<S>) {
          S *r = out.data<S>();
          for (int64_t i = 0; i < x.numElements(); ++i) {
            int64_t k = index(i);
            T v = a[i] / scales[k];
            if (roundEach) v = roundTo<T>(v, floatType);
            v = v + zeroPoints[k];
            if (roundEach) v = roundTo<T>(v, floatType);
            // clamp(min, x, max) propagates NaN; a NaN converts to 0 (the
            // interpreter's float -> integer convert).
            if (!std::isnan(v)) v = std::min(std::max(v, lo), hi);
            v = std::nearbyint(v);
            if (std::isnan(v)) {
              r[i] = S{0};
              continue;
            }
            // The expressed type may not hold storage_max exactly (f32 and
            // i32 storage): keep the integer inside the storage range.
            double d = std::min(std::max(static_cast<double>(v), static_cast<double>(q.storageMin)),
                                static_cast<double>(q.storageMax));
            r[i] = static_cast<S>(static_cast<int64_t>(d));
          }
        } else {
          throw UnsupportedOp("quantize: storage type " + q.storageType.str() + " is not an integer type");
        }
      });
    }
  });
  out.finalize();
  return out;
}

Tensor evalUniformQuantize(const Tensor &operand, const ir::Type &resultType) {
  if (operand.isQuantized()) return quantize(dequantize(operand), resultType);
  if (operand.kind() != ElemKind::F16 && operand.kind() != ElemKind::BF16 && operand.kind() != ElemKind::F32 &&
      operand.kind() != ElemKind::F64) {
    throw RuntimeError("uniform_quantize: operand " + operand.type().str() + " is neither float nor quantized");
  }
  return quantize(operand, resultType);
}

Tensor evalUniformDequantize(const Tensor &operand, const ir::Type &resultType) {
  Tensor out = dequantize(operand);
  if (resultType.isTensor() && resultType.element() != out.type().element()) {
    throw RuntimeError("uniform_dequantize: result type " + resultType.str() + " is not the expressed type of " +
                       operand.type().str());
  }
  return out;
}

bool involvesQuantizedTypes(const ir::Operation &op) {
  auto quantized = [](const ir::Value *v) {
    return v && v->type.isTensor() && v->type.element().isQuantized();
  };
  for (const ir::Value *v : op.operands) {
    if (quantized(v)) return true;
  }
  for (const ir::Value *v : op.results) {
    if (quantized(v)) return true;
  }
  return false;
}

namespace {

// Ops that only move, select or pass on elements: on quantized tensors they
// run on the storage values, and the result's quantization parameters are
// its type's (spec: their semantics is defined on elements, not values).
// Ops with bodies are here too: the ops inside the body see quantized 0-d
// tensors and follow these rules themselves.
const std::unordered_set<std::string_view> &storageOps() {
  static const std::unordered_set<std::string_view> ops = {
      "stablehlo.uniform_quantize", "stablehlo.uniform_dequantize", "stablehlo.bitcast_convert",
      "stablehlo.broadcast_in_dim", "stablehlo.dynamic_broadcast_in_dim", "stablehlo.concatenate",
      "stablehlo.constant", "stablehlo.reshape", "stablehlo.dynamic_reshape", "stablehlo.transpose",
      "stablehlo.slice", "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice", "stablehlo.gather",
      "stablehlo.dynamic_gather", "stablehlo.pad", "stablehlo.dynamic_pad", "stablehlo.reverse",
      "stablehlo.get_dimension_size", "stablehlo.optimization_barrier", "stablehlo.tuple",
      "stablehlo.get_tuple_element", "stablehlo.while", "stablehlo.if", "stablehlo.case", "func.call",
      "stablehlo.reduce", "stablehlo.reduce_window", "stablehlo.scatter", "stablehlo.select_and_scatter",
      "stablehlo.sort", "stablehlo.map", "stablehlo.all_gather", "stablehlo.all_reduce",
      "stablehlo.reduce_scatter", "stablehlo.all_to_all", "stablehlo.collective_broadcast",
      "stablehlo.collective_permute", "stablehlo.send", "stablehlo.recv", "stablehlo.infeed",
      "stablehlo.outfeed", "interpreter.run_parallel", "check.expect_eq", "check.expect_eq_const",
      // Ops other parts of the interpreter may add: a composite calls its
      // decomposition; probe and print pass their operand through.
      "stablehlo.composite", "interpreter.probe", "interpreter.print",
  };
  return ops;
}

// Ops whose quantized semantics is dequantize -> op in the expressed type ->
// quantize (spec: dequantize_op_quantize, dequantize_compare,
// dequantize_select_quantize, dequantize_batch_norm_*_quantize and
// hybrid_dequantize_then_op).
const std::unordered_set<std::string_view> &dequantizeOpQuantizeOps() {
  static const std::unordered_set<std::string_view> ops = {
      "stablehlo.abs", "stablehlo.add", "stablehlo.atan2", "stablehlo.batch_norm_grad",
      "stablehlo.batch_norm_inference", "stablehlo.batch_norm_training", "stablehlo.cbrt", "stablehlo.ceil",
      "stablehlo.cholesky", "stablehlo.clamp", "stablehlo.compare", "stablehlo.convolution",
      "stablehlo.dynamic_conv", "stablehlo.cosine", "stablehlo.divide", "stablehlo.dot_general", "stablehlo.dot",
      "stablehlo.exponential", "stablehlo.exponential_minus_one", "stablehlo.floor", "stablehlo.log",
      "stablehlo.log_plus_one", "stablehlo.logistic", "stablehlo.maximum", "stablehlo.minimum",
      "stablehlo.multiply", "stablehlo.negate", "stablehlo.power", "stablehlo.reduce_precision",
      "stablehlo.remainder", "stablehlo.round_nearest_afz", "stablehlo.round_nearest_even", "stablehlo.rsqrt",
      "stablehlo.select", "stablehlo.sign", "stablehlo.sine", "stablehlo.sqrt", "stablehlo.subtract",
      "stablehlo.tan", "stablehlo.tanh", "stablehlo.triangular_solve",
      "check.expect_almost_eq", "check.expect_almost_eq_const", "check.expect_close",
  };
  return ops;
}

ir::Type expressedTypeOf(const ir::Type &type) {
  if (!type.isTensor() || !type.element().isQuantized() || !type.element().quantizedInfo()) return type;
  return type.withElement(type.element().quantizedInfo()->expressedType);
}

}  // namespace

std::vector<Value> evalQuantizedOp(const ir::Operation &op, const std::vector<Value> &operands,
                                   const OpEvaluator &evalOp) {
  if (storageOps().count(op.name)) return evalOp(op, operands);
  if (!dequantizeOpQuantizeOps().count(op.name)) {
    throw UnsupportedOp(op.name + " on quantized tensors is not supported by the interpreter yet");
  }
  std::vector<Value> floatOperands;
  floatOperands.reserve(operands.size());
  for (const Value &v : operands) {
    if (v.kind == Value::Kind::Tensor && v.tensor.isQuantized()) {
      floatOperands.emplace_back(dequantize(v.tensor));
    } else {
      floatOperands.push_back(v);
    }
  }
  // The same op with the expressed types as result types.
  std::deque<ir::Value> floatResults;
  ir::Operation floatOp = op;
  for (size_t i = 0; i < op.results.size(); ++i) {
    ir::Value r = *op.results[i];
    r.uses.clear();
    r.type = expressedTypeOf(r.type);
    floatResults.push_back(std::move(r));
    floatOp.results[i] = &floatResults.back();
  }
  std::vector<Value> results = evalOp(floatOp, floatOperands);
  for (size_t i = 0; i < results.size() && i < op.results.size(); ++i) {
    const ir::Type &type = op.results[i]->type;
    if (results[i].kind == Value::Kind::Tensor && type.isTensor() && type.element().isQuantized()) {
      results[i] = Value(quantize(results[i].tensor, type));
    }
  }
  return results;
}

}  // namespace shlo::interpreter
