// One narrow entry point per op: operands, attributes (decoded) and the
// result type in, results out. No IR, no environment: a kernel library can
// take any of these over. Each throws RuntimeError on bad input and
// UnsupportedOp for element types it does not handle.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "interpreter/Tensor.h"
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
SHLO_UNARY(ExponentialMinusOne)
SHLO_UNARY(Log)
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
#undef SHLO_BINARY

/// `direction`: EQ, NE, GE, GT, LE, LT; `compareType`: FLOAT, TOTALORDER,
/// SIGNED, UNSIGNED or empty (from the element type).
Tensor evalCompare(const Tensor &lhs, const Tensor &rhs, const std::string &direction, const std::string &compareType,
                   const ir::Type &resultType);
Tensor evalSelect(const Tensor &pred, const Tensor &onTrue, const Tensor &onFalse, const ir::Type &resultType);
Tensor evalClamp(const Tensor &min, const Tensor &operand, const Tensor &max, const ir::Type &resultType);
Tensor evalReducePrecision(const Tensor &operand, int64_t exponentBits, int64_t mantissaBits,
                           const ir::Type &resultType);

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

// ---- Linear algebra (DotGeneral.cpp) -------------------------------------------
Tensor evalDotGeneral(const Tensor &lhs, const Tensor &rhs, const Shape &lhsBatchingDimensions,
                      const Shape &rhsBatchingDimensions, const Shape &lhsContractingDimensions,
                      const Shape &rhsContractingDimensions, const ir::Type &resultType);

// ---- Reductions (Reduce.cpp) ------------------------------------------------------
/// A body region as a function of 0-d tensors.
using BodyFn = std::function<std::vector<Tensor>(const std::vector<Tensor> &)>;
/// `fastBody`: the name of the body's single elementwise op when the body is
/// just `return op(arg0, arg1)` (add, multiply, maximum, minimum, and, or),
/// else empty; it lets the op run a typed loop instead of calling `body`.
std::vector<Tensor> evalReduce(const std::vector<Tensor> &inputs, const std::vector<Tensor> &initValues,
                               const Shape &dimensions, const BodyFn &body, const std::string &fastBody,
                               const std::vector<ir::Type> &resultTypes);

// ---- Scatter (Scatter.cpp) ----------------------------------------------------------
struct ScatterDimensions {
  Shape updateWindowDims, insertedWindowDims, inputBatchingDims, scatterIndicesBatchingDims, scatterDimsToOperandDims;
  int64_t indexVectorDim = 0;
};
std::vector<Tensor> evalScatter(const std::vector<Tensor> &inputs, const Tensor &scatterIndices,
                                const std::vector<Tensor> &updates, const ScatterDimensions &dimensions,
                                const BodyFn &body, const std::vector<ir::Type> &resultTypes);

// ---- Checks (CheckOps.cpp): throw CheckFailure when the expectation fails -----
void evalExpectEq(const Tensor &actual, const Tensor &expected);
/// |actual - expected| <= tolerance per element (both parts of complex
/// numbers); NaNs match NaNs, infinities match themselves.
void evalExpectAlmostEq(const Tensor &actual, const Tensor &expected, double tolerance);
/// ULP distance in [minUlp, maxUlp] per element (StableHLO's definition).
void evalExpectClose(const Tensor &actual, const Tensor &expected, uint64_t maxUlp, uint64_t minUlp);

}  // namespace shlo::interpreter
