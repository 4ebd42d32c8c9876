// Compiled once per Highway target (foreach_target.h re-includes this file).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "interpreter/kernels/Fused.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/aligned_allocator.h>
#include <hwy/highway.h>

#include "interpreter/kernels/BinaryOps-inl.h"
#include "interpreter/kernels/Fused.h"
#include "interpreter/kernels/UnaryOps-inl.h"

#include <algorithm>

HWY_BEFORE_NAMESPACE();
namespace shlo::interpreter {
namespace HWY_NAMESPACE {

constexpr int64_t kTile = kFusedTile;

void BinaryStep(ElementwiseBinary op, const float *lhs, const float *rhs, float *out, int64_t count) {
  switch (op) {
    case ElementwiseBinary::Add: return BinaryLoop<0>(lhs, rhs, out, count);
    case ElementwiseBinary::Subtract: return BinaryLoop<1>(lhs, rhs, out, count);
    case ElementwiseBinary::Multiply: return BinaryLoop<2>(lhs, rhs, out, count);
    case ElementwiseBinary::Divide: return BinaryLoop<3>(lhs, rhs, out, count);
    case ElementwiseBinary::Maximum: return BinaryLoop<4>(lhs, rhs, out, count);
    case ElementwiseBinary::Minimum: return BinaryLoop<5>(lhs, rhs, out, count);
  }
}

void UnaryStep(ElementwiseUnary op, const float *operand, float *out, int64_t count) {
  switch (op) {
    case ElementwiseUnary::Exponential: return UnaryLoop<0>(operand, out, count);
    case ElementwiseUnary::Negate: return UnaryLoop<1>(operand, out, count);
    case ElementwiseUnary::Sqrt: return UnaryLoop<2>(operand, out, count);
  }
}

/// Elements [begin, end) of the chain (begin a multiple of kTile).
void FusedRangeF32(const FusedStep *steps, int stepCount, const FusedInput *inputs, int inputCount, float *out,
                   int64_t begin, int64_t end) {
  // A tile-sized slot per input (Row and Column inputs are laid out there)
  // and per step (the last step writes `out`).
  const int64_t slots = inputCount + stepCount;
  hwy::AlignedFreeUniquePtr<float[]> scratch = hwy::AllocateAligned<float>(static_cast<size_t>(slots * kTile));
  std::vector<const float *> values(static_cast<size_t>(slots));
  // The row offset a Row input's slot starts at (-1: not laid out yet): a
  // row that divides the tile is laid out once.
  std::vector<int64_t> laidOut(static_cast<size_t>(inputCount), -1);
  for (int64_t t = begin; t < end; t += kTile) {
    const int64_t n = std::min(kTile, end - t);
    for (int k = 0; k < inputCount; ++k) {
      const FusedInput &in = inputs[k];
      float *slot = scratch.get() + k * kTile;
      switch (in.access) {
        case FusedInput::Access::Full: values[k] = in.data + t; break;
        case FusedInput::Access::Row: {
          const int64_t offset = t % in.length;
          if (offset + n <= in.length) {
            values[k] = in.data + offset;
            break;
          }
          if (laidOut[k] != offset) {
            for (int64_t j = 0, p = offset; j < kTile; ++j) {
              slot[j] = in.data[p];
              if (++p == in.length) p = 0;
            }
            laidOut[k] = offset;
          }
          values[k] = slot;
          break;
        }
        case FusedInput::Access::Column: {
          int64_t index = t / in.length, left = in.length - t % in.length;
          for (int64_t j = 0; j < n; ++index, left = in.length) {
            const int64_t m = std::min(left, n - j);
            std::fill(slot + j, slot + j + m, in.data[index]);
            j += m;
          }
          values[k] = slot;
          break;
        }
      }
    }
    for (int s = 0; s < stepCount; ++s) {
      const FusedStep &step = steps[s];
      float *target = s + 1 == stepCount ? out + t : scratch.get() + (inputCount + s) * kTile;
      if (step.unary) {
        UnaryStep(step.unaryOp, values[step.lhs], target, n);
      } else {
        BinaryStep(step.binaryOp, values[step.lhs], values[step.rhs], target, n);
      }
      values[inputCount + s] = target;
    }
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace shlo::interpreter
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include "interpreter/kernels/Isa.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

HWY_EXPORT(FusedRangeF32);

namespace {
/// Tiles per thread: below this many elements a second thread costs more
/// than it saves (a chain does more work per element than one op, so the
/// bar is lower than Elementwise.cpp's).
constexpr int64_t kMinElementsPerThread = int64_t{1} << 14;
}  // namespace

void fusedKernelF32(const std::vector<FusedStep> &steps, const std::vector<FusedInput> &inputs, float *out,
                    int64_t count) {
  applyIsaLimit();
  if (count <= 0 || steps.empty()) return;
  auto fn = HWY_DYNAMIC_DISPATCH(FusedRangeF32);
  const int64_t tiles = (count + kFusedTile - 1) / kFusedTile;
  parallelFor(tiles, std::max<int64_t>(1, kMinElementsPerThread / kFusedTile), [&](int64_t begin, int64_t end) {
    fn(steps.data(), static_cast<int>(steps.size()), inputs.data(), static_cast<int>(inputs.size()), out,
       begin * kFusedTile, std::min(count, end * kFusedTile));
  });
}

}  // namespace shlo::interpreter
#endif  // HWY_ONCE
