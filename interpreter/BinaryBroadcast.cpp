// A binary elementwise op one of whose operands is a broadcast_in_dim, with
// the broadcast left unmade (evalBinaryWithBroadcast, Ops.h): batch-norm's
// per-feature mean, scale and offset and ReLU's zero meet full activations
// without an activation-sized copy of each. On the kernel path the small
// operand is read as a row repeated along the leading dimensions
// (binaryRowKernelF32: the same bits as the op on the made broadcast), or
// each of its values as repeated along the trailing dimensions
// (binaryColumnKernelF32: softmax, layer norm); anything else makes the
// broadcast and calls the op.
#include <optional>

#include "interpreter/Ops.h"
#include "interpreter/kernels/Elementwise.h"
#include "interpreter/kernels/KernelPath.h"

namespace shlo::interpreter {

namespace {

std::optional<ElementwiseBinary> kernelOpOf(BinaryKernel kernel) {
  if (kernel == evalAdd) return ElementwiseBinary::Add;
  if (kernel == evalSubtract) return ElementwiseBinary::Subtract;
  if (kernel == evalMultiply) return ElementwiseBinary::Multiply;
  if (kernel == evalDivide) return ElementwiseBinary::Divide;
  if (kernel == evalMaximum) return ElementwiseBinary::Maximum;
  if (kernel == evalMinimum) return ElementwiseBinary::Minimum;
  return std::nullopt;
}

/// For each result dimension, the stride of `small` along it (0 where the
/// broadcast repeats `small`); nullopt when `dims` does not describe a
/// broadcast of `small` into `resultShape`.
std::optional<std::vector<int64_t>> sourceStridesOf(const Tensor &small, const Shape &dims, const Shape &resultShape) {
  int64_t rank = static_cast<int64_t>(resultShape.size());
  if (static_cast<int64_t>(dims.size()) != small.rank()) return std::nullopt;
  std::vector<int64_t> sourceStrides(static_cast<size_t>(rank), 0), st = small.strides();
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0 || dims[i] >= rank) return std::nullopt;
    if (small.shape()[i] != 1) {
      if (small.shape()[i] != resultShape[dims[i]]) return std::nullopt;
      sourceStrides[dims[i]] = st[i];
    }
  }
  return sourceStrides;
}

/// The length of the row the broadcast repeats: the result's trailing
/// dimensions from the first one the operand fills in its own order, with
/// every dimension before them broadcast. 0 when the broadcast is not of
/// that form (e.g. a feature vector of NCHW activations).
int64_t rowLengthOf(const Tensor &small, const Shape &dims, const Shape &resultShape) {
  int64_t rank = static_cast<int64_t>(resultShape.size());
  std::optional<std::vector<int64_t>> strides = sourceStridesOf(small, dims, resultShape);
  if (!strides) return 0;
  const std::vector<int64_t> &sourceStrides = *strides;
  int64_t p = rank, length = 1;
  while (p > 0 && (resultShape[p - 1] == 1 || sourceStrides[p - 1] == length)) {
    --p;
    length *= resultShape[p];
  }
  for (int64_t d = 0; d < p; ++d) {
    if (resultShape[d] != 1 && sourceStrides[d] != 0) return 0;
  }
  return length == small.numElements() ? length : 0;
}

/// The number of values the broadcast repeats along the result's trailing
/// dimensions: `small` fills the leading dimensions in its own order, each
/// of its values repeated over the rest (softmax's row maxima, layer norm's
/// means). 0 when the broadcast is not of that form.
int64_t columnCountOf(const Tensor &small, const Shape &dims, const Shape &resultShape) {
  int64_t rank = static_cast<int64_t>(resultShape.size());
  std::optional<std::vector<int64_t>> strides = sourceStridesOf(small, dims, resultShape);
  if (!strides) return 0;
  const std::vector<int64_t> &sourceStrides = *strides;
  int64_t filled = 0;  // the leading dimensions small fills
  for (int64_t d = 0; d < rank; ++d) {
    if (sourceStrides[d] != 0) filled = d + 1;
  }
  int64_t count = 1;
  for (int64_t d = filled - 1; d >= 0; --d) {
    if (resultShape[d] == 1) continue;
    if (sourceStrides[d] != count) return 0;
    count *= resultShape[d];
  }
  return count == small.numElements() ? count : 0;
}

/// Rows shorter than this are made: a call per row would cost more than
/// the copy.
constexpr int64_t kMinColumnRow = 16;

}  // namespace

UnmadeBroadcast unmadeBroadcastOf(const Tensor &small, const Shape &broadcastDimensions, const Shape &resultShape) {
  int64_t total = 1;
  for (int64_t d : resultShape) total *= d;
  if (total == 0) return {};
  int64_t length = rowLengthOf(small, broadcastDimensions, resultShape);
  if (length > 0 && total % length == 0) return {UnmadeBroadcast::Form::Row, length};
  int64_t columns = columnCountOf(small, broadcastDimensions, resultShape);
  if (columns > 0 && total % columns == 0) return {UnmadeBroadcast::Form::Column, total / columns};
  return {};
}

Tensor evalBinaryWithBroadcast(BinaryKernel kernel, const Tensor &full, const Tensor &small,
                               const Shape &broadcastDimensions, bool smallIsLhs, const ir::Type &resultType) {
  std::optional<ElementwiseBinary> op = kernelOpOf(kernel);
  ElemKind kind = full.kind();
  bool storedAsF32 = kind == ElemKind::F32 || kind == ElemKind::F16 || kind == ElemKind::BF16;
  if (op && kernelsEnabled() && storedAsF32 && small.kind() == kind &&
      resultType.element() == full.type().element() && full.shape() == resultType.shape()) {
    UnmadeBroadcast unmade = unmadeBroadcastOf(small, broadcastDimensions, full.shape());
    if (unmade.form == UnmadeBroadcast::Form::Row) {
      // Element i from full's element i and row element i % length: may
      // compute in place.
      Tensor out = Tensor::inPlaceOrNew(resultType, full.shape());
      binaryRowKernelF32(*op, full.data<float>(), small.data<float>(), out.data<float>(),
                         full.numElements() / unmade.length, unmade.length, smallIsLhs);
      out.finalize();
      return out;
    }
    if (unmade.form == UnmadeBroadcast::Form::Column && unmade.length >= kMinColumnRow) {
      // Element i from full's element i and small's element i / length.
      Tensor out = Tensor::inPlaceOrNew(resultType, full.shape());
      binaryColumnKernelF32(*op, full.data<float>(), small.data<float>(), out.data<float>(),
                            full.numElements() / unmade.length, unmade.length, smallIsLhs);
      out.finalize();
      return out;
    }
  }
  Tensor made = evalBroadcastInDim(small, broadcastDimensions, full.type());
  return smallIsLhs ? kernel(made, full, resultType) : kernel(full, made, resultType);
}

}  // namespace shlo::interpreter
