// Which ops the interpreter evaluates (every spec op, the deprecated ops, the
// CHLO ops JAX exports), values of the ops added for that coverage, freeing
// values after their last use, process grids from module attributes, and
// runtime errors that carry the failing op's source range.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "interpreter/Interpreter.h"
#include "interpreter/Ops.h"
#include "semantic/analysis/Analysis.h"
#include "tests/support/Programs.h"
#include "semantic/ops/SpecTables.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

/// Parses, lowers and verifies `text` (no errors allowed) into `keep`.
const ir::Module &load(const std::string &text, analysis::Analysis &keep) { return test::loadProgram(text, keep); }

FunctionOutcome runMain(const std::string &text, const std::vector<Value> &arguments = {}) {
  analysis::Analysis keep;
  Interpreter interp(load(text, keep));
  return interp.run("main", arguments);
}

void expectPasses(const std::string &text, int checks) {
  FunctionOutcome r = runMain(text);
  EXPECT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message << " (" << r.opName << ")";
  EXPECT_EQ(r.checks, checks);
}

/// Expects a RuntimeError raised by `opName`, whose range starts with `rangeStart`.
void expectRuntimeError(const std::string &text, const std::string &opName, const std::string &rangeStart,
                        const std::string &messagePart) {
  FunctionOutcome r = runMain(text);
  EXPECT_EQ(r.status, FunctionOutcome::Status::RuntimeError) << r.message;
  EXPECT_EQ(r.opName, opName) << r.message;
  EXPECT_NE(r.message.find(messagePart), std::string::npos) << r.message;
  ASSERT_TRUE(r.range.has_value()) << r.message;
  EXPECT_EQ(text.substr(r.range->begin, rangeStart.size()), rangeStart);
}

std::string names(const std::vector<std::string> &list) {
  std::string out;
  for (const std::string &n : list) out += " " + n;
  return out;
}

}  // namespace

// ---- Coverage -----------------------------------------------------------------------

TEST(InterpreterCoverage, EverySpecOpIsEvaluated) {
  std::vector<std::string> missing, listed;
  size_t evaluated = 0;
  for (const ops::SpecOp &op : ops::specOps()) {
    std::string name(op.name);
    listed.push_back(name);
    if (isSupportedOp(name)) {
      ++evaluated;
      continue;
    }
    missing.push_back(name);
  }
  EXPECT_GE(listed.size(), 100u);  // The generated table really holds the spec's ops.
  EXPECT_TRUE(missing.empty()) << "spec ops the interpreter does not evaluate:" << names(missing);
  std::cout << "[ figures  ] spec ops: " << evaluated << " of " << listed.size() << " evaluated; not here:" << names(missing) << "\n";
}

TEST(InterpreterCoverage, DeprecatedAndChloOpsAreEvaluated) {
  const std::vector<std::string> ops = {
      // Deprecated (spec "Deprecated Operations", XLA semantics).
      "stablehlo.broadcast", "stablehlo.create_token", "stablehlo.cross-replica-sum", "stablehlo.dot", "stablehlo.einsum",
      "stablehlo.unary_einsum", "stablehlo.torch_index_select", "stablehlo.real_dynamic_slice", "stablehlo.rng",
      "stablehlo.map", "stablehlo.tuple", "stablehlo.get_tuple_element",
      // CHLO ops found in JAX exports.
      "chlo.erf", "chlo.erfc", "chlo.erf_inv", "chlo.lgamma", "chlo.digamma", "chlo.bessel_i1e", "chlo.top_k",
      "chlo.next_after", "chlo.tan", "chlo.sinh", "chlo.cosh", "chlo.asin", "chlo.acos", "chlo.atan", "chlo.asinh",
      "chlo.acosh", "chlo.atanh", "chlo.polygamma", "chlo.zeta", "chlo.is_inf", "chlo.is_neg_inf", "chlo.is_pos_inf",
      "chlo.conj", "chlo.square", "chlo.constant_like", "chlo.constant", "chlo.scan", "chlo.ragged_dot",
      "chlo.broadcast_add", "chlo.broadcast_compare", "chlo.broadcast_select"};
  std::vector<std::string> missing;
  for (const std::string &op : ops) {
    if (!isSupportedOp(op)) missing.push_back(op);
  }
  EXPECT_TRUE(missing.empty()) << "not evaluated:" << names(missing);
}

