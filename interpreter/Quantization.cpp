#include "interpreter/Quantization.h"

#include <cmath>
#include <deque>

#include "interpreter/Errors.h"
#include "interpreter/OpTraits.h"
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

ir::Type expressedTypeOf(const ir::Type &type) {
  if (!type.isTensor() || !type.element().isQuantized() || !type.element().quantizedInfo()) return type;
  return type.withElement(type.element().quantizedInfo()->expressedType);
}

}  // namespace

std::vector<Value> evalQuantizedOp(const ir::Operation &op, const std::vector<Value> &operands,
                                   const OpEvaluator &evalOp) {
  // Which ops run on storage and which in the expressed type: OpTraits.h.
  QuantizedSemantics semantics = quantizedSemanticsOf(op.name);
  if (semantics == QuantizedSemantics::StorageOnly) return evalOp(op, operands);
  if (semantics != QuantizedSemantics::DequantizeOpQuantize) {
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
