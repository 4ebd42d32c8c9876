// A chain of elementwise f32 ops in one pass: the execution plan
// (interpreter/ElementwiseFusion.h) hands over ops whose intermediate
// results are read once, by the next op of the chain, and the kernel runs
// them tile by tile (a few KB, kept in L1) instead of op by op over whole
// tensors in memory. Each step calls the very loop the op alone runs
// (BinaryOps-inl.h, UnaryOps-inl.h) on the same Highway target, and the
// file is compiled without floating-point contraction, so every element
// gets the bits the unfused ops give it. Threaded over tiles.
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/kernels/Elementwise.h"

namespace shlo::interpreter {

/// How a chain reads one of its inputs at element i of the result.
struct FusedInput {
  enum class Access {
    Full,    // data[i]
    Row,     // data[i % length]: a row repeated along the leading dimensions
    Column,  // data[i / length]: each value repeated `length` times
  };
  Access access = Access::Full;
  const float *data = nullptr;
  int64_t length = 1;  // Row and Column
};

/// One op of a chain. Its operands name values: 0 .. inputs - 1 are the
/// inputs, inputs + k is step k's result (k before this step).
struct FusedStep {
  bool unary = false;
  ElementwiseUnary unaryOp = ElementwiseUnary::Negate;
  ElementwiseBinary binaryOp = ElementwiseBinary::Add;
  int lhs = 0, rhs = 0;  // rhs unused for unary steps
};

/// Elements per tile: a tile of every value of a chain stays in L1.
constexpr int64_t kFusedTile = 1024;

/// The most steps a chain may have (the plan splits longer ones).
constexpr int kMaxFusedSteps = 32;

/// out[i] = the last step's value at i, for i < count. `out` may be the
/// data of a Full input (each element is read before it is written), not
/// of a Row or Column one.
void fusedKernelF32(const std::vector<FusedStep> &steps, const std::vector<FusedInput> &inputs, float *out,
                    int64_t count);

}  // namespace shlo::interpreter