// ---- Values of the added ops ------------------------------------------------------------

TEST(InterpreterCoverage, RaggedDotContractingAndBatchModes) {
  // Mode 2: groups split the contracting dimension k = [0, 1] | [2].
  expectPasses(R"(func.func @main() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %rhs = stablehlo.constant dense<[[1.0], [10.0], [100.0]]> : tensor<3x1xf32>
  %g = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1],
      rhs_group_dimensions = []>
  } : (tensor<2x3xf32>, tensor<3x1xf32>, tensor<2xi64>) -> tensor<2x2x1xf32>
  check.expect_eq_const %r, dense<[[[21.0], [54.0]], [[300.0], [600.0]]]> : tensor<2x2x1xf32>
  func.return
})",
               1);
  // Mode 3: groups split the batch dimension; batch 2 lies past the groups (zeros).
  expectPasses(R"(func.func @main() {
  %lhs = stablehlo.constant dense<[[[1, 2]], [[3, 4]], [[5, 6]]]> : tensor<3x1x2xi32>
  %rhs = stablehlo.constant dense<[[[1], [1]], [[2], [2]], [[3], [3]]]> : tensor<3x2x1xi32>
  %g = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0],
      rhs_group_dimensions = []>
  } : (tensor<3x1x2xi32>, tensor<3x2x1xi32>, tensor<2xi32>) -> tensor<3x1x1xi32>
  check.expect_eq_const %r, dense<[[[3]], [[14]], [[0]]]> : tensor<3x1x1xi32>
  func.return
})",
               1);
}

TEST(InterpreterCoverage, RaggedDotPerBatchGroupSizes) {
  // Mode 1 with group_sizes [b, g]: batch 0 splits its rows 1 | 1, batch 1 puts both in group 0.
  expectPasses(R"(func.func @main() {
  %lhs = stablehlo.constant dense<[[[1], [2]], [[3], [4]]]> : tensor<2x2x1xi32>
  %rhs = stablehlo.constant dense<[[[[10]], [[100]]], [[[20]], [[200]]]]> : tensor<2x2x1x1xi32>
  %g = stablehlo.constant dense<[[1, 1], [2, 0]]> : tensor<2x2xi64>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]>
  } : (tensor<2x2x1xi32>, tensor<2x2x1x1xi32>, tensor<2x2xi64>) -> tensor<2x2x1xi32>
  check.expect_eq_const %r, dense<[[[10], [40]], [[300], [400]]]> : tensor<2x2x1xi32>
  func.return
})",
               1);
}

TEST(InterpreterCoverage, AsyncRunsItsBodyAndRngIsRepeatable) {
  std::string text = R"(func.func @main() -> tensor<4xf32> {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %f = "stablehlo.async_start"(%x) ({
    ^bb0(%arg: tensor<2xf32>):
      %s = stablehlo.slice %arg [1:2] : (tensor<2xf32>) -> tensor<1xf32>
      stablehlo.return %s : tensor<1xf32>
  }) : (tensor<2xf32>) -> !stablehlo.future<tensor<1xf32>>
  %d = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<1xf32>>) -> tensor<1xf32>
  check.expect_eq_const %d, dense<[2.0]> : tensor<1xf32>
  %a = stablehlo.constant dense<-1.0> : tensor<f32>
  %b = stablehlo.constant dense<1.0> : tensor<f32>
  %shape = stablehlo.constant dense<[4]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
})";
  FunctionOutcome first = runMain(text), second = runMain(text);
  ASSERT_EQ(first.status, FunctionOutcome::Status::Passed) << first.message;
  ASSERT_EQ(second.status, FunctionOutcome::Status::Passed) << second.message;
  const Tensor &r = first.results.at(0).tensor;
  for (int64_t i = 0; i < 4; ++i) {
    EXPECT_GE(r.realAt(i), -1.0);
    EXPECT_LT(r.realAt(i), 1.0);
    EXPECT_EQ(r.realAt(i), second.results.at(0).tensor.realAt(i));
  }
  EXPECT_NE(r.realAt(0), r.realAt(1));
}

