// Text forms of tensors for people: StableHLO's interpreter layout (what
// `interpreter.print` and `shlo run --print` show) and a one-line summary
// (shape, element type, min/max/mean, non-finite counts) for large results.
#pragma once

#include <ostream>
#include <string>

#include "interpreter/Tensor.h"

namespace shlo::interpreter {

/// `tensor<2x2xi8> {\n  [\n    [1, 2],\n    [3, 4]\n  ]\n}`: nested lists,
/// the innermost dimension on one line, floats as `%e` (`1.000000e+00`),
/// complex numbers as `[re, im]`, booleans as true/false; a 0-d tensor is
/// `tensor<ui8> {1}`. The layout of StableHLO's reference interpreter, which
/// its printing tests check.
std::string formatTensor(const Tensor &tensor);

/// `tensor<1x1000xf32>: min -3.2 max 4.1 mean 0.012` (plus NaN/inf counts
/// when there are any); integer and boolean tensors too. Complex tensors
/// summarise their magnitudes.
std::string summarizeTensor(const Tensor &tensor);

/// interpreter.print: writes `%name = ` and formatTensor to `out` under a
/// process-wide lock, so that the processes of run_parallel do not interleave.
void evalPrint(std::ostream &out, const std::string &ssaName, const Tensor &operand);

}  // namespace shlo::interpreter
