// The kernel library against bare libraries, in one run, as ratios: each
// heavy op through the interpreter's narrow interface (interpreter/Ops.h,
// kernel path: allocation of the result, layout handling and finalize
// included) beside the same work done directly by oneDNN (primitive and
// reordered weights made before timing), Eigen's vectorised loop, or a
// memory copy; reductions beside the reference path's typed loop they
// replace. Shapes: the bundled models' (ResNet-50's convolutions and last
// pooling, searchless-chess's feed-forward products, softmax and layer-norm
// reductions and silu, BERT's 7-row products); fused elementwise chains
// beside the same ops run one by one.
//
// Run: build/bin/bench_kernels [--benchmark_filter=...]. Times are
// process CPU time (all threads) and wall time; on a shared machine the CPU
// time is the steadier figure. The table at the end gives, per pair,
// baseline time / kernel time (1.0: as fast as the baseline).
#include <benchmark/benchmark.h>

#include <malloc.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <cstring>
#include <iostream>
#include <map>
#include <optional>
#include <unordered_map>
#include <oneapi/dnnl/dnnl.hpp>
#include <vector>

#include <Eigen/Core>

#include "interpreter/ElidedValues.h"
#include "interpreter/Ops.h"
#include "interpreter/kernels/Fused.h"
#include "interpreter/kernels/KernelPath.h"
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

void flopsCounter(benchmark::State &state, double flops) {
  state.counters["GFLOP/s"] = benchmark::Counter(flops * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
}

/// oneDNN runs on OpenMP; the library sets the same count before each call.
void setThreads(benchmark::State &state) {
  setKernelThreads(static_cast<int>(state.range(0)));
  omp_set_num_threads(static_cast<int>(state.range(0)));
}

// ---- Matrix products ----------------------------------------------------------

struct Gemm {
  int64_t m, k, n;
};
const std::map<std::string, Gemm> kGemms = {
    {"gemm1024", {1024, 1024, 1024}},       // square
    {"chessUp", {33 * 79, 256, 1024}},      // searchless_chess_9m feed-forward, up
    {"chessDown", {33 * 79, 1024, 256}},    // and down
    {"bert7x768x3072", {7, 768, 3072}},     // pt_bert's 7-token products
    {"bert7x3072x768", {7, 3072, 768}},
};

void kernelGemm(benchmark::State &state, Gemm g) {
  setThreads(state);
  Tensor lhs = random({g.m, g.k}, 3), rhs = random({g.k, g.n}, 4);
  ir::Type resultType = f32Tensor({g.m, g.n});
  for (auto _ : state) benchmark::DoNotOptimize(evalDotGeneral(lhs, rhs, {}, {}, {1}, {0}, resultType));
  flopsCounter(state, 2.0 * g.m * g.k * g.n);
}

void onednnGemm(benchmark::State &state, Gemm g) {
  setThreads(state);
  using dnnl::memory;
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  memory::desc a({g.m, g.k}, memory::data_type::f32, memory::format_tag::ab);
  memory::desc b({g.k, g.n}, memory::data_type::f32, memory::format_tag::ab);
  memory::desc c({g.m, g.n}, memory::data_type::f32, memory::format_tag::ab);
  dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(a, b, c), engine);
  dnnl::matmul prim(pd);
  Tensor lhs = random({g.m, g.k}, 3), rhs = random({g.k, g.n}, 4);
  std::vector<float> out(static_cast<size_t>(g.m * g.n));
  memory am(a, engine, lhs.data<float>()), bm(b, engine, rhs.data<float>()), cm(c, engine, out.data());
  for (auto _ : state) {
    prim.execute(stream, {{DNNL_ARG_SRC, am}, {DNNL_ARG_WEIGHTS, bm}, {DNNL_ARG_DST, cm}});
    stream.wait();
  }
  flopsCounter(state, 2.0 * g.m * g.k * g.n);
}

// ---- Convolutions (NHWC x HWIO, "same" padding, as ResNet-50) -----------------

struct Conv {
  int64_t size, window, in, out, stride;
  int64_t pad() const { return (window - 1) / 2; }
  int64_t outSize() const { return (size + 2 * pad() - window) / stride + 1; }
  double flops() const { return 2.0 * outSize() * outSize() * out * window * window * in; }
};
const std::map<std::string, Conv> kConvs = {
    {"conv7x7s2stem", {224, 7, 3, 64, 2}},
    {"conv3x3x64", {56, 3, 64, 64, 1}},
    {"conv1x1x64to256", {56, 1, 64, 256, 1}},
};

