// Quantization constraints (issue 11): the quantized element type's
// parameters (spec "Types", C4-C7, C10), quantized tensor types' C12 where
// an op uses the type, dot_general's C14-C20 and convolution's C28-C34, and
// bounds only on dynamic dimensions and at most one bounded dimension in
// reshape/broadcast_in_dim results (dynamism.md), and mesh-axes replica
// groups that name a defined mesh and its axes. Each case is a program
// written for the rule, not taken from StableHLO's suites.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "semantic/analysis/Analysis.h"
#include "tests/semantic/CheckErrors.h"

namespace shlo {
namespace {

using test::dump;
using test::errorsOf;

struct Case {
  const char *program;
  const char *code;  // Empty: no error expected.
};

void expectCases(const std::vector<Case> &cases) {
  for (const Case &c : cases) {
    std::vector<Diagnostic> errors = errorsOf(c.program);
    if (!*c.code) {
      EXPECT_TRUE(errors.empty()) << c.program << dump(errors);
      continue;
    }
    ASSERT_EQ(errors.size(), 1u) << c.program << dump(errors);
    EXPECT_EQ(errors[0].code, c.code) << c.program << dump(errors);
  }
}

TEST(QuantizedElementType, ParametersWithinTheTypesRanges) {
  expectCases({
      {"func.func @f(%x: tensor<3x!quant.uniform<u8:f32, 0.25:12>>) { func.return }\n", ""},
      {"func.func @f(%x: tensor<3x!quant.uniform<u8:f32, -0.25:12>>) { func.return }\n", "quantized_type.C5"},
      {"func.func @f(%x: tensor<3x!quant.uniform<u8:f32, 0.0:12>>) { func.return }\n", "quantized_type.C5"},
      // 7.0e5 is past f16's largest finite value, 65504.
      {"func.func @f(%x: tensor<3x!quant.uniform<i8:f16, 7.0e5:1>>) { func.return }\n", "quantized_type.C4"},
      {"func.func @f(%x: tensor<3x!quant.uniform<i8:f16, 6.0e4:1>>) { func.return }\n", ""},
      {"func.func @f(%x: tensor<3x!quant.uniform<u8:f32, 0.5:-1>>) { func.return }\n", "quantized_type.C7"},
      {"func.func @f(%x: tensor<3x!quant.uniform<i8<-5:5>:f32, 0.5:6>>) { func.return }\n", "quantized_type.C7"},
      {"func.func @f(%x: tensor<3x!quant.uniform<i8<-5:5>:f32, 0.5:5>>) { func.return }\n", ""},
      {"func.func @f(%x: tensor<2x3x!quant.uniform<i8:f32:1, {0.5:1, 0.5:300, 0.5:2}>>) { func.return }\n",
       "quantized_type.C7"},
  });
}

TEST(QuantizedTensorType, TheQuantizationDimensionIsCheckedWhereAnOpUsesTheType) {
  expectCases({
      // A block argument alone is not checked (MLIR accepts the type there).
      {"func.func @f(%x: tensor<!quant.uniform<i8:f32:0, {0.5:1}>>) { func.return }\n", ""},
      {"func.func @f(%x: tensor<4x!quant.uniform<i8:f32:1, {0.5:1}>>) {\n"
       "  %0 = stablehlo.reshape %x : (tensor<4x!quant.uniform<i8:f32:1, {0.5:1}>>) -> "
       "tensor<4x!quant.uniform<i8:f32:1, {0.5:1}>>\n  func.return\n}\n",
       "type.C12"},
      {"func.func @f(%x: tensor<4x!quant.uniform<si8:f32, 0.5:1>>) {\n"
       "  %0 = stablehlo.uniform_dequantize %x : (tensor<4x!quant.uniform<si8:f32, 0.5:1>>) -> tensor<4xf32>\n"
       "  func.return\n}\n",
       "quantized_type.storage"},
  });
}

/// lhs 2x3 contracting its dimension 1 with rhs 3x4's dimension 0.
std::string dotGeneral(const std::string &lhs, const std::string &rhs, const std::string &result) {
  return "func.func @f(%l: tensor<2x3x" + lhs + ">, %r: tensor<3x4x" + rhs + ">) {\n"
         "  %0 = \"stablehlo.dot_general\"(%l, %r) {dot_dimension_numbers = #stablehlo.dot<"
         "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : "
         "(tensor<2x3x" + lhs + ">, tensor<3x4x" + rhs + ">) -> tensor<2x4x" + result + ">\n  func.return\n}\n";
}

TEST(QuantizedDotGeneral, SpecConstraintsC14ToC20) {
  const std::string q8 = "!quant.uniform<i8:f32, 0.5:3>", q8z = "!quant.uniform<i8:f32, 0.5:0>",
                    q32 = "!quant.uniform<i32:f32, 0.25:0>", axis1 = "!quant.uniform<i8:f32:1, {0.5:0, 0.5:0, 0.5:0, 0.5:0}>",
                    axis0 = "!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>";
  expectCases({
      {dotGeneral(q8, q8z, q32).c_str(), ""},                       // per-tensor, int8 x int8 -> int32
      {dotGeneral(q8, axis1, q32).c_str(), ""},                     // per-axis rhs on a result dimension
      {dotGeneral("f32", q8z, "f32").c_str(), ""},                  // hybrid
      {dotGeneral(q8, q8, q32).c_str(), "dot_general.C15"},         // rhs zero point 3
      {dotGeneral(q8, axis0, q32).c_str(), "dot_general.C16"},      // per-axis on the contracting dimension
      {dotGeneral(q8, "f32", "f32").c_str(), "dot_general.C14"},    // quantized lhs, float rhs
      {dotGeneral("f32", q8z, q32).c_str(), "dot_general.C14"},     // float lhs, quantized result
      {dotGeneral(q8, "!quant.uniform<i16:f32, 0.5:0>", q32).c_str(), "dot_general.C17"},
      {dotGeneral(q8, "!quant.uniform<i8:f16, 0.5:0>", q32).c_str(), "dot_general.C18"},
      {dotGeneral("f16", q8z, "f16").c_str(), "dot_general.C20"},   // lhs f16, rhs expresses f32
      {dotGeneral(q8, q8z, "!quant.uniform<i32:f32:1, {0.5:0, 0.5:0, 0.5:0, 0.5:0}>").c_str(),
       "dot_general.C19"},
      {dotGeneral("!quant.uniform<i8:f32:0, {0.5:0, 0.5:0}>", q8z, q32).c_str(), "dot_general.I1"},
  });
}

std::string convolution(const std::string &lhs, const std::string &rhs, const std::string &result) {
  // 1-D convolution, [b, 0, f]x[0, i, o]->[b, 0, f]: lhs 1x4x2, kernel 3x2x5, result 1x2x5.
  return "func.func @f(%l: tensor<1x4x2x" + lhs + ">, %r: tensor<3x2x5x" + rhs + ">) {\n"
         "  %0 = stablehlo.convolution(%l, %r) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} "
         "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x2x" + lhs +
         ">, tensor<3x2x5x" + rhs + ">) -> tensor<1x2x5x" + result + ">\n  func.return\n}\n";
}

TEST(QuantizedConvolution, SpecConstraintsC28ToC34) {
  const std::string q8 = "!quant.uniform<i8:f32, 0.5:3>", q32 = "!quant.uniform<i32:f32, 0.25:0>",
                    axis5 = "!quant.uniform<i8:f32:2, {0.5:0, 0.5:0, 0.5:0, 0.5:0, 0.5:0}>",
                    out5 = "!quant.uniform<i32:f32:2, {0.5:0, 0.5:0, 0.5:0, 0.5:0, 0.5:0}>";
  expectCases({
      {convolution(q8, q8, q32).c_str(), ""},
      {convolution(q8, axis5, out5).c_str(), ""},
      {convolution("f32", q8, "f32").c_str(), ""},
      {convolution(q8, "f32", "f32").c_str(), "convolution.C28"},
      {convolution(q8, "!quant.uniform<i8:f32:0, {0.5:0, 0.5:0, 0.5:0}>", q32).c_str(), "convolution.C29"},
      {convolution(q8, axis5, "!quant.uniform<i32:f32:0, {0.5:0}>").c_str(), "convolution.C30"},
      {convolution(q8, "!quant.uniform<u8:f32, 0.5:3>", q32).c_str(), "convolution.C31"},
      {convolution(q8, q8, "!quant.uniform<i32:f64, 0.25:0>").c_str(), "convolution.C32"},
      {convolution(q8, q8, out5).c_str(), "convolution.C33"},
      {convolution("f16", q8, "f16").c_str(), "convolution.C34"},
  });
}

TEST(BoundedDynamism, OnlyDynamicDimensionsHaveBounds) {
  expectCases({
      {"func.func @f(%x: tensor<?x3xf32, #stablehlo.bounds<8, ?>>) { func.return }\n", ""},
      {"func.func @f(%x: tensor<4x3xf32, #stablehlo.bounds<8, ?>>) { func.return }\n", "type.bounds"},
  });
}

TEST(BoundedDynamism, SliceAndPadRespectTheBound) {
  const std::string bounded = "tensor<?xf32, #stablehlo.bounds<6>>";
  auto slice = [&](int limit) {
    return "func.func @f(%x: " + bounded + ") {\n  %0 = \"stablehlo.slice\"(%x) {start_indices = array<i64: 1>, "
           "limit_indices = array<i64: " + std::to_string(limit) + ">, strides = array<i64: 1>} : (" + bounded +
           ") -> tensor<?xf32>\n  func.return\n}\n";
  };
  auto pad = [&](int low, int high) {
    return "func.func @f(%x: " + bounded + ", %z: tensor<f32>) {\n  %0 = \"stablehlo.pad\"(%x, %z) {edge_padding_low = "
           "array<i64: " + std::to_string(low) + ">, edge_padding_high = array<i64: " + std::to_string(high) +
           ">, interior_padding = array<i64: 0>} : (" + bounded + ", tensor<f32>) -> tensor<?xf32>\n  func.return\n}\n";
  };
  std::string s6 = slice(6), s7 = slice(7), p1 = pad(-3, -3), p2 = pad(-4, -3);
  expectCases({{s6.c_str(), ""}, {s7.c_str(), "slice.C3"}, {p1.c_str(), ""}, {p2.c_str(), "pad.C4"}});
}

TEST(BoundedDynamism, ReshapeAndBroadcastResultsHaveAtMostOneBoundedDimension) {
  auto reshape = [](const std::string &in, const std::string &out) {
    return "func.func @f(%x: " + in + ") {\n  %0 = stablehlo.reshape %x : (" + in + ") -> " + out +
           "\n  func.return\n}\n";
  };
  auto broadcast = [](const std::string &in, const std::string &out) {
    return "func.func @f(%x: " + in + ") {\n  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (" + in +
           ") -> " + out + "\n  func.return\n}\n";
  };
  const std::string one = "tensor<?x4xi32, #stablehlo.bounds<3, ?>>";
  const std::string two = "tensor<?x?xi32, #stablehlo.bounds<3, 4>>";
  std::string r1 = reshape(one, "tensor<4x?xi32, #stablehlo.bounds<?, 3>>");
  std::string r2 = reshape(two, two);
  std::string r3 = reshape("tensor<6xi32>", "tensor<?x2xi32>");
  std::string r4 = reshape("tensor<6xi32>", "tensor<3x2xi32>");
  std::string b1 = broadcast(one, "tensor<?x4x5xi32, #stablehlo.bounds<3, ?, ?>>");
  std::string b2 = broadcast(two, "tensor<?x?x5xi32, #stablehlo.bounds<3, 4, ?>>");
  expectCases({{r1.c_str(), ""},
               {r2.c_str(), "reshape.result"},
               {r3.c_str(), "reshape.result"},
               {r4.c_str(), ""},
               {b1.c_str(), ""},
               {b2.c_str(), "broadcast_in_dim.result"}});
}

TEST(OneErrorPerMistake, UsesOfAnOpWithAnUndefinedOperandAreNotReportedAgain) {
  // print_types_invalid.mlir: the tuple's result type is unreliable once an
  // operand is undefined; the return's type and use errors followed from it.
  std::vector<Diagnostic> errors =
      errorsOf("func.func @f(%arg0: tensor<1xf64>) -> tensor<1xf64> {\n"
               "  %0 = stablehlo.tuple %arg0, %arg1 : tensor<1xf64>, tensor<1xf32>\n"
               "  func.return %0 : tensor<1xf64>\n}\n");
  ASSERT_EQ(errors.size(), 1u) << dump(errors);
  EXPECT_EQ(errors[0].code, "ssa.undefined-value");
  // A use of a well-defined value is still checked.
  std::vector<Diagnostic> plain = errorsOf(
      "func.func @f(%arg0: tensor<1xf64>) -> tensor<1xf32> {\n  func.return %arg0 : tensor<1xf32>\n}\n");
  EXPECT_FALSE(plain.empty());
}

TEST(OneErrorPerMistake, RegionsOfAnOpWithAnErrorAreNotReportedAgain) {
  // The sort takes a per-axis operand (not allowed); its comparator's rank-0
  // per-axis arguments follow from that one mistake.
  const std::string axis = "!quant.uniform<i8:f32:0, {0.5:3, 0.5:3, 0.5:3}>";
  const std::string scalar = axis;  // Rank-0 arguments with a quantization dimension: type.C12 on the compare.
  std::string sorted = "func.func @f(%x: tensor<3x" + axis + ">) {\n"
                       "  %0 = \"stablehlo.sort\"(%x) ({\n"
                       "  ^bb0(%a: tensor<" + scalar + ">, %b: tensor<" + scalar + ">):\n"
                       "    %c = \"stablehlo.compare\"(%a, %b) {comparison_direction = "
                       "#stablehlo<comparison_direction LT>} : (tensor<" + scalar + ">, tensor<" + scalar +
                       ">) -> tensor<i1>\n"
                       "    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n"
                       "  }) {dimension = 0 : i64} : (tensor<3x" + axis + ">) -> tensor<3x" + axis + ">\n"
                       "  func.return\n}\n";
  std::vector<Diagnostic> errors = errorsOf(sorted);
  ASSERT_EQ(errors.size(), 1u) << dump(errors);
  EXPECT_EQ(errors[0].code.rfind("sort.", 0), 0u) << dump(errors);
  // A mistake inside the region of an op that is itself fine is reported.
  expectCases({{"func.func @g(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                "  %0 = \"stablehlo.while\"(%x) ({\n  ^bb0(%a: tensor<2xf32>):\n"
                "    %t = stablehlo.transpose %a, dims = [1] : (tensor<2xf32>) -> tensor<2xf32>\n"
                "    %p = stablehlo.constant dense<true> : tensor<i1>\n"
                "    stablehlo.return %p : tensor<i1>\n  }, {\n  ^bb0(%a: tensor<2xf32>):\n"
                "    stablehlo.return %a : tensor<2xf32>\n  }) : (tensor<2xf32>) -> tensor<2xf32>\n"
                "  func.return %0 : tensor<2xf32>\n}\n",
                "transpose.C2"}});
}

TEST(MeshAxesReplicaGroups, NameADefinedMeshAndItsAxes) {
  auto program = [](const std::string &meshes, const std::string &groups) {
    return meshes + "func.func @f(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {\n"
           "  %0 = \"stablehlo.all_gather\"(%x) {all_gather_dim = 1 : i64, replica_groups = " + groups +
           "} : (tensor<2x4xf32>) -> tensor<2x8xf32>\n  func.return %0 : tensor<2x8xf32>\n}\n";
  };
  const std::string meshes = "sdy.mesh @grid = <[\"rows\"=2, \"cols\"=4]>\n";
  auto axes = [](const std::string &mesh, const std::string &names) {
    std::string list;
    for (const char *sep = ""; const char c : names) {
      list += sep + std::string("#stablehlo.axis_ref<name = \"") + (c == 'r' ? "rows" : c == 'c' ? "cols" : "depth") +
              "\">";
      sep = ", ";
    }
    return "#stablehlo.replica_group_mesh_axes<mesh = " + mesh + ", axes = [" + list + "]>";
  };
  const std::string inlineMesh =
      "#stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = \"rows\", size = 2>]>";
  std::string ok = program(meshes, axes("@grid", "r"));
  std::string noSuchMesh = program(meshes, axes("@other", "r"));
  std::string noMeshesAtAll = program("", axes("@other", "r"));  // defined outside the file
  std::string noSuchAxis = program(meshes, axes("@grid", "d"));
  std::string twice = program(meshes, axes("@grid", "cc"));
  std::string inlineOk = program("", axes(inlineMesh, "r"));
  std::string inlineBad = program("", axes(inlineMesh, "c"));
  std::string nested = "module {\n" + meshes + "}\n" + program("", axes("@grid", "c"));
  expectCases({{ok.c_str(), ""},
               {noSuchMesh.c_str(), "all_gather.replica_groups"},
               {noMeshesAtAll.c_str(), ""},
               {noSuchAxis.c_str(), "all_gather.replica_groups"},
               {twice.c_str(), "all_gather.replica_groups"},
               {inlineOk.c_str(), ""},
               {inlineBad.c_str(), "all_gather.replica_groups"},
               {nested.c_str(), ""}});
}

std::string asyncProgram(const std::string &futureType, const std::string &doneResult, bool innerUsesOperand = true) {
  return "func.func @f(%x: tensor<8x2xf32>, %y: tensor<8x2xf32>) {\n"
         "  %0 = \"stablehlo.async_start\"(%x) ({\n"
         "    %1 = \"stablehlo.all_gather\"(" + std::string(innerUsesOperand ? "%x" : "%y") + ") {all_gather_dim = 1 : i64, "
         "replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<8x2xf32>) -> tensor<8x8xf32>\n"
         "    \"stablehlo.return\"(%1) : (tensor<8x8xf32>) -> ()\n"
         "  }) : (tensor<8x2xf32>) -> " + futureType + "\n"
         "  %2 = \"stablehlo.async_done\"(%0) : (" + futureType + ") -> " + doneResult + "\n"
         "  func.return\n}\n";
}

TEST(AsyncOps, FuturesWrapTheBodysResults) {
  std::string ok = asyncProgram("!stablehlo.future<tensor<8x8xf32>>", "tensor<8x8xf32>");
  std::string wrongFuture = asyncProgram("!stablehlo.future<tensor<8x4xf32>>", "tensor<8x4xf32>");
  std::string wrongDone = asyncProgram("!stablehlo.future<tensor<8x8xf32>>", "tensor<8x8xf16>");
  std::string otherOperand = asyncProgram("!stablehlo.future<tensor<8x8xf32>>", "tensor<8x8xf32>", false);
  expectCases({
      {ok.c_str(), ""},
      {wrongFuture.c_str(), "async_start.C4"},
      {wrongDone.c_str(), "async_done.C1"},
      {otherOperand.c_str(), "async_start.C3"},
      // The body may take the operands as block arguments.
      {"func.func @f(%x: tensor<4xf32>) {\n  %0 = \"stablehlo.async_start\"(%x) ({\n  ^bb0(%b: tensor<4xf32>):\n"
       "    %1 = \"stablehlo.collective_permute\"(%b) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : "
       "(tensor<4xf32>) -> tensor<4xf32>\n    \"stablehlo.return\"(%1) : (tensor<4xf32>) -> ()\n"
       "  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>\n  func.return\n}\n",
       ""},
      // One block argument per operand, of the operand's type.
      {"func.func @f(%x: tensor<4xf32>) {\n  %0 = \"stablehlo.async_start\"(%x) ({\n  ^bb0(%b: tensor<4xf32>, %c: tensor<4xf32>):\n"
       "    %1 = \"stablehlo.collective_permute\"(%b) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : "
       "(tensor<4xf32>) -> tensor<4xf32>\n    \"stablehlo.return\"(%1) : (tensor<4xf32>) -> ()\n"
       "  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>\n  func.return\n}\n",
       "async_start.C3"},
      {"func.func @f(%x: tensor<4xf32>) {\n  %0 = \"stablehlo.async_start\"(%x) ({\n  ^bb0(%b: tensor<4xi32>):\n"
       "    %1 = \"stablehlo.collective_permute\"(%b) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : "
       "(tensor<4xi32>) -> tensor<4xi32>\n    \"stablehlo.return\"(%1) : (tensor<4xi32>) -> ()\n"
       "  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xi32>>\n  func.return\n}\n",
       "async_start.C3"},
      {"func.func private @f() -> !stablehlo.future<tensor<2xf32>, tensor<i32>>\n", ""},
      {"func.func private @f() -> !stablehlo.future<tensor<2xf32>, f32>\n", "type.future"},
  });
}

}  // namespace
}  // namespace shlo
