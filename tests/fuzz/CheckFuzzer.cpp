// libFuzzer target: any bytes through the whole checker (parse, lower,
// verify, the linter's advisories), as `shlo check --split-input-file` runs
// it. Malformed ops must get diagnostics, never a crash, hang or leak, and
// every fix's edits must apply to the text.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "linter/Advisories.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/diagnostics/TextEdits.h"
#include "semantic/verify/Verifier.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  static shlo::syntax::Parser parser;
  for (const shlo::analysis::Chunk &chunk : shlo::analysis::splitInput(text)) {
    shlo::analysis::Analysis result = shlo::analysis::analyze(parser, chunk.text);
    for (const shlo::Diagnostic &d : result.diagnostics) {
      if (d.range.begin > d.range.end || d.range.end > chunk.text.size()) __builtin_trap();
    }
    std::vector<shlo::Diagnostic> advisories;
    shlo::linter::collectAdvisories(*result.lowered.module, chunk.text, advisories);
    for (const shlo::Diagnostic &d : advisories) {
      if (d.range.begin > d.range.end || d.range.end > chunk.text.size()) __builtin_trap();
      for (const shlo::Fix &fix : d.fixes) {
        if (!shlo::applyFix(chunk.text, fix).ok()) __builtin_trap();
      }
    }
    // Inference is an API of its own: it must not crash on any op either.
    shlo::ir::walk(result.lowered.module->topLevel,
                   [](const shlo::ir::Operation *op) { (void)shlo::verify::inferResultTypes(*op); });
  }
  return 0;
}
