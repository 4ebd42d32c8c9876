#include "interpreter/eval/ConvolutionChains.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "interpreter/eval/EvalSupport.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/OneDnn.h"

namespace shlo::interpreter {

using namespace support;

/// One op after the convolution. `other`: the index of the op's operand
/// that is not the chain's value.
struct ConvolutionChains::Step {
  enum class Kind {
    PerFeature,   // op(value, broadcast of one value per output feature)
    WholeTensor,  // op(value, a tensor of the result's shape): residual add
    Maximum,      // maximum(value, broadcast of a scalar): ReLU
    MaximumCall,  // call of a function returning maximum(arg, broadcast(constant))
  } kind = Kind::PerFeature;
  const ir::Operation *op = nullptr;
  size_t other = 1;
  BinaryKernel kernel = nullptr;
  ConvolutionPostOp::Kind postOp = ConvolutionPostOp::Kind::Add;
  /// PerFeature and Maximum: the folded broadcast_in_dim giving `other`;
  /// MaximumCall: the callee's.
  const ir::Operation *broadcast = nullptr;
  /// MaximumCall: the callee's maximum and constant.
  const ir::Operation *maximum = nullptr, *constant = nullptr;
};

struct ConvolutionChains::Chain {
  const ir::Operation *convolution = nullptr;
  std::vector<Step> steps;
};

namespace {

bool isF32(const ir::Type &type) {
  return type.isTensor() && type.ranked() && type.hasStaticShape() && type.element().isFloat() &&
         type.element().floatFormat() == ir::FloatFormat::F32;
}

/// The kernel of a binary op a step may be, and its post-op.
bool binaryStepOf(const std::string &name, BinaryKernel &kernel, ConvolutionPostOp::Kind &postOp) {
  using K = ConvolutionPostOp::Kind;
  if (name == "stablehlo.add") kernel = evalAdd, postOp = K::Add;
  else if (name == "stablehlo.subtract") kernel = evalSubtract, postOp = K::Subtract;
  else if (name == "stablehlo.multiply") kernel = evalMultiply, postOp = K::Multiply;
  else if (name == "stablehlo.divide") kernel = evalDivide, postOp = K::Divide;
  else return false;
  return true;
}

/// Whether broadcast_in_dim `b` repeats its operand along every dimension
/// of the result but `feature` (one value per feature, or one value).
bool perFeature(const ir::Operation &b, int64_t feature) {
  const ir::Type &source = b.operands[0]->type, &result = b.results[0]->type;
  if (!source.ranked() || !source.hasStaticShape() || feature < 0 ||
      feature >= static_cast<int64_t>(result.shape().size())) {
    return false;
  }
  Shape dims = intsAttribute(b, "broadcast_dimensions");
  if (dims.size() != source.shape().size()) return false;
  for (size_t i = 0; i < dims.size(); ++i) {
    int64_t size = source.shape()[i];
    if (size != 1 && (dims[i] != feature || size != result.shape()[feature])) return false;
  }
  return true;
}

/// The callee of `call` when its body is `maximum(arg, broadcast(c))` (or
/// the operands swapped) with a constant c: fills the step.
bool maximumCallOf(const Interpreter &in, const ir::Operation &call, ConvolutionChains::Step &step) {
  if (call.name != "func.call" || call.operands.size() != 1) return false;
  const ir::Attribute *callee = call.attribute("callee");
  const ir::Operation *fn = callee ? findFunction(in.module(), callee->text) : nullptr;
  if (!fn || fn->regions.size() != 1 || fn->regions[0]->blocks.size() != 1) return false;
  const ir::Block &body = *fn->regions[0]->blocks[0];
  if (body.arguments.size() != 1 || body.operations.size() != 4) return false;
  const ir::Operation *c = body.operations[0], *b = body.operations[1], *m = body.operations[2],
                      *r = body.operations[3];
  if (c->name != "stablehlo.constant" || c->results.size() != 1 || b->name != "stablehlo.broadcast_in_dim" ||
      b->operands.size() != 1 || b->operands[0] != c->results[0] || b->results.size() != 1 ||
      m->name != "stablehlo.maximum" || m->operands.size() != 2 || m->results.size() != 1 ||
      r->operands.size() != 1 || r->operands[0] != m->results[0] || !broadcastFoldsIntoElementwise(in, *b)) {
    return false;
  }
  const ir::Value *arg = body.arguments[0];
  if (m->operands[0] == arg && m->operands[1] == b->results[0]) {
    step.other = 1;
  } else if (m->operands[1] == arg && m->operands[0] == b->results[0]) {
    step.other = 0;
  } else {
    return false;
  }
  step.kind = ConvolutionChains::Step::Kind::MaximumCall;
  step.broadcast = b, step.maximum = m, step.constant = c;
  return true;
}

/// The step `user` makes of the chain's value (its operand `index`), or
/// false when it cannot be one.
bool stepOf(const Interpreter &in, const ir::Operation &user, unsigned index, const ir::Type &type, int64_t feature,
            ConvolutionChains::Step &step) {
  using Kind = ConvolutionChains::Step::Kind;
  step = {};
  step.op = &user;
  if (user.results.size() != 1 || user.results[0]->type != type) return false;
  if (maximumCallOf(in, user, step)) return true;
  if (user.operands.size() != 2 || index > 1 || user.operands[0] == user.operands[1]) return false;
  step.other = 1 - index;
  const ir::Operation *broadcast = foldedBroadcastOf(in, user, step.other);
  if (user.name == "stablehlo.maximum") {
    if (!broadcast) return false;
    const ir::Type &source = broadcast->operands[0]->type;
    if (!source.ranked() || !source.hasStaticShape()) return false;
    for (int64_t d : source.shape()) {
      if (d != 1) return false;
    }
    step.kind = Kind::Maximum, step.broadcast = broadcast;
    return true;
  }
  if (!binaryStepOf(user.name, step.kernel, step.postOp)) return false;
  // value - x and value / x only: oneDNN's post-ops take the value first.
  bool commutes = step.postOp == ConvolutionPostOp::Kind::Add || step.postOp == ConvolutionPostOp::Kind::Multiply;
  if (step.other == 0 && !commutes) return false;
  if (broadcast) {
    if (!perFeature(*broadcast, feature)) return false;
    step.kind = Kind::PerFeature, step.broadcast = broadcast;
    return true;
  }
  if (user.operands[step.other]->type != type) return false;
  step.kind = Kind::WholeTensor;
  return true;
}

}  // namespace

ConvolutionChains::ConvolutionChains() = default;
ConvolutionChains::~ConvolutionChains() = default;

void ConvolutionChains::analyse(const Interpreter &in, const ir::Block &block) {
  for (const ir::Operation *op : block.operations) {
    if (op->name != "stablehlo.convolution" || op->operands.size() != 2 || op->results.size() != 1 ||
        roles_.count(op) || !isF32(op->results[0]->type) || !isF32(op->operands[0]->type) ||
        !isF32(op->operands[1]->type)) {
      continue;
    }
    int64_t feature;
    try {
      feature = convolutionParams(*op).dimensions.outputFeature;
    } catch (const RuntimeError &) {
      continue;  // Reported when the op runs.
    }
    auto chain = std::make_unique<Chain>();
    chain->convolution = op;
    const ir::Type &type = op->results[0]->type;
    const ir::Value *value = op->results[0];
    while (value->uses.size() == 1) {
      const ir::Use &use = value->uses[0];
      Step step;
      if (!use.user || use.user->parentBlock != &block || roles_.count(use.user) ||
          !stepOf(in, *use.user, use.operandIndex, type, feature, step)) {
        break;
      }
      chain->steps.push_back(step);
      value = use.user->results[0];
      if (step.kind == Step::Kind::Maximum || step.kind == Step::Kind::MaximumCall) break;
    }
    if (chain->steps.empty()) continue;
    roles_[op] = {chain.get(), Role::Head};
    for (size_t i = 0; i < chain->steps.size(); ++i) {
      roles_[chain->steps[i].op] = {chain.get(), i + 1 == chain->steps.size() ? Role::Last : Role::Inside};
    }
    chains_.push_back(std::move(chain));
  }
}

ConvolutionChains::Role ConvolutionChains::roleOf(const Interpreter &in, const ir::Operation &op,
                                                  const Chain *&chain) {
  auto it = roles_.find(&op);
  if (it == roles_.end()) {
    if (op.parentBlock == nullptr || !analysed_.emplace(op.parentBlock, true).second) return Role::None;
    analyse(in, *op.parentBlock);
    it = roles_.find(&op);
    if (it == roles_.end()) return Role::None;
  }
  chain = it->second.first;
  return it->second.second;
}

bool ConvolutionChains::evaluate(Interpreter &in, const ir::Operation &op, Env &env, OpProfile *profile,
                                 const std::vector<const ir::Value *> *dying) {
  if (!kernelsEnabled() || in.observer() || in.options().retention != ValueRetention::FreeAfterLastUse) return false;
  const Chain *chain = nullptr;
  Role role = roleOf(in, op, chain);
  if (role == Role::None) return false;
  std::vector<Value> &kept = kept_[{&env, chain}];
  // An operand whose last use this is leaves the environment (as
  // Interpreter::evaluate gives it up): a residual's buffer can then take
  // the result in place.
  auto keep = [&](const ir::Value *v) {
    auto it = env.find(v);
    if (it == env.end()) throw RuntimeError("operand " + (v ? v->name : std::string("?")) + " has no value");
    bool last = dying && std::count(op.operands.begin(), op.operands.end(), v) == 1 &&
                std::find(dying->begin(), dying->end(), v) != dying->end();
    if (last) {
      kept.push_back(std::move(it->second));
      env.erase(it);
    } else {
      kept.push_back(it->second);
    }
  };
  if (role == Role::Head) {
    kept.clear();
    keep(op.operands[0]);
    keep(op.operands[1]);
    return true;
  }
  const Step &step = *std::find_if(chain->steps.begin(), chain->steps.end(), [&](const Step &s) { return s.op == &op; });
  if (step.kind != Step::Kind::MaximumCall) keep(op.operands[step.other]);
  if (role == Role::Inside) return true;
  std::vector<Value> operands = std::move(kept);
  kept_.erase({&env, chain});
  auto start = std::chrono::steady_clock::now();
  try {
    run(in, *chain, std::move(operands), env);
  } catch (RuntimeError &e) {
    if (!e.range) {
      e.range = chain->convolution->range;
      e.opName = chain->convolution->name;
    }
    throw;
  }
  if (profile) {
    profile->add(chain->convolution,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return true;
}

void ConvolutionChains::run(Interpreter &in, const Chain &chain, std::vector<Value> kept, Env &env) {
  const ir::Operation &convolution = *chain.convolution;
  if (kept.size() < 2 + chain.steps.size() - (chain.steps.back().kind == Step::Kind::MaximumCall ? 1 : 0)) {
    throw RuntimeError("convolution chain: operands missing (internal error)");
  }
  auto tensorAt = [&](size_t i) -> const Tensor & {
    if (kept[i].kind != Value::Kind::Tensor) throw RuntimeError("convolution chain: expected a tensor operand");
    return kept[i].tensor;
  };
  const Tensor &lhs = tensorAt(0), &rhs = tensorAt(1);
  ConvolutionParams params = convolutionParams(convolution);
  const ir::Type &type = resultTypeOf(convolution);
  int64_t features = type.shape().at(params.dimensions.outputFeature);
  // The post-ops: every step before a final maximum.
  size_t fused = chain.steps.size();
  if (chain.steps.back().kind == Step::Kind::Maximum || chain.steps.back().kind == Step::Kind::MaximumCall) --fused;
  std::vector<ConvolutionPostOp> postOps;
  std::vector<std::vector<float>> repeated;  // a single value made one per feature
  repeated.reserve(fused);
  const Tensor *addend = nullptr;  // the residual the first whole-tensor add adds
  bool fusable = true;
  for (size_t i = 0; i < fused && fusable; ++i) {
    const Step &step = chain.steps[i];
    const Tensor &t = tensorAt(2 + i);
    ConvolutionPostOp postOp;
    postOp.kind = step.postOp;
    postOp.wholeTensor = step.kind == Step::Kind::WholeTensor;
    if (t.kind() != ElemKind::F32) {
      fusable = false;
    } else if (postOp.wholeTensor && postOp.kind == ConvolutionPostOp::Kind::Add && addend == nullptr) {
      // Added where it lies (oneDNN's sum): a binary post-op over a whole
      // tensor takes other kernels than the plain convolution's.
      fusable = t.shape() == type.shape();
      postOp.kind = ConvolutionPostOp::Kind::AddToOutput;
      postOp.wholeTensor = false;
      addend = &t;
    } else if (postOp.wholeTensor) {
      fusable = t.shape() == type.shape();
      postOp.values = t.data<float>();
    } else if (t.numElements() == features) {
      postOp.values = t.data<float>();
    } else if (t.numElements() == 1) {
      repeated.emplace_back(static_cast<size_t>(features), t.data<float>()[0]);
      postOp.values = repeated.back().data();
    } else {
      fusable = false;
    }
    postOps.push_back(postOp);
  }
  std::optional<Tensor> made =
      fusable ? evalConvolutionWithPostOps(lhs, rhs, params, type, postOps, addend) : std::nullopt;
  Tensor result;
  size_t next = 0;
  if (made) {
    result = std::move(*made);
    next = fused;
  } else {
    result = evalConvolution(lhs, rhs, params, type);
  }
  // The rest one by one, as the ops' evaluators compute them (EvalSupport.h's
  // binary: a folded broadcast read in place), in place on the result.
  for (; next < chain.steps.size(); ++next) {
    const Step &step = chain.steps[next];
    BufferOffer offer(&result);
    if (step.kind == Step::Kind::MaximumCall) {
      result = evalBinaryWithBroadcast(evalMaximum, result, in.constantOf(*step.constant),
                                       requiredInts(*step.broadcast, "broadcast_dimensions"), step.other == 0,
                                       resultTypeOf(*step.maximum));
      continue;
    }
    const Tensor &t = tensorAt(2 + next);
    const ir::Type &stepType = resultTypeOf(*step.op);
    if (step.kind == Step::Kind::WholeTensor) {
      result = step.other == 0 ? step.kernel(t, result, stepType) : step.kernel(result, t, stepType);
    } else {
      BinaryKernel kernel = step.kind == Step::Kind::Maximum ? evalMaximum : step.kernel;
      result = evalBinaryWithBroadcast(kernel, result, t, requiredInts(*step.broadcast, "broadcast_dimensions"),
                                       step.other == 0, stepType);
    }
  }
  env[chain.steps.back().op->results[0]] = Value(std::move(result));
}

bool ConvolutionChains::prepare(Interpreter &in, const ir::Operation &convolution) {
  if (!kernelsEnabled() || in.observer() || in.options().retention != ValueRetention::FreeAfterLastUse) return false;
  const Chain *chain = nullptr;
  if (roleOf(in, convolution, chain) != Role::Head) return false;
  std::vector<ConvolutionPostOp> postOps;
  for (const Step &step : chain->steps) {
    if (step.kind != Step::Kind::PerFeature && step.kind != Step::Kind::WholeTensor) break;
    ConvolutionPostOp postOp;
    postOp.kind = step.postOp;
    postOp.wholeTensor = step.kind == Step::Kind::WholeTensor;
    if (postOp.wholeTensor && postOp.kind == ConvolutionPostOp::Kind::Add &&
        std::none_of(postOps.begin(), postOps.end(), [](const ConvolutionPostOp &p) {
          return p.kind == ConvolutionPostOp::Kind::AddToOutput;
        })) {
      postOp.kind = ConvolutionPostOp::Kind::AddToOutput;
      postOp.wholeTensor = false;
    }
    postOps.push_back(postOp);
  }
  prepareConvolution(in, convolution, postOps);
  return true;
}

}  // namespace shlo::interpreter
