// hover, definition, references and documentSymbol on the test document.
#include "tests/lsp/TestDocument.h"

namespace shlo::lsp::test {
namespace {

class LspFeatures : public ::testing::Test {
 protected:
  void SetUp() override {
    client.initialize();
    openDocument(client);
    ASSERT_TRUE(waitForDiagnostics(client, 1).has_value());
  }

  std::string hoverText(int line, int character) {
    json result = resultOf(client.call("textDocument/hover", positionParams(line, character)));
    if (!result.is_object()) return "";
    EXPECT_EQ(result["contents"]["kind"], "markdown");
    return result["contents"]["value"];
  }

  LspClient client{SHLO_BINARY};
};

TEST_F(LspFeatures, HoverOnAnOpShowsSummaryAndTypes) {
  std::string text = hoverText(3, 12);  // `stablehlo.add`
  EXPECT_NE(text.find("stablehlo.add"), std::string::npos) << text;
  EXPECT_NE(text.find("Element-wise addition"), std::string::npos) << text;
  EXPECT_NE(text.find("- `%0`: `tensor<4xf32>`"), std::string::npos) << text;
  EXPECT_NE(text.find("- `%y`: undefined"), std::string::npos) << text;
  EXPECT_NE(text.find("- `%1`: `tensor<4xf32>`"), std::string::npos) << text;
}

TEST_F(LspFeatures, HoverOnAValueShowsTypeDefinitionAndUses) {
  std::string text = hoverText(3, 24);  // the use of `%0`
  EXPECT_NE(text.find("%0 : tensor<4xf32>"), std::string::npos) << text;
  EXPECT_NE(text.find("result #0 of `func.call`"), std::string::npos) << text;
  EXPECT_NE(text.find("line 3"), std::string::npos) << text;
  EXPECT_NE(text.find("1 use"), std::string::npos) << text;

  std::string argument = hoverText(1, 19);  // `%x`, the argument
  EXPECT_NE(argument.find("argument #0 of function `@main`"), std::string::npos) << argument;
  EXPECT_NE(argument.find("1 use"), std::string::npos) << argument;
}

TEST_F(LspFeatures, HoverShowsTheInferredTypeWhenItDiffers) {
  client.notify("textDocument/didOpen",
                {{"textDocument",
                  {{"uri", "file:///tmp/inferred.mlir"},
                   {"languageId", "mlir"},
                   {"version", 1},
                   {"text",
                    "func.func @f(%a: tensor<4xf32>) -> tensor<5xf32> {\n"
                    "  %r = \"stablehlo.abs\"(%a) : (tensor<4xf32>) -> tensor<5xf32>\n"
                    "  return %r : tensor<5xf32>\n"
                    "}\n"}}}});
  json result = resultOf(client.call(
      "textDocument/hover", {{"textDocument", {{"uri", "file:///tmp/inferred.mlir"}}}, {"position", position(1, 9)}}));
  ASSERT_TRUE(result.is_object());
  std::string text = result["contents"]["value"];
  EXPECT_NE(text.find("Inferred result type: `tensor<4xf32>`"), std::string::npos) << text;
}

TEST_F(LspFeatures, HoverOnNothingIsNull) {
  json result = resultOf(client.call("textDocument/hover", positionParams(5, 0)));  // blank before `}`
  EXPECT_TRUE(result.is_null()) << result.dump();
}

TEST_F(LspFeatures, DefinitionOfAValueUseAfterNonAsciiText) {
  // `%x` on line 2 sits after `@"é𝔘"`: UTF-16 column 21.
  json result = resultOf(client.call("textDocument/definition", positionParams(2, 22)));
  ASSERT_TRUE(result.is_object()) << result.dump();
  EXPECT_EQ(result["uri"], kUri);
  EXPECT_EQ(result["range"]["start"], position(1, 18));
  EXPECT_EQ(result["range"]["end"], position(1, 20));
}

TEST_F(LspFeatures, DefinitionOfACalleeIsItsFunction) {
  json result = resultOf(client.call("textDocument/definition", positionParams(2, 15)));
  ASSERT_TRUE(result.is_object()) << result.dump();
  EXPECT_EQ(result["range"]["start"], position(6, 20));
  EXPECT_EQ(result["range"]["end"], position(6, 26));  // `@"é𝔘"`: 6 UTF-16 units.
}

TEST_F(LspFeatures, ReferencesOfAValueWithAndWithoutItsDeclaration) {
  json params = positionParams(1, 18);
  params["context"] = {{"includeDeclaration", true}};
  json all = resultOf(client.call("textDocument/references", params));
  ASSERT_TRUE(all.is_array());
  ASSERT_EQ(all.size(), 2u) << all.dump();
  EXPECT_EQ(all[0]["range"]["start"], position(1, 18));
  EXPECT_EQ(all[1]["range"]["start"], position(2, 21));

  params["context"]["includeDeclaration"] = false;
  json uses = resultOf(client.call("textDocument/references", params));
  ASSERT_EQ(uses.size(), 1u) << uses.dump();
  EXPECT_EQ(uses[0]["range"]["start"], position(2, 21));
}

TEST_F(LspFeatures, ReferencesOfAFunctionIncludeItsCalls) {
  json params = positionParams(6, 22);
  params["context"] = {{"includeDeclaration", true}};
  json all = resultOf(client.call("textDocument/references", params));
  ASSERT_EQ(all.size(), 2u) << all.dump();
  EXPECT_EQ(all[0]["range"]["start"], position(2, 14));
  EXPECT_EQ(all[1]["range"]["start"], position(6, 20));
}

TEST_F(LspFeatures, DocumentSymbolsAreHierarchical) {
  json result = resultOf(client.call("textDocument/documentSymbol", {{"textDocument", {{"uri", kUri}}}}));
  ASSERT_TRUE(result.is_array());
  ASSERT_EQ(result.size(), 1u) << result.dump();
  EXPECT_EQ(result[0]["name"], "module @m");
  EXPECT_EQ(result[0]["kind"], 2);
  const json &functions = result[0]["children"];
  ASSERT_EQ(functions.size(), 2u) << result.dump();
  EXPECT_EQ(functions[0]["name"], "@main");
  EXPECT_EQ(functions[0]["kind"], 12);
  EXPECT_EQ(functions[0]["detail"], "(tensor<4xf32>) -> tensor<4xf32>");
  EXPECT_EQ(functions[0]["range"]["start"], position(1, 2));
  EXPECT_EQ(functions[0]["range"]["end"], position(5, 3));
  EXPECT_EQ(functions[1]["name"], "@\xC3\xA9\xF0\x9D\x94\x98");
}

}  // namespace
}  // namespace shlo::lsp::test
