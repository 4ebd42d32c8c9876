#include "interpreter/Interpreter.h"

#include <exception>
#include <functional>
#include <iostream>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "interpreter/DenseLiteral.h"
#include "interpreter/OpHandlers.h"
#include "interpreter/Ops.h"
#include "interpreter/Quantization.h"
#include "interpreter/Printing.h"

namespace shlo::interpreter {

namespace {

using ir::Operation;
using Operands = std::vector<Value>;
using Handler = std::function<std::vector<Value>(Interpreter &, const Operation &, const Operands &, Interpreter::Env &)>;

// Thin names over the shared helpers of OpHandlers.h (one definition each).
const Tensor &tensorOf(const Operation &op, const Operands &operands, size_t i) {
  return support::operandTensor(op, operands, i);
}

const ir::Type &resultType(const Operation &op, size_t i = 0) { return support::resultTypeOf(op, i); }

const ir::Attribute &attr(const Operation &op, const char *name) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) throw RuntimeError(op.name + ": missing attribute `" + name + "`");
  return *a;
}

Shape ints(const Operation &op, const char *name, bool optional = false) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) {
    if (optional) return {};
    throw RuntimeError(op.name + ": missing attribute `" + name + "`");
  }
  auto v = a->integers();
  if (!v) throw RuntimeError(op.name + ": attribute `" + std::string(name) + "` is not an integer list");
  return *v;
}

Shape structInts(const ir::Attribute &s, const char *field) { return support::fieldInts(s, field); }

int64_t intAttr(const Operation &op, const char *name) { return support::intAttribute(op, name); }

double floatAttr(const Operation &op, const char *name, double fallback) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) return fallback;
  if (a->kind == ir::Attribute::Kind::Float) return a->real;
  if (a->kind == ir::Attribute::Kind::Integer) return static_cast<double>(a->integer);
  return fallback;
}

std::string enumAttr(const Operation &op, const char *name) { return support::textAttribute(op, name); }

std::vector<Value> one(Tensor t) { return {Value(std::move(t))}; }

/// A padding attribute as (low, high) pairs: dense<[[l, h], ...]> or a list of
/// pairs; empty when absent.
std::vector<std::pair<int64_t, int64_t>> paddingAttr(const Operation &op, const char *name = "padding") {
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
Shape shapeOperand(const Operation &op, const Operands &v, size_t i) {
  const Tensor &t = tensorOf(op, v, i);
  if (t.rank() != 1) throw RuntimeError(op.name + ": operand #" + std::to_string(i) + " must be a 1-d integer tensor");
  Shape out;
  for (int64_t k = 0; k < t.numElements(); ++k) out.push_back(t.intAt(k));
  return out;
}

/// The result type with the shape computed at run time; an error when the
/// shape is negative or disagrees with the type's static dimensions.
ir::Type dynamicResultType(const Operation &op, const Shape &shape) {
  const ir::Type &t = resultType(op);
  if (t.ranked() && t.rank() != static_cast<int64_t>(shape.size())) {
    throw RuntimeError(op.name + ": the computed shape has rank " + std::to_string(shape.size()) + ", the result type " +
                       t.str() + " has rank " + std::to_string(t.rank()));
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 0) throw RuntimeError(op.name + ": size " + std::to_string(shape[d]) + " of dimension " + std::to_string(d) + " is negative");
    if (t.ranked() && t.dim(d) >= 0 && t.dim(d) != shape[d]) {
      throw RuntimeError(op.name + ": dimension " + std::to_string(d) + " is " + std::to_string(shape[d]) +
                         " at run time but the result type " + t.str() + " says " + std::to_string(t.dim(d)));
    }
  }
  return t.withShape(shape);
}

std::vector<Tensor> tensorsOf(const std::vector<Value> &values);

/// replica_groups / source_target_pairs (OpHandlers.h has the one decoder).
ReplicaGroups groupsAttr(const Operation &op, const char *name) { return support::groupsAttribute(op, name); }

/// channel_handle's handle (or channel_id); 0 without one.
using support::channelIdOf;

bool flagAttr(const Operation &op, const char *name) { return support::flagAttribute(op, name); }

BodyFn regionBody(Interpreter &in, const ir::Region &region, Interpreter::Env &env) {
  return support::regionFunction(in, region, env);
}

/// Symbol names of an array of symbol references.
std::vector<std::string> symbolList(const Operation &op, const ir::Attribute &a) {
  std::vector<std::string> out;
  if (a.kind != ir::Attribute::Kind::Array) throw RuntimeError(op.name + ": expected a list of @functions, got " + a.str());
  for (const ir::Attribute &e : a.elements) {
    if (e.kind != ir::Attribute::Kind::SymbolRef) throw RuntimeError(op.name + ": expected @function, got " + e.str());
    out.push_back(e.text);
  }
  return out;
}

/// How one process of run_parallel ended with an error.
struct ProcessFailure {
  enum class Kind { Runtime, Check, Unsupported, Abandoned, Other } kind = Kind::Other;
  std::string message, opName;
  std::optional<syntax::TextRange> range;
};

/// Runs functions[i] with arguments[i] as process i of `grid` (row-major),
/// each on its own thread with its own evaluator; returns each process's
/// results. The first real failure (not a process left waiting because of
/// it) is rethrown, naming the process.
std::vector<std::vector<Value>> runProcesses(Interpreter &in, const std::shared_ptr<ProcessGrid> &grid,
                                             const std::vector<const ir::Operation *> &functions,
                                             const std::vector<std::vector<Value>> &arguments) {
  int64_t R = grid->numReplicas(), P = grid->numPartitions();
  std::vector<std::vector<Value>> results(static_cast<size_t>(R * P));
  std::vector<std::optional<ProcessFailure>> failures(static_cast<size_t>(R * P));
  std::vector<int> checks(static_cast<size_t>(R * P), 0);
  std::vector<std::thread> threads;
  for (int64_t i = 0; i < R * P; ++i) {
    threads.emplace_back([&, i] {
      Interpreter child(in.module(), in.options());
      child.setProcess({grid.get(), i / P, i % P});
      try {
        results[i] = child.callFunction(*functions[i], arguments[i]);
      } catch (const RuntimeError &e) {
        ProcessFailure f;
        f.kind = dynamic_cast<const AbandonedWait *>(&e)   ? ProcessFailure::Kind::Abandoned
                 : dynamic_cast<const CheckFailure *>(&e)  ? ProcessFailure::Kind::Check
                 : dynamic_cast<const UnsupportedOp *>(&e) ? ProcessFailure::Kind::Unsupported
                                                           : ProcessFailure::Kind::Runtime;
        f.message = e.what();
        f.opName = e.opName;
        f.range = e.range;
        failures[i] = f;
      } catch (const std::exception &e) {
        failures[i] = ProcessFailure{ProcessFailure::Kind::Other, std::string("internal error: ") + e.what(), "", std::nullopt};
      }
      checks[i] = child.checksEvaluated();
      grid->finished(i, failures[i] && failures[i]->kind == ProcessFailure::Kind::Abandoned);
    });
  }
  for (std::thread &t : threads) t.join();
  for (int c : checks) in.countCheck(c);
  const ProcessFailure *first = nullptr;
  int64_t firstProcess = -1;
  for (int64_t i = 0; i < R * P; ++i) {
    if (!failures[i]) continue;
    if (!first || (first->kind == ProcessFailure::Kind::Abandoned && failures[i]->kind != ProcessFailure::Kind::Abandoned)) {
      first = &*failures[i];
      firstProcess = i;
    }
  }
  if (first) {
    std::string message = "process " + grid->processName(firstProcess) + ": " + first->message;
    auto rethrow = [&](auto error) {
      error.opName = first->opName;
      throw error;
    };
    switch (first->kind) {
      case ProcessFailure::Kind::Check: rethrow(CheckFailure(message, first->range));
      case ProcessFailure::Kind::Unsupported: rethrow(UnsupportedOp(message, first->range));
      default: rethrow(RuntimeError(message, first->range));
    }
  }
  return results;
}

