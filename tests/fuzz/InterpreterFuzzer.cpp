// libFuzzer target: mutated programs (seeded with StableHLO's interpreter
// conformance files) checked as `shlo check --split-input-file` does and,
// when a chunk checks clean, run as `shlo run` does: every entry function
// (defaultEntryFunctions), elided constants filled with zeros; inputs of
// odd length are prepared first (Interpreter::prepareConstants). Evaluation
// must end in a result, a failed check or a RuntimeError, never a crash, a
// sanitizer report, a leak or an allocation beyond the memory budget.
//
// Bounds: the MemoryBudget is 256 MiB (run-fuzzer.sh's -rss_limit_mb is
// 2048); loops run under a step bound (kMaxSteps) and a 2 s timeout, so a
// mutated `while` that never ends is a LimitExceeded outcome, not a hang.
// Process grids are not run: each process is a thread, and thousands of
// ASan threads per input would make the run measure thread start-up (the
// grid limits are covered by tests/hostile).
// With SHLO_FUZZ_STRICT=1 in the environment an "internal error" (an
// exception other than the interpreter's own, such as std::length_error)
// is a crash too.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ostream>
#include <streambuf>
#include <string_view>

#include "interpreter/Interpreter.h"
#include "interpreter/Tensor.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"

namespace {

using namespace shlo;

/// interpreter.print's output, discarded.
class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return c; }
};

/// Steps (ops, loop iterations) one entry function may take.
constexpr int64_t kMaxSteps = 20000;

bool unbounded(std::string_view text) {
  for (std::string_view word : {"num_replicas", "num_partitions", "run_parallel"}) {
    if (text.find(word) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  interpreter::MemoryBudget::setLimit(int64_t{256} << 20);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  static syntax::Parser parser;
  static NullBuffer nullBuffer;
  static std::ostream nullStream(&nullBuffer);
  static const bool strict = std::getenv("SHLO_FUZZ_STRICT") && std::strcmp(std::getenv("SHLO_FUZZ_STRICT"), "1") == 0;
  for (const analysis::Chunk &chunk : analysis::splitInput(text)) {
    if (unbounded(chunk.text)) continue;
    analysis::Analysis result = analysis::analyze(parser, chunk.text);
    bool clean = true;
    for (const Diagnostic &d : result.diagnostics) clean = clean && d.severity != Severity::Error;
    if (!clean) continue;
    interpreter::InterpreterOptions options;
    options.printOutput = &nullStream;
    options.elided.mode = interpreter::ElidedFill::Mode::Zeros;
    options.maxSteps = kMaxSteps;
    options.timeoutSeconds = 2;
    interpreter::Interpreter interp(*result.lowered.module, options);
    // Half the inputs as `shlo run --timing` runs them: constants made,
    // constant subexpressions folded and weights prepared before the run.
    if (size % 2 == 1) interp.prepareConstants();
    for (const std::string &name : interpreter::defaultEntryFunctions(*result.lowered.module)) {
      interpreter::FunctionOutcome outcome = interp.run(name);
      if (strict && outcome.message.rfind("internal error", 0) == 0) __builtin_trap();
    }
  }
  return 0;
}
