// The interpreter's heavy ops on the shapes of the bundled models (ResNet-50's
// convolutions and max pooling, the chess transformer's matrix products),
// through their narrow interface (interpreter/Ops.h). Counters: GFLOP/s
// (2 per multiply-add). Run: build/bin/bench_kernels [--benchmark_filter=...]
// The `threads` argument is `shlo run --threads`.
#include <benchmark/benchmark.h>

#include "interpreter/ElidedValues.h"
#include "interpreter/Ops.h"
#include "interpreter/kernels/Parallel.h"

namespace {

using namespace shlo;
using namespace shlo::interpreter;

ir::Type f32Tensor(std::vector<int64_t> shape) {
  return ir::Type::tensor(std::move(shape), ir::ElementType::floating(ir::FloatFormat::F32));
}

Tensor random(std::vector<int64_t> shape, uint64_t salt) {
  return makeElidedValue(f32Tensor(std::move(shape)), {ElidedFill::Mode::Random, 1}, salt);
}

/// NHWC x HWIO -> NHWC, stride 1 or 2, "same" padding, as in ResNet-50.
void convolution(benchmark::State &state, int64_t size, int64_t window, int64_t in, int64_t out, int64_t stride) {
  setKernelThreads(static_cast<int>(state.range(0)));
  Tensor lhs = random({1, size, size, in}, 1), rhs = random({window, window, in, out}, 2);
  ConvolutionParams p;
  p.windowStrides = {stride, stride};
  int64_t pad = (window - 1) / 2;
  p.padding = {{pad, pad}, {pad, pad}};
  ConvolutionDimensions &d = p.dimensions;
  d.inputBatch = 0, d.inputSpatial = {1, 2}, d.inputFeature = 3;
  d.kernelSpatial = {0, 1}, d.kernelInputFeature = 2, d.kernelOutputFeature = 3;
  d.outputBatch = 0, d.outputSpatial = {1, 2}, d.outputFeature = 3;
  int64_t outSize = (size + 2 * pad - window) / stride + 1;
  ir::Type resultType = f32Tensor({1, outSize, outSize, out});
  for (auto _ : state) benchmark::DoNotOptimize(evalConvolution(lhs, rhs, p, resultType));
  double flops = 2.0 * outSize * outSize * out * window * window * in;
  state.counters["GFLOP/s"] = benchmark::Counter(flops * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
  setKernelThreads(1);
}

void conv7x7Stem(benchmark::State &s) { convolution(s, 224, 7, 3, 64, 2); }
void conv3x3(benchmark::State &s) { convolution(s, 56, 3, 64, 64, 1); }
void conv1x1(benchmark::State &s) { convolution(s, 56, 1, 64, 256, 1); }

void dotGeneral(benchmark::State &state) {
  setKernelThreads(static_cast<int>(state.range(0)));
  // searchless_chess_9m's feed-forward product: 33x79 tokens of width 256 by 256x1024.
  Tensor lhs = random({33, 79, 256}, 3), rhs = random({256, 1024}, 4);
  ir::Type resultType = f32Tensor({33, 79, 1024});
  for (auto _ : state) benchmark::DoNotOptimize(evalDotGeneral(lhs, rhs, {}, {}, {2}, {0}, resultType));
  double flops = 2.0 * 33 * 79 * 256 * 1024;
  state.counters["GFLOP/s"] = benchmark::Counter(flops * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
  setKernelThreads(1);
}

void maxPool(benchmark::State &state) {
  // ResNet-50's 3x3 stride-2 max pooling of 1x112x112x64.
  Tensor input = random({1, 112, 112, 64}, 5);
  Tensor init = makeElidedValue(f32Tensor({}), {ElidedFill::Mode::Zeros, 0}, 0);
  Window w;
  w.windowDimensions = {1, 3, 3, 1};
  w.windowStrides = {1, 2, 2, 1};
  w.baseDilations = {1, 1, 1, 1};
  w.windowDilations = {1, 1, 1, 1};
  w.padding = {{0, 0}, {1, 1}, {1, 1}, {0, 0}};
  BodyFn unused = [](const std::vector<Tensor> &) -> std::vector<Tensor> { return {}; };
  std::vector<ir::Type> resultTypes = {f32Tensor({1, 56, 56, 64})};
  for (auto _ : state) {
    benchmark::DoNotOptimize(evalReduceWindow({input}, {init}, w, unused, "stablehlo.maximum", resultTypes));
  }
  state.counters["Mwindows/s"] =
      benchmark::Counter(56.0 * 56 * 64 * 1e-6, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

BENCHMARK(conv7x7Stem)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(conv3x3)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(conv1x1)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(dotGeneral)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(maxPool)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
