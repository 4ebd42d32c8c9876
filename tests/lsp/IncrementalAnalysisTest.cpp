// Incremental analysis through the protocol: pt_bert is edited the way an
// editor edits it (inside a helper function, inside @main, between
// functions, a callee's signature, non-ASCII text), and after every edit the
// published diagnostics and navigation must equal those of the same text
// opened afresh, which the server analyses from scratch.
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/lsp/TestDocument.h"
#include "tests/lsp/SharedModels.h"

namespace shlo::lsp::test {
namespace {

const char *kEdited = "file:///tmp/shlo-incremental-edited.mlir";

/// The LSP position (UTF-16) of byte `offset` in `text`.
json positionOf(const std::string &text, size_t offset) {
  int line = 0;
  size_t lineStart = 0;
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  }
  int character = 0;
  for (size_t i = lineStart; i < offset; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) == 0x80) continue;
    character += c >= 0xF0 ? 2 : 1;
  }
  return position(line, character);
}

class LspIncremental : public ::testing::Test {
 protected:
  void SetUp() override {
    text = readBert();
    ASSERT_FALSE(text.empty());
    client.initialize();
    open(kEdited, text, 1);
    ASSERT_TRUE(wait(kEdited, 1).has_value());
  }

  void open(const std::string &uri, const std::string &content, int v) {
    client.notify("textDocument/didOpen",
                  {{"textDocument", {{"uri", uri}, {"languageId", "mlir"}, {"version", v}, {"text", content}}}});
  }

  std::optional<json> wait(const std::string &uri, int v) {
    return client.waitForNotification(
        "textDocument/publishDiagnostics",
        [&](const json &params) { return params.value("uri", "") == uri && params.value("version", -1) == v; }, 30s);
  }

  /// Replaces `find` (the first occurrence after `from`) by `with` in the
  /// editor's buffer and sends the change; returns the published
  /// diagnostics.
  json edit(const std::string &find, const std::string &with, size_t from = 0) {
    size_t at = text.find(find, from);
    EXPECT_NE(at, std::string::npos) << find;
    if (at == std::string::npos) return nullptr;
    json range = {{"start", positionOf(text, at)}, {"end", positionOf(text, at + find.size())}};
    text.replace(at, find.size(), with);
    client.notify("textDocument/didChange", {{"textDocument", {{"uri", kEdited}, {"version", ++version}}},
                                             {"contentChanges", {{{"range", range}, {"text", with}}}}});
    std::optional<json> published = wait(kEdited, version);
    EXPECT_TRUE(published.has_value());
    return published ? (*published)["diagnostics"] : json();
  }

  /// The diagnostics of the current text opened under a new URI.
  json fresh() {
    std::string uri = "file:///tmp/shlo-incremental-fresh-" + std::to_string(version) + ".mlir";
    open(uri, text, 1);
    std::optional<json> published = wait(uri, 1);
    EXPECT_TRUE(published.has_value());
    client.notify("textDocument/didClose", {{"textDocument", {{"uri", uri}}}});
    if (!published) return json();
    // Related information names the document: make it the edited one's.
    json diagnostics = (*published)["diagnostics"];
    for (json &d : diagnostics) {
      if (!d.contains("relatedInformation")) continue;
      for (json &related : d["relatedInformation"]) related["location"]["uri"] = kEdited;
    }
    return diagnostics;
  }

  json definitionAt(size_t offset) {
    return resultOf(client.call("textDocument/definition",
                                {{"textDocument", {{"uri", kEdited}}}, {"position", positionOf(text, offset)}}));
  }

  LspClient client{SHLO_BINARY};
  std::string text;
  int version = 1;
};