TEST(InterpreterCoverage, ChloSpecialFunctionsAndBroadcasts) {
  expectPasses(R"(func.func @main() {
  %x = stablehlo.constant dense<[0.0, 0.5, -1.0]> : tensor<3xf64>
  %erf = "chlo.erf"(%x) : (tensor<3xf64>) -> tensor<3xf64>
  check.expect_almost_eq_const %erf, dense<[0.0, 0.52049987781304652, -0.84270079294971489]> : tensor<3xf64>
  %erfc = "chlo.erfc"(%x) : (tensor<3xf64>) -> tensor<3xf64>
  check.expect_almost_eq_const %erfc, dense<[1.0, 0.47950012218695348, 1.8427007929497148]> : tensor<3xf64>
  %s = stablehlo.constant dense<[2.0, 3.0, 2.0]> : tensor<3xf64>
  %q = stablehlo.constant dense<[1.0, 2.0, 0.5]> : tensor<3xf64>
  %zeta = "chlo.zeta"(%s, %q) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  check.expect_almost_eq_const %zeta, dense<[1.6449340668482264, 0.20205690315959429, 4.9348022005446793]> : tensor<3xf64>
  %n = stablehlo.constant dense<[0.0, 1.0, 2.0]> : tensor<3xf64>
  %one = stablehlo.constant dense<1.0> : tensor<3xf64>
  %pg = "chlo.polygamma"(%n, %one) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  check.expect_almost_eq_const %pg, dense<[-0.57721566490153286, 1.6449340668482264, -2.4041138063191885]> : tensor<3xf64>
  %row = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %col = stablehlo.constant dense<[[10], [20]]> : tensor<2x1xi32>
  %sum = "chlo.broadcast_add"(%row, %col) : (tensor<3xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %sum, dense<[[11, 12, 13], [21, 22, 23]]> : tensor<2x3xi32>
  %inf = stablehlo.constant dense<[0x7F800000, 0xFF800000, 1.0]> : tensor<3xf32>
  %isinf = "chlo.is_neg_inf"(%inf) : (tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %isinf, dense<[false, true, false]> : tensor<3xi1>
  func.return
})",
               6);
}

TEST(InterpreterCoverage, DeprecatedOps) {
  expectPasses(R"(func.func @main() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %e = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ac"} : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %e, dense<[[19, 22], [43, 50]]> : tensor<2x2xi32>
  %u = "stablehlo.unary_einsum"(%a) {einsum_config = "ab->a"} : (tensor<2x2xi32>) -> tensor<2xi32>
  check.expect_eq_const %u, dense<[3, 7]> : tensor<2xi32>
  %t = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %i = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
  %s = "stablehlo.torch_index_select"(%t, %i) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<3x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %s, dense<[[5, 6], [1, 2]]> : tensor<2x2xi32>
  %v = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %bc = "stablehlo.broadcast"(%v) {broadcast_sizes = array<i64: 2>} : (tensor<2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %bc, dense<[[1, 2], [1, 2]]> : tensor<2x2xi32>
  %start = stablehlo.constant dense<[1]> : tensor<1xi64>
  %limit = stablehlo.constant dense<[3]> : tensor<1xi64>
  %step = stablehlo.constant dense<[1]> : tensor<1xi64>
  %w = stablehlo.constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %ds = "stablehlo.real_dynamic_slice"(%w, %start, %limit, %step) : (tensor<4xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi32>
  %dsc = tensor.cast %ds : tensor<?xi32> to tensor<2xi32>
  check.expect_eq_const %dsc, dense<[20, 30]> : tensor<2xi32>
  func.return
})",
               5);
}

TEST(InterpreterCoverage, CholeskyAndBatchNorm) {
  expectPasses(R"(func.func @main() {
  %a = stablehlo.constant dense<[[4.0, 12.0, -16.0], [12.0, 37.0, -43.0], [-16.0, -43.0, 98.0]]> : tensor<3x3xf64>
  %l = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3x3xf64>) -> tensor<3x3xf64>
  check.expect_almost_eq_const %l, dense<[[2.0, 0.0, 0.0], [6.0, 1.0, 0.0], [-8.0, 5.0, 3.0]]> : tensor<3x3xf64>
  %u = "stablehlo.cholesky"(%a) {lower = false} : (tensor<3x3xf64>) -> tensor<3x3xf64>
  check.expect_almost_eq_const %u, dense<[[2.0, 6.0, -8.0], [0.0, 1.0, 5.0], [0.0, 0.0, 3.0]]> : tensor<3x3xf64>
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %one = stablehlo.constant dense<1.0> : tensor<2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<2xf32>
  %mean = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %y = "stablehlo.batch_norm_inference"(%x, %one, %zero, %mean, %one) {epsilon = 0.0 : f32, feature_index = 1 : i64}
      : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %y, dense<[[-1.0, -1.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %o, %m, %v = "stablehlo.batch_norm_training"(%x, %one, %zero) {epsilon = 0.0 : f32, feature_index = 1 : i64}
      : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %o, dense<[[-1.0, -1.0], [1.0, 1.0]]> : tensor<2x2xf32>
  check.expect_almost_eq_const %m, dense<[2.0, 3.0]> : tensor<2xf32>
  check.expect_almost_eq_const %v, dense<[1.0, 1.0]> : tensor<2xf32>
  func.return
})",
               6);
}

