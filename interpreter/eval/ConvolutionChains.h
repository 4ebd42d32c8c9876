// Convolution chains: a convolution followed by the elementwise ops of an
// inference batch norm (subtract, multiply, add, divide by a value per
// output feature), residual adds and a final maximum with a scalar (ReLU,
// also as a call of a function that is only that), each op the only user
// of the one before. On the kernel path with no observer, the interpreter
// runs such a chain as one oneDNN convolution whose post-ops do the
// subtract/multiply/add/divide steps (OneDnn.h: the same f32 operations, so
// the same bits) and the maximum as an in-place pass of the op's own kernel
// (oneDNN's ReLU turns NaN into 0 where the spec's maximum keeps it).
//
// Order: the chain runs when its last op is reached (every operand is
// made by then; the per-feature values are computed after the convolution
// in exported programs). The convolution and the ops between keep their
// operands aside (they may die before the last op) and produce nothing;
// their results have no other user. The chain's time is charged to the
// convolution in `--timing`.
#pragma once

#include <map>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "interpreter/Interpreter.h"

namespace shlo::interpreter {

class ConvolutionChains {
 public:
  ConvolutionChains();
  ~ConvolutionChains();
  /// When `op` belongs to a chain: does its part (keeps its operands, or,
  /// at the last op, runs the chain and binds the last op's result) and
  /// returns true. False for any other op, and always when kernels are off
  /// (`--reference`), an observer is set or values are kept.
  /// `dying`: the values whose last use `op` is (they leave `env`).
  bool evaluate(Interpreter &in, const ir::Operation &op, Env &env, OpProfile *profile,
                const std::vector<const ir::Value *> *dying);
  /// For a convolution that starts a chain: the primitive with the chain's
  /// post-ops made now, with its constant weights (Interpreter::
  /// prepareConstants), so that the run does not generate its code. False
  /// (nothing done) for a convolution that starts no chain.
  bool prepare(Interpreter &in, const ir::Operation &convolution);
  /// Whether `op` belongs to a chain: the execution plan leaves such ops
  /// out of elementwise fusion, which would otherwise read a convolution
  /// result that the chain binds only at its last op.
  bool claims(const Interpreter &in, const ir::Operation &op) {
    const Chain *chain = nullptr;
    return roleOf(in, op, chain) != Role::None;
  }

  struct Step;
  struct Chain;

 private:
  enum class Role { None, Head, Inside, Last };
  Role roleOf(const Interpreter &in, const ir::Operation &op, const Chain *&chain);
  void analyse(const Interpreter &in, const ir::Block &block);
  void run(Interpreter &in, const Chain &chain, std::vector<Value> kept, Env &env);

  std::unordered_map<const ir::Block *, bool> analysed_;
  std::unordered_map<const ir::Operation *, std::pair<const Chain *, Role>> roles_;
  std::vector<std::unique_ptr<Chain>> chains_;
  /// Operands kept by the chains begun and not yet run, per call's env.
  std::map<std::pair<const Env *, const Chain *>, std::vector<Value>> kept_;
};

}  // namespace shlo::interpreter
