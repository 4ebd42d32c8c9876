// The stages of one edit as the language server runs them, in process (ms,
// p50 and p95): the incremental parse alone, the snapshot (parse, lowering,
// verification), lint, the publishDiagnostics message's text, then what
// follows the publication: the name index (built by the first request that
// needs it) and the release of the previous snapshot.
// Times are the thread's CPU time; the snapshot's includes writing the
// edited text (lsp/TextPool.h's splicedText, as the server's Document). Edits are bench_lsp's: a `1` typed after a result name in the middle of
// pt_bert's @main and removed again, the same in a helper function, and a
// `(` that leaves a syntax error in @main.
// Usage: bench_lsp_stages [edits per kind] [scenario]; a scenario (`full`,
// `main`, `helper`, `syntax`, `big`) runs that one alone, for a profiler.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "ide/LintDiagnostics.h"
#include "lsp/DiagnosticsToProtocol.h"
#include "lsp/Snapshot.h"
#include "lsp/TextPool.h"
#include "lsp/ToProtocol.h"
#include "semantic/verify/Verifier.h"

namespace {

using namespace shlo;

/// This thread's CPU time, not wall time: the figures stay comparable on a
/// busy machine (the stages run on one thread, as in the server).
struct Clock {
  using time_point = double;
  static double now() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
  }
};

double msSince(double start) { return Clock::now() - start; }

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  size_t index = static_cast<size_t>(p / 100.0 * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

syntax::Point pointAt(std::string_view text, uint32_t offset) {
  syntax::Point point{0, 0};
  size_t lineStart = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  point.row = static_cast<uint32_t>(std::count(text.begin(), text.begin() + offset, '\n'));
  point.column = lineStart == std::string_view::npos ? offset : offset - static_cast<uint32_t>(lineStart) - 1;
  return point;
}

struct Stages {
  std::map<std::string, std::vector<double>> times;
  std::vector<std::string> order;
  void add(const std::string &name, double ms) {
    if (!times.count(name)) order.push_back(name);
    times[name].push_back(ms);
  }
};

/// Alternately types `typed` at `at` and removes it, `count` times.
void run(const char *title, std::string text, uint32_t at, const char *typed, int count) {
  auto snapshot = lsp::buildSnapshot("file:///tmp/stages.mlir", 1, lsp::copyText(text));
  ide::lintDiagnostics(*snapshot);
  syntax::Parser parser;
  Stages stages;
  lsp::ClientCapabilities client;
  size_t reused = 0, relowered = 0, reusedOperations = 0, loweredOperations = 0, reverified = 0, provisional = 0;
  for (int i = 0; i < count; ++i) {
    bool insert = i % 2 == 0;
    uint32_t length = static_cast<uint32_t>(std::strlen(typed));
    syntax::InputEdit edit;
    edit.startByte = at;
    edit.oldEndByte = insert ? at : at + length;
    edit.newEndByte = insert ? at + length : at;
    edit.startPoint = pointAt(text, at);
    edit.oldEndPoint = pointAt(text, edit.oldEndByte);
    text.replace(at, edit.oldEndByte - at, insert ? typed : "");
    edit.newEndPoint = pointAt(text, edit.newEndByte);
    syntax::SyntaxTree edited = snapshot->tree.copy();
    edited.edit(edit);
    auto start = Clock::now();
    { syntax::SyntaxTree tree = parser.parse(text, &edited); }
    stages.add("incremental parse alone", msSince(start));
    auto total = Clock::now();
    start = Clock::now();
    // The text the server's Document writes for the edit, which the
    // snapshot shares.
    auto spliced =
        lsp::splicedText(snapshot->file.text(), edit.startByte, edit.oldEndByte, insert ? typed : "");
    auto fresh = lsp::buildSnapshot("file:///tmp/stages.mlir", i + 2, std::move(spliced), snapshot.get(), &edited,
                                    {edit});
    stages.add("snapshot (parse, lower, verify)", msSince(start));
    start = Clock::now();
    ide::lintDiagnostics(*fresh);
    stages.add("lint", msSince(start));
    start = Clock::now();
    std::string published = lsp::publishDiagnosticsText(*fresh, syntax::PositionEncoding::UTF16, client);
    stages.add("publishDiagnostics message", msSince(start));
    stages.add("total to publication", msSince(total));
    // After the publication, as the server does: the first request builds it.
    start = Clock::now();
    fresh->index();
    stages.add("name index (first request)", msSince(start));
    start = Clock::now();
    snapshot = fresh;
    stages.add("release of the previous snapshot", msSince(start));
    if (fresh->provisional()) {
      // The server confirms a provisional snapshot once the typing pauses,
      // off the edit's path: a full analysis (its base stays provisional
      // here, as when the typing goes on).
      ++provisional;
      start = Clock::now();
      auto exact = lsp::buildSnapshot("file:///tmp/stages.mlir", i + 2, text);
      ide::lintDiagnostics(*exact);
      stages.add("confirmation (full, after the edit)", msSince(start));
    }
    reused += fresh->stats.reused;
    relowered += fresh->stats.relowered.size();
    reusedOperations += fresh->stats.reusedOperations;
    loweredOperations += fresh->stats.loweredOperations;
    reverified += fresh->stats.reverifiedOperations;
  }
  std::printf("%s (%d edits; functions reused %zu, relowered %zu; in those, ops copied %zu, lowered %zu, verified "
              "again %zu; provisional %zu):\n",
              title, count, reused, relowered, reusedOperations, loweredOperations, reverified, provisional);
  for (const std::string &name : stages.order) {
    std::printf("  %-40s p50 %7.2f ms  p95 %7.2f ms\n", name.c_str(), percentile(stages.times[name], 50),
                percentile(stages.times[name], 95));
  }
}

/// The stages of a full analysis of `text`, for scale.
void full(std::string_view text, int count) {
  Stages stages;
  syntax::Parser parser;
  for (int i = 0; i < count; ++i) {
    auto start = Clock::now();
    syntax::SyntaxTree tree = parser.parse(text);
    stages.add("parse", msSince(start));
    start = Clock::now();
    lower::LoweredModule lowered = lower::lowerModule(tree, text);
    stages.add("lower", msSince(start));
    start = Clock::now();
    std::vector<Diagnostic> found;
    verify::verifyModule(*lowered.module, found);
    stages.add("verify", msSince(start));
    start = Clock::now();
    ide::SymbolIndex index = ide::SymbolIndex::build(*lowered.module);
    stages.add("name index", msSince(start));
    start = Clock::now();
    std::vector<Diagnostic> lint;
    linter::lintModule(*lowered.module, text, {}, lint);
    stages.add("lint", msSince(start));
    start = Clock::now();
    lowered = lower::LoweredModule();
    stages.add("release of the module", msSince(start));
  }
  std::printf("full analysis of pt_bert (%d times):\n", count);
  for (const std::string &name : stages.order) {
    std::printf("  %-40s p50 %7.2f ms  p95 %7.2f ms\n", name.c_str(), percentile(stages.times[name], 50),
                percentile(stages.times[name], 95));
  }
}

uint32_t resultNameEnd(const std::string &text, size_t from) {
  size_t equals = text.find(" = ", from);
  if (equals == std::string::npos) std::exit(1);
  return static_cast<uint32_t>(equals);
}

}  // namespace