TEST(InterpreterCoverage, RngBitGeneratorMatchesKnownAnswers) {
  // Random123's known-answer vectors (key 0, counter 0): Threefry-2x32-20
  // gives 6b200159 99ba4efe, Philox-4x32-10 6627e8d5 e169c58d bc57ac4c 9b00dbd8.
  expectPasses(R"(func.func @main() {
  %s = stablehlo.constant dense<[0, 0]> : tensor<2xui64>
  %s1, %t = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2xui32>)
  check.expect_eq_const %t, dense<[1797259609, 2579123966]> : tensor<2xui32>
  check.expect_eq_const %s1, dense<[0, 1]> : tensor<2xui64>
  %s2, %p = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  check.expect_eq_const %p, dense<[1713891541, 3781805453, 3159862348, 2600524760]> : tensor<4xui32>
  check.expect_eq_const %s2, dense<[0, 1]> : tensor<2xui64>
  %s3, %d = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  check.expect_eq_const %d, dense<[1713891541, 3781805453, 3159862348, 2600524760]> : tensor<4xui32>
  func.return
})",
               5);
}

TEST(InterpreterCoverage, RngBitGeneratorMatchesXlaThreeFryStream) {
  // StableHLO's testdata file (RUN-DISABLED there for lack of interpreter
  // support) holds XLA's u64 THREE_FRY output for a 100x100 tensor. Its
  // @main bitcasts 2x2xui32 to 2xui64 around the op; that step is done here
  // (little-endian pairs) so the check covers rng_bit_generator alone.
  std::string text = test::readOrFail(test::sharedPath("conformance/testdata/rng_bit_generator_uint32_4.mlir"));
  analysis::Analysis keep;
  Interpreter interp(load(text, keep));
  std::vector<Value> inputs = interp.call("inputs", {});
  std::vector<Value> expected = interp.call("expected", {});
  ASSERT_EQ(inputs.size(), 1u);
  ASSERT_EQ(expected.size(), 2u);
  const Tensor &words = inputs[0].tensor;  // tensor<4xui32>
  ir::Type stateType = ir::Type::tensor({2}, ir::ElementType::integer(64, ir::Signedness::Unsigned));
  Tensor state(stateType);
  for (int i = 0; i < 2; ++i) {
    state.data<uint64_t>()[i] = static_cast<uint64_t>(words.intAt(2 * i)) | (static_cast<uint64_t>(words.intAt(2 * i + 1)) << 32);
  }
  std::vector<Tensor> out = evalRngBitGenerator(state, "THREE_FRY", stateType, expected[1].tensor.type());
  const Tensor &want = expected[1].tensor;
  ASSERT_EQ(out[1].numElements(), want.numElements());
  int64_t mismatches = 0;
  for (int64_t i = 0; i < want.numElements(); ++i) mismatches += out[1].data<uint64_t>()[i] != want.data<uint64_t>()[i];
  EXPECT_EQ(mismatches, 0) << "first: " << out[1].data<uint64_t>()[0] << " vs " << want.data<uint64_t>()[0];
  for (int i = 0; i < 4; ++i) {
    uint64_t w = out[0].data<uint64_t>()[i / 2];
    EXPECT_EQ(static_cast<uint32_t>(i % 2 ? w >> 32 : w), static_cast<uint32_t>(expected[0].tensor.intAt(i))) << "state word " << i;
  }
}