ConvolutionParams nhwcParams(const Conv &c) {
  ConvolutionParams p;
  p.windowStrides = {c.stride, c.stride};
  p.padding = {{c.pad(), c.pad()}, {c.pad(), c.pad()}};
  ConvolutionDimensions &d = p.dimensions;
  d.inputBatch = 0, d.inputSpatial = {1, 2}, d.inputFeature = 3;
  d.kernelSpatial = {0, 1}, d.kernelInputFeature = 2, d.kernelOutputFeature = 3;
  d.outputBatch = 0, d.outputSpatial = {1, 2}, d.outputFeature = 3;
  return p;
}

void kernelConv(benchmark::State &state, Conv c) {
  setThreads(state);
  Tensor lhs = random({1, c.size, c.size, c.in}, 1), rhs = random({c.window, c.window, c.in, c.out}, 2);
  ConvolutionParams p = nhwcParams(c);
  ir::Type resultType = f32Tensor({1, c.outSize(), c.outSize(), c.out});
  // The models' weights are constants: the interpreter puts them in
  // oneDNN's layout before the run (Interpreter::prepareConstants), as the
  // baseline below does before timing.
  prepareConvolutionKernel(lhs.type(), rhs, p, resultType);
  for (auto _ : state) benchmark::DoNotOptimize(evalConvolution(lhs, rhs, p, resultType));
  flopsCounter(state, c.flops());
}

/// The operands of a convolution followed by ResNet's inference batch norm
/// (per-feature mean, scale, offset) and ReLU (maximum with `zero`).
struct ConvBnRelu {
  explicit ConvBnRelu(const Conv &c)
      : lhs(random({1, c.size, c.size, c.in}, 1)), rhs(random({c.window, c.window, c.in, c.out}, 2)),
        mean(random({c.out}, 3)), scale(random({c.out}, 4)), offset(random({c.out}, 5)),
        zero(makeElidedValue(f32Tensor({}), {ElidedFill::Mode::Zeros, 0}, 0)), p(nhwcParams(c)),
        resultType(f32Tensor({1, c.outSize(), c.outSize(), c.out})) {}
  Tensor lhs, rhs, mean, scale, offset, zero;
  ConvolutionParams p;
  ir::Type resultType;
};

/// The convolution with ResNet's inference batch norm and ReLU as the
/// interpreter runs the chain (eval/ConvolutionChains.h): subtract,
/// multiply and add per feature as oneDNN post-ops, then the maximum's own
/// kernel in place (oneDNN's ReLU would turn NaN into 0).
void kernelConvBnRelu(benchmark::State &state, Conv c) {
  setThreads(state);
  ConvBnRelu in(c);
  auto &[lhs, rhs, mean, scale, offset, zero, p, resultType] = in;
  using K = ConvolutionPostOp::Kind;
  std::vector<ConvolutionPostOp> postOps = {
      {K::Subtract, false, mean.data<float>()}, {K::Multiply, false, scale.data<float>()}, {K::Add, false, offset.data<float>()}};
  prepareConvolutionKernel(lhs.type(), rhs, p, resultType, postOps);
  for (auto _ : state) {
    std::optional<Tensor> out = evalConvolutionWithPostOps(lhs, rhs, p, resultType, postOps);
    if (!out) {
      state.SkipWithError("oneDNN declined the post-ops");
      return;
    }
    BufferOffer offer(&*out);
    benchmark::DoNotOptimize(evalBinaryWithBroadcast(evalMaximum, *out, zero, {}, false, resultType));
  }
  flopsCounter(state, c.flops());
}

/// The same ops one by one, as without the chain: the convolution, then
/// subtract, multiply, add and maximum, each a pass in place.
void oneByOneConvBnRelu(benchmark::State &state, Conv c) {
  setThreads(state);
  ConvBnRelu in(c);
  auto &[lhs, rhs, mean, scale, offset, zero, p, resultType] = in;
  prepareConvolutionKernel(lhs.type(), rhs, p, resultType);
  const Shape feature = {3};
  for (auto _ : state) {
    Tensor t = evalConvolution(lhs, rhs, p, resultType);
    for (auto [kernel, values] : {std::pair<BinaryKernel, const Tensor *>{evalSubtract, &mean},
                                  {evalMultiply, &scale}, {evalAdd, &offset}}) {
      BufferOffer offer(&t);
      t = evalBinaryWithBroadcast(kernel, t, *values, feature, false, resultType);
    }
    BufferOffer offer(&t);
    benchmark::DoNotOptimize(evalBinaryWithBroadcast(evalMaximum, t, zero, {}, false, resultType));
  }
  flopsCounter(state, c.flops());
}

