// One narrow entry point per op: operands, attributes (decoded) and the
// result type in, results out. No IR, no environment: a kernel library can
// take any of these over. Each throws RuntimeError on bad input and
// UnsupportedOp for element types it does not handle.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "interpreter/ProcessGrid.h"
#include "interpreter/Tensor.h"
#include "interpreter/kernels/OneDnn.h"
#include "semantic/ir/Types.h"

namespace shlo::interpreter {

using Shape = std::vector<int64_t>;

// ---- Elementwise (ElementwiseOps.cpp) ---------------------------------------
#define SHLO_UNARY(Name) Tensor eval##Name(const Tensor &operand, const ir::Type &resultType);
SHLO_UNARY(Abs)
SHLO_UNARY(Negate)
SHLO_UNARY(Sign)
SHLO_UNARY(Not)
SHLO_UNARY(Exponential)
SHLO_UNARY(Exp2)
SHLO_UNARY(ExponentialMinusOne)
SHLO_UNARY(Log)
SHLO_UNARY(Log2)
SHLO_UNARY(LogPlusOne)
SHLO_UNARY(Logistic)
SHLO_UNARY(Sqrt)
SHLO_UNARY(Rsqrt)
SHLO_UNARY(Cbrt)
SHLO_UNARY(Tanh)
SHLO_UNARY(Tan)
SHLO_UNARY(Sine)
SHLO_UNARY(Cosine)
SHLO_UNARY(Atan)
SHLO_UNARY(Cosh)
SHLO_UNARY(Sinh)
SHLO_UNARY(Asinh)
SHLO_UNARY(Acosh)
SHLO_UNARY(Atanh)
SHLO_UNARY(Asin)
SHLO_UNARY(Acos)
SHLO_UNARY(Floor)
SHLO_UNARY(Ceil)
SHLO_UNARY(RoundNearestAfz)
SHLO_UNARY(RoundNearestEven)
SHLO_UNARY(IsFinite)
SHLO_UNARY(Popcnt)
SHLO_UNARY(CountLeadingZeros)
SHLO_UNARY(Real)
SHLO_UNARY(Imag)
SHLO_UNARY(Convert)
SHLO_UNARY(BitcastConvert)
/// x * x; complex elements as StableHLO squares them (finite where x * x overflows).
SHLO_UNARY(Square)
#undef SHLO_UNARY

#define SHLO_BINARY(Name) Tensor eval##Name(const Tensor &lhs, const Tensor &rhs, const ir::Type &resultType);
SHLO_BINARY(Add)
SHLO_BINARY(Subtract)
SHLO_BINARY(Multiply)
SHLO_BINARY(Divide)
SHLO_BINARY(Remainder)
SHLO_BINARY(Maximum)
SHLO_BINARY(Minimum)
SHLO_BINARY(Power)
SHLO_BINARY(And)
SHLO_BINARY(Or)
SHLO_BINARY(Xor)
SHLO_BINARY(ShiftLeft)
SHLO_BINARY(ShiftRightArithmetic)
SHLO_BINARY(ShiftRightLogical)
SHLO_BINARY(Atan2)
SHLO_BINARY(Complex)
SHLO_BINARY(Mulhi)  // chlo.mulhi
#undef SHLO_BINARY

/// The associative binary ops that reductions run as typed loops when a
/// body is just `return op(arg0, arg1)` (reduce, reduce_window, all_reduce...).
enum class BinaryFold { None, Add, Multiply, Maximum, Minimum, And, Or, Xor };
/// The fold an op stands for (stablehlo.add -> Add); None for other ops.
/// Defined with the Elementwise evaluators: the one place naming these ops.
BinaryFold binaryFoldOf(std::string_view opName);
/// The elementwise kernel of a fold (evalAdd for Add...); null for None.
using BinaryKernel = Tensor (*)(const Tensor &, const Tensor &, const ir::Type &);
BinaryKernel binaryKernelOf(BinaryFold fold);
/// kernel(full, broadcast_in_dim(small, broadcastDimensions)) -- or with
/// the broadcast as lhs when `smallIsLhs` -- where the broadcast has full's
/// type. On the kernel path, for add, subtract, multiply, divide, maximum
/// and minimum on f32-stored types, a broadcast that repeats `small` along
/// leading dimensions, or each of its values along trailing ones, is read
/// in place, never made (same bits); otherwise it is made first. Errors: those of evalBroadcastInDim and the kernel.
Tensor evalBinaryWithBroadcast(BinaryKernel kernel, const Tensor &full, const Tensor &small,
                               const Shape &broadcastDimensions, bool smallIsLhs, const ir::Type &resultType);
/// How a broadcast_in_dim of `small` into `resultShape` reads without
/// being made: Row, `small` repeated along the leading dimensions (element
/// i of the result is small's i % length); Column, each of small's values
/// repeated along the trailing dimensions (element i is small's i /
/// length); None, neither (or not a broadcast of `small`).
struct UnmadeBroadcast {
  enum class Form { None, Row, Column } form = Form::None;
  int64_t length = 0;
};
UnmadeBroadcast unmadeBroadcastOf(const Tensor &small, const Shape &broadcastDimensions, const Shape &resultShape);

/// `direction`: EQ, NE, GE, GT, LE, LT; `compareType`: FLOAT, TOTALORDER,
/// SIGNED, UNSIGNED or empty (from the element type).
Tensor evalCompare(const Tensor &lhs, const Tensor &rhs, const std::string &direction, const std::string &compareType,
                   const ir::Type &resultType);
Tensor evalSelect(const Tensor &pred, const Tensor &onTrue, const Tensor &onFalse, const ir::Type &resultType);
Tensor evalClamp(const Tensor &min, const Tensor &operand, const Tensor &max, const ir::Type &resultType);
Tensor evalReducePrecision(const Tensor &operand, int64_t exponentBits, int64_t mantissaBits,
                           const ir::Type &resultType);

// ---- CHLO special functions and top_k (ChloSpecial.cpp) -----------------------
Tensor evalLgamma(const Tensor &operand, const ir::Type &resultType);
Tensor evalDigamma(const Tensor &operand, const ir::Type &resultType);
Tensor evalErfInv(const Tensor &operand, const ir::Type &resultType);
Tensor evalBesselI1e(const Tensor &operand, const ir::Type &resultType);
Tensor evalNextAfter(const Tensor &x, const Tensor &y, const ir::Type &resultType);
Tensor evalErf(const Tensor &operand, const ir::Type &resultType);
Tensor evalErfc(const Tensor &operand, const ir::Type &resultType);
/// Hurwitz zeta(x, q) = sum_{k>=0} (q + k)^-x (NaN for x < 1, inf at x = 1 and at poles of q).
Tensor evalZeta(const Tensor &x, const Tensor &q, const ir::Type &resultType);
/// polygamma(n, x): digamma for n = 0, (-1)^(n+1) n! zeta(n + 1, x) above; NaN for non-integer n.
Tensor evalPolygamma(const Tensor &n, const Tensor &x, const ir::Type &resultType);
/// The k largest elements along the last dimension, largest first (NaN above
/// all numbers, ties by lower index), and their indices.
std::vector<Tensor> evalTopK(const Tensor &operand, int64_t k, const ir::Type &valuesType, const ir::Type &indicesType);

// ---- Shape ops (ShapeOps.cpp) ------------------------------------------------
Tensor evalBroadcastInDim(const Tensor &operand, const Shape &broadcastDimensions, const ir::Type &resultType);
Tensor evalReshape(const Tensor &operand, const ir::Type &resultType);
Tensor evalTranspose(const Tensor &operand, const Shape &permutation, const ir::Type &resultType);
Tensor evalSlice(const Tensor &operand, const Shape &startIndices, const Shape &limitIndices, const Shape &strides,
                 const ir::Type &resultType);
Tensor evalConcatenate(const std::vector<Tensor> &inputs, int64_t dimension, const ir::Type &resultType);
Tensor evalIota(int64_t iotaDimension, const ir::Type &resultType);
Tensor evalReverse(const Tensor &operand, const Shape &dimensions, const ir::Type &resultType);
Tensor evalPad(const Tensor &operand, const Tensor &paddingValue, const Shape &edgePaddingLow,
               const Shape &edgePaddingHigh, const Shape &interiorPadding, const ir::Type &resultType);
Tensor evalDynamicSlice(const Tensor &operand, const std::vector<Tensor> &startIndices, const Shape &sliceSizes,
                        const ir::Type &resultType);
Tensor evalDynamicUpdateSlice(const Tensor &operand, const Tensor &update, const std::vector<Tensor> &startIndices,
                              const ir::Type &resultType);
Tensor evalGetDimensionSize(const Tensor &operand, int64_t dimension, const ir::Type &resultType);

// ---- Linear algebra (DotGeneral.cpp, TriangularSolve.cpp) -------------------------------------------
Tensor evalDotGeneral(const Tensor &lhs, const Tensor &rhs, const Shape &lhsBatchingDimensions,
                      const Shape &rhsBatchingDimensions, const Shape &lhsContractingDimensions,
                      const Shape &rhsContractingDimensions, const ir::Type &resultType);

/// `transposeA`: NO_TRANSPOSE (or empty), TRANSPOSE or ADJOINT.
Tensor evalTriangularSolve(const Tensor &a, const Tensor &b, bool leftSide, bool lower, bool unitDiagonal,
                           const std::string &transposeA, const ir::Type &resultType);

// ---- Fourier transforms (Fft.cpp) -----------------------------------------------
/// `fftType`: FFT, IFFT, RFFT or IRFFT.
Tensor evalFft(const Tensor &operand, const std::string &fftType, const Shape &fftLength, const ir::Type &resultType);

// ---- Reductions (Reduce.cpp) ------------------------------------------------------
/// A body region as a function of 0-d tensors.
using BodyFn = std::function<std::vector<Tensor>(const std::vector<Tensor> &)>;
/// `fastBody`: the name of the body's single elementwise op when the body is
/// just `return op(arg0, arg1)` (add, multiply, maximum, minimum, and, or),
/// else empty; it lets the op run a typed loop instead of calling `body`.
std::vector<Tensor> evalReduce(const std::vector<Tensor> &inputs, const std::vector<Tensor> &initValues,
                               const Shape &dimensions, const BodyFn &body, const std::string &fastBody,
                               const std::vector<ir::Type> &resultTypes);

/// The windows of reduce_window (select_and_scatter uses dilations of 1).
/// Padding is (low, high) per dimension.
struct Window {
  Shape windowDimensions, windowStrides, baseDilations, windowDilations;
  std::vector<std::pair<int64_t, int64_t>> padding;
};
std::vector<Tensor> evalReduceWindow(const std::vector<Tensor> &inputs, const std::vector<Tensor> &initValues,
                                     const Window &window, const BodyFn &body, const std::string &fastBody,
                                     const std::vector<ir::Type> &resultTypes);
Tensor evalSelectAndScatter(const Tensor &operand, const Tensor &source, const Tensor &initValue,
                            const Shape &windowDimensions, const Shape &windowStrides,
                            const std::vector<std::pair<int64_t, int64_t>> &padding, const BodyFn &select,
                            const BodyFn &scatter, const ir::Type &resultType);

// ---- Sort (Sort.cpp) ------------------------------------------------------------------
/// `comparator` gets (lhs0, rhs0, lhs1, rhs1, ...) and returns one tensor<i1>.
std::vector<Tensor> evalSort(const std::vector<Tensor> &inputs, int64_t dimension, bool isStable,
                             const BodyFn &comparator, const std::vector<ir::Type> &resultTypes);

// ---- Gather (Gather.cpp) ----------------------------------------------------------------
struct GatherDimensions {
  Shape offsetDims, collapsedSliceDims, operandBatchingDims, startIndicesBatchingDims, startIndexMap;
  int64_t indexVectorDim = 0;
};
Tensor evalGather(const Tensor &operand, const Tensor &startIndices, const GatherDimensions &dimensions,
                  const Shape &sliceSizes, const ir::Type &resultType);

// ---- Convolution (Convolution.cpp) ------------------------------------------------------
struct ConvolutionDimensions {
  int64_t inputBatch = 0, inputFeature = 0, kernelInputFeature = 0, kernelOutputFeature = 0, outputBatch = 0,
          outputFeature = 0;
  Shape inputSpatial, kernelSpatial, outputSpatial;
};
/// Empty window attributes take their defaults (strides and dilations 1,
/// padding 0, no reversal).
struct ConvolutionParams {
  Shape windowStrides, lhsDilation, rhsDilation;
  std::vector<std::pair<int64_t, int64_t>> padding;
  std::vector<bool> windowReversal;
  ConvolutionDimensions dimensions;
  int64_t featureGroupCount = 1, batchGroupCount = 1;
};
Tensor evalConvolution(const Tensor &lhs, const Tensor &rhs, const ConvolutionParams &params,
                       const ir::Type &resultType);
/// On the kernel path: `rhs` (f32 weights that stay alive, e.g. a
/// constant) made ready for evalConvolution with an lhs of `lhsType` (static
/// shape), in the kernel library's own layout, so that the convolution does
/// not rearrange them on each run (same results). Does nothing where the
/// convolution would not go to oneDNN or takes the weights as they are.
/// `postOps`: the kinds of the steps a fused chain will apply
/// (evalConvolutionWithPostOps), whose primitive is then made here too.
void prepareConvolutionKernel(const ir::Type &lhsType, const Tensor &rhs, const ConvolutionParams &params,
                              const ir::Type &resultType, const std::vector<ConvolutionPostOp> &postOps = {});
/// On the kernel path, f32 only: the convolution with `postOps` applied to
/// its result inside oneDNN's primitive (kernels/OneDnn.h: the bits of the
/// convolution followed by the separate elementwise ops). nullopt when the
/// convolution would not go to oneDNN or oneDNN declines the post-ops: the
/// caller then runs the convolution and the ops one by one. `addend`: what
/// an AddToOutput post-op adds (the result's shape, f32); its buffer becomes
/// the result's when nothing else holds it, else it is copied.
std::optional<Tensor> evalConvolutionWithPostOps(const Tensor &lhs, const Tensor &rhs, const ConvolutionParams &params,
                                                 const ir::Type &resultType,
                                                 const std::vector<ConvolutionPostOp> &postOps,
                                                 const Tensor *addend = nullptr);

// ---- Scatter (Scatter.cpp) ----------------------------------------------------------
struct ScatterDimensions {
  Shape updateWindowDims, insertedWindowDims, inputBatchingDims, scatterIndicesBatchingDims, scatterDimsToOperandDims;
  int64_t indexVectorDim = 0;
};
std::vector<Tensor> evalScatter(const std::vector<Tensor> &inputs, const Tensor &scatterIndices,
                                const std::vector<Tensor> &updates, const ScatterDimensions &dimensions,
                                const BodyFn &body, const std::vector<ir::Type> &resultTypes);

// ---- Collectives over the process grid (Collectives.cpp) -----------------------------
/// replica_groups (or source_target_pairs) as lists of ids.
using ReplicaGroups = std::vector<std::vector<int64_t>>;
enum class GroupMode { CrossReplica, CrossPartition, CrossReplicaAndPartition, FlattenedIds };
/// all_gather / all_reduce / reduce_scatter's choice from channel_id and use_global_device_ids.
GroupMode groupModeFor(int64_t channelId, bool useGlobalDeviceIds);
Tensor evalReplicaId(const ProcessContext &ctx, const ir::Type &resultType);
Tensor evalPartitionId(const ProcessContext &ctx, const ir::Type &resultType);
std::vector<Tensor> evalAllGather(const ProcessContext &ctx, const std::vector<Tensor> &operands, int64_t dimension,
                                  const ReplicaGroups &groups, int64_t channelId, bool useGlobalDeviceIds,
                                  const std::vector<ir::Type> &resultTypes);
std::vector<Tensor> evalAllReduce(const ProcessContext &ctx, const std::vector<Tensor> &operands,
                                  const ReplicaGroups &groups, int64_t channelId, bool useGlobalDeviceIds,
                                  const BodyFn &body, const std::string &fastBody,
                                  const std::vector<ir::Type> &resultTypes);
Tensor evalReduceScatter(const ProcessContext &ctx, const Tensor &operand, int64_t scatterDimension,
                         const ReplicaGroups &groups, int64_t channelId, bool useGlobalDeviceIds, const BodyFn &body,
                         const std::string &fastBody, const ir::Type &resultType);
std::vector<Tensor> evalAllToAll(const ProcessContext &ctx, const std::vector<Tensor> &operands, int64_t splitDimension,
                                 int64_t concatDimension, int64_t splitCount, const ReplicaGroups &groups,
                                 int64_t channelId, const std::vector<ir::Type> &resultTypes);
/// `roots`: with has_dynamic_root, the source's index in the group for each
/// operand; empty means index 0 for all.
std::vector<Tensor> evalCollectiveBroadcast(const ProcessContext &ctx, const std::vector<Tensor> &operands,
                                            const Shape &roots, const ReplicaGroups &groups, int64_t channelId,
                                            const std::vector<ir::Type> &resultTypes);
Tensor evalCollectivePermute(const ProcessContext &ctx, const Tensor &operand, const ReplicaGroups &sourceTargetPairs,
                             int64_t channelId, const ir::Type &resultType);

/// collective_reduce: the group's operands folded with `body`, kept by the
/// group's root (index `roots[k]` in the group, 0 without dynamic roots);
/// every other process, and a process in no group, gets zeros.
std::vector<Tensor> evalCollectiveReduce(const ProcessContext &ctx, const std::vector<Tensor> &operands,
                                         const Shape &roots, const ReplicaGroups &groups, int64_t channelId,
                                         const BodyFn &body, const std::string &fastBody,
                                         const std::vector<ir::Type> &resultTypes);

// ---- CHLO ops with structure (ChloOps.cpp) ---------------------------------------------
/// chlo.scan along `dimension`: the body gets (slices of inputs..., carries...)
/// and returns (output slices..., new carries...); `reverse` walks the
/// dimension from its end. Results are outputs then final carries.
std::vector<Tensor> evalScan(const std::vector<Tensor> &inputs, const std::vector<Tensor> &inits, int64_t dimension,
                             bool reverse, const BodyFn &body, const std::vector<ir::Type> &resultTypes);
struct RaggedDotDimensions {
  Shape lhsBatchingDims, rhsBatchingDims, lhsContractingDims, rhsContractingDims, lhsRaggedDims, rhsGroupDims;
};
/// chlo.ragged_dot in its three modes (ragged lhs non-contracting, contracting
/// or batch dimension); group_sizes is [x..., g] or [g] (broadcast). Rows past
/// the sum of the group sizes produce zeros.
Tensor evalRaggedDot(const Tensor &lhs, const Tensor &rhs, const Tensor &groupSizes, const RaggedDotDimensions &dims,
                     const ir::Type &resultType);

// ---- Random numbers (RandomOps.cpp) ------------------------------------------------------
/// rng_bit_generator with XLA's streams: `algorithm` DEFAULT (= PHILOX),
/// THREE_FRY (state of 2 u64) or PHILOX (2 or 3 u64); 32- and 64-bit outputs.
/// Returns (output_state, output).
std::vector<Tensor> evalRngBitGenerator(const Tensor &initialState, const std::string &algorithm,
                                        const ir::Type &outputStateType, const ir::Type &outputType);
/// The deprecated rng: UNIFORM in [a, b) or NORMAL(a, b) from a seeded engine.
Tensor evalRng(const Tensor &a, const Tensor &b, const Shape &shape, const std::string &distribution,
               const ir::Type &resultType, uint64_t seed);

// ---- Checks (CheckOps.cpp): throw CheckFailure when the expectation fails -----
void evalExpectEq(const Tensor &actual, const Tensor &expected);
/// |actual - expected| <= tolerance per element (both parts of complex
/// numbers); NaNs match NaNs, infinities match themselves.
void evalExpectAlmostEq(const Tensor &actual, const Tensor &expected, double tolerance);
/// ULP distance in [minUlp, maxUlp] per element (StableHLO's definition).
void evalExpectClose(const Tensor &actual, const Tensor &expected, uint64_t maxUlp, uint64_t minUlp);
/// check.expect_is_close (the form StableHLO's generated math tests used):
/// per element, actual equals expected (NaN matches NaN, an infinity only
/// itself) or |actual - expected| <= absError[i] (the modulus of the
/// difference for complex numbers). absError is a float tensor of actual's
/// shape; a NaN bound admits only equal values. `samples` (the inputs) only
/// names the failing element's input in the message; it may be null.
void evalExpectIsClose(const Tensor &actual, const Tensor &expected, const Tensor &absError, const Tensor *samples);

}  // namespace shlo::interpreter