/// interpreter.run_parallel: runs programs[r][p] as process (r, p), each on
/// its own thread with its own evaluator, operands and results flattened in
/// row-major process order. The first real failure (not a process left
/// waiting because of it) is rethrown, naming the process.
std::vector<Value> runParallel(Interpreter &in, const Operation &op, const Operands &v) {
  const ir::Attribute &programsAttr = attr(op, "programs");
  if (programsAttr.kind != ir::Attribute::Kind::Array || programsAttr.elements.empty()) {
    throw RuntimeError("run_parallel: `programs` must be a non-empty list of lists of @functions");
  }
  std::vector<std::vector<std::string>> programs;
  for (const ir::Attribute &row : programsAttr.elements) programs.push_back(symbolList(op, row));
  int64_t R = static_cast<int64_t>(programs.size()), P = static_cast<int64_t>(programs[0].size());
  for (const auto &row : programs) {
    if (static_cast<int64_t>(row.size()) != P || P == 0) throw RuntimeError("run_parallel: `programs` rows differ in length");
  }
  auto grid = std::make_shared<ProcessGrid>(R, P);
  if (const ir::Attribute *infeed = op.attribute("infeed")) {
    std::deque<std::vector<Value>> queue;
    for (const std::string &fn : symbolList(op, *infeed)) queue.push_back(in.call(fn, {}));
    grid->setInfeed(std::move(queue));
  }
  // Split the operands by each program's arity.
  std::vector<const ir::Operation *> functions;
  std::vector<std::vector<Value>> arguments;
  size_t next = 0;
  for (int64_t i = 0; i < R * P; ++i) {
    const std::string &name = programs[i / P][i % P];
    const ir::Operation *fn = findFunction(in.module(), name);
    if (!fn || fn->regions.empty() || fn->regions[0]->blocks.empty()) throw RuntimeError("run_parallel: no function named @" + name);
    size_t arity = fn->regions[0]->blocks[0]->arguments.size();
    if (next + arity > v.size()) throw RuntimeError("run_parallel: too few inputs for the programs' arguments");
    functions.push_back(fn);
    arguments.emplace_back(v.begin() + static_cast<std::ptrdiff_t>(next), v.begin() + static_cast<std::ptrdiff_t>(next + arity));
    next += arity;
  }
  if (next != v.size()) throw RuntimeError("run_parallel: more inputs than the programs take");
  std::vector<Value> out;
  for (const std::vector<Value> &r : runProcesses(in, grid, functions, arguments)) out.insert(out.end(), r.begin(), r.end());
  return out;
}

std::vector<ir::Type> resultTypes(const Operation &op) {
  std::vector<ir::Type> types;
  for (size_t i = 0; i < op.results.size(); ++i) types.push_back(resultType(op, i));
  return types;
}

std::vector<Value> values(const std::vector<Tensor> &tensors) { return support::valuesOf(tensors); }

GatherDimensions gatherDimensions(const Operation &op) {
  const ir::Attribute &d = attr(op, "dimension_numbers");
  GatherDimensions dims;
  dims.offsetDims = structInts(d, "offset_dims");
  dims.collapsedSliceDims = structInts(d, "collapsed_slice_dims");
  dims.operandBatchingDims = structInts(d, "operand_batching_dims");
  dims.startIndicesBatchingDims = structInts(d, "start_indices_batching_dims");
  dims.startIndexMap = structInts(d, "start_index_map");
  const ir::Attribute *ivd = d.field("index_vector_dim");
  dims.indexVectorDim = ivd ? ivd->integer : 0;
  return dims;
}

ConvolutionParams convolutionParams(const Operation &op) {
  ConvolutionParams p;
  p.windowStrides = ints(op, "window_strides", true);
  p.lhsDilation = ints(op, "lhs_dilation", true);
  p.rhsDilation = ints(op, "rhs_dilation", true);
  p.padding = paddingAttr(op);
  if (const ir::Attribute *r = op.attribute("window_reversal")) {
    auto b = r->booleans();
    if (!b) throw RuntimeError(op.name + ": window_reversal must be a list of booleans");
    p.windowReversal = *b;
  }
  const ir::Attribute &d = attr(op, "dimension_numbers");
  auto scalar = [&](const char *field) {
    const ir::Attribute *f = d.field(field);
    if (!f || f->kind != ir::Attribute::Kind::Integer) {
      throw RuntimeError(op.name + ": dimension_numbers has no `" + field + "`");
    }
    return f->integer;
  };
  ConvolutionDimensions &c = p.dimensions;
  c.inputBatch = scalar("input_batch_dimension");
  c.inputFeature = scalar("input_feature_dimension");
  c.inputSpatial = structInts(d, "input_spatial_dimensions");
  c.kernelInputFeature = scalar("kernel_input_feature_dimension");
  c.kernelOutputFeature = scalar("kernel_output_feature_dimension");
  c.kernelSpatial = structInts(d, "kernel_spatial_dimensions");
  c.outputBatch = scalar("output_batch_dimension");
  c.outputFeature = scalar("output_feature_dimension");
  c.outputSpatial = structInts(d, "output_spatial_dimensions");
  if (op.attribute("feature_group_count")) p.featureGroupCount = intAttr(op, "feature_group_count");
  if (op.attribute("batch_group_count")) p.batchGroupCount = intAttr(op, "batch_group_count");
  return p;
}

