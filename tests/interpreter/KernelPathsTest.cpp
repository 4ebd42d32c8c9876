// The fast paths of convolution and dot_general (im2col + Eigen matrix
// products, for floats) against their element-by-element paths (taken for
// integers): small integer values are exact in f32, so both must agree
// exactly, whatever the layout, padding, strides, dilations, reversal and
// thread count.
#include <gtest/gtest.h>

#include <cmath>

#include "interpreter/ElidedValues.h"
#include "interpreter/Ops.h"
#include "interpreter/kernels/Parallel.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

ir::ElementType f32() { return ir::ElementType::floating(ir::FloatFormat::F32); }
ir::ElementType i32() { return ir::ElementType::integer(32); }

/// A tensor of small integers in [-3, 3] (seeded), as i32 and as f32.
std::pair<Tensor, Tensor> smallIntegers(const std::vector<int64_t> &shape, uint64_t seed) {
  Tensor bits = makeElidedValue(ir::Type::tensor(shape, f32()), {ElidedFill::Mode::Random, seed}, 99);
  Tensor asInt(ir::Type::tensor(shape, i32())), asFloat(ir::Type::tensor(shape, f32()));
  for (int64_t i = 0; i < bits.numElements(); ++i) {
    int32_t v = static_cast<int32_t>(std::lround(bits.data<float>()[i] * 1000.0f)) % 4;
    asInt.data<int32_t>()[i] = v;
    asFloat.data<float>()[i] = static_cast<float>(v);
  }
  return {asInt, asFloat};
}

void expectSame(const Tensor &ints, const Tensor &floats) {
  ASSERT_EQ(ints.shape(), floats.shape());
  for (int64_t i = 0; i < ints.numElements(); ++i) {
    ASSERT_EQ(static_cast<float>(ints.data<int32_t>()[i]), floats.data<float>()[i]) << "at element " << i;
  }
}

}  // namespace

TEST(KernelPaths, ConvolutionFastPathMatchesTheGenericOne) {
  // NCHW input, OIHW kernel, NHWC output: strides, padding, both dilations
  // and reversal at once.
  // Large enough (2x40x51 windows of 3x2x8) for threads to gather rows.
  auto [li, lf] = smallIntegers({2, 8, 80, 26}, 1);
  auto [ki, kf] = smallIntegers({4, 8, 3, 2}, 2);
  ConvolutionParams p;
  p.windowStrides = {2, 1};
  p.padding = {{1, 2}, {0, 1}};
  p.lhsDilation = {1, 2};
  p.rhsDilation = {2, 1};
  p.windowReversal = {true, false};
  ConvolutionDimensions &d = p.dimensions;
  d.inputBatch = 0, d.inputFeature = 1, d.inputSpatial = {2, 3};
  d.kernelOutputFeature = 0, d.kernelInputFeature = 1, d.kernelSpatial = {2, 3};
  d.outputBatch = 0, d.outputFeature = 3, d.outputSpatial = {1, 2};
  for (int threads : {1, 3}) {
    setKernelThreads(threads);
    Tensor ints = evalConvolution(li, ki, p, ir::Type::tensor({2, 40, 51, 4}, i32()));
    Tensor floats = evalConvolution(lf, kf, p, ir::Type::tensor({2, 40, 51, 4}, f32()));
    expectSame(ints, floats);
  }
  setKernelThreads(1);
}

TEST(KernelPaths, DotGeneralFastPathMatchesTheGenericOne) {
  // Batch dimension last on the lhs, contracting dimensions out of order;
  // 9M multiply-adds per batch, so two threads do split the rows.
  auto [li, lf] = smallIntegers({50, 200, 3, 2}, 3);
  auto [ri, rf] = smallIntegers({2, 3, 50, 300}, 4);
  for (int threads : {1, 2}) {
    setKernelThreads(threads);
    Tensor ints = evalDotGeneral(li, ri, {3}, {0}, {2, 0}, {1, 2}, ir::Type::tensor({2, 200, 300}, i32()));
    Tensor floats = evalDotGeneral(lf, rf, {3}, {0}, {2, 0}, {1, 2}, ir::Type::tensor({2, 200, 300}, f32()));
    expectSame(ints, floats);
  }
  setKernelThreads(1);
}

TEST(KernelPaths, ReduceWindowTypedLoopMatchesTheBodyPath) {
  // Padding, base and window dilations and strides at once; the typed loop
  // (fastBody) against calling the body per element.
  auto [ints, floats] = smallIntegers({2, 7, 6}, 5);
  Window w;
  w.windowDimensions = {1, 3, 2};
  w.windowStrides = {1, 2, 1};
  w.baseDilations = {1, 1, 2};
  w.windowDilations = {1, 2, 1};
  w.padding = {{0, 0}, {2, 1}, {1, 2}};
  ir::Type scalar = ir::Type::tensor({}, f32());
  Tensor init = makeElidedValue(scalar, {ElidedFill::Mode::Zeros, 0}, 0);
  for (const char *op : {"stablehlo.maximum", "stablehlo.add"}) {
    BodyFn body = [&](const std::vector<Tensor> &a) -> std::vector<Tensor> {
      return {std::string(op) == "stablehlo.add" ? evalAdd(a[0], a[1], scalar) : evalMaximum(a[0], a[1], scalar)};
    };
    ir::Type resultType = ir::Type::tensor({2, 3, 14}, f32());
    Tensor typed = evalReduceWindow({floats}, {init}, w, body, op, {resultType})[0];
    Tensor generic = evalReduceWindow({floats}, {init}, w, body, "", {resultType})[0];
    ASSERT_EQ(typed.shape(), generic.shape());
    for (int64_t i = 0; i < typed.numElements(); ++i) ASSERT_EQ(typed.data<float>()[i], generic.data<float>()[i]) << op << " " << i;
  }
}
