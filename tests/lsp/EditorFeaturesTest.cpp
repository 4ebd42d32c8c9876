// semanticTokens (full, delta, range), foldingRange, documentHighlight and
// workspace/symbol, through the real binary.
#include <set>

#include "tests/lsp/TestDocument.h"

namespace shlo::lsp::test {
namespace {

/// One semantic token with absolute position and names from the legend.
struct Token {
  int line;
  int character;
  int length;
  std::string type;
  std::set<std::string> modifiers;
};

std::vector<Token> decode(const json &data, const json &legend) {
  std::vector<Token> tokens;
  int line = 0, character = 0;
  EXPECT_EQ(data.size() % 5, 0u);
  for (size_t i = 0; i + 4 < data.size(); i += 5) {
    int deltaLine = data[i], deltaStart = data[i + 1];
    line += deltaLine;
    character = deltaLine == 0 ? character + deltaStart : deltaStart;
    Token token{line, character, data[i + 2], legend["tokenTypes"][data[i + 3].get<size_t>()], {}};
    unsigned modifiers = data[i + 4];
    for (size_t bit = 0; bit < legend["tokenModifiers"].size(); ++bit) {
      if (modifiers & (1u << bit)) token.modifiers.insert(legend["tokenModifiers"][bit]);
    }
    tokens.push_back(token);
  }
  return tokens;
}

const Token *tokenAt(const std::vector<Token> &tokens, int line, int character) {
  for (const Token &token : tokens) {
    if (token.line == line && token.character == character) return &token;
  }
  return nullptr;
}

json documentParams(const char *uri = kUri) { return {{"textDocument", {{"uri", uri}}}}; }

class LspEditorFeatures : public ::testing::Test {
 protected:
  void start(const std::vector<std::string> &encodings = {}) {
    json response = client.initialize(encodings);
    capabilities = response["result"]["capabilities"];
    legend = capabilities["semanticTokensProvider"]["legend"];
    openDocument(client);
    ASSERT_TRUE(waitForDiagnostics(client, 1).has_value());
  }

  std::vector<Token> tokens() {
    json result = resultOf(client.call("textDocument/semanticTokens/full", documentParams()));
    EXPECT_TRUE(result.contains("resultId")) << result.dump();
    return decode(result["data"], legend);
  }

  void expectToken(const std::vector<Token> &all, int line, int character, int length, const std::string &type,
                   std::set<std::string> modifiers = {}) {
    const Token *token = tokenAt(all, line, character);
    ASSERT_NE(token, nullptr) << "no token at " << line << ":" << character;
    EXPECT_EQ(token->length, length) << line << ":" << character;
    EXPECT_EQ(token->type, type) << line << ":" << character;
    EXPECT_EQ(token->modifiers, modifiers) << line << ":" << character;
  }