TEST(InterpreterCoverage, CompositeCallsItsDecompositionAndCustomCallNamesUnknownTargets) {
  expectPasses(R"(func.func private @times3(%x: tensor<2xi32>) -> tensor<2xi32> {
  %c = stablehlo.constant dense<3> : tensor<2xi32>
  %r = stablehlo.multiply %x, %c : tensor<2xi32>
  func.return %r : tensor<2xi32>
}
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %s = "stablehlo.custom_call"(%a) {call_target_name = "Sharding"} : (tensor<2xi32>) -> tensor<2xi32>
  %b = stablehlo.composite "my.times3" %s {decomposition = @times3} : (tensor<2xi32>) -> tensor<2xi32>
  check.expect_eq_const %b, dense<[3, 6]> : tensor<2xi32>
  func.return
})",
               1);
  FunctionOutcome r = runMain(R"(func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.custom_call @my_kernel(%a) : (tensor<2xi32>) -> tensor<2xi32>
  func.return
})");
  EXPECT_EQ(r.status, FunctionOutcome::Status::Unsupported);
  EXPECT_NE(r.message.find("my_kernel"), std::string::npos) << r.message;
  EXPECT_EQ(r.opName, "stablehlo.custom_call");
}

// ---- Memory -------------------------------------------------------------------------------

TEST(InterpreterMemory, ValuesAreFreedAfterTheirLastUse) {
  // 16 elementwise steps over 1 MiB tensors: kept alive, they would hold
  // 17 MiB; freed after their last use, the live set is the constant plus
  // an operand and a result.
  std::string text = "func.func @main() -> tensor<262144xf32> {\n"
                     "  %c = stablehlo.constant dense<1.0> : tensor<262144xf32>\n"
                     "  %v0 = stablehlo.add %c, %c : tensor<262144xf32>\n";
  for (int i = 1; i <= 16; ++i) {
    text += "  %v" + std::to_string(i) + " = stablehlo.add %v" + std::to_string(i - 1) + ", %c : tensor<262144xf32>\n";
  }
  text += "  func.return %v16 : tensor<262144xf32>\n}\n";
  analysis::Analysis keep;
  const ir::Module &module = load(text, keep);
  int64_t before = Tensor::liveBytes();
  {
    Interpreter interp(module);
    Tensor::resetPeakBytes();
    FunctionOutcome r = interp.run("main");
    ASSERT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
    EXPECT_EQ(r.results.at(0).tensor.data<float>()[0], 18.0f);
    const int64_t mib = 1 << 20;
    EXPECT_LE(Tensor::peakBytes() - before, 4 * mib) << "peak " << (Tensor::peakBytes() - before) / double(mib) << " MiB";
    EXPECT_GE(Tensor::peakBytes() - before, 2 * mib);  // The counter does see the tensors.
  }
  // With the interpreter (and its constant cache) and the results gone, nothing is left.
  EXPECT_EQ(Tensor::liveBytes(), before);
}

TEST(InterpreterMemory, LargeBuffersStartAtDifferentPlacesInTheirPage) {
  // Consecutive 1 MiB tensors: cache-line aligned, never at the same offset
  // in a 4 KiB page (an operand and a result would alias otherwise); small
  // ones just aligned. Each keeps its own bytes.
  ir::Type big = ir::Type::tensor({262144}, ir::ElementType::floating(ir::FloatFormat::F32));
  std::vector<Tensor> tensors;
  std::set<uintptr_t> offsets;
  for (int i = 0; i < 8; ++i) {
    tensors.emplace_back(big);
    auto address = reinterpret_cast<uintptr_t>(tensors.back().bytes());
    EXPECT_EQ(address % 64, 0u);
    offsets.insert(address % 4096);
    tensors.back().data<float>()[262143] = static_cast<float>(i);
  }
  EXPECT_EQ(offsets.size(), 8u);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(tensors[i].data<float>()[262143], static_cast<float>(i));
  Tensor small(ir::Type::tensor({16}, ir::ElementType::floating(ir::FloatFormat::F32)));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small.bytes()) % 64, 0u);
}