/// oneDNN's best: every layout its own choice, input and weights reordered
/// before timing, only the convolution timed; with `bnRelu`, the batch
/// norm's three per-feature post-ops and oneDNN's own ReLU.
void onednnConvWith(benchmark::State &state, Conv c, bool bnRelu) {
  setThreads(state);
  using dnnl::memory;
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  memory::dims src = {1, c.in, c.size, c.size}, weights = {c.out, c.in, c.window, c.window},
               dst = {1, c.out, c.outSize(), c.outSize()};
  auto any = [](const memory::dims &dims) { return memory::desc(dims, memory::data_type::f32, memory::format_tag::any); };
  memory::desc perFeature({1, c.out, 1, 1}, memory::data_type::f32, memory::format_tag::abcd);
  dnnl::primitive_attr attr;
  if (bnRelu) {
    dnnl::post_ops ops;
    for (dnnl::algorithm a : {dnnl::algorithm::binary_sub, dnnl::algorithm::binary_mul, dnnl::algorithm::binary_add}) {
      ops.append_binary(a, perFeature);
    }
    ops.append_eltwise(1.0f, dnnl::algorithm::eltwise_relu, 0.0f, 0.0f);
    attr.set_post_ops(ops);
  }
  dnnl::convolution_forward::primitive_desc pd(
      dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, any(src),
                                      any(weights), any(dst), {c.stride, c.stride}, {c.pad(), c.pad()},
                                      {c.pad(), c.pad()}),
      attr, engine);
  dnnl::convolution_forward prim(pd);
  memory sm(pd.src_desc(), engine), wm(pd.weights_desc(), engine), dm(pd.dst_desc(), engine);
  std::memset(sm.get_data_handle(), 0, pd.src_desc().get_size());
  std::memset(wm.get_data_handle(), 0, pd.weights_desc().get_size());
  std::unordered_map<int, memory> args = {{DNNL_ARG_SRC, sm}, {DNNL_ARG_WEIGHTS, wm}, {DNNL_ARG_DST, dm}};
  std::vector<Tensor> vectors;
  for (int i = 0; bnRelu && i < 3; ++i) {
    vectors.push_back(random({c.out}, 3 + i));
    args.emplace(DNNL_ARG_ATTR_MULTIPLE_POST_OP(i) | DNNL_ARG_SRC_1, memory(perFeature, engine, vectors.back().data<float>()));
  }
  for (auto _ : state) {
    prim.execute(stream, args);
    stream.wait();
  }
  state.SetLabel(pd.impl_info_str());
  flopsCounter(state, c.flops());
}
void onednnConv(benchmark::State &state, Conv c) { onednnConvWith(state, c, false); }
void onednnConvBnRelu(benchmark::State &state, Conv c) { onednnConvWith(state, c, true); }

// ---- Elementwise on 16M f32 -------------------------------------------------------

constexpr int64_t kElements = int64_t{1} << 24;

void kernelExp(benchmark::State &state) {
  setThreads(state);
  Tensor x = random({kElements}, 5);
  ir::Type type = f32Tensor({kElements});
  for (auto _ : state) benchmark::DoNotOptimize(evalExponential(x, type));
  state.SetBytesProcessed(state.iterations() * kElements * 8);
}

/// Eigen's vectorised exp (SSE2 here: the build has no -march) into a
/// buffer made before timing.
void eigenExp(benchmark::State &state) {
  Tensor x = random({kElements}, 5);
  std::vector<float> out(static_cast<size_t>(kElements));
  Eigen::Map<const Eigen::ArrayXf> in(x.data<float>(), kElements);
  Eigen::Map<Eigen::ArrayXf> result(out.data(), kElements);
  for (auto _ : state) {
    result = in.exp();
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kElements * 8);
}

void kernelAdd(benchmark::State &state) {
  setThreads(state);
  Tensor x = random({kElements}, 6), y = random({kElements}, 7);
  ir::Type type = f32Tensor({kElements});
  for (auto _ : state) benchmark::DoNotOptimize(evalAdd(x, y, type));
  state.SetBytesProcessed(state.iterations() * kElements * 12);
}

/// Memory bandwidth: copying 16M floats into a buffer made before timing
/// (what add must at least move, less one operand).
void copyBandwidth(benchmark::State &state) {
  Tensor x = random({kElements}, 6);
  std::vector<float> out(static_cast<size_t>(kElements));
  for (auto _ : state) {
    std::memcpy(out.data(), x.data<float>(), kElements * sizeof(float));
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * kElements * 8);
}

// ---- Reductions -------------------------------------------------------------------