#define UNARY(opname, fn)                                                                      \
  {opname, [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {     \
     return one(fn(tensorOf(op, v, 0), resultType(op)));                                       \
   }}
#define BINARY(opname, fn)                                                                     \
  {opname, [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {     \
     return one(fn(tensorOf(op, v, 0), tensorOf(op, v, 1), resultType(op)));                   \
   }}

/// The single elementwise op of a body `return op(arg0, arg1)`, or "".
std::string fastBodyOf(const ir::Region &region) {
  if (region.blocks.size() != 1) return "";
  const ir::Block &b = *region.blocks[0];
  if (b.operations.size() != 2 || b.arguments.size() != 2) return "";
  // A typed loop would add storage values: quantized bodies run op by op.
  if (b.arguments[0]->type.element().isQuantized()) return "";
  const Operation &body = *b.operations[0];
  const Operation &ret = *b.operations[1];
  if (body.operands.size() != 2 || body.results.size() != 1 || ret.operands.size() != 1 ||
      ret.operands[0] != body.results[0]) {
    return "";
  }
  if (!((body.operands[0] == b.arguments[0] && body.operands[1] == b.arguments[1]) ||
        (body.operands[0] == b.arguments[1] && body.operands[1] == b.arguments[0]))) {
    return "";
  }
  static const char *ok[] = {"stablehlo.add", "stablehlo.multiply", "stablehlo.maximum", "stablehlo.minimum",
                             "stablehlo.and", "stablehlo.or", "stablehlo.xor"};
  for (const char *name : ok) {
    if (body.name == name) return body.name;
  }
  return "";
}

std::vector<Tensor> tensorsOf(const std::vector<Value> &values) {
  std::vector<Tensor> out;
  for (const Value &v : values) {
    if (v.kind != Value::Kind::Tensor) throw RuntimeError("a region returned a non-tensor value where a tensor was expected");
    out.push_back(v.tensor);
  }
  return out;
}

bool truthOf(const Operation &op, const Value &v) {
  if (v.kind != Value::Kind::Tensor || v.tensor.kind() != ElemKind::I1 || v.tensor.numElements() != 1) {
    throw RuntimeError(op.name + ": expected a tensor<i1> predicate");
  }
  return v.tensor.data<bool>()[0];
}

void runCheck(Interpreter &in, const Operation &op, const std::string &kind, const Tensor &actual,
              const Tensor &expected) {
  in.countCheck();
  if (kind == "eq") {
    evalExpectEq(actual, expected);
  } else if (kind == "almost_eq") {
    evalExpectAlmostEq(actual, expected, floatAttr(op, "tolerance", 1e-4));
  } else if (kind == "close") {
    const ir::Attribute *maxUlp = op.attribute("max_ulp_difference");
    const ir::Attribute *minUlp = op.attribute("min_ulp_difference");
    // The check dialect defaults max_ulp_difference to 1; custom_call
    // @check.expect_close has no attributes, and StableHLO's runner uses 3.
    uint64_t max = maxUlp ? static_cast<uint64_t>(maxUlp->integer) : (op.name == "stablehlo.custom_call" ? 3 : 1);
    uint64_t min = minUlp ? static_cast<uint64_t>(minUlp->integer) : 0;
    evalExpectClose(actual, expected, max, min);
  }
}

Tensor constValue(const Operation &op, const Tensor &like) {
  const ir::Attribute &v = attr(op, "value");
  if (v.kind != ir::Attribute::Kind::DenseElements) throw UnsupportedOp(op.name + ": only dense<...> expected values are supported");
  return decodeDenseLiteral(v.literal(), v.type ? *v.type : like.type());
}

const std::unordered_map<std::string, Handler> &handlers() {
  static const std::unordered_map<std::string, Handler> table = {
      // Elementwise.
      UNARY("stablehlo.abs", evalAbs),
      UNARY("stablehlo.negate", evalNegate),
      UNARY("stablehlo.sign", evalSign),
      UNARY("stablehlo.not", evalNot),
      UNARY("stablehlo.exponential", evalExponential),
      UNARY("stablehlo.exponential_minus_one", evalExponentialMinusOne),
      UNARY("stablehlo.log", evalLog),
      UNARY("stablehlo.log_plus_one", evalLogPlusOne),
      UNARY("stablehlo.logistic", evalLogistic),
      UNARY("stablehlo.sqrt", evalSqrt),
      UNARY("stablehlo.rsqrt", evalRsqrt),
      UNARY("stablehlo.cbrt", evalCbrt),
      UNARY("stablehlo.tanh", evalTanh),
      UNARY("stablehlo.tan", evalTan),
      UNARY("stablehlo.sine", evalSine),
      UNARY("stablehlo.cosine", evalCosine),
      UNARY("chlo.atan", evalAtan),
      UNARY("chlo.tan", evalTan),
      UNARY("chlo.cosh", evalCosh),
      UNARY("chlo.sinh", evalSinh),
      UNARY("chlo.asinh", evalAsinh),
      UNARY("chlo.acosh", evalAcosh),
      UNARY("chlo.atanh", evalAtanh),
      UNARY("chlo.asin", evalAsin),
      UNARY("chlo.acos", evalAcos),
      UNARY("stablehlo.floor", evalFloor),
      UNARY("stablehlo.ceil", evalCeil),
      UNARY("stablehlo.round_nearest_afz", evalRoundNearestAfz),
      UNARY("stablehlo.round_nearest_even", evalRoundNearestEven),
      UNARY("stablehlo.is_finite", evalIsFinite),
      UNARY("stablehlo.popcnt", evalPopcnt),
      UNARY("stablehlo.count_leading_zeros", evalCountLeadingZeros),
      UNARY("stablehlo.real", evalReal),
      UNARY("stablehlo.imag", evalImag),
      UNARY("stablehlo.convert", evalConvert),
      UNARY("stablehlo.bitcast_convert", evalBitcastConvert),
      UNARY("stablehlo.uniform_quantize", evalUniformQuantize),
      UNARY("stablehlo.uniform_dequantize", evalUniformDequantize),
      UNARY("stablehlo.reshape", evalReshape),
      BINARY("stablehlo.add", evalAdd),
      BINARY("stablehlo.subtract", evalSubtract),
      BINARY("stablehlo.multiply", evalMultiply),
      BINARY("stablehlo.divide", evalDivide),
      BINARY("stablehlo.remainder", evalRemainder),
      BINARY("stablehlo.maximum", evalMaximum),
      BINARY("stablehlo.minimum", evalMinimum),
      BINARY("stablehlo.power", evalPower),
      BINARY("stablehlo.and", evalAnd),
      BINARY("stablehlo.or", evalOr),
      BINARY("stablehlo.xor", evalXor),
      BINARY("stablehlo.shift_left", evalShiftLeft),
      BINARY("stablehlo.shift_right_arithmetic", evalShiftRightArithmetic),
      BINARY("stablehlo.shift_right_logical", evalShiftRightLogical),
      BINARY("stablehlo.atan2", evalAtan2),
      BINARY("stablehlo.complex", evalComplex),
      BINARY("chlo.mulhi", evalMulhi),
      BINARY("chlo.next_after", evalNextAfter),
      UNARY("chlo.lgamma", evalLgamma),
      UNARY("chlo.digamma", evalDigamma),
      UNARY("chlo.erf_inv", evalErfInv),
      UNARY("chlo.bessel_i1e", evalBesselI1e),
      {"chlo.top_k",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return values(evalTopK(tensorOf(op, v, 0), intAttr(op, "k"), resultType(op, 0), resultType(op, 1)));
       }},
      {"stablehlo.compare",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalCompare(tensorOf(op, v, 0), tensorOf(op, v, 1), enumAttr(op, "comparison_direction"),
                                enumAttr(op, "compare_type"), resultType(op)));
       }},
      {"stablehlo.select",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalSelect(tensorOf(op, v, 0), tensorOf(op, v, 1), tensorOf(op, v, 2), resultType(op)));
       }},
      {"stablehlo.clamp",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalClamp(tensorOf(op, v, 0), tensorOf(op, v, 1), tensorOf(op, v, 2), resultType(op)));
       }},
      {"stablehlo.reduce_precision",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalReducePrecision(tensorOf(op, v, 0), intAttr(op, "exponent_bits"), intAttr(op, "mantissa_bits"),
                                        resultType(op)));
       }},
      // Shape ops.
      {"stablehlo.broadcast_in_dim",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalBroadcastInDim(tensorOf(op, v, 0), ints(op, "broadcast_dimensions"), resultType(op)));
       }},
      {"stablehlo.transpose",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalTranspose(tensorOf(op, v, 0), ints(op, "permutation"), resultType(op)));
       }},
      {"stablehlo.slice",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         const Tensor &t = tensorOf(op, v, 0);
         Shape strides = ints(op, "strides", true);
         if (strides.empty()) strides.assign(t.rank(), 1);
         return one(evalSlice(t, ints(op, "start_indices"), ints(op, "limit_indices"), strides, resultType(op)));
       }},
      {"stablehlo.concatenate",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         std::vector<Tensor> inputs;
         for (size_t i = 0; i < v.size(); ++i) inputs.push_back(tensorOf(op, v, i));
         return one(evalConcatenate(inputs, intAttr(op, "dimension"), resultType(op)));
       }},
      {"stablehlo.iota",
       [](Interpreter &, const Operation &op, const Operands &, Interpreter::Env &) {
         return one(evalIota(intAttr(op, "iota_dimension"), resultType(op)));
       }},
      {"stablehlo.reverse",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalReverse(tensorOf(op, v, 0), ints(op, "dimensions"), resultType(op)));
       }},
      {"stablehlo.pad",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalPad(tensorOf(op, v, 0), tensorOf(op, v, 1), ints(op, "edge_padding_low"),
                            ints(op, "edge_padding_high"), ints(op, "interior_padding"), resultType(op)));
       }},
      {"stablehlo.dynamic_slice",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         std::vector<Tensor> starts;
         for (size_t i = 1; i < v.size(); ++i) starts.push_back(tensorOf(op, v, i));
         return one(evalDynamicSlice(tensorOf(op, v, 0), starts, ints(op, "slice_sizes"), resultType(op)));
       }},
      {"stablehlo.dynamic_update_slice",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         std::vector<Tensor> starts;
         for (size_t i = 2; i < v.size(); ++i) starts.push_back(tensorOf(op, v, i));
         return one(evalDynamicUpdateSlice(tensorOf(op, v, 0), tensorOf(op, v, 1), starts, resultType(op)));
       }},
      // Dynamic shape ops: the static op on the result type with the shape the operands give.
      {"stablehlo.dynamic_iota",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalIota(intAttr(op, "iota_dimension"), dynamicResultType(op, shapeOperand(op, v, 0))));
       }},
      {"stablehlo.dynamic_reshape",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalReshape(tensorOf(op, v, 0), dynamicResultType(op, shapeOperand(op, v, 1))));
       }},
      {"stablehlo.dynamic_broadcast_in_dim",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalBroadcastInDim(tensorOf(op, v, 0), ints(op, "broadcast_dimensions"),
                                       dynamicResultType(op, shapeOperand(op, v, 1))));
       }},
      {"stablehlo.dynamic_pad",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         const Tensor &operand = tensorOf(op, v, 0);
         Shape low = shapeOperand(op, v, 2), high = shapeOperand(op, v, 3), interior = shapeOperand(op, v, 4);
         if (low.size() != static_cast<size_t>(operand.rank()) || high.size() != low.size() ||
             interior.size() != low.size()) {
           throw RuntimeError("dynamic_pad: padding sizes do not match the operand's rank");
         }
         Shape shape;
         for (int64_t d = 0; d < operand.rank(); ++d) {
           int64_t size = operand.shape()[d];
           if (interior[d] < 0) throw RuntimeError("dynamic_pad: interior padding must be non-negative");
           shape.push_back(low[d] + high[d] + size + (size > 0 ? (size - 1) * interior[d] : 0));
         }
         return one(evalPad(operand, tensorOf(op, v, 1), low, high, interior, dynamicResultType(op, shape)));
       }},
      {"stablehlo.get_dimension_size",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalGetDimensionSize(tensorOf(op, v, 0), intAttr(op, "dimension"), resultType(op)));
       }},
      {"stablehlo.dot_general",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         const ir::Attribute &d = attr(op, "dot_dimension_numbers");
         return one(evalDotGeneral(tensorOf(op, v, 0), tensorOf(op, v, 1), structInts(d, "lhs_batching_dimensions"),
                                   structInts(d, "rhs_batching_dimensions"),
                                   structInts(d, "lhs_contracting_dimensions"),
                                   structInts(d, "rhs_contracting_dimensions"), resultType(op)));
       }},
      {"stablehlo.dot",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         const Tensor &l = tensorOf(op, v, 0), &r = tensorOf(op, v, 1);
         Shape lc = {l.rank() - 1}, rc = {0};
         return one(evalDotGeneral(l, r, {}, {}, lc, rc, resultType(op)));
       }},
      // Values, tuples, tokens.
      {"stablehlo.constant",
       [](Interpreter &in, const Operation &op, const Operands &, Interpreter::Env &) {
         return one(in.constantOf(op));
       }},
      {"stablehlo.tuple",
       [](Interpreter &, const Operation &, const Operands &v, Interpreter::Env &) {
         return std::vector<Value>{Value::tuple(v)};
       }},
      {"stablehlo.get_tuple_element",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         int64_t i = intAttr(op, "index");
         if (v.empty() || v[0].kind != Value::Kind::Tuple || i < 0 || i >= static_cast<int64_t>(v[0].elements.size())) {
           throw RuntimeError("get_tuple_element: index " + std::to_string(i) + " out of range");
         }
         return std::vector<Value>{v[0].elements[i]};
       }},
      {"stablehlo.optimization_barrier",
       [](Interpreter &, const Operation &, const Operands &v, Interpreter::Env &) { return v; }},
      {"stablehlo.after_all",
       [](Interpreter &, const Operation &, const Operands &, Interpreter::Env &) {
         return std::vector<Value>{Value::token()};
       }},
      {"stablehlo.create_token",
       [](Interpreter &, const Operation &, const Operands &, Interpreter::Env &) {
         return std::vector<Value>{Value::token()};
       }},
      // Control flow.
      {"func.call",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         const ir::Attribute &callee = attr(op, "callee");
         return in.call(callee.text, v);
       }},
      {"stablehlo.while",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.size() != 2) throw RuntimeError("while: expected cond and body regions");
         std::vector<Value> state = v;
         while (true) {
           std::vector<Value> c = in.runRegion(*op.regions[0], state, env);
           if (c.size() != 1 || !truthOf(op, c[0])) break;
           state = in.runRegion(*op.regions[1], state, env);
         }
         return state;
       }},
      {"stablehlo.if",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.size() != 2) throw RuntimeError("if: expected two branches");
         return in.runRegion(*op.regions[truthOf(op, v.at(0)) ? 0 : 1], {}, env);
       }},
      {"stablehlo.case",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.empty()) throw RuntimeError("case: no branches");
         int64_t i = tensorOf(op, v, 0).intAt(0);
         if (i < 0 || i >= static_cast<int64_t>(op.regions.size())) i = static_cast<int64_t>(op.regions.size()) - 1;
         return in.runRegion(*op.regions[i], {}, env);
       }},
      {"stablehlo.reduce",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("reduce: expected one body region");
         size_t n = v.size() / 2;
         std::vector<Tensor> inputs, inits;
         for (size_t i = 0; i < n; ++i) inputs.push_back(tensorOf(op, v, i));
         for (size_t i = n; i < 2 * n; ++i) inits.push_back(tensorOf(op, v, i));
         std::vector<ir::Type> types;
         for (const ir::Value *r : op.results) types.push_back(r->type);
         const ir::Region &region = *op.regions[0];
         BodyFn body = [&](const std::vector<Tensor> &args) {
           return tensorsOf(in.runRegion(region, std::vector<Value>(args.begin(), args.end()), env));
         };
         std::vector<Tensor> results = evalReduce(inputs, inits, ints(op, "dimensions"), body, fastBodyOf(region), types);
         return std::vector<Value>(results.begin(), results.end());
       }},
      {"stablehlo.scatter",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.size() != 1 || v.size() < 3 || (v.size() - 1) % 2 != 0) {
           throw RuntimeError("scatter: expected inputs, indices, updates and one body");
         }
         size_t n = (v.size() - 1) / 2;
         std::vector<Tensor> inputs, updates;
         for (size_t i = 0; i < n; ++i) inputs.push_back(tensorOf(op, v, i));
         for (size_t i = n + 1; i < v.size(); ++i) updates.push_back(tensorOf(op, v, i));
         const ir::Attribute &d = attr(op, "scatter_dimension_numbers");
         ScatterDimensions dims;
         dims.updateWindowDims = structInts(d, "update_window_dims");
         dims.insertedWindowDims = structInts(d, "inserted_window_dims");
         dims.inputBatchingDims = structInts(d, "input_batching_dims");
         dims.scatterIndicesBatchingDims = structInts(d, "scatter_indices_batching_dims");
         dims.scatterDimsToOperandDims = structInts(d, "scatter_dims_to_operand_dims");
         const ir::Attribute *ivd = d.field("index_vector_dim");
         dims.indexVectorDim = ivd ? ivd->integer : 0;
         std::vector<ir::Type> types;
         for (size_t i = 0; i < op.results.size(); ++i) types.push_back(resultType(op, i));
         const ir::Region &region = *op.regions[0];
         BodyFn body = [&](const std::vector<Tensor> &args) {
           return tensorsOf(in.runRegion(region, std::vector<Value>(args.begin(), args.end()), env));
         };
         std::vector<Tensor> results = evalScatter(inputs, tensorOf(op, v, n), updates, dims, body, types);
         return std::vector<Value>(results.begin(), results.end());
       }},
      {"stablehlo.reduce_window",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.size() != 1 || v.size() % 2 != 0) throw RuntimeError("reduce_window: expected inputs, init values and one body");
         size_t n = v.size() / 2;
         std::vector<Tensor> inputs, inits;
         for (size_t i = 0; i < n; ++i) inputs.push_back(tensorOf(op, v, i));
         for (size_t i = n; i < 2 * n; ++i) inits.push_back(tensorOf(op, v, i));
         int64_t rank = inputs.empty() ? 0 : inputs[0].rank();
         Window w;
         w.windowDimensions = ints(op, "window_dimensions");
         w.windowStrides = ints(op, "window_strides", true);
         w.baseDilations = ints(op, "base_dilations", true);
         w.windowDilations = ints(op, "window_dilations", true);
         w.padding = paddingAttr(op);
         if (w.windowStrides.empty()) w.windowStrides.assign(rank, 1);
         if (w.baseDilations.empty()) w.baseDilations.assign(rank, 1);
         if (w.windowDilations.empty()) w.windowDilations.assign(rank, 1);
         if (w.padding.empty()) w.padding.assign(rank, {0, 0});
         const ir::Region &region = *op.regions[0];
         BodyFn body = [&](const std::vector<Tensor> &args) {
           return tensorsOf(in.runRegion(region, std::vector<Value>(args.begin(), args.end()), env));
         };
         return values(evalReduceWindow(inputs, inits, w, body, fastBodyOf(region), resultTypes(op)));
       }},
      {"stablehlo.select_and_scatter",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.size() != 2) throw RuntimeError("select_and_scatter: expected select and scatter regions");
         const Tensor &operand = tensorOf(op, v, 0);
         Shape strides = ints(op, "window_strides", true);
         if (strides.empty()) strides.assign(operand.rank(), 1);
         std::vector<std::pair<int64_t, int64_t>> padding = paddingAttr(op);
         if (padding.empty()) padding.assign(operand.rank(), {0, 0});
         const ir::Region &selectRegion = *op.regions[0], &scatterRegion = *op.regions[1];
         BodyFn select = [&](const std::vector<Tensor> &args) {
           return tensorsOf(in.runRegion(selectRegion, std::vector<Value>(args.begin(), args.end()), env));
         };
         BodyFn scatter = [&](const std::vector<Tensor> &args) {
           return tensorsOf(in.runRegion(scatterRegion, std::vector<Value>(args.begin(), args.end()), env));
         };
         return one(evalSelectAndScatter(operand, tensorOf(op, v, 1), tensorOf(op, v, 2), ints(op, "window_dimensions"),
                                         strides, padding, select, scatter, resultType(op)));
       }},
      {"stablehlo.sort",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("sort: expected one comparator region");
         std::vector<Tensor> inputs;
         for (size_t i = 0; i < v.size(); ++i) inputs.push_back(tensorOf(op, v, i));
         int64_t dimension = op.attribute("dimension") ? intAttr(op, "dimension") : -1;
         bool stable = op.attribute("is_stable") && intAttr(op, "is_stable") != 0;
         const ir::Region &region = *op.regions[0];
         BodyFn comparator = [&](const std::vector<Tensor> &args) {
           return tensorsOf(in.runRegion(region, std::vector<Value>(args.begin(), args.end()), env));
         };
         return values(evalSort(inputs, dimension, stable, comparator, resultTypes(op)));
       }},
      {"stablehlo.gather",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalGather(tensorOf(op, v, 0), tensorOf(op, v, 1), gatherDimensions(op), ints(op, "slice_sizes"),
                               resultType(op)));
       }},
      {"stablehlo.dynamic_gather",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         const Tensor &sizes = tensorOf(op, v, 2);
         Shape sliceSizes;
         for (int64_t i = 0; i < sizes.numElements(); ++i) sliceSizes.push_back(sizes.intAt(i));
         return one(evalGather(tensorOf(op, v, 0), tensorOf(op, v, 1), gatherDimensions(op), sliceSizes, resultType(op)));
       }},
      {"stablehlo.triangular_solve",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         auto flag = [&](const char *name) { return op.attribute(name) && intAttr(op, name) != 0; };
         return one(evalTriangularSolve(tensorOf(op, v, 0), tensorOf(op, v, 1), flag("left_side"), flag("lower"),
                                        flag("unit_diagonal"), enumAttr(op, "transpose_a"), resultType(op)));
       }},
      {"stablehlo.fft",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalFft(tensorOf(op, v, 0), enumAttr(op, "fft_type"), ints(op, "fft_length"), resultType(op)));
       }},
      {"stablehlo.convolution",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalConvolution(tensorOf(op, v, 0), tensorOf(op, v, 1), convolutionParams(op), resultType(op)));
       }},
      {"stablehlo.dynamic_conv",
       [](Interpreter &, const Operation &op, const Operands &v, Interpreter::Env &) {
         ConvolutionParams p = convolutionParams(op);
         const Tensor &pad = tensorOf(op, v, 2);
         p.padding.clear();
         for (int64_t i = 0; i + 1 < pad.numElements(); i += 2) p.padding.emplace_back(pad.intAt(i), pad.intAt(i + 1));
         return one(evalConvolution(tensorOf(op, v, 0), tensorOf(op, v, 1), p, resultType(op)));
       }},
      {"stablehlo.map",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("map: expected one body region");
         Tensor out(resultType(op));
         size_t es = storageSize(out.kind());
         for (int64_t i = 0; i < out.numElements(); ++i) {
           std::vector<Value> args;
           for (size_t k = 0; k < v.size(); ++k) {
             const Tensor &t = tensorOf(op, v, k);
             Tensor s(t.type().withShape({}));
             size_t ts = storageSize(t.kind());
             std::copy(t.bytes() + i * ts, t.bytes() + (i + 1) * ts, s.bytes());
             args.emplace_back(std::move(s));
           }
           std::vector<Value> r = in.runRegion(*op.regions[0], args, env);
           if (r.size() != 1 || r[0].kind != Value::Kind::Tensor) throw RuntimeError("map: the body must return one tensor");
           std::copy(r[0].tensor.bytes(), r[0].tensor.bytes() + es, out.bytes() + i * es);
         }
         return one(out);
       }},
      // The process grid.
      {"interpreter.run_parallel",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) { return runParallel(in, op, v); }},
      {"stablehlo.replica_id",
       [](Interpreter &in, const Operation &op, const Operands &, Interpreter::Env &) {
         return one(evalReplicaId(in.process(), resultType(op)));
       }},
      {"stablehlo.partition_id",
       [](Interpreter &in, const Operation &op, const Operands &, Interpreter::Env &) {
         return one(evalPartitionId(in.process(), resultType(op)));
       }},
      {"stablehlo.all_gather",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         std::vector<Tensor> operands;
         for (size_t i = 0; i < v.size(); ++i) operands.push_back(tensorOf(op, v, i));
         return values(evalAllGather(in.process(), operands, intAttr(op, "all_gather_dim"), groupsAttr(op, "replica_groups"),
                                     channelIdOf(op), flagAttr(op, "use_global_device_ids"), resultTypes(op)));
       }},
      {"stablehlo.all_reduce",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("all_reduce: expected one body region");
         std::vector<Tensor> operands;
         for (size_t i = 0; i < v.size(); ++i) operands.push_back(tensorOf(op, v, i));
         return values(evalAllReduce(in.process(), operands, groupsAttr(op, "replica_groups"), channelIdOf(op),
                                     flagAttr(op, "use_global_device_ids"), regionBody(in, *op.regions[0], env),
                                     fastBodyOf(*op.regions[0]), resultTypes(op)));
       }},
      {"stablehlo.reduce_scatter",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         if (op.regions.size() != 1) throw RuntimeError("reduce_scatter: expected one body region");
         return one(evalReduceScatter(in.process(), tensorOf(op, v, 0), intAttr(op, "scatter_dimension"),
                                      groupsAttr(op, "replica_groups"), channelIdOf(op),
                                      flagAttr(op, "use_global_device_ids"), regionBody(in, *op.regions[0], env),
                                      fastBodyOf(*op.regions[0]), resultType(op)));
       }},
      {"stablehlo.all_to_all",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         std::vector<Tensor> operands;
         for (size_t i = 0; i < v.size(); ++i) operands.push_back(tensorOf(op, v, i));
         return values(evalAllToAll(in.process(), operands, intAttr(op, "split_dimension"), intAttr(op, "concat_dimension"),
                                    intAttr(op, "split_count"), groupsAttr(op, "replica_groups"), channelIdOf(op),
                                    resultTypes(op)));
       }},
      {"stablehlo.collective_broadcast",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         std::vector<Tensor> operands;
         for (size_t i = 0; i < v.size(); ++i) operands.push_back(tensorOf(op, v, i));
         Shape roots;
         if (flagAttr(op, "has_dynamic_root")) {
           if (operands.empty()) throw RuntimeError("collective_broadcast: has_dynamic_root needs a root operand");
           Tensor r = operands.back();
           operands.pop_back();
           for (int64_t i = 0; i < r.numElements(); ++i) roots.push_back(r.intAt(i));
           if (roots.size() != operands.size()) throw RuntimeError("collective_broadcast: one root per data operand expected");
         }
         return values(evalCollectiveBroadcast(in.process(), operands, roots, groupsAttr(op, "replica_groups"),
                                               channelIdOf(op), resultTypes(op)));
       }},
      {"stablehlo.collective_permute",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         return one(evalCollectivePermute(in.process(), tensorOf(op, v, 0), groupsAttr(op, "source_target_pairs"),
                                          channelIdOf(op), resultType(op)));
       }},
      {"stablehlo.send",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         std::vector<Tensor> sent;
         for (const Value &x : v) {
           if (x.kind == Value::Kind::Tensor) sent.push_back(x.tensor);
         }
         in.process().grid->send(channelIdOf(op), sent);
         return std::vector<Value>{Value::token()};
       }},
      {"stablehlo.recv",
       [](Interpreter &in, const Operation &op, const Operands &, Interpreter::Env &) {
         std::vector<Tensor> got = in.process().grid->recv("recv", channelIdOf(op), in.process().id());
         if (got.size() + 1 != op.results.size()) {
           throw RuntimeError("recv: received " + std::to_string(got.size()) + " tensors, the op has " +
                              std::to_string(op.results.size() - 1));
         }
         std::vector<Value> out(got.begin(), got.end());
         out.push_back(Value::token());
         return out;
       }},
      {"stablehlo.infeed",
       [](Interpreter &in, const Operation &op, const Operands &, Interpreter::Env &) {
         std::vector<Value> out = in.process().grid->infeed(in.process().id());
         if (out.size() + 1 != op.results.size()) {
           throw RuntimeError("infeed: the queue's next entry has " + std::to_string(out.size()) + " values, the op has " +
                              std::to_string(op.results.size() - 1));
         }
         out.push_back(Value::token());
         return out;
       }},
      {"stablehlo.outfeed",
       [](Interpreter &in, const Operation &, const Operands &v, Interpreter::Env &) {
         std::vector<Tensor> sent;
         for (const Value &x : v) {
           if (x.kind == Value::Kind::Tensor) sent.push_back(x.tensor);
         }
         in.process().grid->outfeed(sent);
         return std::vector<Value>{Value::token()};
       }},
      // The interpreter dialect's print and probe (Printing.cpp, Probe.cpp).
      {"interpreter.print",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         std::ostream &out = in.options().printOutput ? *in.options().printOutput : std::cout;
         evalPrint(out, op.operands.empty() || !op.operands[0] ? "%?" : op.operands[0]->name, tensorOf(op, v, 0));
         return std::vector<Value>{};
       }},
      {"interpreter.probe",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         in.options().probes->probe(attr(op, "probe_id").text, tensorOf(op, v, 0));
         return std::vector<Value>{v[0]};
       }},
      {"check.expect_serialized_eq",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         in.countCheck();
         int64_t iter = op.attribute("iter") ? intAttr(op, "iter") : 0;
         in.options().probes->expectSerializedEq(attr(op, "probe_id").text, iter, tensorOf(op, v, 0));
         return std::vector<Value>{};
       }},
      // The check dialect.
      {"check.expect_eq",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         runCheck(in, op, "eq", tensorOf(op, v, 0), tensorOf(op, v, 1));
         return std::vector<Value>{};
       }},
      {"check.expect_eq_const",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         const Tensor &a = tensorOf(op, v, 0);
         runCheck(in, op, "eq", a, constValue(op, a));
         return std::vector<Value>{};
       }},
      {"check.expect_almost_eq",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         runCheck(in, op, "almost_eq", tensorOf(op, v, 0), tensorOf(op, v, 1));
         return std::vector<Value>{};
       }},
      {"check.expect_almost_eq_const",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         const Tensor &a = tensorOf(op, v, 0);
         runCheck(in, op, "almost_eq", a, constValue(op, a));
         return std::vector<Value>{};
       }},
      {"check.expect_close",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         runCheck(in, op, "close", tensorOf(op, v, 0), tensorOf(op, v, 1));
         return std::vector<Value>{};
       }},
      {"stablehlo.custom_call",
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &env) {
         std::string target = enumAttr(op, "call_target_name");
         static const std::unordered_map<std::string, std::string> checks = {
             {"check.expect_eq", "eq"}, {"check.expect_almost_eq", "almost_eq"}, {"check.expect_close", "close"}};
         auto it = checks.find(target);
         if (it != checks.end()) {
           runCheck(in, op, it->second, tensorOf(op, v, 0), tensorOf(op, v, 1));
           return std::vector<Value>{};
         }
         if (target == "check.eq") {
           // The older form returns whether the operands match and fails the
           // run when they do not. As in StableHLO's runner, integer (and i1)
           // elements compare exactly and everything else with expect_almost_eq's
           // default tolerance: JAX's expected values are not bit-exact.
           const Tensor &actual = tensorOf(op, v, 0), &expected = tensorOf(op, v, 1);
           in.countCheck();
           if (expected.type().element().isInteger()) {
             evalExpectEq(actual, expected);
           } else {
             evalExpectAlmostEq(actual, expected, 1e-4);
           }
           Tensor r(resultType(op));
           for (int64_t i = 0; i < r.numElements(); ++i) r.data<bool>()[i] = true;
           return one(r);
         }
         if (const OpHandler *h = findCustomCallTarget(target)) return (*h)(in, op, v, env);
         throw UnsupportedOp("custom_call target `" + target +
                             "` is not known to the interpreter (it knows check.expect_eq, check.expect_almost_eq, "
                             "check.expect_close, check.eq and the sharding/placement annotations)");
       }},
  };
  return table;
}

}  // namespace

