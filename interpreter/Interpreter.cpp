#include "interpreter/Interpreter.h"

#include <functional>
#include <unordered_map>

#include "interpreter/DenseLiteral.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

using ir::Operation;
using Operands = std::vector<Value>;
using Handler = std::function<std::vector<Value>(Interpreter &, const Operation &, const Operands &, Interpreter::Env &)>;

const Tensor &tensorOf(const Operation &op, const Operands &operands, size_t i) {
  if (i >= operands.size()) throw RuntimeError(op.name + ": missing operand #" + std::to_string(i));
  if (operands[i].kind != Value::Kind::Tensor) throw RuntimeError(op.name + ": operand #" + std::to_string(i) + " is not a tensor");
  return operands[i].tensor;
}

const ir::Type &resultType(const Operation &op, size_t i = 0) {
  if (i >= op.results.size()) throw RuntimeError(op.name + ": missing result #" + std::to_string(i));
  const ir::Type &t = op.results[i]->type;
  // An op whose result type the semantic model could not tell (an unknown
  // dialect's pretty form) cannot be evaluated.
  if (!t.valid()) throw RuntimeError(op.name + ": result #" + std::to_string(i) + " has no known type");
  return t;
}

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

Shape structInts(const ir::Attribute &s, const char *field) {
  const ir::Attribute *f = s.field(field);
  if (!f) return {};
  auto v = f->integers();
  return v ? *v : Shape{};
}

int64_t intAttr(const Operation &op, const char *name) {
  const ir::Attribute &a = attr(op, name);
  if (a.kind == ir::Attribute::Kind::Integer || a.kind == ir::Attribute::Kind::Bool) return a.integer;
  auto v = a.integers();
  if (v && v->size() == 1) return (*v)[0];
  throw RuntimeError(op.name + ": attribute `" + std::string(name) + "` is not an integer");
}

double floatAttr(const Operation &op, const char *name, double fallback) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) return fallback;
  if (a->kind == ir::Attribute::Kind::Float) return a->real;
  if (a->kind == ir::Attribute::Kind::Integer) return static_cast<double>(a->integer);
  return fallback;
}

std::string enumAttr(const Operation &op, const char *name) {
  const ir::Attribute *a = op.attribute(name);
  if (!a) return "";
  return a->text;
}

std::vector<Value> one(Tensor t) { return {Value(std::move(t))}; }

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
  return decodeDenseLiteral(v.text, v.type ? *v.type : like.type());
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
       [](Interpreter &in, const Operation &op, const Operands &v, Interpreter::Env &) {
         std::string target = enumAttr(op, "call_target_name");
         static const std::unordered_map<std::string, std::string> checks = {
             {"check.expect_eq", "eq"}, {"check.expect_almost_eq", "almost_eq"}, {"check.expect_close", "close"}};
         auto it = checks.find(target);
         if (it != checks.end()) {
           runCheck(in, op, it->second, tensorOf(op, v, 0), tensorOf(op, v, 1));
           return std::vector<Value>{};
         }
         if (target == "check.eq") {
           // The older form: returns whether the operands are equal.
           Tensor r(resultType(op));
           bool equal = true;
           try {
             evalExpectEq(tensorOf(op, v, 0), tensorOf(op, v, 1));
           } catch (const CheckFailure &) {
             equal = false;
           }
           in.countCheck();
           for (int64_t i = 0; i < r.numElements(); ++i) r.data<bool>()[i] = equal;
           if (!equal) throw CheckFailure("check.eq: operands differ");
           return one(r);
         }
         throw UnsupportedOp("custom_call target `" + target + "` is not known to the interpreter");
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

bool isSupportedOp(const std::string &name) { return handlers().count(name) != 0; }

Interpreter::Interpreter(const ir::Module &module) : module_(module) {}

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
    throw UnsupportedOp("constant `" + (op.results.empty() ? std::string("?") : op.results[0]->name) +
                        "` is dense_resource<" + v.text + ">: resource data is not supported yet");
  }
  if (v.kind != ir::Attribute::Kind::DenseElements) throw UnsupportedOp("constant: unsupported value " + v.str());
  return constants_.emplace(&op, decodeDenseLiteral(v.text, type)).first->second;
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

std::vector<Value> Interpreter::runRegion(const ir::Region &region, const std::vector<Value> &arguments, Env &env) {
  if (region.blocks.empty()) return {};
  const ir::Block &block = *region.blocks[0];
  if (block.arguments.size() != arguments.size()) {
    throw RuntimeError("region expects " + std::to_string(block.arguments.size()) + " arguments, got " +
                       std::to_string(arguments.size()));
  }
  for (size_t i = 0; i < arguments.size(); ++i) env[block.arguments[i]] = arguments[i];
  for (const ir::Operation *op : block.operations) {
    const std::string &name = op->name;
    if (name == "func.return" || name == "stablehlo.return" || name == "chlo.return" || name == "mhlo.return") {
      std::vector<Value> out;
      for (const ir::Value *v : op->operands) {
        auto it = env.find(v);
        if (it == env.end()) throw RuntimeError("value " + (v ? v->name : "?") + " has no value at run time", op->range);
        out.push_back(it->second);
      }
      return out;
    }
    evalOp(*op, env);
  }
  return {};
}

void Interpreter::evalOp(const ir::Operation &op, Env &env) {
  try {
    auto handler = handlers().find(op.name);
    if (handler == handlers().end()) throw UnsupportedOp("op `" + op.name + "` is not supported by the interpreter yet");
    std::vector<Value> operands;
    operands.reserve(op.operands.size());
    for (const ir::Value *v : op.operands) {
      auto it = env.find(v);
      if (!v || it == env.end()) throw RuntimeError("operand " + (v ? v->name : std::string("?")) + " has no value");
      operands.push_back(it->second);
    }
    std::vector<Value> results = handler->second(*this, op, operands, env);
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

FunctionOutcome Interpreter::run(const std::string &name, const std::vector<Value> &arguments) {
  FunctionOutcome outcome;
  outcome.function = name;
  int before = checks_;
  try {
    outcome.results = call(name, arguments);
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
