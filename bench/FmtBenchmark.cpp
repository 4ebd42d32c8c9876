// The formatter on the shared models: a whole formatDocument (parse, lower,
// print, and the round-trip check that parses and lowers the output again)
// and the printing alone. Issue 12's figure: pt_bert.mlir in <= 50 ms.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "formatter/Formatter.h"

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

BENCHMARK(BM_FormatPtBert)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FormatPtBertUnchecked)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FormatResnet50)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