const char *statusName(FunctionOutcome::Status status) {
  switch (status) {
    case FunctionOutcome::Status::Passed: return "passed";
    case FunctionOutcome::Status::CheckFailed: return "check failed";
    case FunctionOutcome::Status::RuntimeError: return "runtime error";
    case FunctionOutcome::Status::Unsupported: return "unsupported";
  }
  return "?";
}

/// The main table first, then the family files' extension table (OpHandlers.h).
static const Handler *findHandler(const std::string &name) {
  auto it = handlers().find(name);
  if (it != handlers().end()) return &it->second;
  auto ext = extensionHandlers().find(name);
  return ext == extensionHandlers().end() ? nullptr : &ext->second;
}

bool isSupportedOp(const std::string &name) { return findHandler(name) != nullptr; }

Interpreter::Interpreter(const ir::Module &module, InterpreterOptions options)
    : module_(module), options_(std::move(options)), ownGrid_(std::make_shared<ProcessGrid>(1, 1)), process_{ownGrid_.get(), 0, 0} {
  if (!options_.probes) options_.probes = std::make_shared<ProbeLog>();
}

const ir::Operation *findFunction(const ir::Module &module, const std::string &name) {
  auto it = module.functions.find(name);
  return it == module.functions.end() ? nullptr : it->second;
}