TEST(InterpreterMemory, PlannedPeakFollowsLifetimesAndCalls) {
  // 1 MiB tensors. @main holds %x from its op to %z; at the call, %x, %y
  // and the most @twice holds (%p and %q: 2) make the peak, 4 MiB; at %z,
  // %x, %y and %z make 3. Arguments and constants are made before the call.
  const char *text = R"(func.func @main(%a: tensor<262144xf32>) -> tensor<262144xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<262144xf32>
  %x = stablehlo.add %a, %c : tensor<262144xf32>
  %y = func.call @twice(%x) : (tensor<262144xf32>) -> tensor<262144xf32>
  %z = stablehlo.add %x, %y : tensor<262144xf32>
  func.return %z : tensor<262144xf32>
}
func.func private @twice(%b: tensor<262144xf32>) -> tensor<262144xf32> {
  %p = stablehlo.add %b, %b : tensor<262144xf32>
  %q = stablehlo.add %p, %p : tensor<262144xf32>
  func.return %q : tensor<262144xf32>
}
func.func private @again(%n: tensor<i32>) -> tensor<i32> {
  %m = func.call @again(%n) : (tensor<i32>) -> tensor<i32>
  func.return %m : tensor<i32>
}
)";
  analysis::Analysis keep;
  const ir::Module &module = load(text, keep);
  Interpreter interp(module);
  const int64_t mib = 1 << 20;
  EXPECT_EQ(interp.plannedPeakBytes(*findFunction(module, "main")), 4 * mib);
  EXPECT_EQ(interp.plannedPeakBytes(*findFunction(module, "twice")), 2 * mib);
  // A function that calls itself is measured once, not forever.
  EXPECT_EQ(interp.plannedPeakBytes(*findFunction(module, "again")), 4);
  // Warming the allocator holds nothing afterwards.
  int64_t before = Tensor::liveBytes();
  Tensor::warmAllocator(4 * mib);
  EXPECT_EQ(Tensor::liveBytes(), before);
  FunctionOutcome r = interp.run("main", {Value{Tensor(ir::Type::tensor({262144}, ir::ElementType::floating(ir::FloatFormat::F32)))}});
  ASSERT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  EXPECT_EQ(r.results.at(0).tensor.data<float>()[0], 5.0f);  // x = 1, y = 4
}

TEST(InterpreterMemory, ValuesUsedInNestedRegionsLiveUntilTheEnclosingOpEnds) {
  // %k is last used inside the while body and again after it; %big only in
  // the body: neither may be freed while the loop runs.
  expectPasses(R"(func.func @main() {
  %k = stablehlo.constant dense<2> : tensor<i32>
  %big = stablehlo.constant dense<1> : tensor<1024xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %acc = %zero) : tensor<i32>, tensor<i32>
  cond {
    %three = stablehlo.constant dense<3> : tensor<i32>
    %lt = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %next = stablehlo.add %i, %one : tensor<i32>
    %slice = stablehlo.slice %big [0:1] : (tensor<1024xi32>) -> tensor<1xi32>
    %s = stablehlo.reshape %slice : (tensor<1xi32>) -> tensor<i32>
    %t = stablehlo.multiply %s, %k : tensor<i32>
    %a = stablehlo.add %acc, %t : tensor<i32>
    stablehlo.return %next, %a : tensor<i32>, tensor<i32>
  }
  %final = stablehlo.add %r#1, %k : tensor<i32>
  check.expect_eq_const %final, dense<8> : tensor<i32>
  func.return
})",
               1);
}

// ---- Process grids ---------------------------------------------------------------------

