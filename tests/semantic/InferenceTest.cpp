// Type inference as an API of its own (for hover, inlay hints and the "set
// the inferred type" fix): the spec's result types from operands and
// attributes, whatever the op's written result type says.
#include <gtest/gtest.h>

#include "semantic/analysis/Analysis.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/Verifier.h"

using namespace shlo;

namespace {

/// The inferred result types of the last top-level op of `text`, as text.
std::vector<std::string> inferLast(const std::string &text) {
  syntax::Parser parser;
  analysis::Analysis a = analysis::analyze(parser, text);
  const ir::Operation &op = *a.lowered.module->topLevel.back();
  std::vector<std::string> out;
  for (const ir::Type &t : verify::inferResultTypes(op)) out.push_back(t.str());
  return out;
}

const std::string kDefs =
    "%x = \"test.def\"() : () -> tensor<2x3xf32>\n"
    "%y = \"test.def\"() : () -> tensor<3x4xf32>\n"
    "%z = \"test.def\"() : () -> tensor<f32>\n";

}  // namespace

TEST(Inference, InfersFromOperandsNotFromTheWrittenResult) {
  // The written result types are wrong on purpose: inference ignores them.
  EXPECT_EQ(inferLast(kDefs + "%0 = stablehlo.add %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<9xf32>"),
            std::vector<std::string>{"tensor<2x3xf32>"});
  EXPECT_EQ(inferLast(kDefs + "%0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>"),
            std::vector<std::string>{"tensor<3x2xf32>"});
  EXPECT_EQ(inferLast(kDefs + "%0 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : "
                              "(tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x2xf32>"),
            std::vector<std::string>{"tensor<2x4xf32>"});
  EXPECT_EQ(inferLast(kDefs + "%0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : "
                              "(tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>"),
            std::vector<std::string>{"tensor<2xf32>"});
}

TEST(Inference, EmptyWhenTheOperandsDoNotAllowIt) {
  // A permutation that is not one: no inference, and no crash.
  EXPECT_TRUE(inferLast(kDefs + "%0 = stablehlo.transpose %x, dims = [5, 5] : (tensor<2x3xf32>) -> tensor<3x2xf32>")
                  .empty());
  // Ops of unknown dialects have no inference.
  EXPECT_TRUE(inferLast(kDefs + "%0 = \"foo.bar\"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>").empty());
}

TEST(Inference, CheckReportsTheInferredTypeWhenTheWrittenOneDiffers) {
  syntax::Parser parser;
  std::string text = kDefs + "%0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n";
  analysis::Analysis a = analysis::analyze(parser, text);
  ASSERT_EQ(a.diagnostics.size(), 1u);
  EXPECT_EQ(a.diagnostics[0].code, "transpose.C3");
  EXPECT_NE(a.diagnostics[0].message.find("tensor<3x2xf32>"), std::string::npos) << a.diagnostics[0].message;
  ASSERT_TRUE(a.diagnostics[0].opRange.has_value());
}

TEST(Inference, CollectivesFromTheirGroupSize) {
  // dim(replica_groups, 1) = 2 processes per group.
  const std::string groups = "replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>";
  EXPECT_EQ(inferLast(kDefs + "%0 = \"stablehlo.all_gather\"(%x) {all_gather_dim = 1 : i64, " + groups +
                      "} : (tensor<2x3xf32>) -> tensor<2x3xf32>"),
            std::vector<std::string>{"tensor<2x6xf32>"});
  const std::string sum =
      "({\n^bb0(%a: tensor<f32>, %b: tensor<f32>):\n  %s = stablehlo.add %a, %b : tensor<f32>\n"
      "  stablehlo.return %s : tensor<f32>\n}) ";
  EXPECT_EQ(inferLast(kDefs + "%0 = \"stablehlo.reduce_scatter\"(%y) " + sum + "{scatter_dimension = 1 : i64, " +
                      groups + "} : (tensor<3x4xf32>) -> tensor<3x4xf32>"),
            std::vector<std::string>{"tensor<3x2xf32>"});
  // A size the group size does not divide: no inference.
  EXPECT_TRUE(inferLast(kDefs + "%0 = \"stablehlo.reduce_scatter\"(%x) " + sum + "{scatter_dimension = 1 : i64, " +
                        groups + "} : (tensor<2x3xf32>) -> tensor<2x1xf32>")
                  .empty());
  // Empty groups mean every process, a count the module does not state.
  EXPECT_TRUE(inferLast(kDefs + "%0 = \"stablehlo.all_gather\"(%x) {all_gather_dim = 1 : i64, replica_groups = "
                                "dense<> : tensor<0x0xi64>} : (tensor<2x3xf32>) -> tensor<2x6xf32>")
                  .empty());
  EXPECT_EQ(inferLast(kDefs + "%0 = \"stablehlo.collective_reduce\"(%x) " + sum + "{" + groups +
                      "} : (tensor<2x3xf32>) -> tensor<2x9xf32>"),
            std::vector<std::string>{"tensor<2x3xf32>"});
}

