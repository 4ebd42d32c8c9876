// The real `shlo lsp` binary on issue 14's basics and diagnostics-side
// features: `--stdio`/`--log`/`--log-level`, lint findings in the published
// and pulled diagnostics, `// -----` chunks analysed one by one, work-done
// progress of workspace/symbol, bounded hover ranges, code lenses, call
// hierarchy, selection ranges and document links.
#include <fstream>
#include <sstream>

#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

const char *kDocUri = "file:///tmp/shlo-lsp-diag.mlir";

// Line 1: an unused pure op (SHLO101, fix: delete it). Line 5: `@g` called
// twice from `@main`; `@helper` takes no arguments.
const std::string kDocText =
    "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"       // 0
    "  %u = stablehlo.add %a, %a : tensor<2xf32>\n"                  // 1
    "  %b = call @g(%a) : (tensor<2xf32>) -> tensor<2xf32>\n"        // 2
    "  %c = call @g(%b) : (tensor<2xf32>) -> tensor<2xf32>\n"        // 3
    "  return %c : tensor<2xf32>\n"                                  // 4
    "}\n"                                                            // 5
    "func.func private @g(%x: tensor<2xf32>) -> tensor<2xf32> {\n"   // 6
    "  %r = stablehlo.abs %x : tensor<2xf32>\n"                      // 7
    "  return %r : tensor<2xf32>\n"                                  // 8
    "}\n"                                                            // 9
    "func.func @helper() -> tensor<f32> {\n"                         // 10
    "  %z = stablehlo.constant dense<1.0> : tensor<f32>\n"           // 11
    "  return %z : tensor<f32>\n"                                    // 12
    "}\n";                                                           // 13

// Two chunks that both define @main and @f; the second calls its own @f
// with its own signature and holds one error (line 9: `%q` undefined).
const std::string kChunkedText =
    "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"           // 0
    "  return %a : tensor<2xf32>\n"                                  // 1
    "}\n"                                                            // 2
    "func.func @main() -> () {\n"                                    // 3
    "  return\n"                                                     // 4
    "}\n"                                                            // 5
    "// -----\n"                                                     // 6
    "func.func @f(%a: tensor<3xi32>) -> tensor<3xi32> {\n"           // 7
    "  %0 = call @f(%a) : (tensor<3xi32>) -> tensor<3xi32>\n"       // 8
    "  %1 = stablehlo.add %0, %q : tensor<3xi32>\n"                  // 9
    "  return %1 : tensor<3xi32>\n"                                  // 10
    "}\n"                                                            // 11
    "func.func @main() -> () {\n"                                    // 12
    "  return\n"                                                     // 13
    "}\n";                                                           // 14

json textDocument(const std::string &uri) { return {{"textDocument", {{"uri", uri}}}}; }

class LspDiag : public ::testing::Test {
 protected:
  json open(const std::string &uri, const std::string &text, json capabilities = json::object()) {
    initializeWith(client, {{"capabilities", std::move(capabilities)}});
    openText(client, uri, text);
    std::optional<json> published = diagnosticsFor(client, uri);
    EXPECT_TRUE(published.has_value());
    return published ? *published : json::object();
  }

  LspClient client{SHLO_BINARY};
};

std::vector<json> withCode(const json &diagnostics, const std::string &code) {
  std::vector<json> out;
  for (const json &d : diagnostics) {
    if (d.value("code", "") == code) out.push_back(d);
  }
  return out;
}