std::vector<std::string> defaultEntryFunctions(const ir::Module &module) {
  if (module.functions.count("main")) return {"main"};
  std::vector<std::string> out;
  ir::walk(module.topLevel, [&](ir::Operation *op) {
    if (op->name != "func.func") return;
    const ir::Attribute *name = op->attribute("sym_name");
    if (!name || op->regions.empty() || op->regions[0]->blocks.empty()) return;
    if (!op->regions[0]->blocks[0]->arguments.empty()) return;
    out.push_back(name->text);
  });
  return out;
}

const Tensor &Interpreter::constantOf(const ir::Operation &op) {
  auto it = constants_.find(&op);
  if (it != constants_.end()) return it->second;
  const ir::Attribute &v = attr(op, "value");
  const ir::Type &type = v.type ? *v.type : resultType(op);
  if (v.kind == ir::Attribute::Kind::DenseResource) {
    std::string name = op.results.empty() ? std::string("?") : op.results[0]->name;
    if (v.text != "__elided__") {
      throw UnsupportedOp("constant " + name + " is dense_resource<" + v.text +
                          ">: resource blobs (dialect_resources) are not read yet");
    }
    if (options_.elided.mode == ElidedFill::Mode::Error) {
      throw RuntimeError("constant " + name + " of type " + type.str() +
                         " is dense_resource<__elided__>: its data was left out of the export; run with "
                         "--elided=zeros or --elided=random:SEED to fill it");
    }
    // The salt is the op's place in the file: the same constant gets the same
    // values in every run with the same seed.
    return constants_.emplace(&op, makeElidedValue(type, options_.elided, static_cast<uint64_t>(op.range.begin)))
        .first->second;
  }
  if (v.kind != ir::Attribute::Kind::DenseElements) throw UnsupportedOp("constant: unsupported value " + v.str());
  return constants_.emplace(&op, decodeDenseLiteral(v.literal(), type)).first->second;
}