TEST(InterpreterGrid, RunOnGridAndModuleAttributes) {
  std::string text = R"(module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main(%x: tensor<2xi64>) -> tensor<2xi64> {
    %id = stablehlo.replica_id : tensor<ui32>
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
    func.return %r : tensor<2xi64>
  }
  func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
    %r = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    func.return %r, %p : tensor<ui32>, tensor<ui32>
  }
  func.func @plain() -> tensor<i32> {
    %c = stablehlo.constant dense<5> : tensor<i32>
    func.return %c : tensor<i32>
  }
})";
  analysis::Analysis keep;
  const ir::Module &module = load(text, keep);
  GridSize size = gridSizeOf(module);
  EXPECT_EQ(size.numReplicas, 2);
  EXPECT_EQ(size.numPartitions, 1);
  EXPECT_TRUE(usesCollectives(module, "main"));
  EXPECT_FALSE(usesCollectives(module, "plain"));
  Interpreter interp(module);
  Tensor x(ir::Type::tensor({2}, ir::ElementType::integer(64)));
  x.data<int64_t>()[0] = 3;
  x.data<int64_t>()[1] = 4;
  // run() takes the grid from the module's attributes.
  FunctionOutcome r = interp.run("main", {Value(x)});
  ASSERT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message;
  ASSERT_EQ(r.processResults.size(), 2u);
  for (const auto &p : r.processResults) {
    EXPECT_EQ(p.at(0).tensor.data<int64_t>()[0], 6);
    EXPECT_EQ(p.at(0).tensor.data<int64_t>()[1], 8);
  }
  // Without collectives a function runs once.
  FunctionOutcome plain = interp.run("plain");
  EXPECT_TRUE(plain.processResults.empty());
  // An explicit 2x3 grid: each process sees its own ids, in row-major order.
  std::vector<std::vector<Value>> ids = interp.runOnGrid("ids", {}, 2, 3);
  ASSERT_EQ(ids.size(), 6u);
  for (int64_t i = 0; i < 6; ++i) {
    EXPECT_EQ(ids[i].at(0).tensor.intAt(0), i / 3);
    EXPECT_EQ(ids[i].at(1).tensor.intAt(0), i % 3);
  }
  EXPECT_THROW(interp.runOnGrid("ids", {}, 0, 1), RuntimeError);
}

TEST(InterpreterGrid, CrossReplicaSumAndCollectiveReduceWithDynamicRoot) {
  expectPasses(R"(module {
  func.func @worker(%x: tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>) {
    %sum = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xi64>) -> tensor<2xi64>
    %root = stablehlo.constant dense<[2]> : tensor<1xi32>
    %red = "stablehlo.collective_reduce"(%x, %root) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %m = stablehlo.maximum %a, %b : tensor<i64>
        stablehlo.return %m : tensor<i64>
    }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>, has_dynamic_root = true,
        channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>} : (tensor<2xi64>, tensor<1xi32>) -> tensor<2xi64>
    func.return %sum, %red : tensor<2xi64>, tensor<2xi64>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 9]> : tensor<2xi64>
    %b = stablehlo.constant dense<[5, 2]> : tensor<2xi64>
    %c = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
    %r:6 = "interpreter.run_parallel"(%a, %b, %c) {programs = [[@worker], [@worker], [@worker]]}
        : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
    check.expect_eq_const %r#0, dense<[9, 15]> : tensor<2xi64>
    check.expect_eq_const %r#2, dense<[9, 15]> : tensor<2xi64>
    check.expect_eq_const %r#1, dense<[0, 0]> : tensor<2xi64>
    check.expect_eq_const %r#3, dense<[0, 0]> : tensor<2xi64>
    check.expect_eq_const %r#5, dense<[5, 9]> : tensor<2xi64>
    func.return
  }
})",
               5);
}

// ---- Runtime errors with the op's range ------------------------------------------------

TEST(InterpreterRuntimeErrors, IntegerDivisionByZero) {
  expectRuntimeError(R"(func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %z = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
  %q = stablehlo.divide %a, %z : tensor<2xi32>
  func.return
})",
                     "stablehlo.divide", "%q = stablehlo.divide", "division by zero");
  expectRuntimeError(R"(func.func @main() {
  %a = stablehlo.constant dense<[5, 7]> : tensor<2xi32>
  %z = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
  %r = stablehlo.remainder %a, %z : tensor<2xi32>
  func.return
})",
                     "stablehlo.remainder", "%r = stablehlo.remainder", "division by zero");
}

