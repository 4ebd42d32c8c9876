// Type inference as an API of its own (for hover, inlay hints and the "set
// the inferred type" fix): the spec's result types from operands and
// attributes, whatever the op's written result type says.
#include <gtest/gtest.h>

#include "semantic/analysis/Analysis.h"
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
