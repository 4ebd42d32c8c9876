// In-process figures for issue 14's editor requests on pt_bert, in CPU time
// (bench_lsp measures the round trips through the binary, which on a loaded
// machine mostly measure the scheduler): completion at an operand's `%`,
// an op name and a type, each with its LSP JSON serialised; inlay hints of a
// 60-line range; semantic tokens of the whole file, computed and cached.
#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "ide/Completion.h"
#include "lsp/AssistProtocol.h"
#include "lsp/Snapshot.h"
#include "lsp/ToProtocol.h"

namespace {

using shlo::syntax::PositionEncoding;

const shlo::lsp::Snapshot &bert() {
  static std::shared_ptr<const shlo::lsp::Snapshot> snapshot = [] {
    std::ifstream in(std::string(SHLO_SHARED_DIR) + "/models/pt_bert.mlir", std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return shlo::lsp::buildSnapshot("file:///pt_bert.mlir", 1, s.str());
  }();
  return *snapshot;
}

/// This thread's CPU time in ms: per request, the load of other processes
/// does not count.
double cpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

/// Sets counters p50_ms and p95_ms (CPU time) of the requests timed.
void percentiles(benchmark::State &state, std::vector<double> times) {
  if (times.empty()) return;
  std::sort(times.begin(), times.end());
  auto at = [&times](double p) { return times[static_cast<size_t>(p * static_cast<double>(times.size() - 1) + 0.5)]; };
  state.counters["p50_ms"] = at(0.50);
  state.counters["p95_ms"] = at(0.95);
}

/// Offsets of cursors of one kind, spread over the file (see bench_lsp).
std::vector<uint32_t> cursors(char kind) {
  std::string_view text = bert().file.text();
  std::vector<uint32_t> out;
  for (size_t at = text.find(" = stablehlo."); at != std::string_view::npos; at = text.find(" = stablehlo.", at + 1)) {
    size_t end = text.find('\n', at);
    if (kind == 'n') out.push_back(static_cast<uint32_t>(at + 6));
    if (kind == 'v') {
      size_t use = text.find('%', at);
      if (use < end) out.push_back(static_cast<uint32_t>(use + 1));
    }
    if (kind == 't') {
      size_t colon = text.rfind(" : ", end);
      if (colon > at && colon < end) out.push_back(static_cast<uint32_t>(colon + 3));
    }
  }
  std::vector<uint32_t> spread;
  for (size_t i = 0; i < out.size(); i += std::max<size_t>(out.size() / 100, 1)) spread.push_back(out[i]);
  return spread;
}

void completion(benchmark::State &state, char kind) {
  const shlo::lsp::Snapshot &snapshot = bert();
  std::vector<uint32_t> at = cursors(kind);
  size_t i = 0, items = 0;
  std::vector<double> times;
  for (auto _ : state) {
    double start = cpuMs();
    shlo::ide::CompletionList list = shlo::ide::complete(snapshot, at[i++ % at.size()]);
    items = std::max(items, list.items.size());
    std::string body = shlo::lsp::completionToJson(snapshot, list, PositionEncoding::UTF16, true).dump();
    benchmark::DoNotOptimize(body.data());
    times.push_back(cpuMs() - start);
  }
  state.counters["max_items"] = static_cast<double>(items);
  percentiles(state, times);
}

void BM_CompletionValues(benchmark::State &state) { completion(state, 'v'); }
void BM_CompletionOpNames(benchmark::State &state) { completion(state, 'n'); }
void BM_CompletionTypes(benchmark::State &state) { completion(state, 't'); }

void BM_InlayHints60Lines(benchmark::State &state) {
  const shlo::lsp::Snapshot &snapshot = bert();
  uint32_t lines = snapshot.file.lineCount();
  size_t i = 0;
  std::vector<double> times;
  for (auto _ : state) {
    double start = cpuMs();
    uint32_t first = static_cast<uint32_t>((i++ % 100) * (lines - 60) / 100);
    shlo::syntax::TextRange range{snapshot.file.offset({first, 0}, PositionEncoding::UTF16),
                                  snapshot.file.offset({first + 60, 0}, PositionEncoding::UTF16)};
    std::string body =
        shlo::lsp::inlayHintsToJson(snapshot, shlo::ide::inlayHints(snapshot, range), PositionEncoding::UTF16).dump();
    benchmark::DoNotOptimize(body.data());
    times.push_back(cpuMs() - start);
  }
  percentiles(state, times);
}

void BM_SemanticTokensComputed(benchmark::State &state) {
  const shlo::lsp::Snapshot &snapshot = bert();
  for (auto _ : state) {
    std::vector<uint32_t> data =
        shlo::lsp::encodeSemanticTokens(snapshot.file, shlo::ide::semanticTokens(snapshot), PositionEncoding::UTF16);
    std::string body = shlo::lsp::json{{"resultId", "1"}, {"data", data}}.dump();
    benchmark::DoNotOptimize(body.data());
  }
}

/// What the server does for a repeated request: the snapshot's cached
/// tokens, serialised.
void BM_SemanticTokensCached(benchmark::State &state) {
  const shlo::lsp::Snapshot &snapshot = bert();
  for (auto _ : state) {
    std::string body = shlo::lsp::json{{"resultId", "1"}, {"data", snapshot.semanticTokens(PositionEncoding::UTF16)}}.dump();
    benchmark::DoNotOptimize(body.data());
  }
  state.counters["integers"] = static_cast<double>(snapshot.semanticTokens(PositionEncoding::UTF16).size());
}

BENCHMARK(BM_CompletionValues)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompletionOpNames)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompletionTypes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_InlayHints60Lines)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SemanticTokensComputed)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SemanticTokensCached)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
