// Parse throughput of the tree-sitter-stablehlo grammar, in bytes per second
// (Google Benchmark's bytes_per_second counter), on real exports and the
// largest conformance files. Run: build/bin/bench_parse
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "semantic/syntax/SourceFile.h"
#include "semantic/syntax/SyntaxTree.h"

namespace {

std::string load(const std::string &relative) {
  std::string text, error;
  if (!shlo::syntax::readFile(std::string(SHLO_SHARED_DIR) + "/" + relative, text, error)) return {};
  return text;
}

void parseFile(benchmark::State &state, const std::string &relative) {
  std::string text = load(relative);
  if (text.empty()) {
    state.SkipWithError(("cannot read ../shared/" + relative).c_str());
    return;
  }
  shlo::syntax::Parser parser;
  for (auto _ : state) {
    shlo::syntax::SyntaxTree tree = parser.parse(text);
    benchmark::DoNotOptimize(tree.root());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
  state.counters["MB"] = benchmark::Counter(static_cast<double>(text.size()) / 1e6,
                                              benchmark::Counter::kIsIterationInvariantRate);
}

/// An incremental re-parse after a one-character edit in the middle of the
/// file: what an editor pays per keystroke.
void reparseAfterEdit(benchmark::State &state, const std::string &relative) {
  std::string text = load(relative);
  if (text.empty()) {
    state.SkipWithError(("cannot read ../shared/" + relative).c_str());
    return;
  }
  shlo::syntax::Parser parser;
  size_t at = text.find("stablehlo.add", text.size() / 2);
  if (at == std::string::npos) at = text.size() / 2;
  shlo::syntax::SyntaxTree base = parser.parse(text);
  for (auto _ : state) {
    state.PauseTiming();
    shlo::syntax::SyntaxTree tree = base.copy();
    shlo::syntax::InputEdit edit{};
    edit.startByte = edit.oldEndByte = edit.newEndByte = static_cast<uint32_t>(at);
    tree.edit(edit);  // Same-length replacement: positions unchanged.
    state.ResumeTiming();
    shlo::syntax::SyntaxTree updated = parser.parse(text, &tree);
    benchmark::DoNotOptimize(updated.root());
  }
}

BENCHMARK_CAPTURE(parseFile, pt_bert, std::string("models/pt_bert.mlir"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(parseFile, jax_resnet_50, std::string("models/jax_resnet_50.mlir"))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(parseFile, verify_ops_stablehlo, std::string("conformance/verify/ops_stablehlo.mlir"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(parseFile, largest_conformance_fft, std::string("conformance/testdata/fft_complex128_14_15_16_17.mlir"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(parseFile, print_roundtrip, std::string("conformance/print/ops_stablehlo_roundtrip.mlir"))
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(reparseAfterEdit, pt_bert, std::string("models/pt_bert.mlir"))->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
