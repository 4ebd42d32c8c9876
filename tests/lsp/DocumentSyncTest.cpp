// Documents: diagnostics on open, incremental edits (in UTF-16 and UTF-8
// positions), debounced re-analysis, close.
#include <vector>

#include "tests/lsp/TestDocument.h"

namespace shlo::lsp::test {
namespace {

json rangeEdit(int startLine, int startCharacter, int endLine, int endCharacter, const std::string &text) {
  return {{"range", {{"start", position(startLine, startCharacter)}, {"end", position(endLine, endCharacter)}}},
          {"text", text}};
}

void change(LspClient &client, int version, json changes) {
  client.notify("textDocument/didChange",
                {{"textDocument", {{"uri", kUri}, {"version", version}}}, {"contentChanges", std::move(changes)}});
}

TEST(LspDocuments, OpenPublishesTheUndefinedValueError) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  openDocument(client);
  std::optional<json> published = waitForDiagnostics(client, 1);
  ASSERT_TRUE(published.has_value());
  const json &diagnostics = (*published)["diagnostics"];
  ASSERT_EQ(diagnostics.size(), 1u) << diagnostics.dump();
  EXPECT_EQ(diagnostics[0]["code"], "ssa.undefined-value");
  EXPECT_EQ(diagnostics[0]["severity"], 1);
  EXPECT_EQ(diagnostics[0]["source"], "shlo");
  EXPECT_NE(diagnostics[0]["message"].get<std::string>().find("%y"), std::string::npos);
  EXPECT_EQ(diagnostics[0]["range"]["start"], position(3, 27));
  EXPECT_EQ(diagnostics[0]["range"]["end"], position(3, 29));
}

TEST(LspDocuments, IncrementalEditThatFixesTheErrorClearsDiagnostics) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  openDocument(client);
  ASSERT_TRUE(waitForDiagnostics(client, 1).has_value());
  // `%y` -> `%x`: replace one character.
  change(client, 2, json::array({rangeEdit(3, 28, 3, 29, "x")}));
  std::optional<json> published = waitForDiagnostics(client, 2);
  ASSERT_TRUE(published.has_value());
  EXPECT_TRUE((*published)["diagnostics"].empty()) << published->dump();
  // And hover sees the edited text: `%x` on line 3 now has 2 uses.
  json result = resultOf(client.call("textDocument/hover", positionParams(3, 28)));
  ASSERT_TRUE(result.is_object());
  std::string value = result["contents"]["value"];
  EXPECT_NE(value.find("%x : tensor<4xf32>"), std::string::npos) << value;
  EXPECT_NE(value.find("2 uses"), std::string::npos) << value;
}

TEST(LspDocuments, EditAfterNonAsciiTextUsesUtf16Columns) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  openDocument(client);
  ASSERT_TRUE(waitForDiagnostics(client, 1).has_value());
  // Line 2: `    %0 = call @"é𝔘"(%x) ...`; in UTF-16 `%x` is at 21..23
  // (é is one unit, 𝔘 two). Replacing it by `%y` makes an error there.
  change(client, 2, json::array({rangeEdit(2, 21, 2, 23, "%q")}));
  std::optional<json> published = waitForDiagnostics(client, 2);
  ASSERT_TRUE(published.has_value());
  const json &diagnostics = (*published)["diagnostics"];
  ASSERT_EQ(diagnostics.size(), 2u) << diagnostics.dump();
  EXPECT_NE(diagnostics[0]["message"].get<std::string>().find("%q"), std::string::npos) << diagnostics.dump();
  EXPECT_EQ(diagnostics[0]["range"]["start"], position(2, 21));
  EXPECT_EQ(diagnostics[0]["range"]["end"], position(2, 23));
}

TEST(LspDocuments, EditAfterNonAsciiTextUsesUtf8ColumnsWhenNegotiated) {
  LspClient client(SHLO_BINARY);
  client.initialize({"utf-8"});
  openDocument(client);
  ASSERT_TRUE(waitForDiagnostics(client, 1).has_value());
  // The same edit in bytes: `%x` is at 24..26.
  change(client, 2, json::array({rangeEdit(2, 24, 2, 26, "%q")}));
  std::optional<json> published = waitForDiagnostics(client, 2);
  ASSERT_TRUE(published.has_value());
  const json &diagnostics = (*published)["diagnostics"];
  ASSERT_EQ(diagnostics.size(), 2u) << diagnostics.dump();
  EXPECT_EQ(diagnostics[0]["range"]["start"], position(2, 24));
  EXPECT_EQ(diagnostics[0]["range"]["end"], position(2, 26));
}

