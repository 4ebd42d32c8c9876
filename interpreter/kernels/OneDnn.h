// Matrix products and convolutions in f32 through oneDNN (Debian's
// libdnnl), which picks its own kernels for the CPU at run time (SSE4.1 up
// to AVX-512). Layouts are given as strides so that transposes and the
// spec's dimension numbers need no copy; primitives are created once per
// shape and layout and cached. Threads: kernelThreads() (Parallel.h), set
// for oneDNN's OpenMP runtime on each call.
//
// Sums are f32 in oneDNN's order (blocked, not the spec's left-to-right):
// the same accuracy class as any f32 GEMM; the conformance suites decide.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace shlo::interpreter {

/// One operand of a batched matrix product: element strides of a
/// [batch..., rows, columns] view of its buffer (one stride per batch
/// dimension).
struct MatrixLayout {
  std::vector<int64_t> batchStrides;
  int64_t rowStride = 0, columnStride = 1;
};

/// C[b] = A[b] * B[b] for every batch index b (`batchSizes`, at most 10
/// dimensions): A is M x K, B is K x N (as `aLayout` and `bLayout` say), C
/// contiguous row-major [batch..., M, N], overwritten. Returns false,
/// leaving C untouched, when oneDNN has no implementation (the caller takes
/// another path).
bool oneDnnMatmul(const float *a, const MatrixLayout &aLayout, const float *b, const MatrixLayout &bLayout, float *c,
                  const std::vector<int64_t> &batchSizes, int64_t m, int64_t k, int64_t n);

/// A convolution without input (lhs) dilation or window reversal: sizes and
/// element strides per logical dimension. Input and output are
/// [batch, feature, spatial...]; the kernel is [output feature, input
/// feature of a group, spatial...]. Dilations are the spec's (1: none);
/// paddings may not be negative.
struct ConvolutionShape {
  int64_t batch = 1, inputFeatures = 1, outputFeatures = 1, groups = 1;
  std::vector<int64_t> inputSizes, kernelSizes, outputSizes;
  std::vector<int64_t> windowStrides, dilations, paddingLow, paddingHigh;
  std::vector<int64_t> inputStrides, kernelStrides, outputStrides;
};

/// A binary step applied to the convolution's result inside oneDNN's
/// primitive (a post-op) before it is stored: result = result OP values. Each
/// step is one f32 operation (oneDNN's binary post-ops are one vector
/// instruction each, never contracted into a fused multiply-add), so the
/// stored bits are those of the convolution followed by the separate
/// elementwise ops; an inference batch norm and a residual add then cost no
/// pass over the activations of their own.
struct ConvolutionPostOp {
  /// AddToOutput: result + what `output` holds before the call (oneDNN's
  /// sum post-op, for a residual add without a buffer of its own; `values`
  /// unused).
  enum class Kind { Subtract, Multiply, Add, Divide, AddToOutput } kind = Kind::Add;
  /// False: one value per output feature (`outputFeatures` contiguous
  /// values). True: one per output element, laid out as the output.
  bool wholeTensor = false;
  /// Unused when only preparing (oneDnnPrepareConvolutionKernel).
  const float *values = nullptr;
};

/// Writes every element of `output`: the convolution, then `postOps` in
/// order. Returns false (output untouched) when the shape is outside what
/// oneDNN supports (1 to 3 spatial dimensions), or when oneDNN has only its
/// slow reference implementation for the post-ops or would store a
/// whole-tensor post-op's output in another layout.
bool oneDnnConvolution(const float *input, const float *kernel, float *output, const ConvolutionShape &shape,
                       const std::vector<ConvolutionPostOp> &postOps = {});

/// Reorders `kernel` once into the layout oneDNN's primitive for `shape`
/// reads, and keeps it while `owner` (the buffer `kernel` points into)
/// lives: later oneDnnConvolution calls with the same kernel pointer and
/// shape read it instead of reordering the weights again (the same values,
/// so the same results). For constant weights, made before the run.
/// Nothing happens when oneDNN takes the kernel as it is or declines.
/// The primitive with `postOps` (their kinds; values unused) is made here
/// too, so that the run does not pay for its code generation.
void oneDnnPrepareConvolutionKernel(const float *kernel, const ConvolutionShape &shape,
                                    const std::shared_ptr<const void> &owner,
                                    const std::vector<ConvolutionPostOp> &postOps = {});

/// The instruction set oneDNN's kernels use on this CPU ("avx512_core",
/// "avx2", "sse41", ...).
std::string oneDnnIsa();

}  // namespace shlo::interpreter
