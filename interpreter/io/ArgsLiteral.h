// `--args`: function inputs written as MLIR attributes, the syntax of
// StableHLO's `stablehlo-translate --interpret --args=...`: an array of dense
// elements attributes, `[dense<[1, 2]> : tensor<2xi32>, dense<1.5> : tensor<f32>]`.
#pragma once

#include <string_view>
#include <vector>

#include "interpreter/Tensor.h"

namespace shlo::interpreter {

/// The tensors of an `--args` array, in order. Throws RuntimeError with the
/// column (1-based, in `text`) of the problem when the text does not parse,
/// is not an array, an element is not `dense<...> : tensor<...>`, or a
/// literal does not fit its type.
std::vector<Tensor> parseArgsLiteral(std::string_view text);

}  // namespace shlo::interpreter
