// Hover on attributes (the spec's description from the op's Inputs table)
// and on constants (a bounded preview of their elements).
#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

const char *kHoverUri = "file:///tmp/shlo-lsp-hover.mlir";

std::string bigConstant() {
  // 200000 elements: the preview shows 8 of them.
  std::string literal = "[";
  for (int i = 0; i < 200000; ++i) literal += (i ? ", " : "") + std::to_string(i);
  return literal + "]";
}

class LspHoverDetails : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string text =
        "func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xi1> {\n"                          // 0
        "  %c = stablehlo.compare GT, %a, %b, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n"     // 1
        "  %k = stablehlo.constant dense<[[1.5, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>\n"           // 2
        "  %s = stablehlo.constant dense<0.5> : tensor<1000x1000xf32>\n"                                     // 3
        "  %h = stablehlo.constant dense<\"0x0000C03F000020C1\"> : tensor<2xf32>\n"                          // 4
        "  %i = stablehlo.constant dense<\"0xFFFF0700\"> : tensor<2xi16>\n"                                  // 5
        "  %n = stablehlo.constant dense<" + bigConstant() + "> : tensor<200000xi32>\n"                      // 6
        "  %d = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<2xf32>) -> tensor<3x2xf32>\n"           // 7
        "  %z = stablehlo.add %k, %k : tensor<2x3xf32>\n"                                                    // 8
        "  return %c : tensor<2xi1>\n"                                                                       // 9
        "}\n";
    client.initialize();
    openText(client, kHoverUri, text);
    ASSERT_TRUE(diagnosticsFor(client, kHoverUri).has_value());
  }

  std::string hoverText(int line, int character) {
    json result = resultOf(client.call("textDocument/hover", at(kHoverUri, line, character)));
    if (!result.is_object()) return "";
    return result["contents"]["value"];
  }

  LspClient client{SHLO_BINARY};
};

TEST_F(LspHoverDetails, EnumAttributeShowsTheSpecsInputRow) {
  std::string text = hoverText(1, 26);  // `GT`
  EXPECT_NE(text.find("**`comparison_direction`** of `stablehlo.compare`"), std::string::npos) << text;
  EXPECT_NE(text.find("(I3) `comparison_direction`: enum of `EQ`, `NE`, `GE`, `GT`, `LE`, and `LT`"),
            std::string::npos)
      << text;
}

TEST_F(LspHoverDetails, NamedAttributeShowsItsValueAndConstraints) {
  std::string text = hoverText(7, 40);  // `dims`, the pretty name of broadcast_dimensions
  EXPECT_NE(text.find("**`broadcast_dimensions`** of `stablehlo.broadcast_in_dim`"), std::string::npos) << text;
  EXPECT_NE(text.find("(I2) `broadcast_dimensions`"), std::string::npos) << text;
  EXPECT_NE(text.find("- (C2) `size(broadcast_dimensions) = rank(operand)`."), std::string::npos) << text;
  EXPECT_NE(text.find("- (C4) `is_unique(broadcast_dimensions)`."), std::string::npos) << text;
}

TEST_F(LspHoverDetails, ConstantValueShowsItsElements) {
  std::string text = hoverText(8, 22);  // the use of %k
  EXPECT_NE(text.find("%k : tensor<2x3xf32>"), std::string::npos) << text;
  EXPECT_NE(text.find("2 uses"), std::string::npos) << text;
  EXPECT_NE(text.find("`tensor<2x3xf32>`, 6 elements: `1.5, 2.0, 3.0, 4.0, 5.0, 6.0`"), std::string::npos) << text;
  // On the op and on the literal too.
  EXPECT_NE(hoverText(2, 10).find("6 elements: `1.5, 2.0"), std::string::npos);
  std::string literal = hoverText(2, 36);
  EXPECT_NE(literal.find("**`value`** of `stablehlo.constant`"), std::string::npos) << literal;
  EXPECT_NE(literal.find("6 elements: `1.5, 2.0"), std::string::npos) << literal;
}

TEST_F(LspHoverDetails, SplatAndHexConstantsAreDecoded) {
  EXPECT_NE(hoverText(3, 3).find("`tensor<1000x1000xf32>`, 1000000 elements, all `0.5`"), std::string::npos)
      << hoverText(3, 3);
  // Little-endian f32: 0x3FC00000 = 1.5, 0xC1200000 = -10.
  EXPECT_NE(hoverText(4, 3).find("2 elements: `1.5, -10`"), std::string::npos) << hoverText(4, 3);
  // i16: 0xFFFF = -1, 0x0007 = 7.
  EXPECT_NE(hoverText(5, 3).find("2 elements: `-1, 7`"), std::string::npos) << hoverText(5, 3);
}

TEST_F(LspHoverDetails, LargeConstantsShowOnlyTheirFirstElements) {
  std::string text = hoverText(6, 3);
  EXPECT_NE(text.find("`tensor<200000xi32>`, 200000 elements, first 8: `0, 1, 2, 3, 4, 5, 6, 7, …`"),
            std::string::npos)
      << text.substr(0, 500);
  EXPECT_LT(text.size(), 600u);
  // The attribute hover on the literal is bounded as well.
  std::string literal = hoverText(6, 40);
  EXPECT_NE(literal.find("first 8"), std::string::npos) << literal.substr(0, 500);
  EXPECT_LT(literal.size(), 600u);
}

}  // namespace
}  // namespace shlo::lsp::test