TEST(LspDocuments, CarriageReturnsAloneEndLinesInPositionsAndEdits) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  // Lines end at a lone `\r` (old Mac files): line 2 returns an undefined %y.
  openDocument(client,
               "func.func @f(%x: tensor<i32>) -> tensor<i32> {\r  %0 = stablehlo.abs %x : tensor<i32>\r"
               "  return %y : tensor<i32>\r}\r");
  std::optional<json> published = waitForDiagnostics(client, 1);
  ASSERT_TRUE(published.has_value());
  auto undefined = [](const json &diagnostics) {
    json out = json::array();
    for (const json &d : diagnostics) {
      if (d["code"] == "ssa.undefined-value") out.push_back(d);
    }
    return out;
  };
  json errors = undefined((*published)["diagnostics"]);
  ASSERT_EQ(errors.size(), 1u) << published->dump();
  EXPECT_EQ(errors[0]["range"]["start"], position(2, 9));
  EXPECT_EQ(errors[0]["range"]["end"], position(2, 11));
  // An edit at those positions lands on that line: `%y` -> `%0` fixes it.
  change(client, 2, json::array({rangeEdit(2, 9, 2, 11, "%0")}));
  published = waitForDiagnostics(client, 2);
  ASSERT_TRUE(published.has_value());
  EXPECT_TRUE((*published)["diagnostics"].empty()) << published->dump();
}

TEST(LspDocuments, BurstOfEditsCoalescesAfterItsFirstEdit) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  openDocument(client);
  ASSERT_TRUE(waitForDiagnostics(client, 1).has_value());
  // Type `%x` over `%y` one keystroke at a time, as an editor sends it.
  change(client, 2, json::array({rangeEdit(3, 27, 3, 29, "")}));
  change(client, 3, json::array({rangeEdit(3, 27, 3, 27, "%")}));
  change(client, 4, json::array({rangeEdit(3, 28, 3, 28, "x")}));
  std::optional<json> published = waitForDiagnostics(client, 4);
  ASSERT_TRUE(published.has_value());
  EXPECT_TRUE((*published)["diagnostics"].empty()) << published->dump();
  // The debounce is leading-edge: the burst's first edit may be analysed at
  // once (seeing version 2, or 3 if it arrived first); the rest coalesce into
  // the one analysis of version 4. So at most one other publish, of an
  // earlier version, and version 4 only once.
  std::vector<int> others;
  while (std::optional<json> more = client.waitForNotification("textDocument/publishDiagnostics", {}, 300ms)) {
    others.push_back(more->value("version", -1));
  }
  EXPECT_LE(others.size(), 1u);
  for (int version : others) EXPECT_TRUE(version == 2 || version == 3) << "published version " << version;
}

TEST(LspDocuments, SeveralChangesInOneNotificationApplyInOrder) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  openDocument(client);
  ASSERT_TRUE(waitForDiagnostics(client, 1).has_value());
  // Insert a line, then fix `%y`, now on line 4.
  change(client, 2,
         json::array({rangeEdit(3, 0, 3, 0, "    %c = stablehlo.constant dense<1.0> : tensor<4xf32>\n"),
                      rangeEdit(4, 27, 4, 29, "%c")}));
  std::optional<json> published = waitForDiagnostics(client, 2);
  ASSERT_TRUE(published.has_value());
  EXPECT_TRUE((*published)["diagnostics"].empty()) << published->dump();
}

TEST(LspDocuments, FullReplacementAndCloseClearDiagnostics) {
  LspClient client(SHLO_BINARY);
  client.initialize();
  openDocument(client);
  ASSERT_TRUE(waitForDiagnostics(client, 1).has_value());
  change(client, 2, json::array({{{"text", "func.func @f( {\n"}}}));
  std::optional<json> published = waitForDiagnostics(client, 2);
  ASSERT_TRUE(published.has_value());
  ASSERT_FALSE((*published)["diagnostics"].empty());
  EXPECT_EQ((*published)["diagnostics"][0]["code"].get<std::string>().rfind("syntax.", 0), 0u) << published->dump();
  client.notify("textDocument/didClose", {{"textDocument", {{"uri", kUri}}}});
  std::optional<json> cleared = client.waitForNotification(
      "textDocument/publishDiagnostics", [](const json &params) { return params["diagnostics"].empty(); });
  ASSERT_TRUE(cleared.has_value());
  // A closed document has no features.
  EXPECT_EQ(errorCodeOf(client.call("textDocument/hover", positionParams(0, 0))), -32602);
}

}  // namespace
}  // namespace shlo::lsp::test