TEST(LspDiagCommandLine, StdioLogFileAndLevelAreAccepted) {
  ScratchFolder folder;
  std::filesystem::path log = folder.path() / "server.log";
  {
    LspClient client(SHLO_BINARY, {"lsp", "--stdio", "--log=" + log.string(), "--log-level", "verbose"});
    json result = initializeWith(client, {});
    EXPECT_TRUE(result.contains("capabilities")) << result.dump();
    openText(client, kDocUri, kDocText);
    ASSERT_TRUE(diagnosticsFor(client, kDocUri).has_value());
    resultOf(client.call("textDocument/hover", at(kDocUri, 1, 9)));
    EXPECT_TRUE(resultOf(client.call("shutdown", nullptr)).is_null());
    client.notify("exit", nullptr);
    EXPECT_EQ(client.waitForExit(), 0);
  }
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  // Verbose logs every request with its time.
  EXPECT_NE(text.str().find("textDocument/hover"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find(" ms"), std::string::npos) << text.str();
}

TEST(LspDiagCommandLine, AnUnknownLogLevelIsRefused) {
  LspClient client(SHLO_BINARY, {"lsp", "--log-level", "loud"});
  client.closeInput();
  std::optional<int> status = client.waitForExit();
  ASSERT_TRUE(status.has_value());
  EXPECT_NE(*status, 0);
}

TEST_F(LspDiag, LintFindingsArePublishedWithCodesDocumentationTagsAndFixes) {
  json published = open(kDocUri, kDocText, {{"textDocument", {{"publishDiagnostics", {{"tagSupport", {{"valueSet", {1, 2}}}}}}}}});
  const json &diagnostics = published["diagnostics"];
  std::vector<json> unused = withCode(diagnostics, "SHLO101");
  ASSERT_EQ(unused.size(), 1u) << diagnostics.dump(1);
  const json &d = unused[0];
  EXPECT_EQ(d["range"]["start"], position(1, 2));
  EXPECT_EQ(d["tags"], json::array({1}));
  std::string href = d["codeDescription"]["href"];
  EXPECT_EQ(href.rfind("file://", 0), 0u) << href;
  EXPECT_NE(href.find("/docs/rules/SHLO101.md"), std::string::npos) << href;
  // The page the link names exists in the source tree.
  EXPECT_TRUE(std::filesystem::exists(href.substr(std::string("file://").size()))) << href;
  // The fix, for code actions: delete line 1.
  ASSERT_TRUE(d.contains("data")) << d.dump();
  const json &fix = d["data"]["fixes"][0];
  EXPECT_EQ(fix["safety"], "unsafe");
  EXPECT_EQ(fix["edits"][0]["newText"], "");
  EXPECT_EQ(fix["edits"][0]["range"]["start"], position(1, 0));
  EXPECT_EQ(fix["edits"][0]["range"]["end"], position(2, 0));
  // The old advisories are gone: the lint rules replace them.
  EXPECT_TRUE(withCode(diagnostics, "unused.result").empty()) << diagnostics.dump(1);
  EXPECT_TRUE(withCode(diagnostics, "deprecated.op").empty()) << diagnostics.dump(1);
  // Verifier findings carry no rule link.
  for (const json &finding : diagnostics) {
    if (finding["code"].get<std::string>().rfind("SHLO", 0) != 0) EXPECT_FALSE(finding.contains("codeDescription"));
  }
}

TEST_F(LspDiag, PullDiagnosticsMatchThePushedOnesAndReportUnchanged) {
  json published = open(kDocUri, kDocText);
  json capabilities = resultOf(client.call("textDocument/diagnostic", textDocument(kDocUri)));
  EXPECT_EQ(capabilities["kind"], "full");
  EXPECT_EQ(capabilities["items"], published["diagnostics"]);
  std::string resultId = capabilities["resultId"];
  json again = textDocument(kDocUri);
  again["previousResultId"] = resultId;
  json unchanged = resultOf(client.call("textDocument/diagnostic", again));
  EXPECT_EQ(unchanged["kind"], "unchanged");
  EXPECT_EQ(unchanged["resultId"], resultId);
  // An edit makes a new report: the unused op is gone, and so is SHLO101.
  json change = {{"range", {{"start", position(1, 0)}, {"end", position(2, 0)}}}, {"text", ""}};
  client.notify("textDocument/didChange", {{"textDocument", {{"uri", kDocUri}, {"version", 2}}},
                                           {"contentChanges", json::array({change})}});
  json changed = resultOf(client.call("textDocument/diagnostic", again));
  EXPECT_EQ(changed["kind"], "full");
  EXPECT_NE(changed["resultId"], resultId);
  EXPECT_TRUE(withCode(changed["items"], "SHLO101").empty()) << changed.dump(1);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/diagnostic", textDocument("file:///tmp/not-open.mlir"))), -32602);
}

TEST_F(LspDiag, ChunksAreAnalysedOneByOne) {
  json published = open(kDocUri, kChunkedText);
  const json &diagnostics = published["diagnostics"];
  // No redefinition across chunks, and the call in chunk 2 checks against
  // chunk 2's @f: the only error is the undefined `%q`.
  std::vector<json> errors;
  for (const json &d : diagnostics) {
    if (d["severity"] == 1) errors.push_back(d);
  }
  ASSERT_EQ(errors.size(), 1u) << diagnostics.dump(1);
  EXPECT_EQ(errors[0]["range"]["start"]["line"], 9);
  // Navigation stays in the chunk: @f in chunk 2 is chunk 2's.
  json definition = resultOf(client.call("textDocument/definition", at(kDocUri, 8, 13)));
  ASSERT_TRUE(definition.is_object()) << definition.dump();
  EXPECT_EQ(definition["range"]["start"], position(7, 10));
  // References of chunk 1's @f: its definition only (chunk 2's call is not one).
  json references = resultOf(client.call(
      "textDocument/references", {{"textDocument", {{"uri", kDocUri}}}, {"position", position(0, 11)}, {"context", {{"includeDeclaration", true}}}}));
  ASSERT_TRUE(references.is_array());
  ASSERT_EQ(references.size(), 1u) << references.dump();
  EXPECT_EQ(references[0]["range"]["start"], position(0, 10));
  // Symbols: both chunks' functions.
  json symbols = resultOf(client.call("textDocument/documentSymbol", textDocument(kDocUri)));
  EXPECT_EQ(symbols.size(), 4u) << symbols.dump();
}

TEST(LspDiagChunks, OpsStablehloShowsNoRedefinitions) {
  std::string path = std::string(SHLO_SHARED_DIR) + "/conformance/verify/ops_stablehlo.mlir";
  std::ifstream in(path);
  if (!in) GTEST_SKIP() << "missing " << path;
  std::stringstream text;
  text << in.rdbuf();
  LspClient client(SHLO_BINARY);
  initializeWith(client, {});
  openText(client, "file:///tmp/ops_stablehlo.mlir", text.str());
  std::optional<json> published = diagnosticsFor(client, "file:///tmp/ops_stablehlo.mlir");
  ASSERT_TRUE(published.has_value());
  size_t errors = 0;
  for (const json &d : (*published)["diagnostics"]) {
    EXPECT_NE(d["code"], "symbol.redefinition") << d.dump();
    errors += d["severity"] == 1;
  }
  // The file's chunks are negative tests: they do have errors of their own.
  EXPECT_GT(errors, 100u);
}

TEST(LspDiagProgress, WorkspaceSymbolReportsWorkDoneProgress) {
  ScratchFolder folder;
  for (int i = 0; i < 3; ++i) {
    folder.write("m" + std::to_string(i) + ".mlir",
                 "func.func @disk" + std::to_string(i) + "() -> () {\n  return\n}\n");
  }
  LspClient client(SHLO_BINARY);
  json workspaceFolder = {{"uri", fileUri(folder.path())}, {"name", "w"}};
  initializeWith(client, {{"workspaceFolders", json::array({workspaceFolder})}});
  json params = {{"query", "disk"}, {"workDoneToken", "index-1"}};
  json symbols = resultOf(client.call("workspace/symbol", params));
  EXPECT_EQ(symbols.size(), 3u) << symbols.dump();
  auto progress = [&client](const std::string &kind) {
    return client.waitForNotification("$/progress", [&kind](const json &p) {
      return p.value("token", "") == "index-1" && p["value"].value("kind", "") == kind;
    }, 2s);
  };
  std::optional<json> begin = progress("begin");
  ASSERT_TRUE(begin.has_value());
  EXPECT_FALSE((*begin)["value"]["title"].get<std::string>().empty());
  // Reports count the files; the last one has them all.
  std::optional<json> done = client.waitForNotification("$/progress", [](const json &p) {
    return p["value"].value("kind", "") == "report" && p["value"].value("message", "") == "3/3 files";
  }, 2s);
  ASSERT_TRUE(done.has_value());
  EXPECT_EQ((*done)["value"]["percentage"], 100);
  EXPECT_TRUE(progress("end").has_value());
  // Without a token, no progress (the client creates none).
  resultOf(client.call("workspace/symbol", {{"query", "disk"}}));
  EXPECT_FALSE(client.waitForNotification("$/progress", [](const json &p) {
    return p["value"].value("kind", "") == "begin";
  }, 300ms).has_value());
}

TEST(LspDiagProgress, ServerCreatesATokenForClientsThatAllowIt) {
  ScratchFolder folder;
  folder.write("m.mlir", "func.func @disk() -> () {\n  return\n}\n");
  LspClient client(SHLO_BINARY);
  json workspaceFolder = {{"uri", fileUri(folder.path())}, {"name", "w"}};
  initializeWith(client, {{"capabilities", {{"window", {{"workDoneProgress", true}}}}},
                          {"workspaceFolders", json::array({workspaceFolder})}});
  EXPECT_EQ(resultOf(client.call("workspace/symbol", {{"query", "disk"}})).size(), 1u);
  std::optional<json> begin = client.waitForNotification(
      "$/progress", [](const json &p) { return p["value"].value("kind", "") == "begin"; }, 2s);
  ASSERT_TRUE(begin.has_value());
  std::string token = (*begin)["token"];
  EXPECT_EQ(token.rfind("shlo/index/", 0), 0u) << token;
  EXPECT_TRUE(client.waitForNotification("$/progress", [&token](const json &p) {
    return p.value("token", "") == token && p["value"].value("kind", "") == "end";
  }, 2s).has_value());
}

TEST_F(LspDiag, HoverRangesCoverWhatThePointerIsOn) {
  // A signature of 40 arguments with attributes: `function_type` spans it.
  std::string signature = "func.func @main(";
  for (int i = 0; i < 40; ++i) {
    signature += (i ? ", %arg" : "%arg") + std::to_string(i) + ": tensor<768xf32> {mhlo.sharding = \"{replicated}\"}";
  }
  signature += ") -> tensor<768xf32> {\n  return %arg0 : tensor<768xf32>\n}\n";
  open(kDocUri, signature);
  size_t column = signature.find("mhlo.sharding", 500);
  json hover = resultOf(client.call("textDocument/hover", at(kDocUri, 0, static_cast<int>(column) + 2)));
  ASSERT_TRUE(hover.is_object());
  const json &range = hover["range"];
  EXPECT_EQ(range["start"]["line"], 0);
  EXPECT_EQ(range["end"]["line"], 0);
  int start = range["start"]["character"], end = range["end"]["character"];
  EXPECT_LE(start, static_cast<int>(column) + 2);
  EXPECT_GE(end, static_cast<int>(column) + 2);
  EXPECT_LE(end - start, 256) << range.dump();
}

TEST(LspDiagHover, PtBertMainAttributeRangeIsShort) {
  std::string path = std::string(SHLO_SHARED_DIR) + "/models/pt_bert.mlir";
  std::ifstream in(path);
  if (!in) GTEST_SKIP() << "missing " << path;
  std::stringstream text;
  text << in.rdbuf();
  LspClient client(SHLO_BINARY);
  initializeWith(client, {});
  openText(client, "file:///tmp/pt_bert.mlir", text.str());
  ASSERT_TRUE(client.waitForNotification("textDocument/publishDiagnostics", {}, 30s).has_value());
  // Line 1, on `mhlo.sharding` of %arg0.
  json hover = resultOf(client.call("textDocument/hover", at("file:///tmp/pt_bert.mlir", 1, 60)));
  ASSERT_TRUE(hover.is_object());
  int start = hover["range"]["start"]["character"], end = hover["range"]["end"]["character"];
  EXPECT_LE(start, 60);
  EXPECT_GE(end, 60);
  EXPECT_LE(end - start, 256) << hover["range"].dump();
}

TEST_F(LspDiag, CodeLensesRunDebugAndUses) {
  open(kDocUri, kDocText);
  json lenses = resultOf(client.call("textDocument/codeLens", textDocument(kDocUri)));
  ASSERT_TRUE(lenses.is_array());
  std::vector<std::string> seen;
  for (const json &lens : lenses) {
    const json &command = lens["command"];
    std::string line = std::to_string(lens["range"]["start"]["line"].get<int>());
    seen.push_back(line + " " + command["title"].get<std::string>());
    if (!command["command"].get<std::string>().empty()) {
      EXPECT_EQ(command["arguments"][0], kDocUri);
    }
  }
  // @main (arguments, but the entry), @g (arguments: uses only), @helper.
  std::vector<std::string> expected = {"0 Run", "0 Debug", "0 0 uses", "6 2 uses", "10 Run", "10 Debug", "10 0 uses"};
  EXPECT_EQ(seen, expected) << lenses.dump(1);
  EXPECT_EQ(lenses[0]["command"]["command"], "shlo.runFunction");
  EXPECT_EQ(lenses[0]["command"]["arguments"], json::array({kDocUri, "main"}));
  EXPECT_EQ(lenses[5]["command"]["command"], "shlo.debugFunction");
  EXPECT_EQ(lenses[5]["command"]["arguments"], json::array({kDocUri, "helper"}));
}

TEST_F(LspDiag, CodeLensesOnEachChunk) {
  open(kDocUri, kChunkedText);
  json lenses = resultOf(client.call("textDocument/codeLens", textDocument(kDocUri)));
  std::vector<std::string> chunkLenses;
  for (const json &lens : lenses) {
    std::string title = lens["command"]["title"];
    if (title.find("chunk") != std::string::npos) {
      chunkLenses.push_back(std::to_string(lens["range"]["start"]["line"].get<int>()) + " " + title);
    }
  }
  std::vector<std::string> expected = {"0 Run chunk (@main)", "0 Debug chunk (@main)", "7 Run chunk (@main)",
                                       "7 Debug chunk (@main)"};
  EXPECT_EQ(chunkLenses, expected) << lenses.dump(1);
}

TEST_F(LspDiag, ChunkLensesNameTheirChunk) {
  open(kDocUri, kChunkedText);
  json lenses = resultOf(client.call("textDocument/codeLens", textDocument(kDocUri)));
  std::vector<json> chunkArguments;
  for (const json &lens : lenses) {
    if (lens["command"]["title"].get<std::string>().find("chunk") != std::string::npos) {
      chunkArguments.push_back(lens["command"]["arguments"]);
    }
  }
  // [uri, entry, chunk (1-based, as `shlo run --chunk`)], Run then Debug.
  std::vector<json> expected = {json::array({kDocUri, "main", 1}), json::array({kDocUri, "main", 1}),
                                json::array({kDocUri, "main", 2}), json::array({kDocUri, "main", 2})};
  EXPECT_EQ(chunkArguments, expected) << lenses.dump(1);
}

TEST_F(LspDiag, UsesLensShowsTheReferences) {
  open(kDocUri, kDocText);
  json lenses = resultOf(client.call("textDocument/codeLens", textDocument(kDocUri)));
  const json *uses = nullptr;
  for (const json &lens : lenses) {
    if (lens["command"]["title"] == "2 uses") uses = &lens;
  }
  ASSERT_NE(uses, nullptr) << lenses.dump(1);
  const json &command = (*uses)["command"];
  EXPECT_EQ(command["command"], "shlo.showReferences");
  // As editor.action.showReferences takes them: the URI, where the lens
  // points (@g's name) and the uses.
  ASSERT_EQ(command["arguments"].size(), 3u);
  EXPECT_EQ(command["arguments"][0], kDocUri);
  EXPECT_EQ(command["arguments"][1], position(6, 18));
  json expected = json::array();
  for (int line : {2, 3}) {
    expected.push_back({{"uri", kDocUri}, {"range", {{"start", position(line, 12)}, {"end", position(line, 14)}}}});
  }
  EXPECT_EQ(command["arguments"][2], expected);
}

TEST_F(LspDiag, CallHierarchyOfFuncCall) {
  open(kDocUri, kDocText);
  json items = resultOf(client.call("textDocument/prepareCallHierarchy", at(kDocUri, 6, 19)));  // `@g`
  ASSERT_TRUE(items.is_array() && items.size() == 1) << items.dump();
  const json &g = items[0];
  EXPECT_EQ(g["name"], "g");
  EXPECT_EQ(g["kind"], 12);
  EXPECT_EQ(g["selectionRange"]["start"], position(6, 18));
  EXPECT_EQ(g["range"]["start"]["line"], 6);
  EXPECT_EQ(g["range"]["end"]["line"], 9);
  json incoming = resultOf(client.call("callHierarchy/incomingCalls", {{"item", g}}));
  ASSERT_EQ(incoming.size(), 1u) << incoming.dump();
  EXPECT_EQ(incoming[0]["from"]["name"], "main");
  ASSERT_EQ(incoming[0]["fromRanges"].size(), 2u);
  EXPECT_EQ(incoming[0]["fromRanges"][0]["start"], position(2, 12));
  EXPECT_EQ(incoming[0]["fromRanges"][1]["start"], position(3, 12));
  // From a call site, the callee; outgoing calls of @main: @g, twice.
  json fromUse = resultOf(client.call("textDocument/prepareCallHierarchy", at(kDocUri, 2, 13)));
  ASSERT_TRUE(fromUse.is_array());
  EXPECT_EQ(fromUse[0]["name"], "g");
  json mainItems = resultOf(client.call("textDocument/prepareCallHierarchy", at(kDocUri, 0, 12)));
  json outgoing = resultOf(client.call("callHierarchy/outgoingCalls", {{"item", mainItems[0]}}));
  ASSERT_EQ(outgoing.size(), 1u) << outgoing.dump();
  EXPECT_EQ(outgoing[0]["to"]["name"], "g");
  EXPECT_EQ(outgoing[0]["fromRanges"].size(), 2u);
  EXPECT_TRUE(resultOf(client.call("callHierarchy/outgoingCalls", {{"item", g}})).empty());
  // Not on a function: null. A malformed item: InvalidParams.
  EXPECT_TRUE(resultOf(client.call("textDocument/prepareCallHierarchy", at(kDocUri, 7, 3))).is_null());
  EXPECT_EQ(errorCodeOf(client.call("callHierarchy/incomingCalls", {{"item", {{"name", "g"}}}})), -32602);
}

TEST_F(LspDiag, SelectionRangesGrowFromValueToFunction) {
  open(kDocUri, kDocText);
  json result = resultOf(client.call(
      "textDocument/selectionRange", {{"textDocument", {{"uri", kDocUri}}}, {"positions", {position(7, 22)}}}));  // `%x`
  ASSERT_TRUE(result.is_array() && result.size() == 1) << result.dump();
  std::vector<json> chain;
  for (const json *at = &result[0]; at; at = at->contains("parent") ? &(*at)["parent"] : nullptr) chain.push_back((*at)["range"]);
  ASSERT_GE(chain.size(), 4u) << result.dump(1);
  // The value, then its op (line 7), then the function (lines 6-9), then the file.
  EXPECT_EQ(chain[0]["start"], position(7, 21));
  EXPECT_EQ(chain[0]["end"], position(7, 23));
  EXPECT_EQ(chain[1]["start"], position(7, 2));
  EXPECT_EQ(chain[1]["end"]["line"], 7);
  bool function = false;
  for (const json &range : chain) function |= range["start"] == position(6, 0) && range["end"]["line"] == 9;
  EXPECT_TRUE(function) << result.dump(1);
  EXPECT_EQ(chain.back()["start"], position(0, 0));
  EXPECT_EQ(chain.back()["end"]["line"], 14);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/selectionRange",
                                    {{"textDocument", {{"uri", kDocUri}}}, {"positions", {position(99, 0)}}})),
            -32602);
}

