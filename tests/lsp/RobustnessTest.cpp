// Bad input never takes the server down; each bad request gets its JSON-RPC
// error, and the server keeps answering afterwards.
#include "tests/lsp/TestDocument.h"

namespace shlo::lsp::test {
namespace {

class LspRobustness : public ::testing::Test {
 protected:
  void SetUp() override {
    client.initialize();
    openDocument(client);
    ASSERT_TRUE(waitForDiagnostics(client, 1).has_value());
  }

  /// The server still answers a good request.
  void expectAlive() {
    json result = resultOf(client.call("textDocument/hover", positionParams(3, 24)));
    EXPECT_TRUE(result.is_object()) << result.dump();
  }

  LspClient client{SHLO_BINARY};
};

TEST_F(LspRobustness, MalformedJsonIsParseError) {
  client.sendRaw("Content-Length: 9\r\n\r\n{\"id\": 1,");
  std::optional<json> response = client.waitForResponse(nullptr);
  ASSERT_TRUE(response.has_value());
  EXPECT_EQ((*response)["error"]["code"], -32700);
  expectAlive();
}

TEST_F(LspRobustness, InvalidUtf8IsParseError) {
  std::string body = "{\"jsonrpc\":\"2.0\",\"id\":77,\"method\":\"x\xff\"}";
  client.sendRaw("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  std::optional<json> response = client.waitForResponse(nullptr);
  ASSERT_TRUE(response.has_value());
  EXPECT_EQ((*response)["error"]["code"], -32700);
  expectAlive();
}

TEST_F(LspRobustness, InvalidUtf8InDocumentTextIsParseErrorAndChangesNothing) {
  // didOpen of a second document whose text holds a stray continuation byte.
  std::string open = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
                     "{\"uri\":\"file:///bad.mlir\",\"languageId\":\"mlir\",\"version\":1,\"text\":\"%x = \x80\"}}}";
  client.sendRaw("Content-Length: " + std::to_string(open.size()) + "\r\n\r\n" + open);
  std::optional<json> response = client.waitForResponse(nullptr);
  ASSERT_TRUE(response.has_value());
  EXPECT_EQ((*response)["error"]["code"], -32700);
  // It was not opened.
  EXPECT_EQ(errorCodeOf(client.call("textDocument/hover", {{"textDocument", {{"uri", "file:///bad.mlir"}}},
                                                           {"position", position(0, 0)}})),
            -32602);

  // didChange of the open document with a truncated 4-byte sequence.
  std::string change = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":"
                       "{\"uri\":\"" + std::string(kUri) + "\",\"version\":2},\"contentChanges\":[{\"text\":\"\xF0\x9D\"}]}}";
  client.sendRaw("Content-Length: " + std::to_string(change.size()) + "\r\n\r\n" + change);
  response = client.waitForResponse(nullptr);
  ASSERT_TRUE(response.has_value());
  EXPECT_EQ((*response)["error"]["code"], -32700);
  // The text is unchanged: the hover on `%0` still works.
  std::string hover = resultOf(client.call("textDocument/hover", positionParams(3, 24)))["contents"]["value"];
  EXPECT_NE(hover.find("%0 : tensor<4xf32>"), std::string::npos) << hover;
}

TEST_F(LspRobustness, LoneSurrogateEscapeIsParseError) {
  std::string body = "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"textDocument\":"
                     "{\"uri\":\"" + std::string(kUri) + "\",\"version\":2},\"contentChanges\":[{\"text\":\"\\ud800\"}]}}";
  client.sendRaw("Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  std::optional<json> response = client.waitForResponse(nullptr);
  ASSERT_TRUE(response.has_value());
  EXPECT_EQ((*response)["error"]["code"], -32700);
  expectAlive();
}

TEST_F(LspRobustness, PositionInsideASurrogatePairIsAnswered) {
  // Line 2 holds `𝔘` (two UTF-16 units) at columns 17-18: 18 is inside it.
  for (const char *method : {"textDocument/hover", "textDocument/definition", "textDocument/declaration",
                             "textDocument/references", "textDocument/documentHighlight"}) {
    std::optional<json> response = client.call(method, positionParams(2, 18));
    ASSERT_TRUE(response.has_value()) << method;
    EXPECT_FALSE(response->contains("error")) << method << ": " << response->dump();
  }
  expectAlive();
}

TEST_F(LspRobustness, NewRequestsGetPositionErrorsToo) {
  EXPECT_EQ(errorCodeOf(client.call("textDocument/declaration", positionParams(1000, 0))), -32602);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/declaration", json::object())), -32602);
  EXPECT_EQ(errorCodeOf(client.call("workspace/symbol", json::object())), -32602);
  expectAlive();
}

TEST_F(LspRobustness, NonObjectMessageIsInvalidRequest) {
  client.sendRaw("Content-Length: 7\r\n\r\n[1,2,3]");
  std::optional<json> response = client.waitForResponse(nullptr);
  ASSERT_TRUE(response.has_value());
  EXPECT_EQ((*response)["error"]["code"], -32600);
  expectAlive();
}

TEST_F(LspRobustness, HeaderWithoutContentLengthIsSkipped) {
  client.sendRaw("Content-Type: nothing\r\n\r\n");
  client.sendRaw("Content-Length: banana\r\n\r\n");
  expectAlive();
}

TEST_F(LspRobustness, UnknownMethodIsMethodNotFound) {
  EXPECT_EQ(errorCodeOf(client.call("textDocument/noSuchThing", positionParams(0, 0))), -32601);
  // Unknown notifications are ignored.
  client.notify("$/noSuchNotification", json::object());
  expectAlive();
}

TEST_F(LspRobustness, MissingParamsAreInvalidParams) {
  EXPECT_EQ(errorCodeOf(client.call("textDocument/hover", json::object())), -32602);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/hover", {{"textDocument", {{"uri", kUri}}},
                                                           {"position", {{"line", -1}, {"character", "a"}}}})),
            -32602);
  expectAlive();
}

