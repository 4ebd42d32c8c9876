// Constant subexpressions evaluated at load (Interpreter::prepareConstants),
// as the execution plan folds them: an op whose every operand is a
// constant or a folded result, pure (the op table's Pure: no side effects,
// no regions, the same results whenever it runs) and small, is evaluated
// once, before the run. Exported models recompute their batch-norm scales
// (rsqrt(variance + epsilon) * scale, broadcasts and reshapes of the
// weights) at every run otherwise: ResNet-50 has ~750 such ops of 1 to 2048
// elements, each costing the interpreter's per-op overhead.
//
// The results are the op's own (its evaluator, run earlier on the same
// values), kept for the interpreter's life as the constants are. At run
// time the op still counts a step and still meets an observer; its
// evaluation is a lookup.
#include <optional>
#include <vector>

#include "interpreter/Interpreter.h"
#include "interpreter/OpTraits.h"
#include "interpreter/Quantization.h"

namespace shlo::interpreter {

namespace {

/// A folded op's results at most, and all folded results together: small
/// values are the point (their per-op overhead is what folding saves); a
/// large result made from constants (a broadcast to an activation's shape)
/// would only be held for the whole run instead of its own lifetime.
constexpr int64_t kMaxFoldedOpBytes = int64_t{256} << 10;
constexpr int64_t kMaxFoldedBytes = int64_t{16} << 20;

}  // namespace

void Interpreter::foldConstantSubexpressions() {
  int64_t total = 0;
  ir::walk(module_.topLevel, [&](const ir::Operation *function) {
    if (function->name != "func.func" || function->regions.empty() || function->regions[0]->blocks.empty()) return;
    Env known;  // Values of this body known at load.
    for (const ir::Operation *op : function->regions[0]->blocks[0]->operations) {
      if (op->name == "stablehlo.constant") {
        auto made = constants_.find(op);
        if (made != constants_.end() && op->results.size() == 1) known[op->results[0]] = Value(made->second);
        continue;
      }
      if (op->results.empty() || !op->regions.empty() || !isPure(op->name) || involvesQuantizedTypes(*op)) continue;
      bool operandsKnown = true;
      for (const ir::Value *v : op->operands) operandsKnown = operandsKnown && v && known.count(v);
      if (!operandsKnown) continue;
      int64_t bytes = 0;
      for (const ir::Value *r : op->results) {
        std::optional<int64_t> size = tensorByteSize(r->type);
        bytes = size ? bytes + *size : kMaxFoldedBytes + 1;
      }
      if (bytes > kMaxFoldedOpBytes || total + bytes > kMaxFoldedBytes) continue;
      try {
        evaluate(*op, known);  // Not in folded_ yet: really evaluated.
      } catch (const std::exception &) {
        continue;  // Reported by the op when it runs, with its frame.
      }
      std::vector<Value> results;
      for (const ir::Value *r : op->results) results.push_back(known.at(r));
      folded_.emplace(op, std::move(results));
      total += bytes;
    }
  });
}

bool Interpreter::bindFolded(const ir::Operation &op, Env &env) const {
  auto it = folded_.find(&op);
  if (it == folded_.end()) return false;
  for (size_t i = 0; i < op.results.size(); ++i) env[op.results[i]] = it->second[i];
  return true;
}

}  // namespace shlo::interpreter
