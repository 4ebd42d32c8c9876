#include "interpreter/OpHandlers.h"

namespace shlo::interpreter {

const OpHandlerTable &extensionHandlers() {
  static const OpHandlerTable table = [] {
    OpHandlerTable t;
    addChloHandlers(t);
    addCoreDialectHandlers(t);
    addMoreHandlers(t);
    return t;
  }();
  return table;
}

namespace support {

const Tensor &operandTensor(const ir::Operation &op, const std::vector<Value> &operands, size_t i) {
  if (i >= operands.size()) throw RuntimeError(op.name + ": missing operand #" + std::to_string(i));
  if (operands[i].kind != Value::Kind::Tensor) {
    throw RuntimeError(op.name + ": operand #" + std::to_string(i) + " is not a tensor");
  }
  return operands[i].tensor;
}

const ir::Type &resultTypeOf(const ir::Operation &op, size_t i) {
  if (i >= op.results.size()) throw RuntimeError(op.name + ": missing result #" + std::to_string(i));
  const ir::Type &t = op.results[i]->type;
  if (!t.valid()) throw RuntimeError(op.name + ": result #" + std::to_string(i) + " has no known type");
  return t;
}

std::vector<ir::Type> resultTypesOf(const ir::Operation &op) {
  std::vector<ir::Type> out;
  for (size_t i = 0; i < op.results.size(); ++i) out.push_back(resultTypeOf(op, i));
  return out;
}

int64_t intAttribute(const ir::Operation &op, const char *name, std::optional<int64_t> fallback) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) {
    if (fallback) return *fallback;
    throw RuntimeError(op.name + ": missing attribute `" + name + "`");
  }
  if (a->kind == ir::Attribute::Kind::Integer || a->kind == ir::Attribute::Kind::Bool) return a->integer;
  auto v = a->integers();
  if (v && v->size() == 1) return (*v)[0];
  throw RuntimeError(op.name + ": attribute `" + std::string(name) + "` is not an integer");
}

Shape intsAttribute(const ir::Operation &op, const char *name) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) return {};
  auto v = a->integers();
  if (!v) throw RuntimeError(op.name + ": attribute `" + std::string(name) + "` is not an integer list");
  return *v;
}

Shape fieldInts(const ir::Attribute &attribute, const char *field) {
  const ir::Attribute *f = attribute.field(field);
  if (!f) return {};
  auto v = f->integers();
  return v ? *v : Shape{};
}

std::string textAttribute(const ir::Operation &op, const char *name) {
  const ir::Attribute *a = op.attribute(name);
  return a ? a->text : "";
}

bool flagAttribute(const ir::Operation &op, const char *name) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) return false;
  if (a->kind == ir::Attribute::Kind::Unit) return true;
  return a->integer != 0;
}

ReplicaGroups groupsAttribute(const ir::Operation &op, const char *name) {
  const ir::Attribute *a = op.attribute(name);
  ReplicaGroups out;
  if (!a) return out;
  if (a->kind == ir::Attribute::Kind::Array) {
    for (const ir::Attribute &row : a->elements) {
      auto v = row.integers();
      if (!v) throw RuntimeError(op.name + ": `" + name + "` must be a list of integer lists");
      out.push_back(*v);
    }
    return out;
  }
  if (a->kind == ir::Attribute::Kind::DenseElements && a->type && a->type->isTensor() && a->type->ranked() &&
      a->type->hasStaticShape() && a->type->rank() == 2) {
    auto v = ir::decodeDenseIntegers(a->literal(), 64, a->type->numElements());
    if (v && static_cast<int64_t>(v->size()) == a->type->numElements()) {
      int64_t columns = a->type->dim(1);
      for (int64_t r = 0; r < a->type->dim(0); ++r) {
        out.emplace_back(v->begin() + r * columns, v->begin() + (r + 1) * columns);
      }
      return out;
    }
  }
  throw RuntimeError(op.name + ": attribute `" + name + "` must be a 2-d integer tensor, got " + a->str());
}

int64_t channelIdOf(const ir::Operation &op) {
  if (const ir::Attribute *h = op.attribute("channel_handle")) {
    if (const ir::Attribute *f = h->field("handle")) return f->integer;
  }
  if (op.attribute("channel_id")) return intAttribute(op, "channel_id");
  return 0;
}

std::vector<Tensor> tensorsOf(const ir::Operation &op, const std::vector<Value> &values) {
  std::vector<Tensor> out;
  for (const Value &v : values) {
    if (v.kind != Value::Kind::Tensor) throw RuntimeError(op.name + ": a region returned a non-tensor value");
    out.push_back(v.tensor);
  }
  return out;
}

BodyFn regionFunction(Interpreter &in, const ir::Region &region, Interpreter::Env &env) {
  const ir::Operation *owner = region.parent;
  return [&in, &region, &env, owner](const std::vector<Tensor> &args) {
    std::vector<Value> out = in.runRegion(region, std::vector<Value>(args.begin(), args.end()), env);
    std::vector<Tensor> tensors;
    for (const Value &v : out) {
      if (v.kind != Value::Kind::Tensor) {
        throw RuntimeError((owner ? owner->name : std::string("region")) + ": the body returned a non-tensor value");
      }
      tensors.push_back(v.tensor);
    }
    return tensors;
  };
}

std::vector<Value> valuesOf(const std::vector<Tensor> &tensors) { return std::vector<Value>(tensors.begin(), tensors.end()); }

}  // namespace support
}  // namespace shlo::interpreter
