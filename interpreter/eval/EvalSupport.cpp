#include "interpreter/eval/EvalSupport.h"

#include "interpreter/MeshAxes.h"

#include "interpreter/Errors.h"
#include "interpreter/kernels/KernelPath.h"

namespace shlo::interpreter {

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

ReplicaGroups groupsAttribute(const ir::Operation &op, const char *name, const ir::Module *module) {
  const ir::Attribute *a = op.attribute(name);
  ReplicaGroups out;
  if (!a) return out;
  if (a->kind == ir::Attribute::Kind::Struct && a->name == "stablehlo.replica_group_mesh_axes") {
    return meshAxesGroups(*a, module, op.name);
  }
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

BodyFn regionFunction(Interpreter &in, const ir::Region &region, Env &env) {
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

std::vector<Value> valuesOf(const std::vector<Tensor> &tensors) {
  return std::vector<Value>(tensors.begin(), tensors.end());
}

const ir::Attribute &attribute(const ir::Operation &op, const char *name) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) throw RuntimeError(op.name + ": missing attribute `" + name + "`");
  return *a;
}

Shape requiredInts(const ir::Operation &op, const char *name) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) throw RuntimeError(op.name + ": missing attribute `" + name + "`");
  auto v = a->integers();
  if (!v) throw RuntimeError(op.name + ": attribute `" + std::string(name) + "` is not an integer list");
  return *v;
}

double floatAttribute(const ir::Operation &op, const char *name, double fallback) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) return fallback;
  if (a->kind == ir::Attribute::Kind::Float) return a->real;
  if (a->kind == ir::Attribute::Kind::Integer) return static_cast<double>(a->integer);
  return fallback;
}

std::vector<Value> one(Tensor tensor) { return {Value(std::move(tensor))}; }

/// A padding attribute as (low, high) pairs: dense<[[l, h], ...]> or a list of
/// pairs; empty when absent.
std::vector<std::pair<int64_t, int64_t>> paddingAttribute(const ir::Operation &op, const char *name) {
  std::vector<std::pair<int64_t, int64_t>> out;
  const ir::Attribute *a = op.attribute(name);
  if (!a) return out;
  if (a->kind == ir::Attribute::Kind::Array) {
    for (const ir::Attribute &row : a->elements) {
      auto v = row.integers();
      if (!v || v->size() != 2) throw RuntimeError(op.name + ": each `" + name + "` entry must be a [low, high] pair");
      out.emplace_back((*v)[0], (*v)[1]);
    }
    return out;
  }
  if (a->kind == ir::Attribute::Kind::DenseElements && a->type && a->type->isTensor() && a->type->ranked() &&
      a->type->hasStaticShape() && (a->type->rank() == 2 || a->type->numElements() == 0)) {
    auto v = ir::decodeDenseIntegers(a->literal(), 64, a->type->numElements());
    if (v && static_cast<int64_t>(v->size()) == a->type->numElements()) {
      for (size_t i = 0; i + 1 < v->size(); i += 2) out.emplace_back((*v)[i], (*v)[i + 1]);
      return out;
    }
  }
  throw RuntimeError(op.name + ": attribute `" + name + "` must be an Nx2 integer tensor, got " + a->str());
}

/// A 1-d integer operand (a shape or a list of paddings) as integers.
Shape shapeOperand(const ir::Operation &op, const std::vector<Value> &v, size_t i) {
  const Tensor &t = operandTensor(op, v, i);
  if (t.rank() != 1) throw RuntimeError(op.name + ": operand #" + std::to_string(i) + " must be a 1-d integer tensor");
  Shape out;
  for (int64_t k = 0; k < t.numElements(); ++k) out.push_back(t.intAt(k));
  return out;
}

/// The result type with the shape computed at run time; an error when the
/// shape is negative or disagrees with the type's static dimensions.
ir::Type dynamicResultType(const ir::Operation &op, const Shape &shape) {
  const ir::Type &t = resultTypeOf(op);
  if (t.ranked() && t.rank() != static_cast<int64_t>(shape.size())) {
    throw RuntimeError(op.name + ": the computed shape has rank " + std::to_string(shape.size()) +
                       ", the result type " + t.str() + " has rank " + std::to_string(t.rank()));
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 0)
      throw RuntimeError(op.name + ": size " + std::to_string(shape[d]) + " of dimension " + std::to_string(d) +
                         " is negative");
    if (t.ranked() && t.dim(d) >= 0 && t.dim(d) != shape[d]) {
      throw RuntimeError(op.name + ": dimension " + std::to_string(d) + " is " + std::to_string(shape[d]) +
                         " at run time but the result type " + t.str() + " says " + std::to_string(t.dim(d)));
    }
  }
  return t.withShape(shape);
}

