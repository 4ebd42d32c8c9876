// One level of the evaluator's frame stack (function -> op -> region, with a
// `while`'s iteration). Kept light (forward declarations only) because
// errors carry the stack they were raised in (Errors.h).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace shlo::ir {
struct Operation;
struct Region;
struct Value;
}  // namespace shlo::ir

namespace shlo::interpreter {

struct Value;

/// The SSA values of one function call: its arguments, its results so far
/// and those of its nested regions (regions evaluate in their function's env).
using Env = std::unordered_map<const ir::Value *, Value>;

struct Frame {
  enum class Kind { Function, Op, Region };
  Kind kind = Kind::Function;
  /// Function: the func.func; Op: the op being evaluated; Region: the op
  /// that owns the region (a while, a reduce...).
  const ir::Operation *op = nullptr;
  /// Region frames: the region being run (for a while, regions[0] is cond
  /// and regions[1] the body).
  const ir::Region *region = nullptr;
  /// Region frames of a `while`: the iteration, from 0 (the cond's first
  /// evaluation and the first body run are iteration 0); -1 otherwise.
  int64_t iteration = -1;
  /// The values in scope at this frame. Null in the frames an error
  /// carries: their envs are gone by the time it is caught.
  const Env *env = nullptr;

  /// Function frames: the symbol name without `@`; "" otherwise.
  std::string functionName() const;
  /// The value named `name` (`%0`, `%arg1`, `%x#1`) in this frame's env, or null.
  const Value *find(const std::string &name) const;
  /// `@main`, `stablehlo.while`, `stablehlo.while body (iteration 3)`.
  std::string describe() const;
};

/// Outermost first: frames[0] is the entry function.
using FrameStack = std::vector<Frame>;

}  // namespace shlo::interpreter
