#include "interpreter/ElementwiseFusion.h"

#include <algorithm>
#include <deque>
#include <optional>
#include <unordered_map>

#include "interpreter/Interpreter.h"
#include "interpreter/Ops.h"
#include "interpreter/eval/EvalSupport.h"

namespace shlo::interpreter {

namespace {

bool isF32(const ir::Type &type) {
  const ir::ElementType &e = type.element();
  return type.isTensor() && type.ranked() && type.hasStaticShape() && e.isFloat() &&
         e.floatFormat() == ir::FloatFormat::F32;
}

/// The step an op runs as (its operands not yet numbered), when the op may
/// join a chain: one of the kernels' elementwise ops, f32 everywhere, the
/// operands of the result's shape (the verifier's rule, checked again).
std::optional<FusedStep> stepOf(const ir::Operation &op) {
  static const std::unordered_map<std::string, FusedStep> kSteps = {
      {"stablehlo.add", {false, {}, ElementwiseBinary::Add}},
      {"stablehlo.subtract", {false, {}, ElementwiseBinary::Subtract}},
      {"stablehlo.multiply", {false, {}, ElementwiseBinary::Multiply}},
      {"stablehlo.divide", {false, {}, ElementwiseBinary::Divide}},
      {"stablehlo.maximum", {false, {}, ElementwiseBinary::Maximum}},
      {"stablehlo.minimum", {false, {}, ElementwiseBinary::Minimum}},
      {"stablehlo.negate", {true, ElementwiseUnary::Negate}},
      {"stablehlo.exponential", {true, ElementwiseUnary::Exponential}},
      {"stablehlo.sqrt", {true, ElementwiseUnary::Sqrt}},
  };
  auto it = kSteps.find(op.name);
  if (it == kSteps.end() || op.results.size() != 1 || !op.regions.empty()) return std::nullopt;
  if (op.operands.size() != (it->second.unary ? 1u : 2u)) return std::nullopt;
  const ir::Type &result = op.results[0]->type;
  if (!isF32(result)) return std::nullopt;
  for (const ir::Value *v : op.operands) {
    if (v == nullptr || !isF32(v->type) || v->type.shape() != result.shape()) return std::nullopt;
  }
  return it->second;
}

std::string shortName(const std::string &opName) {
  size_t dot = opName.find('.');
  return dot == std::string::npos ? opName : opName.substr(dot + 1);
}

}  // namespace

std::vector<FusionGroup> findFusionGroups(const ir::Block &block,
                                          const std::function<bool(const ir::Operation &)> &excluded) {
  const std::vector<ir::Operation *> &ops = block.operations;
  std::unordered_map<const ir::Operation *, size_t> indexOf;
  for (size_t i = 0; i < ops.size(); ++i) indexOf[ops[i]] = i;
  std::vector<std::optional<FusedStep>> steps(ops.size());
  for (size_t i = 0; i < ops.size(); ++i) {
    if (!excluded || !excluded(*ops[i])) steps[i] = stepOf(*ops[i]);
  }
  std::vector<bool> taken(ops.size(), false);
  std::vector<FusionGroup> groups;
  // From the last op back: an op not yet taken by a later chain ends one,
  // which takes every producer read only by it, recursively.
  for (size_t root = ops.size(); root-- > 0;) {
    if (taken[root] || !steps[root]) continue;
    std::vector<size_t> members = {root}, pending = {root};
    while (!pending.empty() && members.size() < static_cast<size_t>(kMaxFusedSteps)) {
      size_t m = pending.back();
      pending.pop_back();
      for (const ir::Value *v : ops[m]->operands) {
        auto def = v->definingOp ? indexOf.find(v->definingOp) : indexOf.end();
        if (def == indexOf.end() || taken[def->second] || !steps[def->second] || v->uses.size() != 1) continue;
        if (std::find(members.begin(), members.end(), def->second) != members.end()) continue;
        if (members.size() == static_cast<size_t>(kMaxFusedSteps)) break;
        members.push_back(def->second);
        pending.push_back(def->second);
      }
    }
    if (members.size() < 2) continue;
    std::sort(members.begin(), members.end());
    FusionGroup group;
    group.members = members;
    std::unordered_map<const ir::Value *, int> number;  // value -> FusedStep numbering
    for (size_t m : members) {
      taken[m] = true;
      for (size_t i = 0; i < ops[m]->operands.size(); ++i) {
        const ir::Value *v = ops[m]->operands[i];
        bool inside = v->definingOp && indexOf.count(v->definingOp) &&
                      std::binary_search(members.begin(), members.end(), indexOf.at(v->definingOp));
        if (inside || number.count(v)) continue;
        number[v] = static_cast<int>(group.inputs.size());
        group.inputs.push_back({v, ops[m], i});
      }
    }
    const int inputCount = static_cast<int>(group.inputs.size());
    for (size_t k = 0; k < members.size(); ++k) {
      const ir::Operation &op = *ops[members[k]];
      FusedStep step = *steps[members[k]];
      step.lhs = number.at(op.operands[0]);
      if (!step.unary) step.rhs = number.at(op.operands[1]);
      number[op.results[0]] = inputCount + static_cast<int>(k);
      group.steps.push_back(step);
      group.label += (k == 0 ? "fused(" : ",") + shortName(op.name);
    }
    group.label += ")";
    groups.push_back(std::move(group));
  }
  std::reverse(groups.begin(), groups.end());
  return groups;
}

bool runFusionGroup(const Interpreter &in, const ir::Block &block, const FusionGroup &group, Env &env,
                    const std::vector<const ir::Value *> &dying) {
  const ir::Operation &root = *block.operations[group.members.back()];
  const ir::Type &resultType = root.results[0]->type;
  const Shape &shape = resultType.shape();
  std::vector<FusedInput> inputs(group.inputs.size());
  std::deque<Tensor> made;  // broadcasts that read neither as rows nor as columns
  std::optional<size_t> inPlace;  // the input whose buffer may take the result
  for (size_t k = 0; k < group.inputs.size(); ++k) {
    const FusionGroup::Input &input = group.inputs[k];
    auto it = env.find(input.value);
    if (it == env.end() || it->second.kind != Value::Kind::Tensor) return false;
    const Tensor &t = it->second.tensor;
    if (t.kind() != ElemKind::F32) return false;
    if (const ir::Operation *broadcast = support::foldedBroadcastOf(in, *input.user, input.operandIndex)) {
      // The value is the broadcast's operand (broadcastFoldsIntoElementwise).
      Shape dims = support::requiredInts(*broadcast, "broadcast_dimensions");
      UnmadeBroadcast unmade = unmadeBroadcastOf(t, dims, shape);
      if (unmade.form == UnmadeBroadcast::Form::Row) {
        inputs[k] = {FusedInput::Access::Row, t.data<float>(), unmade.length};
      } else if (unmade.form == UnmadeBroadcast::Form::Column) {
        inputs[k] = {FusedInput::Access::Column, t.data<float>(), unmade.length};
      } else {
        made.push_back(evalBroadcastInDim(t, dims, broadcast->results[0]->type));
        inputs[k] = {FusedInput::Access::Full, made.back().data<float>(), 1};
      }
      continue;
    }
    if (t.shape() != shape) return false;
    inputs[k] = {FusedInput::Access::Full, t.data<float>(), 1};
    if (!inPlace && std::find(dying.begin(), dying.end(), input.value) != dying.end()) inPlace = k;
  }
  // The dying input leaves the environment (its last use is here), so that
  // its buffer, when nothing else holds it, takes the result.
  Value given;
  if (inPlace) {
    auto it = env.find(group.inputs[*inPlace].value);
    given = std::move(it->second);
    env.erase(it);
  }
  Tensor out;
  {
    BufferOffer offer(inPlace ? &given.tensor : nullptr);
    out = Tensor::inPlaceOrNew(resultType, shape);
  }
  fusedKernelF32(group.steps, inputs, out.data<float>(), out.numElements());
  out.finalize();
  env[root.results[0]] = Value(std::move(out));
  return true;
}

}  // namespace shlo::interpreter