int main(int argc, char **argv) {
  int count = argc > 1 ? std::atoi(argv[1]) : 40;
  std::string only = argc > 2 ? argv[2] : "";
  auto wanted = [&](const char *scenario) { return only.empty() || only == scenario; };
  std::ifstream in(std::string(SHLO_SHARED_DIR) + "/models/pt_bert.mlir", std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  std::string bert = buffer.str();
  if (bert.empty()) return 1;
  if (wanted("full")) full(bert, count / 2);
  if (wanted("main")) run("edit in @main", bert, resultNameEnd(bert, bert.size() / 2), "1", count);
  if (wanted("helper")) {
    run("edit in a helper", bert, resultNameEnd(bert, bert.find("func.func private @_take(")), "1", count);
  }
  if (wanted("syntax")) run("syntax error in @main", bert, resultNameEnd(bert, bert.size() / 2), "(", count);
  if (!wanted("big")) return 0;
  // bench_lsp's file of tens of MB: pt_bert and a 5M-element constant.
  constexpr size_t kElements = 5'000'000;
  std::string big = bert.substr(0, bert.rfind('}'));
  big += "  func.func private @weights() -> tensor<" + std::to_string(kElements) +
         "xf32> {\n    %w = stablehlo.constant dense<\"0x";
  big.reserve(big.size() + kElements * 8 + 200);
  for (size_t i = 0; i < kElements; ++i) big += "0000803F";
  big += "\"> : tensor<" + std::to_string(kElements) + "xf32>\n    return %w : tensor<" + std::to_string(kElements) +
         "xf32>\n  }\n}\n";
  run("40 MB file, edit in @main", big, resultNameEnd(big, bert.size() / 2), "1", count);
  return 0;
}