TEST(Inference, ConvolutionFromWindowAndDimensionNumbers) {
  const std::string defs =
      "%in = \"test.def\"() : () -> tensor<1x8x8x3xf32>\n%k = \"test.def\"() : () -> tensor<3x3x3x16xf32>\n";
  // Spatial 0: (1 + 8 + 1 - 3) / 2 + 1 = 4; spatial 1: 8 - 3 + 1 = 6.
  EXPECT_EQ(inferLast(defs +
                      "%0 = \"stablehlo.convolution\"(%in, %k) {batch_group_count = 1 : i64, dimension_numbers = "
                      "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, "
                      "window_strides = array<i64: 2, 1>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>} : "
                      "(tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x1x1x1xf32>"),
            std::vector<std::string>{"tensor<1x4x6x16xf32>"});
  // Strides of the wrong length: no inference.
  EXPECT_TRUE(inferLast(defs +
                        "%0 = \"stablehlo.convolution\"(%in, %k) {dimension_numbers = "
                        "#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 2>} : "
                        "(tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>")
                  .empty());
}

TEST(Inference, AsyncOpsFromTheWrappedOp) {
  const std::string start =
      "%f = \"stablehlo.async_start\"(%x) ({\n"
      "  %g = \"stablehlo.all_gather\"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : "
      "tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<2x6xf32>\n"
      "  \"stablehlo.return\"(%g) : (tensor<2x6xf32>) -> ()\n"
      "}) : (tensor<2x3xf32>) -> !stablehlo.future<tensor<2x6xf32>>\n";
  EXPECT_EQ(inferLast(kDefs + start), std::vector<std::string>{"!stablehlo.future<tensor<2x6xf32>>"});
  EXPECT_EQ(inferLast(kDefs + start +
                      "%d = \"stablehlo.async_done\"(%f) : (!stablehlo.future<tensor<2x6xf32>>) -> tensor<2x6xf32>"),
            std::vector<std::string>{"tensor<2x6xf32>"});
}

TEST(Inference, CompositeFromItsDecomposition) {
  syntax::Parser parser;
  analysis::Analysis a = analysis::analyze(parser,
                                           "func.func @pair(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<i1>) {\n"
                                           "  %t = stablehlo.constant dense<true> : tensor<i1>\n"
                                           "  func.return %a, %t : tensor<2xf32>, tensor<i1>\n}\n"
                                           "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                                           "  %0:2 = \"stablehlo.composite\"(%x) {name = \"my.pair\", decomposition = @pair} : "
                                           "(tensor<2xf32>) -> (tensor<2xf32>, tensor<i1>)\n"
                                           "  func.return %0#0 : tensor<2xf32>\n}\n");
  const ir::Module &module = *a.lowered.module;
  const ir::Operation *composite = nullptr;
  for (const ir::Operation *f : module.topLevel) {
    if (!f->regions.empty() && !f->regions[0]->blocks.empty())
      for (const ir::Operation *op : f->regions[0]->blocks[0]->operations)
        if (op->name == "stablehlo.composite") composite = op;
  }
  ASSERT_NE(composite, nullptr);
  const verify::OpDef *def = verify::OpRegistry::instance().find("stablehlo.composite");
  ASSERT_TRUE(def && def->infer);
  std::vector<Diagnostic> ignored;
  verify::VerifyContext context(*composite, ignored, &module);
  std::vector<std::string> types;
  for (const ir::Type &t : def->infer(context)) types.push_back(t.str());
  EXPECT_EQ(types, (std::vector<std::string>{"tensor<2xf32>", "tensor<i1>"}));
}
