// How the interpreter treats ops by trait (terminators, ops that talk to
// other processes, quantized semantics, ops that call a function), read from
// the op table (semantic/ops). Everything in interpreter/ asks these
// functions rather than naming ops.
#pragma once

#include <string_view>

namespace shlo::interpreter {

/// Ends a block and returns its operands (func.return, stablehlo.return...).
bool isTerminator(std::string_view opName);

/// No side effects and no regions, the same results whenever it runs (the
/// op table's Pure): an op of constants can be evaluated ahead of time.
bool isPure(std::string_view opName);

/// Talks to other processes of the grid (collectives, replica_id,
/// partition_id, send/recv): a function with one runs on the whole grid.
bool isCollective(std::string_view opName);

/// How an op treats quantized tensors (spec "Quantization").
enum class QuantizedSemantics {
  /// Moves, selects or passes on elements: runs on the storage values
  /// (ops with bodies too: the ops in the body follow these rules).
  StorageOnly,
  /// dequantize -> op in the expressed type -> quantize.
  DequantizeOpQuantize,
  /// Not supported on quantized tensors.
  Unsupported,
};
QuantizedSemantics quantizedSemanticsOf(std::string_view opName);

/// The attribute naming the function an op calls (func.call's `callee`,
/// composite's `decomposition`), or null for ops that call none.
const char *calleeAttributeOf(std::string_view opName);

}  // namespace shlo::interpreter