  LspClient client{SHLO_BINARY};
  json capabilities;
  json legend;
};

TEST_F(LspEditorFeatures, CapabilitiesAnnounceTheFeatures) {
  start();
  EXPECT_EQ(capabilities["documentHighlightProvider"], true);
  EXPECT_EQ(capabilities["workspaceSymbolProvider"], true);
  EXPECT_EQ(capabilities["foldingRangeProvider"], true);
  EXPECT_EQ(capabilities["semanticTokensProvider"]["full"]["delta"], true);
  EXPECT_EQ(capabilities["semanticTokensProvider"]["range"], true);
  EXPECT_FALSE(legend["tokenTypes"].empty());
  EXPECT_FALSE(legend["tokenModifiers"].empty());
}

TEST_F(LspEditorFeatures, SemanticTokensClassifySyntaxAndSemantics) {
  start();
  std::vector<Token> all = tokens();
  expectToken(all, 1, 2, 9, "function", {"defaultLibrary"});                // func.func
  expectToken(all, 1, 12, 5, "function", {"declaration", "definition"});    // @main
  expectToken(all, 1, 18, 2, "parameter", {"declaration", "definition"});   // %x
  expectToken(all, 1, 22, 6, "type", {"defaultLibrary"});                   // tensor
  expectToken(all, 2, 4, 2, "variable", {"declaration", "definition"});     // %0
  expectToken(all, 2, 14, 6, "function");                                   // @"é𝔘": 6 UTF-16 units
  expectToken(all, 2, 21, 2, "parameter");                                  // the use of %x
  expectToken(all, 3, 9, 13, "function", {"defaultLibrary"});               // stablehlo.add
  expectToken(all, 3, 27, 2, "variable");                                   // %y, undefined
  expectToken(all, 6, 12, 7, "modifier");                                   // private
  // Sorted, on one line each, never overlapping.
  for (size_t i = 1; i < all.size(); ++i) {
    const Token &a = all[i - 1], &b = all[i];
    EXPECT_TRUE(a.line < b.line || a.character + a.length <= b.character)
        << a.line << ":" << a.character << " overlaps " << b.line << ":" << b.character;
  }
}

TEST_F(LspEditorFeatures, SemanticTokensCountUtf8BytesWhenNegotiated) {
  start({"utf-8"});
  std::vector<Token> all = tokens();
  expectToken(all, 2, 14, 9, "function");  // @"é𝔘": 9 bytes
  expectToken(all, 2, 24, 2, "parameter");
}

TEST_F(LspEditorFeatures, SemanticTokensRangeCoversOnlyTheRange) {
  start();
  json params = documentParams();
  params["range"] = {{"start", position(3, 0)}, {"end", position(4, 0)}};
  json result = resultOf(client.call("textDocument/semanticTokens/range", params));
  std::vector<Token> all = decode(result["data"], legend);
  ASSERT_FALSE(all.empty());
  for (const Token &token : all) EXPECT_EQ(token.line, 3);
  expectToken(all, 3, 9, 13, "function", {"defaultLibrary"});
}

TEST_F(LspEditorFeatures, SemanticTokensDeltaAppliesToThePreviousResult) {
  start();
  json first = resultOf(client.call("textDocument/semanticTokens/full", documentParams()));
  std::vector<uint32_t> data = first["data"];
  // `%y` -> `%yy` on line 3.
  json change = {{"range", {{"start", position(3, 29)}, {"end", position(3, 29)}}}, {"text", "y"}};
  client.notify("textDocument/didChange",
                {{"textDocument", {{"uri", kUri}, {"version", 2}}}, {"contentChanges", json::array({change})}});
  json params = documentParams();
  params["previousResultId"] = first["resultId"];
  json delta = resultOf(client.call("textDocument/semanticTokens/full/delta", params));
  ASSERT_TRUE(delta.contains("edits")) << delta.dump();
  EXPECT_NE(delta["resultId"], first["resultId"]);
  ASSERT_EQ(delta["edits"].size(), 1u) << delta.dump();
  for (const json &edit : delta["edits"]) {
    size_t start = edit["start"], deleteCount = edit["deleteCount"];
    std::vector<uint32_t> inserted = edit.value("data", std::vector<uint32_t>{});
    data.erase(data.begin() + start, data.begin() + start + deleteCount);
    data.insert(data.begin() + start, inserted.begin(), inserted.end());
  }
  json full = resultOf(client.call("textDocument/semanticTokens/full", documentParams()));
  EXPECT_EQ(json(data), full["data"]);
  expectToken(decode(full["data"], legend), 3, 27, 3, "variable");

  // An unknown previous result gets the full tokens.
  params["previousResultId"] = "no such result";
  json fallback = resultOf(client.call("textDocument/semanticTokens/full/delta", params));
  EXPECT_FALSE(fallback.contains("edits"));
  EXPECT_EQ(fallback["data"], full["data"]);
}

TEST_F(LspEditorFeatures, FoldingRangesCoverRegionsArgumentsAttributesAndComments) {
  start();
  const char *uri = "file:///tmp/folding.mlir";
  client.notify("textDocument/didOpen", {{"textDocument",
                                          {{"uri", uri},
                                           {"languageId", "mlir"},
                                           {"version", 1},
                                           {"text",
                                            "// A comment\n"
                                            "// of two lines.\n"
                                            "func.func @f(\n"
                                            "    %a: tensor<4xf32>,\n"
                                            "    %b: tensor<4xf32>) -> tensor<4xf32> {\n"
                                            "  %0 = \"stablehlo.add\"(%a, %b) {\n"
                                            "    some.attr = 1 : i64,\n"
                                            "    other = 2 : i64\n"
                                            "  } : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
                                            "  return %0 : tensor<4xf32>\n"
                                            "}\n"}}}});
  json result = resultOf(client.call("textDocument/foldingRange", documentParams(uri)));
  ASSERT_TRUE(result.is_array()) << result.dump();
  auto has = [&](int start, int end, const char *kind) {
    for (const json &range : result) {
      if (range["startLine"] == start && range["endLine"] == end && range.value("kind", "") == kind) return true;
    }
    return false;
  };
  EXPECT_TRUE(has(0, 1, "comment")) << result.dump();
  EXPECT_TRUE(has(2, 3, "")) << result.dump();  // the arguments; `%b ... {` stays visible
  EXPECT_TRUE(has(4, 9, "")) << result.dump();  // the body; `}` stays visible
  EXPECT_TRUE(has(5, 7, "")) << result.dump();  // the attribute dictionary
  EXPECT_EQ(result.size(), 4u) << result.dump();

  json test = resultOf(client.call("textDocument/foldingRange", documentParams()));
  ASSERT_EQ(test.size(), 3u) << test.dump();  // the module and the two functions
  EXPECT_EQ(test[0], json({{"startLine", 0}, {"endLine", 9}}));
  EXPECT_EQ(test[1], json({{"startLine", 1}, {"endLine", 4}}));
  EXPECT_EQ(test[2], json({{"startLine", 6}, {"endLine", 8}}));
}

TEST_F(LspEditorFeatures, DocumentHighlightMarksDefinitionAndUses) {
  start();
  json result = resultOf(client.call("textDocument/documentHighlight", positionParams(2, 22)));  // %x
  ASSERT_TRUE(result.is_array()) << result.dump();
  ASSERT_EQ(result.size(), 2u) << result.dump();
  EXPECT_EQ(result[0]["range"]["start"], position(1, 18));
  EXPECT_EQ(result[0]["kind"], 3);  // Write: the definition.
  EXPECT_EQ(result[1]["range"]["start"], position(2, 21));
  EXPECT_EQ(result[1]["kind"], 2);  // Read.

  json function = resultOf(client.call("textDocument/documentHighlight", positionParams(6, 22)));
  ASSERT_EQ(function.size(), 2u) << function.dump();
  EXPECT_EQ(function[0]["range"]["start"], position(2, 14));
  EXPECT_EQ(function[1]["range"]["start"], position(6, 20));

  EXPECT_TRUE(resultOf(client.call("textDocument/documentHighlight", positionParams(5, 0))).is_null());
}

TEST_F(LspEditorFeatures, WorkspaceSymbolsSpanOpenDocuments) {
  start();
  client.notify("textDocument/didOpen", {{"textDocument",
                                          {{"uri", "file:///tmp/other.mlir"},
                                           {"languageId", "mlir"},
                                           {"version", 1},
                                           {"text",
                                            "func.func @remainder(%a: tensor<f32>) -> tensor<f32> {\n"
                                            "  return %a : tensor<f32>\n"
                                            "}\n"}}}});
  auto names = [&](const std::string &query) {
    json result = resultOf(client.call("workspace/symbol", {{"query", query}}));
    std::vector<std::string> out;
    for (const json &symbol : result) {
      EXPECT_EQ(symbol["kind"], 12);
      out.push_back(symbol["name"]);
    }
    return out;
  };
  // Documents in URI order, functions in text order.
  EXPECT_EQ(names(""), (std::vector<std::string>{"remainder", "main", "\xC3\xA9\xF0\x9D\x94\x98"}));
  EXPECT_EQ(names("MAI"), (std::vector<std::string>{"remainder", "main"}));  // a subsequence, any case
  EXPECT_EQ(names("\xC3\xA9"), (std::vector<std::string>{"\xC3\xA9\xF0\x9D\x94\x98"}));
  EXPECT_TRUE(names("zzz").empty());

  json result = resultOf(client.call("workspace/symbol", {{"query", "main"}}));
  ASSERT_EQ(result.size(), 2u) << result.dump();
  EXPECT_EQ(result[0]["location"]["uri"], "file:///tmp/other.mlir");
  EXPECT_FALSE(result[0].contains("containerName"));  // No module around it.
  EXPECT_EQ(result[1]["name"], "main");
  EXPECT_EQ(result[1]["location"]["uri"], kUri);
  EXPECT_EQ(result[1]["location"]["range"]["start"], position(1, 12));
  EXPECT_EQ(result[1]["containerName"], "@m");

  EXPECT_EQ(errorCodeOf(client.call("workspace/symbol", json::object())), -32602);  // no query
}

}  // namespace
}  // namespace shlo::lsp::test