TEST(LspDiagLinks, LocationsLinkToTheirSourceFiles) {
  ScratchFolder folder;
  folder.write("model.py", "a\nb\nc\n");
  std::filesystem::path document = folder.write("m.mlir", "");
  const std::string text =
      "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  %r = stablehlo.abs %a : tensor<2xf32> loc(\"model.py\":3:5)\n"
      "  return %r : tensor<2xf32> loc(\"missing.py\":1:1)\n"
      "}\n";
  LspClient client(SHLO_BINARY);
  json workspaceFolder = {{"uri", fileUri(folder.path())}, {"name", "w"}};
  initializeWith(client, {{"workspaceFolders", json::array({workspaceFolder})}});
  std::string uri = fileUri(document);
  openText(client, uri, text);
  json links = resultOf(client.call("textDocument/documentLink", textDocument(uri)));
  ASSERT_EQ(links.size(), 1u) << links.dump();
  int quote = static_cast<int>(text.find("\"model.py\"") - text.find('\n') - 1);
  EXPECT_EQ(links[0]["range"]["start"], position(1, quote));
  EXPECT_EQ(links[0]["range"]["end"], position(1, quote + 10));
  EXPECT_EQ(links[0]["target"], fileUri(folder.path() / "model.py") + "#L3,5");
}

TEST_F(LspDiag, NewRequestsRejectUnknownDocuments) {
  open(kDocUri, kDocText);
  for (const char *method : {"textDocument/codeLens", "textDocument/documentLink", "textDocument/diagnostic"}) {
    EXPECT_EQ(errorCodeOf(client.call(method, textDocument("file:///tmp/unknown.mlir"))), -32602) << method;
  }
  EXPECT_EQ(errorCodeOf(client.call("textDocument/prepareCallHierarchy", at(kDocUri, 500, 0))), -32602);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/selectionRange", textDocument(kDocUri))), -32602);
}

}  // namespace
}  // namespace shlo::lsp::test
