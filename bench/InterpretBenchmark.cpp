// The interpreter on the shared models' @main with zero-filled arguments:
// time per run and peak tensor memory above the arguments (Tensor's live-byte
// counter), the figure that freeing values after their last use keeps near
// the live set. A model the interpreter cannot run yet (elided constants) is
// reported as skipped with the reason. pt_bert_observed runs with an observer
// that counts ops. runPhase/<model>/<threads> times what `shlo run
// --elided=random:0 --timing` calls the run phase: elided weights filled,
// constants made and convolution weights and primitives prepared before
// timing, then one run of @main per iteration (process CPU and wall time).
// Run: build/bin/bench_interpret.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "interpreter/ElidedValues.h"
#include "interpreter/Interpreter.h"
#include "interpreter/kernels/Parallel.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/syntax/SourceFile.h"

namespace {

using namespace shlo;

/// Counts ops: the cheapest observer, for what observing costs per op.
class CountingObserver : public interpreter::Observer {
 public:
  interpreter::ObserverCommand beforeOp(const interpreter::FrameStack &) override {
    ++ops;
    return interpreter::ObserverCommand::Continue;
  }
  int64_t ops = 0;
};

/// The shared model's analysis (kept in `analysis`) and its @main; null
/// (the benchmark skipped with the reason) when it cannot be read or has no @main.
const ir::Operation *loadModel(benchmark::State &state, const std::string &model, analysis::Analysis &analysis) {
  std::string path = std::string(SHLO_SHARED_DIR) + "/models/" + model + ".mlir", text, error;
  if (!syntax::readFile(path, text, error)) {
    state.SkipWithError(("cannot read " + path).c_str());
    return nullptr;
  }
  syntax::Parser parser;
  analysis = analysis::analyze(parser, text);
  const ir::Operation *main = interpreter::findFunction(*analysis.lowered.module, "main");
  if (!main || main->regions.empty() || main->regions[0]->blocks.empty()) {
    state.SkipWithError("no @main");
    return nullptr;
  }
  return main;
}

void interpretModel(benchmark::State &state, const std::string &model, bool observed = false) {
  analysis::Analysis analysis;
  const ir::Operation *main = loadModel(state, model, analysis);
  if (!main) return;
  const ir::Module &module = *analysis.lowered.module;
  std::vector<interpreter::Value> arguments;
  int64_t argumentBytes = 0;
  for (const ir::Value *argument : main->regions[0]->blocks[0]->arguments) {
    interpreter::Tensor t(argument->type);
    argumentBytes += t.numElements() * static_cast<int64_t>(interpreter::storageSize(t.kind()));
    arguments.emplace_back(std::move(t));
  }
  int64_t peak = 0;
  for (auto _ : state) {
    interpreter::Interpreter interp(module);
    CountingObserver observer;
    if (observed) interp.setObserver(&observer);
    int64_t before = interpreter::Tensor::liveBytes();
    interpreter::Tensor::resetPeakBytes();
    interpreter::FunctionOutcome outcome = interp.run("main", arguments);
    if (outcome.status != interpreter::FunctionOutcome::Status::Passed) {
      state.SkipWithError((std::string(interpreter::statusName(outcome.status)) + ": " + outcome.message).c_str());
      return;
    }
    peak = std::max(peak, interpreter::Tensor::peakBytes() - before);
    if (observed) state.counters["ops"] = static_cast<double>(observer.ops);
  }
  state.counters["arguments_MiB"] = static_cast<double>(argumentBytes) / (1 << 20);
  state.counters["peak_above_arguments_MiB"] = static_cast<double>(peak) / (1 << 20);
}

void runPhase(benchmark::State &state, const std::string &model) {
  analysis::Analysis analysis;
  const ir::Operation *main = loadModel(state, model, analysis);
  if (!main) return;
  const ir::Module &module = *analysis.lowered.module;
  interpreter::setKernelThreads(static_cast<int>(state.range(0)));
  interpreter::InterpreterOptions options;
  options.elided = {interpreter::ElidedFill::Mode::Random, 0};
  std::vector<interpreter::Value> arguments;
  uint64_t salt = 0;
  for (const ir::Value *argument : main->regions[0]->blocks[0]->arguments) {
    arguments.emplace_back(interpreter::makeElidedValue(argument->type, options.elided, ++salt));
  }
  interpreter::Interpreter interp(module, options);
  interp.prepareConstants();
  for (auto _ : state) {
    interpreter::FunctionOutcome outcome = interp.run("main", arguments);
    if (outcome.status != interpreter::FunctionOutcome::Status::Passed) {
      state.SkipWithError((std::string(interpreter::statusName(outcome.status)) + ": " + outcome.message).c_str());
      return;
    }
  }
  interpreter::setKernelThreads(1);
}

}  // namespace

BENCHMARK_CAPTURE(runPhase, jax_resnet_50, std::string("jax_resnet_50"))
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime()
    ->MinTime(2.0);
BENCHMARK_CAPTURE(interpretModel, pt_bert, std::string("pt_bert"))->Unit(benchmark::kMillisecond)->Iterations(3);
// The same with an observer that counts ops (what a debugger's hooks cost).
BENCHMARK_CAPTURE(interpretModel, pt_bert_observed, std::string("pt_bert"), true)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
BENCHMARK_CAPTURE(interpretModel, searchless_chess_9m, std::string("searchless_chess_9m"))
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(interpretModel, jax_resnet_50, std::string("jax_resnet_50"))->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
