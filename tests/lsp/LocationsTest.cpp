// Definition, declaration and hover on `loc(...)` locations: the source
// file they name, resolved against the workspace folders and then the
// document's folder; files that do not exist are not jumped to.
#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

class LspLocations : public ::testing::Test {
 protected:
  void SetUp() override {
    folder.write("src/model.py", "import jax\n\n\ndef f(x):\n    return x\n");
    folder.write("gen/helper.py", "def g():\n    pass\n");
    uri = fileUri(folder.path() / "gen" / "m.mlir");
    std::string absolute = (folder.path() / "src" / "model.py").string();
    text =
        "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"                                   // 0
        "  %0 = stablehlo.abs %a : tensor<2xf32> loc(\"src/model.py\":4:5)\n"                      // 1
        "  %1 = stablehlo.abs %0 : tensor<2xf32> loc(#loc1)\n"                                     // 2
        "  %2 = stablehlo.abs %1 : tensor<2xf32> loc(\"helper.py\":2:3)\n"                         // 3
        "  %3 = stablehlo.abs %2 : tensor<2xf32> loc(callsite(\"helper.py\":1:1 at #loc2))\n"      // 4
        "  %4 = stablehlo.abs %3 : tensor<2xf32> loc(\"missing.py\":7:1)\n"                        // 5
        "  %5 = stablehlo.abs %4 : tensor<2xf32> loc(#cycle)\n"                                    // 6
        "  return %5 : tensor<2xf32> loc(\"" + absolute + "\":5:12)\n"                              // 7
        "}\n"                                                                                      // 8
        "#loc1 = loc(\"src/model.py\":5:5)\n"                                                      // 9
        "#loc2 = loc(\"f\"(#loc1))\n"                                                              // 10
        "#cycle = loc(#cycle)\n";                                                                  // 11
    initializeWith(client, {{"workspaceFolders", json::array({{{"uri", fileUri(folder.path())}, {"name", "w"}}})}});
    openText(client, uri, text);
    ASSERT_TRUE(diagnosticsFor(client, uri).has_value());
  }

  json call(const char *method, int line, int character) { return resultOf(client.call(method, at(uri, line, character))); }

  static json locationOf(const std::filesystem::path &file, int line, int character) {
    return {{"uri", fileUri(file)}, {"range", {{"start", position(line, character)}, {"end", position(line, character)}}}};
  }

  ScratchFolder folder;
  LspClient client{SHLO_BINARY};
  std::string uri;
  std::string text;
};

TEST_F(LspLocations, FileLocationResolvesAgainstTheWorkspaceFolder) {
  // On the file name of loc("src/model.py":4:5): line 4, column 5, 1-based.
  EXPECT_EQ(call("textDocument/definition", 1, 48), locationOf(folder.path() / "src/model.py", 3, 4));
  // On its line number too.
  EXPECT_EQ(call("textDocument/definition", 1, 59), locationOf(folder.path() / "src/model.py", 3, 4));
}

TEST_F(LspLocations, FileLocationResolvesAgainstTheDocumentsFolder) {
  EXPECT_EQ(call("textDocument/definition", 3, 48), locationOf(folder.path() / "gen/helper.py", 1, 2));
}

TEST_F(LspLocations, AbsolutePathsAreUsedAsTheyAre) {
  EXPECT_EQ(call("textDocument/definition", 7, 40), locationOf(folder.path() / "src/model.py", 4, 11));
}

TEST_F(LspLocations, AliasLeadsToItsSourceAndDeclarationToItsDefinition) {
  // `#loc1` inside loc(...) on line 2.
  EXPECT_EQ(call("textDocument/definition", 2, 46), locationOf(folder.path() / "src/model.py", 4, 4));
  json declaration = call("textDocument/declaration", 2, 46);
  ASSERT_TRUE(declaration.is_object()) << declaration.dump();
  EXPECT_EQ(declaration["uri"], uri);
  EXPECT_EQ(declaration["range"]["start"], position(9, 0));
  EXPECT_EQ(declaration["range"]["end"], position(9, 5));
  // On the alias's own definition, definition goes to the source.
  EXPECT_EQ(call("textDocument/definition", 9, 2), locationOf(folder.path() / "src/model.py", 4, 4));
}

TEST_F(LspLocations, CallsiteListsEveryFileItNames) {
  // On `callsite`: the callee's file, then the caller's through two aliases.
  json result = call("textDocument/definition", 4, 45);
  ASSERT_TRUE(result.is_array()) << result.dump();
  ASSERT_EQ(result.size(), 2u) << result.dump();
  EXPECT_EQ(result[0], locationOf(folder.path() / "gen/helper.py", 0, 0));
  EXPECT_EQ(result[1], locationOf(folder.path() / "src/model.py", 4, 4));
  // On the callee's file location: that one only.
  EXPECT_EQ(call("textDocument/definition", 4, 56), locationOf(folder.path() / "gen/helper.py", 0, 0));
}

TEST_F(LspLocations, MissingFilesAndAliasCyclesGoNowhere) {
  EXPECT_TRUE(call("textDocument/definition", 5, 48).is_null());
  EXPECT_TRUE(call("textDocument/definition", 6, 46).is_null());
  // Values on the same lines still work.
  json value = call("textDocument/definition", 6, 22);
  ASSERT_TRUE(value.is_object()) << value.dump();
  EXPECT_EQ(value["range"]["start"], position(5, 2));
}

TEST_F(LspLocations, HoverSaysWhereALocationPoints) {
  json found = call("textDocument/hover", 2, 46);
  ASSERT_TRUE(found.is_object());
  std::string text = found["contents"]["value"];
  EXPECT_NE(text.find("`#loc1`"), std::string::npos) << text;
  EXPECT_NE(text.find("`src/model.py:5:5` → `" + (folder.path() / "src/model.py").string() + "`"), std::string::npos)
      << text;
  EXPECT_EQ(found["range"]["start"], position(2, 44));
  EXPECT_EQ(found["range"]["end"], position(2, 49));

  json missing = call("textDocument/hover", 5, 48);
  ASSERT_TRUE(missing.is_object());
  std::string missingText = missing["contents"]["value"];
  EXPECT_NE(missingText.find("`missing.py:7:1` (file not found)"), std::string::npos) << missingText;
}

}  // namespace
}  // namespace shlo::lsp::test
