// What evaluation throws: runtime errors (bad dynamic sizes, division by
// zero, unsupported element types), ops the interpreter does not know, and
// failed `check.*` expectations. The evaluator adds the op's source range.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "interpreter/Frame.h"
#include "semantic/syntax/TextRange.h"

namespace shlo::interpreter {

class RuntimeError : public std::runtime_error {
 public:
  explicit RuntimeError(const std::string &message, std::optional<syntax::TextRange> range = std::nullopt)
      : std::runtime_error(message), range(range) {}
  std::optional<syntax::TextRange> range;
  /// The op being evaluated when the error was raised (set by the evaluator).
  std::string opName;
  /// Where it was raised, outermost first (the entry function down to the
  /// failing op), filled in by the evaluator as the error leaves each frame;
  /// the frames' envs are null.
  FrameStack frames;
};

/// An op (or a form of one) the interpreter does not evaluate yet.
class UnsupportedOp : public RuntimeError {
 public:
  using RuntimeError::RuntimeError;
};

/// A `check.*` op whose expectation does not hold.
class CheckFailure : public RuntimeError {
 public:
  using RuntimeError::RuntimeError;
};

/// A run reached a limit of InterpreterOptions (maxSteps, timeoutSeconds).
/// Raised at the op being evaluated; a `while` it leaves re-raises it at
/// itself with its iteration count (`atWhile` set), so a loop that never
/// ends is reported at the loop.
class LimitExceeded : public RuntimeError {
 public:
  using RuntimeError::RuntimeError;
  bool atWhile = false;
};

/// An observer asked the evaluator to stop (ObserverCommand::Stop).
class RunStopped : public RuntimeError {
 public:
  using RuntimeError::RuntimeError;
};

}  // namespace shlo::interpreter
