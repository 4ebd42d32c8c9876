// The lifecycle: initialize and its capabilities, position encoding
// negotiation, shutdown and exit codes, and the errors around them.
#include "tests/lsp/TestDocument.h"

namespace shlo::lsp::test {
namespace {

TEST(LspLifecycle, InitializeAdvertisesCapabilitiesAndDefaultsToUtf16) {
  LspClient client(SHLO_BINARY);
  json response = client.initialize();
  const json &capabilities = response["result"]["capabilities"];
  EXPECT_EQ(capabilities["positionEncoding"], "utf-16");
  EXPECT_EQ(capabilities["textDocumentSync"]["change"], 2);  // Incremental.
  EXPECT_EQ(capabilities["textDocumentSync"]["openClose"], true);
  EXPECT_EQ(capabilities["hoverProvider"], true);
  EXPECT_EQ(capabilities["definitionProvider"], true);
  EXPECT_EQ(capabilities["referencesProvider"], true);
  EXPECT_EQ(capabilities["documentSymbolProvider"], true);
  EXPECT_EQ(response["result"]["serverInfo"]["name"], "shlo");
}

TEST(LspLifecycle, NegotiatesUtf8WhenOffered) {
  LspClient client(SHLO_BINARY);
  json response = client.initialize({"utf-16", "utf-8"});
  EXPECT_EQ(response["result"]["capabilities"]["positionEncoding"], "utf-8");
}

TEST(LspLifecycle, RequestBeforeInitializeIsServerNotInitialized) {
  LspClient client(SHLO_BINARY);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/hover", positionParams(0, 0))), -32002);
  EXPECT_EQ(errorCodeOf(client.call("shutdown", nullptr)), -32002);
  // The server is still usable afterwards.
  json response = client.initialize();
  EXPECT_TRUE(response.contains("result"));
}

TEST(LspLifecycle, SecondInitializeIsInvalidRequest) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  EXPECT_EQ(errorCodeOf(client.call("initialize", {{"capabilities", json::object()}})), -32600);
}

TEST(LspLifecycle, ShutdownThenExitExitsWithZero) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  std::optional<json> response = client.call("shutdown", nullptr);
  ASSERT_TRUE(response.has_value());
  EXPECT_TRUE(response->contains("result"));
  EXPECT_TRUE((*response)["result"].is_null());
  // After shutdown, requests are invalid.
  EXPECT_EQ(errorCodeOf(client.call("textDocument/hover", positionParams(0, 0))), -32600);
  client.notify("exit", nullptr);
  EXPECT_EQ(client.waitForExit(), 0);
}

TEST(LspLifecycle, AfterShutdownEveryRequestIsInvalidAndNotificationsAreIgnored) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  ASSERT_TRUE(client.call("shutdown", nullptr).has_value());
  openDocument(client);  // Ignored: no diagnostics come.
  for (const char *method : {"textDocument/definition", "textDocument/declaration", "workspace/symbol",
                             "textDocument/noSuchThing", "shutdown", "initialize"}) {
    EXPECT_EQ(errorCodeOf(client.call(method, positionParams(0, 0))), -32600) << method;
  }
  EXPECT_FALSE(client.waitForNotification("textDocument/publishDiagnostics", {}, 200ms).has_value());
  client.notify("exit", nullptr);
  EXPECT_EQ(client.waitForExit(), 0);
}

TEST(LspLifecycle, BeforeInitializeNotificationsAreIgnoredAndExitWorks) {
  LspClient client(SHLO_BINARY);
  openDocument(client);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/declaration", positionParams(0, 0))), -32002);
  EXPECT_EQ(errorCodeOf(client.call("workspace/symbol", {{"query", ""}})), -32002);
  EXPECT_FALSE(client.waitForNotification("textDocument/publishDiagnostics", {}, 200ms).has_value());
  client.notify("exit", nullptr);
  EXPECT_EQ(client.waitForExit(), 1);
}

TEST(LspLifecycle, ExitWithoutShutdownExitsWithOne) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  client.notify("exit", nullptr);
  EXPECT_EQ(client.waitForExit(), 1);
}

TEST(LspLifecycle, EndOfInputWithoutShutdownExitsWithOne) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  client.closeInput();
  EXPECT_EQ(client.waitForExit(), 1);
}

}  // namespace
}  // namespace shlo::lsp::test
