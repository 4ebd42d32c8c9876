// Elementwise fusion in the execution plan: chains of f32 elementwise ops
// (add, subtract, multiply, divide, maximum, minimum, negate, exponential,
// sqrt) whose intermediate results are read once, by the next op of the
// chain, in the same block, run as one pass of the kernel library
// (kernels/Fused.h) at the place of the chain's last op: silu's five ops,
// layer norm's centring and scaling, softmax's subtract and exp, each
// become one threaded pass instead of one pass over memory per op.
// Intermediate results are never made. Each element gets the bits the
// unfused ops give it. The evaluator fuses only on the kernel path,
// without an observer and when values are freed after their last use
// (InterpreterOptions::fuseElementwise); otherwise ops run one by one.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "interpreter/Frame.h"
#include "interpreter/kernels/Fused.h"
#include "semantic/ir/IR.h"

namespace shlo::interpreter {

class Interpreter;

/// Ops of one block that run as one fused pass.
struct FusionGroup {
  /// Indices of the ops in the block, ascending; the last is the root,
  /// whose result is the chain's; the others' results are read only
  /// inside the group.
  std::vector<size_t> members;
  /// The values the group reads from outside it, each once, in the order
  /// of first use, with the first op reading each and the operand index
  /// there (how a broadcast left unmade is recognised: foldedBroadcastOf).
  struct Input {
    const ir::Value *value = nullptr;
    const ir::Operation *user = nullptr;
    size_t operandIndex = 0;
  };
  std::vector<Input> inputs;
  /// One step per member, in member order (FusedStep's value numbering).
  std::vector<FusedStep> steps;
  /// What `--timing` calls the group: "fused(negate,exponential,...)".
  std::string label;
};

/// The groups of at least two ops in `block` (at most kMaxFusedSteps each;
/// an op belongs to at most one). Ops for which `excluded` is true are left
/// out (those a convolution chain runs).
std::vector<FusionGroup> findFusionGroups(const ir::Block &block,
                                          const std::function<bool(const ir::Operation &)> &excluded = {});

/// Runs `group` with its inputs from `env` and binds the root's result
/// there. Inputs in `dying` (values whose last use is the group) are taken
/// out of `env`, and one may become the result's buffer. False, with `env`
/// untouched, when the values found at run time do not fit the kernel (not
/// f32, another shape): the caller then runs the ops one by one.
bool runFusionGroup(const Interpreter &in, const ir::Block &block, const FusionGroup &group, Env &env,
                    const std::vector<const ir::Value *> &dying);

}  // namespace shlo::interpreter
