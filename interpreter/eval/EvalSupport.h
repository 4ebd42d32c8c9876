// What every evaluator shares: decoding operands and attributes the same way
// for every op, throwing RuntimeError naming the op when they cannot.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/Interpreter.h"
#include "interpreter/Ops.h"
#include "interpreter/eval/EvalTable.h"

namespace shlo::interpreter {

namespace support {

/// Operand `i` as a tensor; RuntimeError when missing or not a tensor.
const Tensor &operandTensor(const ir::Operation &op, const std::vector<Value> &operands, size_t i);
/// Result `i`'s type; RuntimeError when the semantic model could not tell it.
const ir::Type &resultTypeOf(const ir::Operation &op, size_t i = 0);
std::vector<ir::Type> resultTypesOf(const ir::Operation &op);
/// An integer (or boolean, or one-element list) attribute; `fallback` when
/// absent, RuntimeError when present but not an integer.
int64_t intAttribute(const ir::Operation &op, const char *name, std::optional<int64_t> fallback = std::nullopt);
/// An integer list attribute (array<i64: ...>, dense<...>, [..]); empty when absent.
Shape intsAttribute(const ir::Operation &op, const char *name);
/// A field of a struct attribute as integers; empty when absent.
Shape fieldInts(const ir::Attribute &attribute, const char *field);
bool flagAttribute(const ir::Operation &op, const char *name);
/// An enum, string or symbol attribute's text; "" when absent.
std::string textAttribute(const ir::Operation &op, const char *name);
/// replica_groups-like attribute (dense 2-d or list of lists); empty when absent.
/// A replica_groups-like attribute: a list of lists, a 2-d dense tensor, or
/// mesh axes (`#stablehlo.replica_group_mesh_axes`, whose mesh symbol is
/// looked up in `module`).
ReplicaGroups groupsAttribute(const ir::Operation &op, const char *name, const ir::Module *module = nullptr);
int64_t channelIdOf(const ir::Operation &op);
/// A body region as a function of tensors.
BodyFn regionFunction(Interpreter &in, const ir::Region &region, Env &env);
std::vector<Tensor> tensorsOf(const ir::Operation &op, const std::vector<Value> &values);
std::vector<Value> valuesOf(const std::vector<Tensor> &tensors);

/// A required attribute; RuntimeError naming the op when absent.
const ir::Attribute &attribute(const ir::Operation &op, const char *name);
/// A required integer list attribute; RuntimeError when absent or not one.
Shape requiredInts(const ir::Operation &op, const char *name);
/// A float (or integer) attribute; `fallback` when absent or of another kind.
double floatAttribute(const ir::Operation &op, const char *name, double fallback);
/// A padding attribute as (low, high) pairs: dense<[[l, h], ...]> or a list
/// of pairs; empty when absent.
std::vector<std::pair<int64_t, int64_t>> paddingAttribute(const ir::Operation &op, const char *name = "padding");
/// A 1-d integer operand (a shape or a list of paddings) as integers.
Shape shapeOperand(const ir::Operation &op, const std::vector<Value> &operands, size_t i);
/// The result type with the shape computed at run time; RuntimeError when
/// the shape is negative or disagrees with the type's static dimensions.
ir::Type dynamicResultType(const ir::Operation &op, const Shape &shape);
/// Symbol names of an array of symbol references.
std::vector<std::string> symbolList(const ir::Operation &op, const ir::Attribute &list);
/// A tensor<i1> predicate's value; RuntimeError for anything else.
bool truthOf(const ir::Operation &op, const Value &value);
/// The name of the single op of a body `return op(arg0, arg1)` when that op
/// is a fold the reductions run as a typed loop (binaryFoldOf), else "".
std::string fastBodyOf(const ir::Region &region);
std::vector<Value> one(Tensor tensor);

/// A unary or binary elementwise kernel as an evaluator.
/// An operand given up to the op (Interpreter::operandGivenUp) is offered
/// for its result when the op's kernel loop takes offers (Tensor::
/// inPlaceOrNew) before anything else: only those listed here, because an
/// evaluator built from other elementwise evaluators would let an inner
/// one overwrite an operand the outer one still reads.
template <Tensor (*Kernel)(const Tensor &, const ir::Type &)>
constexpr bool kUnaryInPlace = Kernel == evalNegate || Kernel == evalExponential || Kernel == evalSqrt;
template <Tensor (*Kernel)(const Tensor &, const Tensor &, const ir::Type &)>
constexpr bool kBinaryInPlace = Kernel == evalAdd || Kernel == evalSubtract || Kernel == evalMultiply ||
                                Kernel == evalDivide || Kernel == evalMaximum || Kernel == evalMinimum;

template <Tensor (*Kernel)(const Tensor &, const ir::Type &)>
std::vector<Value> unary(Interpreter &in, const ir::Operation &op, const std::vector<Value> &operands, Env &) {
  const Tensor &x = operandTensor(op, operands, 0);
  BufferOffer offer(kUnaryInPlace<Kernel> && in.operandGivenUp(op, 0) ? &x : nullptr);
  return one(Kernel(x, resultTypeOf(op)));
}
/// The broadcast_in_dim defining operand `i` of `op` when it was left
/// unmade (broadcastFoldsIntoElementwise): its value is the broadcast's
/// operand. Null otherwise.
const ir::Operation *foldedBroadcastOf(const Interpreter &in, const ir::Operation &op, size_t i);

template <Tensor (*Kernel)(const Tensor &, const Tensor &, const ir::Type &)>
std::vector<Value> binary(Interpreter &in, const ir::Operation &op, const std::vector<Value> &operands, Env &) {
  const Tensor &x = operandTensor(op, operands, 0), &y = operandTensor(op, operands, 1);
  if constexpr (kBinaryInPlace<Kernel>) {
    for (size_t i = 0; i < 2; ++i) {
      const ir::Operation *broadcast = foldedBroadcastOf(in, op, i);
      if (broadcast == nullptr) continue;
      const Tensor &full = i == 0 ? y : x;
      BufferOffer offer(in.operandGivenUp(op, 1 - i) ? &full : nullptr);
      return one(evalBinaryWithBroadcast(Kernel, full, i == 0 ? x : y, requiredInts(*broadcast, "broadcast_dimensions"),
                                         i == 0, resultTypeOf(op)));
    }
  }
  BufferOffer offer(!kBinaryInPlace<Kernel> ? nullptr
                    : in.operandGivenUp(op, 0) ? &x
                    : in.operandGivenUp(op, 1) ? &y
                                               : nullptr);
  return one(Kernel(x, y, resultTypeOf(op)));
}

/// On the kernel path with no observer: whether this f32 `transpose`'s
/// result is read only by dot_generals (as lhs or rhs). Its evaluator then
/// binds the operand untransposed, and the dot_generals (which ask the same
/// question of their operands' defining ops) fold the permutation into
/// their dimension numbers: a weight's transpose is never copied.
bool transposeFoldsIntoDots(const Interpreter &in, const ir::Operation &transpose);

/// On the kernel path with no observer: whether this `broadcast_in_dim` of
/// an f32-stored type (at least kMinFoldedBroadcast elements, static
/// shape) is read only by add, subtract, multiply, divide, maximum or
/// minimum, as rhs or with an lhs that is not a broadcast_in_dim (of two
/// broadcasts, the lhs one is made). Its evaluator
/// then binds the operand as it is, and those ops read it through
/// evalBinaryWithBroadcast (foldedBroadcastOf): the broadcast is never made.
bool broadcastFoldsIntoElementwise(const Interpreter &in, const ir::Operation &broadcast);
constexpr int64_t kMinFoldedBroadcast = 4096;

/// A convolution whose kernel is a stablehlo.constant: the constant made
/// and its weights rearranged for the kernel library
/// (prepareConvolutionKernel), as Interpreter::prepareConstants does before
/// a run. Errors are left for the op to report when it runs.
/// `postOps`: those of the chain it starts (ConvolutionChains.h), whose
/// primitive is made instead of the plain one.
void prepareConvolution(Interpreter &in, const ir::Operation &op, const std::vector<ConvolutionPostOp> &postOps = {});
/// A convolution's (or dynamic_conv's) attributes; RuntimeError when
/// malformed.
ConvolutionParams convolutionParams(const ir::Operation &op);

}  // namespace support
}  // namespace shlo::interpreter
