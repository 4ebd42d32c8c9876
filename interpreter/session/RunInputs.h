// A run's inputs (`shlo run`'s --args, --input, --elided): binds --args literals, --input .npy/.npz files and
// --elided fills to the arguments of the function being run.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "interpreter/ElidedValues.h"
#include "interpreter/Tensor.h"
#include "semantic/ir/IR.h"

namespace shlo::interpreter {

/// A problem with the inputs (what, not where: the caller adds the place).
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The inputs as given on the command line, parsed once.
struct RunInputs {
  std::vector<interpreter::Tensor> args;  // --args, by position from 0
  /// --input: NAME=file.npy (NAME an argument name `%arg0`/`arg0` or a
  /// position `0`), or file.npz (members matched by key: an argument name,
  /// a position, or numpy.savez's `arr_N` for position N).
  std::vector<std::string> inputSpecs;
  interpreter::ElidedFill elided;
  bool any() const { return !args.empty() || !inputSpecs.empty(); }
};

/// What binding produced: one value per argument, and which were filled.
struct BoundArguments {
  std::vector<interpreter::Value> values;
  std::vector<size_t> filled;  // arguments made by --elided
};

/// Binds `inputs` to the arguments of `function` (a func.func). Throws
/// InputError when an input names no argument, an argument is given twice,
/// a value's type or shape does not match, a file is missing or malformed,
/// or arguments are left without a value and --elided is not given.
BoundArguments bindArguments(const ir::Operation &function, const RunInputs &inputs);

/// `%arg0: tensor<2xi32>, %arg1: ...` for messages.
std::string describeArguments(const ir::Operation &function);

}  // namespace shlo::interpreter
