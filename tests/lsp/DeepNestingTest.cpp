// Deeply nested documents (issue 18): opening 100k nested regions, arrays
// or location names, and asking for symbols, folds, semantic tokens and
// hovers on them, answers every request (lowering stops at the nesting
// limit; queries are not run on trees too deep for tree-sitter's cursor).
#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

std::string repeat(const std::string &piece, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += piece;
  return out;
}

constexpr int kDeep = 100000;

/// A response with a result (not an error, not a timeout).
bool answered(LspClient &client, const std::string &method, const json &params) {
  std::optional<json> response = client.call(method, params, std::chrono::seconds(60));
  return response && response->contains("result");
}

void expectAnswered(LspClient &client, const std::string &uri, int line, int character) {
  json document = {{"textDocument", {{"uri", uri}}}};
  EXPECT_TRUE(answered(client, "textDocument/documentSymbol", document)) << uri;
  EXPECT_TRUE(answered(client, "textDocument/foldingRange", document)) << uri;
  EXPECT_TRUE(answered(client, "textDocument/semanticTokens/full", document)) << uri;
  EXPECT_TRUE(answered(client, "textDocument/hover", at(uri, line, character))) << uri;
  EXPECT_TRUE(answered(client, "textDocument/definition", at(uri, line, character))) << uri;
  // The editing requests (formatting refuses such text: no edits).
  json options = {{"tabSize", 2}, {"insertSpaces", true}};
  EXPECT_TRUE(answered(client, "textDocument/formatting", {{"textDocument", {{"uri", uri}}}, {"options", options}}))
      << uri;
  json cursor = {{"start", position(line, character)}, {"end", position(line, character)}};
  EXPECT_TRUE(answered(client, "textDocument/codeAction",
                       {{"textDocument", {{"uri", uri}}}, {"range", cursor}, {"context", {{"diagnostics", json::array()}}}}))
      << uri;
  json renameParams = at(uri, line, character);
  renameParams["newName"] = "renamed";
  std::optional<json> renamed = client.call("textDocument/rename", renameParams, std::chrono::seconds(60));
  EXPECT_TRUE(renamed && (renamed->contains("result") || renamed->contains("error"))) << uri;
}

TEST(LspDeepNesting, EveryRequestIsAnsweredAndTheDepthIsReported) {
  LspClient client{SHLO_BINARY};
  client.initialize();
  struct Case {
    std::string uri;
    std::string text;
    int line, character;
  };
  std::vector<Case> cases = {
      {"file:///tmp/shlo-deep-regions.mlir",
       repeat("\"test.r\"() ({\n", kDeep) + repeat("}) : () -> ()\n", kDeep), 300, 2},
      {"file:///tmp/shlo-deep-arrays.mlir",
       "%0 = \"test.op\"() {a = " + repeat("[", kDeep) + repeat("]", kDeep) + "} : () -> i32\n", 0, 300},
      {"file:///tmp/shlo-deep-loc.mlir",
       "%0 = \"test.op\"() : () -> i32 loc(" + repeat("\"n\"(", kDeep) + "unknown" + repeat(")", kDeep) + ")\n", 0,
       300},
  };
  for (const Case &c : cases) {
    openText(client, c.uri, c.text);
    std::optional<json> diagnostics = diagnosticsFor(client, c.uri);
    ASSERT_TRUE(diagnostics.has_value()) << c.uri;
    bool tooDeep = false;
    for (const json &d : (*diagnostics)["diagnostics"]) tooDeep |= d.value("code", "") == "lower.too-deep";
    EXPECT_TRUE(tooDeep) << c.uri;
    expectAnswered(client, c.uri, c.line, c.character);
  }
  // Still alive.
  EXPECT_TRUE(answered(client, "workspace/symbol", {{"query", ""}}));
}

TEST(LspDeepNesting, WorkspaceSymbolIndexesADeepFileNeverOpened) {
  // The workspace index reads and lowers files the editor never opened: a
  // file of 100k nested regions, 100k nested arrays and a 100k-deep dense
  // literal beside a plain function must not take the server down.
  ScratchFolder root;
  root.write("deep.mlir", "func.func @beside() {\n  return\n}\n" + repeat("\"test.r\"() ({\n", kDeep) +
                              repeat("}) : () -> ()\n", kDeep) + "%0 = \"test.op\"() {a = " + repeat("[", kDeep) +
                              repeat("]", kDeep) + ", b = dense<" + repeat("[", kDeep) + "1" + repeat("]", kDeep) +
                              "> : tensor<i32>} : () -> i32\n");
  LspClient client{SHLO_BINARY};
  initializeWith(client, {{"rootUri", fileUri(root.path())}});
  std::optional<json> response = client.call("workspace/symbol", {{"query", "beside"}}, std::chrono::seconds(60));
  ASSERT_TRUE(response && response->contains("result")) << (response ? response->dump() : "no response");
  ASSERT_EQ((*response)["result"].size(), 1u) << response->dump();
  EXPECT_EQ((*response)["result"][0]["location"]["uri"], fileUri(root.path() / "deep.mlir"));
  // A later request is still answered.
  EXPECT_TRUE(answered(client, "workspace/symbol", {{"query", ""}}));
}

TEST(LspHugeResultGroup, AnOpenedDocumentIsAnsweredWithTheLimitReported) {
  // `%r:4611686018427387904` once made the server allocate 3.7 GB and abort.
  LspClient client{SHLO_BINARY};
  client.initialize();
  const std::string uri = "file:///tmp/shlo-result-group.mlir";
  openText(client, uri, "%r:4611686018427387904 = \"foo.bar\"() : () -> ()\n");
  std::optional<json> diagnostics = diagnosticsFor(client, uri);
  ASSERT_TRUE(diagnostics.has_value());
  bool reported = false;
  for (const json &d : (*diagnostics)["diagnostics"]) {
    if (d.value("code", "") == "ssa.result-count") {
      reported = true;
      EXPECT_EQ(d["range"]["start"], position(0, 3)) << d.dump();
    }
  }
  EXPECT_TRUE(reported) << diagnostics->dump();
  expectAnswered(client, uri, 0, 1);
  EXPECT_TRUE(answered(client, "workspace/symbol", {{"query", ""}}));
}

}  // namespace
}  // namespace shlo::lsp::test