TEST_F(LspRobustness, PositionPastTheEndIsInvalidParams) {
  EXPECT_EQ(errorCodeOf(client.call("textDocument/hover", positionParams(1000, 0))), -32602);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/definition", positionParams(4000000000u, 0))), -32602);
  // A character past the line's end clamps to the line's end (as LSP says).
  std::optional<json> response = client.call("textDocument/hover", positionParams(0, 100000));
  ASSERT_TRUE(response.has_value());
  EXPECT_FALSE(response->contains("error")) << response->dump();
  expectAlive();
}

TEST_F(LspRobustness, EditsPastTheEndClampAndNeverCrash) {
  json farAway = {{"start", position(500, 3)}, {"end", position(900, 9)}};
  json reversed = {{"start", position(3, 29)}, {"end", position(3, 27)}};
  client.notify("textDocument/didChange",
                {{"textDocument", {{"uri", kUri}, {"version", 2}}},
                 {"contentChanges", json::array({{{"range", farAway}, {"text", "// appended\n"}},
                                                 {{"range", reversed}, {"text", "%x"}}})}});
  std::optional<json> published = waitForDiagnostics(client, 2);
  ASSERT_TRUE(published.has_value());
  // The reversed range replaced `%y`; the far edit appended a comment.
  EXPECT_TRUE((*published)["diagnostics"].empty()) << published->dump();
  expectAlive();
}

TEST_F(LspRobustness, ChangeForAnUnknownDocumentIsIgnored) {
  client.notify("textDocument/didChange", {{"textDocument", {{"uri", "file:///nope.mlir"}, {"version", 2}}},
                                           {"contentChanges", json::array({{{"text", "x"}}})}});
  client.notify("textDocument/didChange", {{"textDocument", {{"uri", kUri}}}, {"contentChanges", "bad"}});
  expectAlive();
}

TEST_F(LspRobustness, CancelledRequestsAreAnsweredOnce) {
  // Whether the cancel arrives before the work starts is a race; either way
  // each request gets exactly one answer: its result or RequestCancelled.
  std::vector<int> ids;
  for (int i = 0; i < 20; ++i) {
    int id = client.request("textDocument/documentSymbol", {{"textDocument", {{"uri", kUri}}}});
    client.notify("$/cancelRequest", {{"id", id}});
    ids.push_back(id);
  }
  for (int id : ids) {
    std::optional<json> response = client.waitForResponse(id);
    ASSERT_TRUE(response.has_value()) << "no answer to request " << id;
    if (response->contains("error")) {
      EXPECT_EQ((*response)["error"]["code"], -32800);
    } else {
      EXPECT_TRUE((*response)["result"].is_array());
    }
    std::optional<json> again = client.waitForResponse(id, 0ms);
    EXPECT_FALSE(again.has_value()) << "answered twice: " << id << ": " << response->dump() << " and "
                                    << (again ? again->dump() : "");
  }
  expectAlive();
}

}  // namespace
}  // namespace shlo::lsp::test