std::vector<Value> Interpreter::call(const std::string &name, const std::vector<Value> &arguments) {
  const ir::Operation *fn = findFunction(module_, name);
  if (!fn) throw RuntimeError("no function named @" + name);
  return callFunction(*fn, arguments);
}

std::vector<Value> Interpreter::callFunction(const ir::Operation &fn, const std::vector<Value> &arguments) {
  if (fn.regions.empty() || fn.regions[0]->blocks.empty()) {
    throw RuntimeError("function @" + (fn.attribute("sym_name") ? fn.attribute("sym_name")->text : "?") + " has no body");
  }
  if (++depth_ > 256) {
    --depth_;
    throw RuntimeError("call depth exceeds 256 (unbounded recursion?)");
  }
  Env env;
  std::vector<Value> out;
  try {
    out = runRegion(*fn.regions[0], arguments, env);
  } catch (...) {
    --depth_;
    throw;
  }
  --depth_;
  return out;
}

const Interpreter::BlockPlan &Interpreter::planOf(const ir::Block &block) {
  auto it = plans_.find(&block);
  if (it != plans_.end()) return it->second;
  // Last use of every value, by op index in this block; values used in an
  // op's regions are used by that op.
  std::unordered_map<const ir::Value *, size_t> lastUse;
  for (size_t i = 0; i < block.operations.size(); ++i) {
    const ir::Operation *op = block.operations[i];
    for (const ir::Value *v : op->operands) lastUse[v] = i;
    for (const ir::Region *r : op->regions) {
      for (const ir::Block *b : r->blocks) {
        ir::walk(b->operations, [&](ir::Operation *nested) {
          for (const ir::Value *v : nested->operands) lastUse[v] = i;
        });
      }
    }
  }
  BlockPlan plan;
  plan.dropAfter.resize(block.operations.size());
  for (const ir::Value *arg : block.arguments) {
    auto use = lastUse.find(arg);
    if (use == lastUse.end()) {
      plan.dropAtEntry.push_back(arg);
    } else {
      plan.dropAfter[use->second].push_back(arg);
    }
  }
  for (size_t i = 0; i < block.operations.size(); ++i) {
    for (const ir::Value *r : block.operations[i]->results) {
      auto use = lastUse.find(r);
      plan.dropAfter[use == lastUse.end() ? i : std::max(i, use->second)].push_back(r);
    }
  }
  return plans_.emplace(&block, std::move(plan)).first->second;
}