/// Symbol names of an array of symbol references.
std::vector<std::string> symbolList(const ir::Operation &op, const ir::Attribute &a) {
  std::vector<std::string> out;
  if (a.kind != ir::Attribute::Kind::Array)
    throw RuntimeError(op.name + ": expected a list of @functions, got " + a.str());
  for (const ir::Attribute &e : a.elements) {
    if (e.kind != ir::Attribute::Kind::SymbolRef) throw RuntimeError(op.name + ": expected @function, got " + e.str());
    out.push_back(e.text);
  }
  return out;
}

bool truthOf(const ir::Operation &op, const Value &v) {
  if (v.kind != Value::Kind::Tensor || v.tensor.kind() != ElemKind::I1 || v.tensor.numElements() != 1) {
    throw RuntimeError(op.name + ": expected a tensor<i1> predicate");
  }
  return v.tensor.data<bool>()[0];
}

/// The single elementwise op of a body `return op(arg0, arg1)`, or "".
std::string fastBodyOf(const ir::Region &region) {
  if (region.blocks.size() != 1) return "";
  const ir::Block &b = *region.blocks[0];
  if (b.operations.size() != 2 || b.arguments.size() != 2) return "";
  // A typed loop would add storage values: quantized bodies run op by op.
  if (b.arguments[0]->type.element().isQuantized()) return "";
  const ir::Operation &body = *b.operations[0];
  const ir::Operation &ret = *b.operations[1];
  if (body.operands.size() != 2 || body.results.size() != 1 || ret.operands.size() != 1 ||
      ret.operands[0] != body.results[0]) {
    return "";
  }
  if (!((body.operands[0] == b.arguments[0] && body.operands[1] == b.arguments[1]) ||
        (body.operands[0] == b.arguments[1] && body.operands[1] == b.arguments[0]))) {
    return "";
  }
  // Elementwise names the folds (binaryFoldOf, Ops.h).
  return binaryFoldOf(body.name) != BinaryFold::None ? body.name : "";
}

bool transposeFoldsIntoDots(const Interpreter &in, const ir::Operation &transpose) {
  if (!kernelsEnabled() || in.observer() != nullptr || transpose.name != "stablehlo.transpose" ||
      transpose.results.size() != 1 || transpose.operands.size() != 1) {
    return false;
  }
  const ir::Value *result = transpose.results[0];
  const ir::ElementType &element = result->type.element();
  if (!element.isFloat() || element.floatFormat() != ir::FloatFormat::F32 || result->uses.empty()) return false;
  for (const ir::Use &use : result->uses) {
    if (use.user == nullptr || use.user->name != "stablehlo.dot_general" || use.operandIndex > 1) return false;
  }
  return true;
}

namespace {

bool isBroadcastInDim(const ir::Operation *op) { return op != nullptr && op->name == "stablehlo.broadcast_in_dim"; }

bool readsBroadcastInPlace(const std::string &name) {
  return name == "stablehlo.add" || name == "stablehlo.subtract" || name == "stablehlo.multiply" ||
         name == "stablehlo.divide" || name == "stablehlo.maximum" || name == "stablehlo.minimum";
}

}  // namespace

bool broadcastFoldsIntoElementwise(const Interpreter &in, const ir::Operation &broadcast) {
  if (!kernelsEnabled() || in.observer() != nullptr || !isBroadcastInDim(&broadcast) ||
      broadcast.results.size() != 1 || broadcast.operands.size() != 1) {
    return false;
  }
  const ir::Value *result = broadcast.results[0];
  const ir::Type &type = result->type;
  const ir::ElementType &element = type.element();
  if (!element.isFloat() || result->uses.empty() || !type.ranked() || !type.hasStaticShape()) return false;
  ir::FloatFormat format = element.floatFormat();
  if (format != ir::FloatFormat::F32 && format != ir::FloatFormat::F16 && format != ir::FloatFormat::BF16) return false;
  int64_t count = 1;
  for (int64_t d : type.shape()) count *= d;
  if (count < kMinFoldedBroadcast) return false;
  for (const ir::Use &use : result->uses) {
    const ir::Operation *user = use.user;
    if (user == nullptr || !readsBroadcastInPlace(user->name) || user->operands.size() != 2 || use.operandIndex > 1 ||
        user->results.size() != 1) {
      return false;
    }
    // Both operands broadcasts: the other one is made, this one too.
    const ir::Value *other = user->operands[1 - use.operandIndex];
    if (other == nullptr || other == result || isBroadcastInDim(other->definingOp)) return false;
  }
  return true;
}

const ir::Operation *foldedBroadcastOf(const Interpreter &in, const ir::Operation &op, size_t i) {
  if (i >= op.operands.size() || op.operands[i] == nullptr) return nullptr;
  const ir::Operation *def = op.operands[i]->definingOp;
  return isBroadcastInDim(def) && broadcastFoldsIntoElementwise(in, *def) ? def : nullptr;
}

}  // namespace support
}  // namespace shlo::interpreter