struct Reduction {
  std::vector<int64_t> shape, dims;
  const char *body;
  float init;
};
const std::map<std::string, Reduction> kReductions = {
    {"chessSoftmaxMax", {{33, 8, 79, 79}, {3}, "stablehlo.maximum", -INFINITY}},  // attention rows
    {"chessSoftmaxSum", {{33, 8, 79, 79}, {3}, "stablehlo.add", 0.0f}},
    {"chessLayerNormSum", {{33, 79, 256}, {2}, "stablehlo.add", 0.0f}},
    {"globalPool7x7x2048", {{1, 7, 7, 2048}, {1, 2}, "stablehlo.add", 0.0f}},  // ResNet-50's last pooling
};

/// reduce with a one-op body on `path`: the kernels, or the reference
/// path's typed loop (the same bits: the baseline is the loop it replaces).
void reduceOn(benchmark::State &state, const Reduction &r, KernelPath path) {
  setThreads(state);
  Tensor x = random(r.shape, 8);
  Tensor init = makeElidedValue(f32Tensor({}), {ElidedFill::Mode::Zeros, 0}, 0);
  init.data<float>()[0] = r.init;
  std::vector<int64_t> resultShape;
  for (size_t d = 0; d < r.shape.size(); ++d) {
    if (std::find(r.dims.begin(), r.dims.end(), static_cast<int64_t>(d)) == r.dims.end()) resultShape.push_back(r.shape[d]);
  }
  BodyFn body = [](const std::vector<Tensor> &) -> std::vector<Tensor> { throw std::logic_error("one-op body"); };
  setKernelPath(path);
  for (auto _ : state) {
    benchmark::DoNotOptimize(evalReduce({x}, {init}, r.dims, body, r.body, {f32Tensor(resultShape)}));
  }
  setKernelPath(KernelPath::Kernels);
  state.SetBytesProcessed(state.iterations() * x.numElements() * 4);
}
void kernelReduce(benchmark::State &state, Reduction r) { reduceOn(state, r, KernelPath::Kernels); }
void referenceReduce(benchmark::State &state, Reduction r) { reduceOn(state, r, KernelPath::Reference); }

// ---- Fused elementwise chains --------------------------------------------------

/// searchless-chess's silu, x * (1 / (1 + exp(-x))), on its feed-forward
/// activations: one fused pass (what the execution plan runs) against the
/// five ops one by one, each in place in the previous result as the
/// evaluator runs them unfused. Same bits.
struct Chain {
  std::vector<int64_t> shape;
};
const std::map<std::string, Chain> kChains = {{"chessSilu", {{33, 79, 1024}}}};

void fusedChain(benchmark::State &state, Chain c) {
  setThreads(state);
  Tensor x = random(c.shape, 9);
  const float one = 1.0f;
  ir::Type type = f32Tensor(c.shape);
  std::vector<FusedInput> inputs = {{FusedInput::Access::Full, x.data<float>(), 1},
                                    {FusedInput::Access::Row, &one, 1}};
  std::vector<FusedStep> steps = {{true, ElementwiseUnary::Negate, {}, 0},
                                  {true, ElementwiseUnary::Exponential, {}, 2},
                                  {false, {}, ElementwiseBinary::Add, 1, 3},
                                  {false, {}, ElementwiseBinary::Divide, 1, 4},
                                  {false, {}, ElementwiseBinary::Multiply, 0, 5}};
  for (auto _ : state) {
    Tensor out(type, c.shape, Tensor::ForOverwrite{});
    fusedKernelF32(steps, inputs, out.data<float>(), out.numElements());
    benchmark::DoNotOptimize(out);
  }
  state.SetBytesProcessed(state.iterations() * x.numElements() * 8);
}

void unfusedChain(benchmark::State &state, Chain c) {
  setThreads(state);
  Tensor x = random(c.shape, 9);
  Tensor one = makeElidedValue(f32Tensor({}), {ElidedFill::Mode::Zeros, 0}, 0);
  one.data<float>()[0] = 1.0f;
  ir::Type type = f32Tensor(c.shape);
  auto inPlace = [](Tensor &t, auto op) {
    BufferOffer offer(&t);
    t = op(t);
  };
  for (auto _ : state) {
    Tensor t = evalNegate(x, type);
    inPlace(t, [&](const Tensor &v) { return evalExponential(v, type); });
    inPlace(t, [&](const Tensor &v) { return evalBinaryWithBroadcast(evalAdd, v, one, {}, true, type); });
    inPlace(t, [&](const Tensor &v) { return evalBinaryWithBroadcast(evalDivide, v, one, {}, true, type); });
    inPlace(t, [&](const Tensor &v) { return evalMultiply(x, v, type); });
    benchmark::DoNotOptimize(t);
  }
  state.SetBytesProcessed(state.iterations() * x.numElements() * 8);
}

