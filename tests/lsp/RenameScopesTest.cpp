// Rename of block labels (scoped by region) and of symbols in nested symbol
// tables (`@m::@f`), and WorkspaceEdit.documentChanges for clients that
// take them, through the real binary.
#include <algorithm>
#include <tuple>

#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

const char *kRenameUri = "file:///tmp/shlo-lsp-rename-scopes.mlir";

size_t offsetIn(const std::string &text, const json &position) {
  size_t offset = 0;
  for (int line = position["line"].get<int>(); line > 0; --line) offset = text.find('\n', offset) + 1;
  return offset + position["character"].get<size_t>();
}

std::string applyEdits(const std::string &text, const json &edits) {
  std::vector<std::tuple<size_t, size_t, std::string>> sorted;
  for (const json &edit : edits) {
    sorted.emplace_back(offsetIn(text, edit["range"]["start"]), offsetIn(text, edit["range"]["end"]),
                        edit["newText"].get<std::string>());
  }
  std::sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) { return std::get<0>(a) > std::get<0>(b); });
  std::string out = text;
  for (const auto &[begin, end, newText] : sorted) out.replace(begin, end - begin, newText);
  return out;
}

const std::string kLabels =
    "func.func @main(%x: tensor<f32>) -> tensor<f32> {\n"           // 0
    "  \"test.br\"(%x)[^bb1] : (tensor<f32>) -> ()\n"               // 1
    "^bb1:\n"                                                       // 2
    "  %r = \"test.region\"() ({\n"                                 // 3
    "  ^bb1:\n"                                                     // 4
    "    \"test.br\"()[^bb1] : () -> ()\n"                          // 5
    "  }) : () -> tensor<f32>\n"                                    // 6
    "  \"test.cond_br\"(%x)[^bb1, ^bb2] : (tensor<f32>) -> ()\n"    // 7
    "^bb2:\n"                                                       // 8
    "  return %r : tensor<f32>\n"                                   // 9
    "}\n";                                                          // 10

const std::string kModules =
    "module @outer {\n"                                             // 0
    "  module @m {\n"                                               // 1
    "    func.func @f() -> tensor<f32> {\n"                         // 2
    "      %0 = call @g() : () -> tensor<f32>\n"                    // 3
    "      return %0 : tensor<f32>\n"                               // 4
    "    }\n"                                                       // 5
    "    func.func @g() -> tensor<f32> {\n"                         // 6
    "      %0 = stablehlo.constant dense<1.0> : tensor<f32>\n"      // 7
    "      return %0 : tensor<f32>\n"                               // 8
    "    }\n"                                                       // 9
    "  }\n"                                                         // 10
    "  func.func @g() -> tensor<f32> {\n"                           // 11
    "    %0 = stablehlo.constant dense<2.0> : tensor<f32>\n"        // 12
    "    return %0 : tensor<f32>\n"                                 // 13
    "  }\n"                                                         // 14
    "  func.func @main() -> tensor<f32> {\n"                        // 15
    "    %0 = call @m::@f() : () -> tensor<f32>\n"                  // 16
    "    %1 = call @g() : () -> tensor<f32>\n"                      // 17
    "    return %0 : tensor<f32>\n"                                 // 18
    "  }\n"                                                         // 19
    "}\n";                                                          // 20

class LspRenameScopes : public ::testing::Test {
 protected:
  void open(const std::string &text, json capabilities = json::object()) {
    text_ = text;
    initializeWith(client, {{"capabilities", std::move(capabilities)}});
    openText(client, kRenameUri, text, 7);
    ASSERT_TRUE(diagnosticsFor(client, kRenameUri).has_value());
  }
  std::optional<json> rename(int line, int character, const std::string &newName) {
    return client.call("textDocument/rename", {{"textDocument", {{"uri", kRenameUri}}},
                                               {"position", position(line, character)},
                                               {"newName", newName}});
  }
  /// The text after the rename's `changes`.
  std::string renamed(int line, int character, const std::string &newName) {
    json edit = resultOf(rename(line, character, newName));
    return applyEdits(text_, edit["changes"][kRenameUri]);
  }
  json prepare(int line, int character) {
    return resultOf(client.call("textDocument/prepareRename",
                                {{"textDocument", {{"uri", kRenameUri}}}, {"position", position(line, character)}}));
  }

  LspClient client{SHLO_BINARY};
  std::string text_;
};

