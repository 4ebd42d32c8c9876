// Decoding `dense<...>` literals into tensors: nested lists of integers,
// floats, booleans and complex pairs `(re, im)`, splats, hex bit patterns of
// single elements (`0x7FC00000`) and hex blobs (`"0x..."`, little-endian raw
// element bytes, one element for a splat).
#pragma once

#include <string_view>

#include "interpreter/Tensor.h"
#include "semantic/ir/Types.h"

namespace shlo::interpreter {

/// Throws RuntimeError when the literal does not fit the type.
Tensor decodeDenseLiteral(std::string_view literal, const ir::Type &type);

}  // namespace shlo::interpreter