TEST_F(LspIncremental, EditsPublishWhatAFreshAnalysisPublishes) {
  size_t helpers = text.find("func.func private @_take(");
  ASSERT_NE(helpers, std::string::npos);
  // 1. Inside a helper: rename a result, its uses become undefined.
  json diagnostics = edit("%0 = ", "%zero = ", helpers);
  EXPECT_FALSE(diagnostics.empty());
  EXPECT_EQ(diagnostics, fresh());
  // 2. Inside @main, long before: everything after moves by a line.
  diagnostics = edit("\n", "\n    %extra = stablehlo.constant dense<1.0> : tensor<f32>\n", text.find("stablehlo.") + 1);
  EXPECT_EQ(diagnostics, fresh());
  // 3. Non-ASCII text in @main (UTF-16 columns differ from bytes after it).
  diagnostics = edit("dense<1.0> : tensor<f32>", "dense<1.0> {note = \"\xC3\xA9\xF0\x9D\x94\x98\"} : tensor<f32>");
  EXPECT_EQ(diagnostics, fresh());
  // 4. Between two functions.
  diagnostics = edit("\n  func.func private @_where(", "\n\n  func.func private @_where(");
  EXPECT_EQ(diagnostics, fresh());
  // 5. A callee's signature: @_where returns another type; its callers'
  //    calls stop matching.
  size_t where = text.find("func.func private @_where(");
  size_t arrow = text.find("-> tensor<1x7xi32>", where);
  diagnostics = edit("-> tensor<1x7xi32>", "-> tensor<1x7xi64>", arrow);
  bool callMismatch = false;
  for (const json &d : diagnostics) callMismatch |= d.value("code", "") == "func.call.signature";
  EXPECT_TRUE(callMismatch) << diagnostics.dump();
  EXPECT_EQ(diagnostics, fresh());
  // 6. And back: the text is pt_bert with edits 1-4.
  diagnostics = edit("-> tensor<1x7xi64>", "-> tensor<1x7xi32>", where);
  EXPECT_EQ(diagnostics, fresh());
}

TEST_F(LspIncremental, ASyntaxErrorIsPublishedAtOnceThenConfirmedByAFreshAnalysis) {
  // A `(` after a result's name in the middle of @main: the server publishes
  // its provisional analysis at once (the incremental tree, @main's ops
  // copied), then analyses the text from scratch once the typing pauses.
  json provisional = edit(" = ", "( = ", text.size() / 2);
  EXPECT_FALSE(provisional.empty());
  // The pull report of the confirmed snapshot has the bare version as its
  // id (a provisional one's ends in `p`).
  json report = json::object();
  for (int i = 0; i < 400 && report.value("resultId", "") != std::to_string(version); ++i) {
    if (i > 0) std::this_thread::sleep_for(25ms);
    report = resultOf(client.call("textDocument/diagnostic", {{"textDocument", {{"uri", kEdited}}}}));
  }
  ASSERT_EQ(report.value("resultId", ""), std::to_string(version)) << "never confirmed";
  // What the client saw last for this version (a second publication comes
  // only when the confirmation differs) is a fresh analysis's.
  json last = provisional;
  while (std::optional<json> again = client.waitForNotification(
             "textDocument/publishDiagnostics",
             [&](const json &params) {
               return params.value("uri", "") == kEdited && params.value("version", -1) == version;
             },
             300ms)) {
    last = (*again)["diagnostics"];
  }
  json expected = fresh();
  EXPECT_EQ(last, expected);
  EXPECT_EQ(report["items"], expected);
  // Removing the `(` again: the edit is based on the confirmed tree.
  json fixed = edit("( = ", " = ", text.size() / 2 - 10);
  EXPECT_EQ(fixed, fresh());
}

TEST_F(LspIncremental, NavigationAfterAnEditPointsIntoTheMovedText) {
  // Three lines more in @main: every helper after it moves.
  edit("\n", "\n\n\n\n", text.find("stablehlo.") + 1);
  size_t helper = text.find("func.func private @_var(");
  ASSERT_NE(helper, std::string::npos);
  // A use of %arg0 in @_var: its definition is @_var's argument.
  size_t argument = text.find("%arg0", helper);
  size_t use = text.find("%arg0", text.find('{', helper));
  json result = definitionAt(use + 1);
  ASSERT_TRUE(result.is_object()) << result.dump();
  EXPECT_EQ(result["range"]["start"], positionOf(text, argument));
  // A call in @main to a helper jumps to the helper's moved name.
  size_t call = text.find("call @_var(");
  ASSERT_NE(call, std::string::npos);
  result = definitionAt(call + 6);
  ASSERT_TRUE(result.is_object()) << result.dump();
  EXPECT_EQ(result["range"]["start"], positionOf(text, text.find("@_var(", helper)));
}

}  // namespace
}  // namespace shlo::lsp::test