TEST(InterpreterRuntimeErrors, DynamicSizesOutOfRange) {
  expectRuntimeError(R"(func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %start = stablehlo.constant dense<[1]> : tensor<1xi64>
  %limit = stablehlo.constant dense<[7]> : tensor<1xi64>
  %step = stablehlo.constant dense<[1]> : tensor<1xi64>
  %s = "stablehlo.real_dynamic_slice"(%a, %start, %limit, %step) : (tensor<4xi32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi32>
  func.return
})",
                     "stablehlo.real_dynamic_slice", "%s = \"stablehlo.real_dynamic_slice\"", "outside size 4");
  expectRuntimeError(R"(func.func @main() {
  %a = stablehlo.constant dense<1> : tensor<i32>
  %shape = stablehlo.constant dense<[2, -3]> : tensor<2xi64>
  %b = stablehlo.dynamic_broadcast_in_dim %a, %shape, dims = [] : (tensor<i32>, tensor<2xi64>) -> tensor<?x?xi32>
  func.return
})",
                     "stablehlo.dynamic_broadcast_in_dim", "%b = stablehlo.dynamic_broadcast_in_dim", "negative");
  expectRuntimeError(R"(func.func @main() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %c5 = arith.constant 5 : index
  %e = tensor.extract %a[%c5, %c5] : tensor<2x2xi32>
  func.return
})",
                     "tensor.extract", "%e = tensor.extract", "outside dimension 0");
  expectRuntimeError(R"(func.func @main() {
  %operand = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %idx = stablehlo.constant dense<[[0, 0]]> : tensor<1x2xi64>
  %one = stablehlo.constant dense<[1, 3]> : tensor<2xi64>
  %sizes = stablehlo.add %one, %one : tensor<2xi64>
  %r = "stablehlo.dynamic_gather"(%operand, %idx, %sizes) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>
  } : (tensor<2x2xi32>, tensor<1x2xi64>, tensor<2xi64>) -> tensor<1x?x?xi32>
  func.return
})",
                     "stablehlo.dynamic_gather", "%r = \"stablehlo.dynamic_gather\"", "does not fit dimension 1");
  expectRuntimeError(R"(func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %s = stablehlo.constant dense<[3]> : tensor<1xi64>
  %z = stablehlo.constant dense<[0]> : tensor<1xi64>
  %p = stablehlo.constant dense<0> : tensor<i32>
  %n = stablehlo.subtract %z, %s : tensor<1xi64>
  %r = stablehlo.dynamic_pad %a, %p, %n, %n, %z : (tensor<3xi32>, tensor<i32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi32>
  func.return
})",
                     "stablehlo.dynamic_pad", "%r = stablehlo.dynamic_pad", "negative");
}

TEST(InterpreterRuntimeErrors, ShapeMismatchesThatOnlyShowAtRunTime) {
  expectRuntimeError(R"(func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %half = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %shape = stablehlo.add %half, %half : tensor<2xi64>
  %b = stablehlo.dynamic_reshape %a, %shape : (tensor<6xi32>, tensor<2xi64>) -> tensor<?x2xi32>
  func.return
})",
                     "stablehlo.dynamic_reshape", "%b = stablehlo.dynamic_reshape", "");
  expectRuntimeError(R"(func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %d = tensor.cast %a : tensor<2xi32> to tensor<?xi32>
  %s = tensor.cast %d : tensor<?xi32> to tensor<3xi32>
  func.return
})",
                     "tensor.cast", "%s = tensor.cast", "does not fit");
  expectRuntimeError(R"(func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %two = stablehlo.constant dense<[2]> : tensor<1xi64>
  %shape = stablehlo.add %two, %two : tensor<1xi64>
  %b = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<3xi32>
  func.return
})",
                     "stablehlo.dynamic_iota", "%b = stablehlo.dynamic_iota", "at run time");
}

// stablehlo.exp2 / stablehlo.log2 (StableHLO 1.22, after our spec copy).
TEST(InterpreterCoverage, Exp2AndLog2) {
  expectPasses(R"(func.func @main() {
  %x = stablehlo.constant dense<[0.0, 3.0, -1.0, 0.5]> : tensor<4xf32>
  %e = stablehlo.exp2 %x : tensor<4xf32>
  check.expect_almost_eq_const %e, dense<[1.0, 8.0, 0.5, 1.41421354]> : tensor<4xf32>
  %y = stablehlo.constant dense<[1.0, 8.0, 0.25, 0.0]> : tensor<4xf64>
  %l = stablehlo.log2 %y : tensor<4xf64>
  check.expect_eq_const %l, dense<[0.0, 3.0, -2.0, 0xFFF0000000000000]> : tensor<4xf64>
  %z = stablehlo.constant dense<[(1.0, 0.0), (0.0, 2.0)]> : tensor<2xcomplex<f32>>
  %ez = stablehlo.exp2 %z : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %ez, dense<[(2.0, 0.0), (0.183457, 0.983028)]> : tensor<2xcomplex<f32>>
  %lz = stablehlo.log2 %z : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %lz, dense<[(0.0, 0.0), (1.0, 2.26618)]> : tensor<2xcomplex<f32>>
  func.return
})",
               4);
}
