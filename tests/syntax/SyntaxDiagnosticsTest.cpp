#include <gtest/gtest.h>

#include "semantic/diagnostics/SyntaxDiagnostics.h"
#include "semantic/syntax/SyntaxTree.h"

using namespace shlo;

namespace {

std::vector<Diagnostic> diagnose(const std::string &text) {
  syntax::Parser parser;
  return syntax::collectSyntaxDiagnostics(parser.parse(text), text);
}

}  // namespace

TEST(SyntaxDiagnostics, MissingTokenSaysWhatWasExpectedAndWhere) {
  std::string text = "%1 = stablehlo.abs %0 : tensor<4xf32\n%2 = stablehlo.abs %1 : tensor<4xf32>\n";
  auto diagnostics = diagnose(text);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].code, "syntax.missing");
  EXPECT_EQ(diagnostics[0].message, "expected `>` in tensor type");
  EXPECT_EQ(diagnostics[0].range.begin, text.find("\n"));
}

TEST(SyntaxDiagnostics, UnexpectedTokenNamesTheOperation) {
  std::string text = "%0 = stablehlo.add %a, : tensor<4xf32>\n";
  auto diagnostics = diagnose(text);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].code, "syntax.unexpected");
  EXPECT_EQ(diagnostics[0].message, "unexpected `,` in operation `stablehlo.add`");
  EXPECT_EQ(diagnostics[0].range.begin, text.find(','));
}

TEST(SyntaxDiagnostics, ErrorDoesNotDerailTheRestOfTheFile) {
  std::string text =
      "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n"
      "  %0 = stablehlo.add %a %a %a : tensor<f32>\n"
      "  %1 = stablehlo.abs %a : tensor<f32>\n"
      "  return %1 : tensor<f32>\n"
      "}\n"
      "func.func @g(%a: tensor<f32>) -> tensor<f32> {\n"
      "  return %a : tensor<f32>\n"
      "}\n";
  auto diagnostics = diagnose(text);
  for (const Diagnostic &d : diagnostics) EXPECT_LT(d.range.begin, text.find("%1 = "));
}

TEST(SyntaxDiagnostics, UnknownDialectOpsAreNotErrors) {
  std::string text =
      "func.func @f(%a: tensor<?xf32>) -> index {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %d = tensor.dim %a, %c0 : tensor<?xf32>\n"
      "  %e = mydialect.frob %d, %d {flag} [1, 2] -> weird <stuff>\n"
      "  scf.for %i = %c0 to %d step %c0 {\n"
      "    mydialect.touch %i\n"
      "  }\n"
      "  return %d : index\n"
      "}\n";
  EXPECT_TRUE(diagnose(text).empty());
}
