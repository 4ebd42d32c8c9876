// A typo in an op name is an error in the editor too (issue 11): published
// with its code, the suggestion and the fix's range on the name.
#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

const char *kUri = "file:///tmp/shlo-lsp-unknown-op.mlir";

TEST(LspUnknownOp, ATypoInAnOpNameIsPublishedWithASuggestion) {
  LspClient client(SHLO_BINARY);
  initializeWith(client, {{"capabilities", json::object()}});
  openText(client, kUri,
           "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
           "  %0 = stablehlo.dot_generl %a, %a, contracting_dims = [0] x [0] : (tensor<2xf32>, tensor<2xf32>) -> "
           "tensor<f32>\n"
           "  %1 = arith.addf %a, %a : tensor<2xf32>\n"
           "  return %a : tensor<2xf32>\n"
           "}\n");
  std::optional<json> published = diagnosticsFor(client, kUri);
  ASSERT_TRUE(published.has_value());
  std::vector<json> errors;
  for (const json &d : (*published)["diagnostics"]) {
    if (d["severity"] == 1) errors.push_back(d);
  }
  ASSERT_EQ(errors.size(), 1u) << published->dump(1);
  EXPECT_EQ(errors[0]["code"], "op.unknown");
  EXPECT_NE(errors[0]["message"].get<std::string>().find("did you mean `stablehlo.dot_general`?"), std::string::npos);
  EXPECT_EQ(errors[0]["range"]["start"], position(1, 7));
  EXPECT_EQ(errors[0]["range"]["end"], position(1, 27));
}

}  // namespace
}  // namespace shlo::lsp::test