/// The pairs the table compares: kernel benchmark, baseline benchmark.
std::vector<std::pair<std::string, std::string>> gPairs;

template <typename Shape>
void registerPair(const std::string &name, void (*kernel)(benchmark::State &, Shape),
                  void (*baseline)(benchmark::State &, Shape), Shape shape, const std::string &baselineName) {
  for (int threads : {1, 2}) {
    benchmark::RegisterBenchmark(("kernel/" + name).c_str(), kernel, shape)
        ->Arg(threads)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
    benchmark::RegisterBenchmark((baselineName + "/" + name).c_str(), baseline, shape)
        ->Arg(threads)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
    gPairs.emplace_back("kernel/" + name + "/" + std::to_string(threads) + "/process_time/real_time",
                        baselineName + "/" + name + "/" + std::to_string(threads) + "/process_time/real_time");
  }
}

/// Keeps every run's times for the table.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  struct Times {
    double real = 0, cpu = 0;
  };
  std::map<std::string, Times> times;
  void ReportRuns(const std::vector<Run> &runs) override {
    for (const Run &run : runs) times[run.benchmark_name()] = {run.GetAdjustedRealTime(), run.GetAdjustedCPUTime()};
    ConsoleReporter::ReportRuns(runs);
  }
};

}  // namespace

int main(int argc, char **argv) {
  // As `shlo run` does: freed tensors stay in the heap for the next op.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  for (const auto &[name, g] : kGemms) registerPair<Gemm>(name, kernelGemm, onednnGemm, g, "onednn");
  for (const auto &[name, c] : kConvs) registerPair<Conv>(name, kernelConv, onednnConv, c, "onednn");
  registerPair<Conv>("conv3x3x64BnRelu", kernelConvBnRelu, onednnConvBnRelu, kConvs.at("conv3x3x64"), "onednn");
  registerPair<Conv>("conv3x3x64BnRelu", kernelConvBnRelu, oneByOneConvBnRelu, kConvs.at("conv3x3x64"), "onebyone");
  registerPair<Conv>("conv1x1x64to256BnRelu", kernelConvBnRelu, oneByOneConvBnRelu, kConvs.at("conv1x1x64to256"),
                     "onebyone");
  for (const auto &[name, r] : kReductions) registerPair<Reduction>(name, kernelReduce, referenceReduce, r, "reference");
  for (const auto &[name, c] : kChains) registerPair<Chain>(name, fusedChain, unfusedChain, c, "unfused");
  benchmark::RegisterBenchmark("kernel/exp16M", kernelExp)->Arg(1)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
  benchmark::RegisterBenchmark("eigen/exp16M", eigenExp)->Arg(1)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
  benchmark::RegisterBenchmark("kernel/add16M", kernelAdd)->Arg(1)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
  benchmark::RegisterBenchmark("copy/add16M", copyBandwidth)->Arg(1)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();
  gPairs.emplace_back("kernel/exp16M/1/process_time/real_time", "eigen/exp16M/1/process_time/real_time");
  gPairs.emplace_back("kernel/add16M/1/process_time/real_time", "copy/add16M/1/process_time/real_time");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::cout << "\nkernels: " << kernelIsaSummary() << "\n";
  std::cout << "ratio = baseline time / kernel time (1.00: as fast as the baseline), wall and process CPU\n";
  std::printf("%-62s %8s %8s\n", "kernel vs baseline (threads)", "wall", "cpu");
  for (const auto &[kernel, baseline] : gPairs) {
    auto k = reporter.times.find(kernel), b = reporter.times.find(baseline);
    if (k == reporter.times.end() || b == reporter.times.end()) continue;
    std::string label = kernel.substr(0, kernel.find("/process_time")) + " vs " + baseline.substr(0, baseline.find('/'));
    std::printf("%-62s %8.2f %8.2f\n", label.c_str(), b->second.real / k->second.real, b->second.cpu / k->second.cpu);
  }
  // add moves 12 bytes per element (two operands read, one result written),
  // the copy 8: the "copy bandwidth" ratio is bytes per second.
  auto add = reporter.times.find("kernel/add16M/1/process_time/real_time"),
       copy = reporter.times.find("copy/add16M/1/process_time/real_time");
  if (add != reporter.times.end() && copy != reporter.times.end()) {
    std::printf("%-62s %8.2f %8.2f\n", "kernel/add16M bytes/s vs copy bytes/s (12 vs 8 B/element)",
                1.5 * copy->second.real / add->second.real, 1.5 * copy->second.cpu / add->second.cpu);
  }
  return 0;
}
