// Full check (parse, lower, verify) of real files: pt_bert.mlir and the whole
// shared conformance tree plus models, each `// -----` chunk on its own as
// `shlo check --split-input-file` does. Run: build/bin/bench_check
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/syntax/SourceFile.h"
#include "semantic/verify/Verifier.h"

namespace {

std::string shared(const std::string &relative) { return std::string(SHLO_SHARED_DIR) + "/" + relative; }

std::string load(const std::string &path) {
  std::string text, error;
  shlo::syntax::readFile(path, text, error);
  return text;
}

size_t checkText(shlo::syntax::Parser &parser, const std::string &text) {
  size_t diagnostics = 0;
  for (const auto &chunk : shlo::analysis::splitInput(text)) {
    diagnostics += shlo::analysis::analyze(parser, chunk.text).diagnostics.size();
  }
  return diagnostics;
}

void checkPtBert(benchmark::State &state) {
  std::string text = load(shared("models/pt_bert.mlir"));
  if (text.empty()) {
    state.SkipWithError("cannot read ../shared/models/pt_bert.mlir");
    return;
  }
  shlo::syntax::Parser parser;
  for (auto _ : state) benchmark::DoNotOptimize(checkText(parser, text));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

/// The phases of checkPtBert on their own: lowering (tree given) and
/// verification (module given), to see where the time goes.
void lowerPtBert(benchmark::State &state) {
  std::string text = load(shared("models/pt_bert.mlir"));
  shlo::syntax::Parser parser;
  shlo::syntax::SyntaxTree tree = parser.parse(text);
  for (auto _ : state) benchmark::DoNotOptimize(shlo::lower::lowerModule(tree, text).diagnostics.size());
}

void verifyPtBert(benchmark::State &state) {
  std::string text = load(shared("models/pt_bert.mlir"));
  shlo::syntax::Parser parser;
  shlo::syntax::SyntaxTree tree = parser.parse(text);
  shlo::lower::LoweredModule lowered = shlo::lower::lowerModule(tree, text);
  for (auto _ : state) {
    std::vector<shlo::Diagnostic> diagnostics;
    shlo::verify::verifyModule(*lowered.module, diagnostics);
    benchmark::DoNotOptimize(diagnostics.size());
  }
}

void checkSharedTree(benchmark::State &state) {
  std::vector<std::string> texts;
  size_t bytes = 0;
  for (const char *folder : {"conformance", "models"}) {
    for (const auto &entry : std::filesystem::recursive_directory_iterator(shared(folder))) {
      if (entry.path().extension() != ".mlir") continue;
      texts.push_back(load(entry.path().string()));
      bytes += texts.back().size();
    }
  }
  if (texts.empty()) {
    state.SkipWithError("cannot read ../shared/conformance");
    return;
  }
  shlo::syntax::Parser parser;
  for (auto _ : state) {
    size_t total = 0;
    for (const std::string &text : texts) total += checkText(parser, text);
    benchmark::DoNotOptimize(total);
  }
  state.counters["files"] = static_cast<double>(texts.size());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
}

BENCHMARK(checkPtBert)->Unit(benchmark::kMillisecond);
BENCHMARK(lowerPtBert)->Unit(benchmark::kMillisecond);
BENCHMARK(verifyPtBert)->Unit(benchmark::kMillisecond);
BENCHMARK(checkSharedTree)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
