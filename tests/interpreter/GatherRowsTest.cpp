// gather on the kernel path (Gather.cpp): slices along the operand's last
// dimension copied a row at a time, threaded, against the reference path's
// element loop: the same bytes, with start indices that are negative or
// past the end (clamped), partial slices of the last dimension, batch
// dimensions, several element types, and a gather the row copy declines.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "interpreter/ElidedValues.h"
#include "interpreter/Interpreter.h"
#include "interpreter/kernels/KernelPath.h"
#include "interpreter/kernels/Parallel.h"
#include "tests/support/Programs.h"

namespace shlo::interpreter {
namespace {

Tensor randomOf(const std::string &element, const std::vector<int64_t> &shape, uint64_t salt) {
  ir::ElementType e = element == "f32"   ? ir::ElementType::floating(ir::FloatFormat::F32)
                      : element == "f16" ? ir::ElementType::floating(ir::FloatFormat::F16)
                                         : ir::ElementType::integer(32, ir::Signedness::Signless);
  return makeElidedValue(ir::Type::tensor(shape, e), {ElidedFill::Mode::Random, 5}, salt);
}

/// Indices in [-3, limit + 3): some clamp at either end.
Tensor indicesOf(const std::vector<int64_t> &shape, int64_t limit, uint64_t salt) {
  Tensor t = randomOf("i32", shape, salt);
  std::mt19937 rng(static_cast<uint32_t>(salt));
  for (int64_t i = 0; i < t.numElements(); ++i) {
    t.data<int32_t>()[i] = static_cast<int32_t>(rng() % static_cast<uint32_t>(limit + 6)) - 3;
  }
  return t;
}

struct Case {
  std::string name, program;
  std::vector<Value> arguments;
};

}  // namespace

TEST(KernelReference, GatheredRowsGiveTheReferenceBytes) {
  std::vector<Case> cases;
  // searchless-chess's embedding lookup: 33x79 token rows of a 1968x256 table.
  cases.push_back({"embedding", R"(
func.func @main(%t: tensor<1968x256xf32>, %i: tensor<33x79x1xi32>) -> tensor<33x79x256xf32> {
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 256>}> : (tensor<1968x256xf32>, tensor<33x79x1xi32>) -> tensor<33x79x256xf32>
  return %0 : tensor<33x79x256xf32>
}
)",
                   {randomOf("f32", {1968, 256}, 1), indicesOf({33, 79, 1}, 1968, 2)}});
  // Partial slices of both dimensions, the start of each from the index
  // vector (the last one clamped to keep 20 of 50 columns in range).
  cases.push_back({"partial", R"(
func.func @main(%t: tensor<10x50xi32>, %i: tensor<300x2xi32>) -> tensor<300x3x20xi32> {
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 3, 20>}> : (tensor<10x50xi32>, tensor<300x2xi32>) -> tensor<300x3x20xi32>
  return %0 : tensor<300x3x20xi32>
}
)",
                   {randomOf("i32", {10, 50}, 3), indicesOf({300, 2}, 50, 4)}});
  // Batching dimensions, f16.
  cases.push_back({"batched", R"(
func.func @main(%t: tensor<4x30x70xf16>, %i: tensor<4x500x1xi32>) -> tensor<4x500x70xf16> {
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 70>}> : (tensor<4x30x70xf16>, tensor<4x500x1xi32>) -> tensor<4x500x70xf16>
  return %0 : tensor<4x500x70xf16>
}
)",
                   {randomOf("f16", {4, 30, 70}, 5), indicesOf({4, 500, 1}, 30, 6)}});
  // A column gather (the last dimension collapsed): the element loop.
  cases.push_back({"columns", R"(
func.func @main(%t: tensor<64x40xf32>, %i: tensor<25x1xi32>) -> tensor<64x25xf32> {
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 64, 1>}> : (tensor<64x40xf32>, tensor<25x1xi32>) -> tensor<64x25xf32>
  return %0 : tensor<64x25xf32>
}
)",
                   {randomOf("f32", {64, 40}, 7), indicesOf({25, 1}, 40, 8)}});
  for (const Case &c : cases) {
    setKernelPath(KernelPath::Reference);
    analysis::Analysis keepReference;
    FunctionOutcome reference = test::runProgram(c.program, keepReference, "main", c.arguments);
    setKernelPath(KernelPath::Kernels);
    ASSERT_EQ(reference.status, FunctionOutcome::Status::Passed) << c.name << ": " << reference.message;
    for (int threads : {1, 2}) {
      setKernelThreads(threads);
      analysis::Analysis keep;
      FunctionOutcome kernels = test::runProgram(c.program, keep, "main", c.arguments);
      ASSERT_EQ(kernels.status, FunctionOutcome::Status::Passed) << c.name << ": " << kernels.message;
      const Tensor &k = kernels.results.at(0).tensor, &r = reference.results.at(0).tensor;
      ASSERT_EQ(k.shape(), r.shape()) << c.name;
      EXPECT_EQ(std::memcmp(k.bytes(), r.bytes(), static_cast<size_t>(k.numElements()) * storageSize(k.kind())), 0)
          << c.name << " at " << threads << " threads";
    }
  }
  setKernelThreads(1);
}

}  // namespace shlo::interpreter