std::vector<Value> Interpreter::runRegion(const ir::Region &region, const std::vector<Value> &arguments, Env &env) {
  if (region.blocks.empty()) return {};
  const ir::Block &block = *region.blocks[0];
  if (block.arguments.size() != arguments.size()) {
    throw RuntimeError("region expects " + std::to_string(block.arguments.size()) + " arguments, got " +
                       std::to_string(arguments.size()));
  }
  const BlockPlan &plan = planOf(block);
  for (size_t i = 0; i < arguments.size(); ++i) env[block.arguments[i]] = arguments[i];
  for (const ir::Value *v : plan.dropAtEntry) env.erase(v);
  for (size_t index = 0; index < block.operations.size(); ++index) {
    const ir::Operation *op = block.operations[index];
    const std::string &name = op->name;
    if (name == "func.return" || name == "stablehlo.return" || name == "chlo.return" || name == "mhlo.return") {
      std::vector<Value> out;
      for (const ir::Value *v : op->operands) {
        auto it = env.find(v);
        if (it == env.end()) throw RuntimeError("value " + (v ? v->name : "?") + " has no value at run time", op->range);
        out.push_back(it->second);
      }
      for (const ir::Value *v : plan.dropAfter[index]) env.erase(v);
      return out;
    }
    evalOp(*op, env);
    // Free what this block will not read again, so memory follows the live set.
    for (const ir::Value *v : plan.dropAfter[index]) env.erase(v);
  }
  return {};
}