TEST_F(LspRenameScopes, BlockLabelsAreRenamedInTheirRegionOnly) {
  open(kLabels);
  json prepared = prepare(2, 2);
  EXPECT_EQ(prepared["placeholder"], "bb1");
  EXPECT_EQ(prepared["range"], json({{"start", position(2, 1)}, {"end", position(2, 4)}}));
  std::string after = renamed(1, 17, "^loop");
  std::string expected = kLabels;
  // The label and its two successors; the nested region's ^bb1 is another.
  for (const char *from : {"[^bb1]", "^bb1:\n  %r", "[^bb1, ^bb2]"}) {
    std::string to = from;
    to.replace(to.find("bb1"), 3, "loop");
    expected.replace(expected.find(from), std::string(from).size(), to);
  }
  EXPECT_EQ(after, expected);
  // Inside the nested region: its own label and successor.
  after = renamed(5, 17, "inner");
  EXPECT_NE(after.find("  ^inner:\n    \"test.br\"()[^inner]"), std::string::npos) << after;
  EXPECT_NE(after.find("\"test.br\"(%x)[^bb1]"), std::string::npos) << after;
  // A label of the same region is taken; a label must be a suffix id.
  std::optional<json> taken = rename(2, 2, "bb2");
  ASSERT_TRUE(taken && taken->contains("error")) << (taken ? taken->dump() : "no answer");
  EXPECT_EQ((*taken)["error"]["code"], -32803);
  EXPECT_NE((*taken)["error"]["message"].get<std::string>().find("already labels"), std::string::npos);
  EXPECT_EQ(errorCodeOf(rename(2, 2, "a b")), -32803);
  // The nested region's label may take the outer region's name.
  EXPECT_NE(renamed(4, 4, "bb2").find("  ^bb2:\n    \"test.br\"()[^bb2]"), std::string::npos);
}

TEST_F(LspRenameScopes, NestedSymbolReferencesFollowTheirSymbolTables) {
  open(kModules);
  // `@f` of `@m::@f`: the function in @m.
  EXPECT_EQ(prepare(16, 19)["placeholder"], "f");
  std::string after = renamed(16, 19, "h");
  EXPECT_NE(after.find("call @m::@h()"), std::string::npos) << after;
  EXPECT_NE(after.find("    func.func @h() -> tensor<f32> {\n      %0 = call @g()"), std::string::npos) << after;
  // `@g` called inside @m is @m's @g, not the outer one.
  after = renamed(3, 17, "k");
  EXPECT_NE(after.find("      %0 = call @k()"), std::string::npos) << after;
  EXPECT_NE(after.find("    func.func @k() -> tensor<f32> {\n      %0 = stablehlo.constant dense<1.0>"),
            std::string::npos)
      << after;
  EXPECT_NE(after.find("  func.func @g() -> tensor<f32> {\n    %0 = stablehlo.constant dense<2.0>"),
            std::string::npos)
      << after;
  EXPECT_NE(after.find("    %1 = call @g()"), std::string::npos) << after;
  // The module itself, from the first part of the reference.
  after = renamed(16, 15, "@n");
  EXPECT_NE(after.find("  module @n {"), std::string::npos) << after;
  EXPECT_NE(after.find("call @n::@f()"), std::string::npos) << after;
  // @m's @f may not take @m's @g's name (the outer @g's is another table).
  std::optional<json> clash = rename(2, 15, "g");
  ASSERT_TRUE(clash && clash->contains("error")) << (clash ? clash->dump() : "no answer");
  EXPECT_EQ((*clash)["error"]["code"], -32803);
}

TEST_F(LspRenameScopes, DocumentChangesCarryTheVersionWhenTheClientTakesThem) {
  open(kModules, {{"workspace", {{"workspaceEdit", {{"documentChanges", true}}}}}});
  json edit = resultOf(rename(16, 19, "h"));
  ASSERT_TRUE(edit.contains("documentChanges")) << edit.dump();
  EXPECT_FALSE(edit.contains("changes"));
  ASSERT_EQ(edit["documentChanges"].size(), 1u);
  const json &change = edit["documentChanges"][0];
  EXPECT_EQ(change["textDocument"], json({{"uri", kRenameUri}, {"version", 7}}));
  EXPECT_NE(applyEdits(text_, change["edits"]).find("call @m::@h()"), std::string::npos);
  // Code actions' edits too.
  json actions = resultOf(client.call(
      "textDocument/codeAction",
      {{"textDocument", {{"uri", kRenameUri}}},
       {"range", {{"start", position(12, 4)}, {"end", position(12, 4)}}},
       {"context", {{"diagnostics", json::array()}}}}));
  ASSERT_TRUE(actions.is_array() && !actions.empty()) << actions.dump();
  for (const json &action : actions) {
    if (!action.contains("edit")) continue;
    EXPECT_TRUE(action["edit"].contains("documentChanges")) << action.dump();
    EXPECT_EQ(action["edit"]["documentChanges"][0]["textDocument"]["version"], 7);
  }
}

}  // namespace
}  // namespace shlo::lsp::test
