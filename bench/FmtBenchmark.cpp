// The formatter on the shared models: a whole formatDocument (parse, lower,
// print, and the round-trip check that parses and lowers the output again)
// and without the check, plus its phases on their own (parse; lowering of a
// parsed tree; printing of a lowered module), so one run shows where the
// time goes. Issue 12's figure: pt_bert.mlir in <= 50 ms.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "formatter/Formatter.h"
#include "formatter/Printer.h"
#include "semantic/lower/Lowering.h"
#include "semantic/syntax/SyntaxTree.h"

namespace {

std::string model(const char *name) {
  std::ifstream in(std::string(SHLO_SHARED_DIR) + "/models/" + name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void formatModel(benchmark::State &state, const char *name, bool check) {
  std::string text = model(name);
  shlo::formatter::FormatOptions options;
  options.checkRoundTrip = check;
  for (auto _ : state) {
    shlo::formatter::FormatResult result = shlo::formatter::formatDocument(text, options);
    if (!result.ok) state.SkipWithError(result.error.c_str());
    benchmark::DoNotOptimize(result.text.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

void BM_FormatPtBert(benchmark::State &state) { formatModel(state, "pt_bert.mlir", true); }
void BM_FormatPtBertUnchecked(benchmark::State &state) { formatModel(state, "pt_bert.mlir", false); }
void BM_FormatResnet50(benchmark::State &state) { formatModel(state, "jax_resnet_50.mlir", true); }

void BM_PtBertParse(benchmark::State &state) {
  std::string text = model("pt_bert.mlir");
  shlo::syntax::Parser parser;
  for (auto _ : state) benchmark::DoNotOptimize(parser.parse(text).valid());
}

void BM_PtBertLower(benchmark::State &state) {
  std::string text = model("pt_bert.mlir");
  shlo::syntax::Parser parser;
  shlo::syntax::SyntaxTree tree = parser.parse(text);
  for (auto _ : state) benchmark::DoNotOptimize(shlo::lower::lowerModule(tree, text).diagnostics.size());
}

void BM_PtBertPrint(benchmark::State &state) {
  std::string text = model("pt_bert.mlir");
  shlo::syntax::Parser parser;
  shlo::syntax::SyntaxTree tree = parser.parse(text);
  shlo::lower::LoweredModule lowered = shlo::lower::lowerModule(tree, text);
  for (auto _ : state) benchmark::DoNotOptimize(shlo::formatter::printModule(*lowered.module, text).size());
}

BENCHMARK(BM_FormatPtBert)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PtBertParse)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PtBertLower)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PtBertPrint)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FormatPtBertUnchecked)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FormatResnet50)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