void Interpreter::evalOp(const ir::Operation &op, Env &env) {
  try {
    const Handler *handler = findHandler(op.name);
    if (!handler) throw UnsupportedOp("op `" + op.name + "` is not supported by the interpreter yet");
    std::vector<Value> operands;
    operands.reserve(op.operands.size());
    for (const ir::Value *v : op.operands) {
      auto it = env.find(v);
      if (!v || it == env.end()) throw RuntimeError("operand " + (v ? v->name : std::string("?")) + " has no value");
      operands.push_back(it->second);
    }
    std::vector<Value> results =
        involvesQuantizedTypes(op)
            ? evalQuantizedOp(op, operands,
                              [&](const Operation &o, const Operands &v) { return (*handler)(*this, o, v, env); })
            : (*handler)(*this, op, operands, env);
    if (results.size() != op.results.size()) {
      throw RuntimeError(op.name + " produced " + std::to_string(results.size()) + " values, the op has " +
                         std::to_string(op.results.size()) + " results");
    }
    for (size_t i = 0; i < results.size(); ++i) env[op.results[i]] = std::move(results[i]);
  } catch (RuntimeError &e) {
    if (!e.range) {
      e.range = op.range;
      e.opName = op.name;
    }
    throw;
  }
}

GridSize gridSizeOf(const ir::Module &module) {
  GridSize size;
  for (const ir::Operation *op : module.topLevel) {
    if (op->name != "builtin.module") continue;
    auto read = [&](const char *name, int64_t &out) {
      const ir::Attribute *a = op->attribute(name);
      if (a && a->kind == ir::Attribute::Kind::Integer) out = a->integer;
    };
    read("mhlo.num_replicas", size.numReplicas);
    read("mhlo.num_partitions", size.numPartitions);
    break;
  }
  return size;
}

bool usesCollectives(const ir::Module &module, const std::string &name) {
  static const std::unordered_set<std::string> talking = {
      "stablehlo.all_gather",   "stablehlo.all_reduce",         "stablehlo.reduce_scatter",
      "stablehlo.all_to_all",   "stablehlo.collective_broadcast", "stablehlo.collective_permute",
      "stablehlo.collective_reduce", "stablehlo.replica_id",     "stablehlo.partition_id",
      "stablehlo.send",         "stablehlo.recv",               "stablehlo.cross-replica-sum"};
  std::unordered_set<std::string> seen;
  std::vector<std::string> pending = {name};
  while (!pending.empty()) {
    std::string next = pending.back();
    pending.pop_back();
    if (!seen.insert(next).second) continue;
    const ir::Operation *fn = findFunction(module, next);
    if (!fn) continue;
    bool found = false;
    for (const ir::Region *r : fn->regions) {
      for (const ir::Block *b : r->blocks) {
        ir::walk(b->operations, [&](ir::Operation *op) {
          if (talking.count(op->name)) found = true;
          if (op->name == "func.call" || op->name == "stablehlo.composite") {
            const ir::Attribute *callee = op->attribute(op->name == "func.call" ? "callee" : "decomposition");
            if (callee) pending.push_back(callee->text);
          }
        });
      }
    }
    if (found) return true;
  }
  return false;
}

std::vector<std::vector<Value>> Interpreter::runOnGrid(const std::string &name, const std::vector<Value> &arguments,
                                                       int64_t numReplicas, int64_t numPartitions) {
  if (numReplicas < 1 || numPartitions < 1) {
    throw RuntimeError("the process grid must be at least 1x1, got " + std::to_string(numReplicas) + "x" +
                       std::to_string(numPartitions));
  }
  const ir::Operation *fn = findFunction(module_, name);
  if (!fn) throw RuntimeError("no function named @" + name);
  auto grid = std::make_shared<ProcessGrid>(numReplicas, numPartitions);
  size_t n = static_cast<size_t>(numReplicas * numPartitions);
  return runProcesses(*this, grid, std::vector<const ir::Operation *>(n, fn), std::vector<std::vector<Value>>(n, arguments));
}

FunctionOutcome Interpreter::run(const std::string &name, const std::vector<Value> &arguments) {
  FunctionOutcome outcome;
  outcome.function = name;
  int before = checks_;
  try {
    GridSize grid = gridSizeOf(module_);
    if (options_.numReplicas > 0) grid.numReplicas = options_.numReplicas;
    if (options_.numPartitions > 0) grid.numPartitions = options_.numPartitions;
    bool asked = options_.numReplicas > 0 || options_.numPartitions > 0;
    if (grid.numReplicas * grid.numPartitions > 1 && (asked || usesCollectives(module_, name))) {
      outcome.processResults = runOnGrid(name, arguments, grid.numReplicas, grid.numPartitions);
      outcome.numPartitions = grid.numPartitions;
      outcome.results = outcome.processResults.at(0);
    } else {
      outcome.results = call(name, arguments);
    }
  } catch (const CheckFailure &e) {
    outcome.status = FunctionOutcome::Status::CheckFailed;
    outcome.message = e.what();
    outcome.range = e.range;
    outcome.opName = e.opName;
  } catch (const UnsupportedOp &e) {
    outcome.status = FunctionOutcome::Status::Unsupported;
    outcome.message = e.what();
    outcome.range = e.range;
    outcome.opName = e.opName;
  } catch (const RuntimeError &e) {
    outcome.status = FunctionOutcome::Status::RuntimeError;
    outcome.message = e.what();
    outcome.range = e.range;
    outcome.opName = e.opName;
  } catch (const std::exception &e) {
    outcome.status = FunctionOutcome::Status::RuntimeError;
    outcome.message = std::string("internal error: ") + e.what();
  }
  outcome.checks = checks_ - before;
  return outcome;
}

}  // namespace shlo::interpreter
