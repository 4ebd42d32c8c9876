// Formatting (document, range, on type), code actions, rename and
// prepareRename through the real binary: the edits the server sends, applied
// to the text, give the expected text; refused requests get JSON-RPC errors.
#include <algorithm>

#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

const char *kEditUri = "file:///tmp/shlo-lsp-editing.mlir";

/// The byte offset of an LSP position in ASCII `text`.
size_t offsetIn(const std::string &text, const json &position) {
  size_t offset = 0;
  for (int line = position["line"].get<int>(); line > 0; --line) offset = text.find('\n', offset) + 1;
  return offset + position["character"].get<size_t>();
}

/// `text` with LSP TextEdits applied (ranges index the original text).
std::string applyEdits(const std::string &text, json edits) {
  std::vector<std::tuple<size_t, size_t, std::string>> sorted;
  for (const json &edit : edits) {
    sorted.emplace_back(offsetIn(text, edit["range"]["start"]), offsetIn(text, edit["range"]["end"]),
                        edit["newText"].get<std::string>());
  }
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto &a, const auto &b) { return std::get<0>(a) > std::get<0>(b); });
  std::string out = text;
  for (const auto &[begin, end, newText] : sorted) out.replace(begin, end - begin, newText);
  return out;
}

/// The edits of a WorkspaceEdit for the test document.
json editsOf(const json &workspaceEdit) { return workspaceEdit["changes"][kEditUri]; }

json range(int startLine, int startCharacter, int endLine, int endCharacter) {
  return {{"start", position(startLine, startCharacter)}, {"end", position(endLine, endCharacter)}};
}

json document() { return {{"uri", kEditUri}}; }

int errorCodeOf(const std::optional<json> &response) {
  EXPECT_TRUE(response.has_value());
  if (!response || !response->contains("error")) return 0;
  return (*response)["error"]["code"].get<int>();
}

class LspEditing : public ::testing::Test {
 protected:
  /// Opens `text` and waits for its diagnostics (the snapshot is built).
  void open(const std::string &text) {
    text_ = text;
    capabilities = client.initialize()["result"]["capabilities"];
    openText(client, kEditUri, text);
    ASSERT_TRUE(diagnosticsFor(client, kEditUri).has_value());
  }

  json formattingOptions() { return {{"tabSize", 2}, {"insertSpaces", true}}; }

  json codeActions(json lspRange, json only = nullptr) {
    json context = {{"diagnostics", json::array()}};
    if (!only.is_null()) context["only"] = only;
    return resultOf(client.call("textDocument/codeAction",
                                {{"textDocument", document()}, {"range", lspRange}, {"context", context}}));
  }

  /// The action whose title starts with `prefix`, or null.
  static json actionTitled(const json &actions, const std::string &prefix) {
    for (const json &action : actions) {
      if (action["title"].get<std::string>().rfind(prefix, 0) == 0) return action;
    }
    return nullptr;
  }

  json rename(int line, int character, const std::string &newName) {
    return client.call("textDocument/rename", {{"textDocument", document()},
                                               {"position", position(line, character)},
                                               {"newName", newName}})
        .value_or(json());
  }

  LspClient client{SHLO_BINARY};
  json capabilities;
  std::string text_;
};

const std::string kMessy =
    "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 =   stablehlo.abs %x : tensor<4xf32>\n"
    "  %1 = \"stablehlo.add\"(%0, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %1 : tensor<4xf32>\n"
    "}\n";

TEST_F(LspEditing, CapabilitiesAnnounceTheFeatures) {
  open(kMessy);
  EXPECT_EQ(capabilities["documentFormattingProvider"], true);
  EXPECT_EQ(capabilities["documentRangeFormattingProvider"], true);
  EXPECT_EQ(capabilities["documentOnTypeFormattingProvider"]["firstTriggerCharacter"], "}");
  EXPECT_EQ(capabilities["renameProvider"]["prepareProvider"], true);
  json kinds = capabilities["codeActionProvider"]["codeActionKinds"];
  for (const char *kind : {"quickfix", "refactor.rewrite", "refactor.extract", "source.fixAll.shlo"}) {
    EXPECT_NE(std::find(kinds.begin(), kinds.end(), kind), kinds.end()) << kind;
  }
}

TEST_F(LspEditing, FormattingSendsOnlyTheChangedLines) {
  open(kMessy);
  json edits = resultOf(client.call("textDocument/formatting",
                                    {{"textDocument", document()}, {"options", formattingOptions()}}));
  ASSERT_EQ(edits.size(), 2u) << edits.dump();
  EXPECT_EQ(edits[0]["range"], range(1, 0, 2, 0));
  EXPECT_EQ(edits[1]["range"], range(2, 0, 3, 0));
  EXPECT_EQ(applyEdits(text_, edits),
            "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
            "  %0 = stablehlo.abs %x : tensor<4xf32>\n"
            "  %1 = stablehlo.add %0, %x : tensor<4xf32>\n"
            "  return %1 : tensor<4xf32>\n"
            "}\n");
}

TEST_F(LspEditing, FormattingAfterIncrementalEditsKeepsCommentsAndGroups) {
  // The server prints the module its (incremental) analysis holds: after
  // edits in one function, the others are copies whose ranges moved. The
  // result is `shlo fmt`'s (trailing comments one space after the op).
  open("// The model.\n"
       "func.func @f(%x: tensor<f32>) -> tensor<f32> {\n"
       "  %0 =  stablehlo.abs %x : tensor<f32>  // why\n"
       "\n"
       "  return %0 : tensor<f32>\n"
       "}\n"
       "// Second.\n"
       "func.func @g(%x: tensor<f32>) -> tensor<f32> {\n"
       "  %0 = stablehlo.negate   %x : tensor<f32>\n"
       "  return %0 : tensor<f32>\n"
       "}\n");
  client.notify("textDocument/didChange",
                {{"textDocument", {{"uri", kEditUri}, {"version", 2}}},
                 {"contentChanges", json::array({{{"range", range(2, 4, 2, 6)}, {"text", "= "}},
                                                 {{"range", range(0, 14, 0, 14)}, {"text", "\n// More."}}})}});
  std::string edited =
      "// The model.\n"
      "// More.\n"
      "func.func @f(%x: tensor<f32>) -> tensor<f32> {\n"
      "  %0 =  stablehlo.abs %x : tensor<f32>  // why\n"
      "\n"
      "  return %0 : tensor<f32>\n"
      "}\n"
      "// Second.\n"
      "func.func @g(%x: tensor<f32>) -> tensor<f32> {\n"
      "  %0 = stablehlo.negate   %x : tensor<f32>\n"
      "  return %0 : tensor<f32>\n"
      "}\n";
  json edits = resultOf(client.call("textDocument/formatting",
                                    {{"textDocument", {{"uri", kEditUri}, {"version", 2}}}, {"options", formattingOptions()}}));
  EXPECT_EQ(applyEdits(edited, edits),
            "// The model.\n"
            "// More.\n"
            "func.func @f(%x: tensor<f32>) -> tensor<f32> {\n"
            "  %0 = stablehlo.abs %x : tensor<f32> // why\n"
            "\n"
            "  return %0 : tensor<f32>\n"
            "}\n"
            "// Second.\n"
            "func.func @g(%x: tensor<f32>) -> tensor<f32> {\n"
            "  %0 = stablehlo.negate %x : tensor<f32>\n"
            "  return %0 : tensor<f32>\n"
            "}\n");
}

TEST_F(LspEditing, FormattedTextGetsNoEditsAndBrokenTextIsLeftAlone) {
  open("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n  return %x : tensor<4xf32>\n}\n");
  json params = {{"textDocument", document()}, {"options", formattingOptions()}};
  EXPECT_EQ(resultOf(client.call("textDocument/formatting", params)), json::array());
  client.notify("textDocument/didChange",
                {{"textDocument", {{"uri", kEditUri}, {"version", 2}}},
                 {"contentChanges", json::array({{{"range", range(1, 2, 1, 2)}, {"text", "%0 = ( "}}})}});
  EXPECT_EQ(resultOf(client.call("textDocument/formatting", params)), json::array());
}

TEST_F(LspEditing, RangeFormattingKeepsToTheRange) {
  open(kMessy);
  json edits = resultOf(client.call("textDocument/rangeFormatting", {{"textDocument", document()},
                                                                     {"range", range(2, 0, 2, 10)},
                                                                     {"options", formattingOptions()}}));
  ASSERT_EQ(edits.size(), 1u) << edits.dump();
  EXPECT_EQ(edits[0]["range"], range(2, 0, 3, 0));
  EXPECT_EQ(edits[0]["newText"], "  %1 = stablehlo.add %0, %x : tensor<4xf32>\n");
}

TEST_F(LspEditing, OnTypeFormattingAfterAClosingBrace) {
  const std::string text =
      "func.func @f(%x: tensor<f32>) -> tensor<f32> {\n"
      "  return   %x : tensor<f32>\n"
      "}\n"
      "func.func @g(%x: tensor<f32>) -> tensor<f32> {\n"
      "      return %x : tensor<f32>\n"
      "}\n";
  open(text);
  json params = {{"textDocument", document()}, {"position", position(5, 1)}, {"ch", "}"},
                 {"options", formattingOptions()}};
  json edits = resultOf(client.call("textDocument/onTypeFormatting", params));
  ASSERT_EQ(edits.size(), 1u) << edits.dump();
  EXPECT_EQ(edits[0]["range"], range(4, 0, 5, 0));
  EXPECT_EQ(edits[0]["newText"], "  return %x : tensor<f32>\n");
  params["ch"] = "a";
  EXPECT_EQ(resultOf(client.call("textDocument/onTypeFormatting", params)), json::array());
}

const std::string kFixable =
    "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %t = stablehlo.create_token : !stablehlo.token\n"
    "  %1 = stablehlo.abs %x : tensor<4xf32>\n"
    "  return %x : tensor<4xf32>\n"
    "}\n";

TEST_F(LspEditing, LintFixesAreQuickFixesSafeOnesPreferred) {
  open(kFixable);
  json actions = codeActions(range(1, 10, 1, 10));
  json replace = actionTitled(actions, "Replace with `stablehlo.after_all`");
  ASSERT_FALSE(replace.is_null()) << actions.dump();
  EXPECT_EQ(replace["kind"], "quickfix");
  EXPECT_EQ(replace["isPreferred"], true);
  EXPECT_NE(applyEdits(text_, editsOf(replace["edit"])).find("\n  %t = stablehlo.after_all : !stablehlo.token\n"),
            std::string::npos);
  // The same fix is offered once even when an advisory and a rule find it.
  EXPECT_EQ(std::count_if(actions.begin(), actions.end(),
                          [](const json &a) { return a["title"] == "Replace with `stablehlo.after_all`"; }),
            1);

  actions = codeActions(range(2, 8, 2, 8));
  json remove = actionTitled(actions, "Remove the unused `stablehlo.abs`");
  ASSERT_FALSE(remove.is_null()) << actions.dump();
  EXPECT_EQ(remove["kind"], "quickfix");
  EXPECT_FALSE(remove.contains("isPreferred"));
  EXPECT_EQ(remove["data"]["safety"], "unsafe");
  EXPECT_NE(remove["title"].get<std::string>().find("(unsafe)"), std::string::npos);
  EXPECT_EQ(applyEdits(text_, editsOf(remove["edit"])).find("stablehlo.abs"), std::string::npos);
}

TEST_F(LspEditing, FixAllAppliesTheSafeFixes) {
  open(kFixable);
  json actions = codeActions(range(0, 0, 0, 0), json::array({"source.fixAll"}));
  ASSERT_EQ(actions.size(), 1u) << actions.dump();
  EXPECT_EQ(actions[0]["kind"], "source.fixAll.shlo");
  std::string fixed = applyEdits(text_, editsOf(actions[0]["edit"]));
  EXPECT_NE(fixed.find("stablehlo.after_all"), std::string::npos);
  // The unsafe removal is not part of it.
  EXPECT_NE(fixed.find("stablehlo.abs"), std::string::npos);
}

TEST_F(LspEditing, OnlyFiltersTheKinds) {
  open(kFixable);
  for (const json &action : codeActions(range(1, 10, 1, 10), json::array({"refactor"}))) {
    EXPECT_EQ(action["kind"].get<std::string>().rfind("refactor", 0), 0u) << action.dump();
  }
}

TEST_F(LspEditing, SetsTheInferredResultType) {
  open("func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
       "  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n"
       "  return %0 : tensor<2x3xf32>\n"
       "}\n");
  json action = actionTitled(codeActions(range(1, 12, 1, 12)), "Set the result type to the inferred type");
  ASSERT_FALSE(action.is_null());
  EXPECT_EQ(action["kind"], "quickfix");  // The written type is an error.
  json edits = editsOf(action["edit"]);
  ASSERT_EQ(edits.size(), 1u);
  EXPECT_EQ(edits[0]["newText"], "%0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>");
}

TEST_F(LspEditing, ConvertsBetweenPrettyAndGenericForms) {
  open(kMessy);
  json toPretty = actionTitled(codeActions(range(2, 8, 2, 8)), "Convert `stablehlo.add` to pretty form");
  ASSERT_FALSE(toPretty.is_null());
  EXPECT_EQ(toPretty["kind"], "refactor.rewrite");
  EXPECT_NE(applyEdits(text_, editsOf(toPretty["edit"])).find("\n  %1 = stablehlo.add %0, %x : tensor<4xf32>\n"),
            std::string::npos);
  json toGeneric = actionTitled(codeActions(range(1, 12, 1, 12)), "Convert `stablehlo.abs` to generic form");
  ASSERT_FALSE(toGeneric.is_null());
  EXPECT_EQ(editsOf(toGeneric["edit"])[0]["newText"], "%0 = \"stablehlo.abs\"(%x) : (tensor<4xf32>) -> tensor<4xf32>");
}

TEST_F(LspEditing, InsertsExpectedDiagnosticChecks) {
  open("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
       "  %0 = stablehlo.add %x, %y : tensor<4xf32>\n"
       "  return %0 : tensor<4xf32>\n"
       "}\n");
  json action = actionTitled(codeActions(range(1, 0, 1, 0)), "Insert an expected-error check");
  ASSERT_FALSE(action.is_null());
  std::string annotated = applyEdits(text_, editsOf(action["edit"]));
  // The annotation, indented as the line it expects, names the line below.
  size_t at = annotated.find("\n  // expected-error@+1 {{");
  ASSERT_NE(at, std::string::npos) << annotated;
  EXPECT_NE(annotated.find("%y", at), std::string::npos) << annotated;
  EXPECT_NE(annotated.find("}}\n  %0 = stablehlo.add %x, %y"), std::string::npos) << annotated;
}

TEST_F(LspEditing, ExtractsAConstantAndMergesIdenticalOnes) {
  open("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
       "  %0 = stablehlo.abs %x : tensor<4xf32>\n"
       "  %c = stablehlo.constant dense<1.0> : tensor<4xf32>\n"
       "  %1 = stablehlo.add %0, %c : tensor<4xf32>\n"
       "  %d = stablehlo.constant dense<1.0> : tensor<4xf32>\n"
       "  %2 = stablehlo.add %1, %d : tensor<4xf32>\n"
       "  return %2 : tensor<4xf32>\n"
       "}\n");
  json action = actionTitled(codeActions(range(2, 6, 2, 6)), "Extract constant `%c` to the start of `@main`");
  ASSERT_FALSE(action.is_null());
  EXPECT_EQ(action["kind"], "refactor.extract");
  EXPECT_EQ(applyEdits(text_, editsOf(action["edit"])),
            "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
            "  %c = stablehlo.constant dense<1.0> : tensor<4xf32>\n"
            "  %0 = stablehlo.abs %x : tensor<4xf32>\n"
            "  %1 = stablehlo.add %0, %c : tensor<4xf32>\n"
            "  %2 = stablehlo.add %1, %c : tensor<4xf32>\n"
            "  return %2 : tensor<4xf32>\n"
            "}\n");
}

const std::string kNames =
    "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.abs %x : tensor<4xf32>\n"
    "  %r:2 = call @pair(%0) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)\n"
    "  %1 = stablehlo.add %r#0, %r#1 : tensor<4xf32>\n"
    "  return %1 : tensor<4xf32>\n"
    "}\n"
    "func.func private @pair(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {\n"
    "  return %a, %a : tensor<4xf32>, tensor<4xf32>\n"
    "}\n";

TEST_F(LspEditing, RenamesAValueEverywhere) {
  open(kNames);
  json prepared = resultOf(client.call("textDocument/prepareRename",
                                       {{"textDocument", document()}, {"position", position(1, 3)}}));
  EXPECT_EQ(prepared["range"], range(1, 3, 1, 4));
  EXPECT_EQ(prepared["placeholder"], "0");
  json response = rename(1, 3, "abs");
  ASSERT_TRUE(response.contains("result")) << response.dump();
  std::string renamed = applyEdits(text_, editsOf(response["result"]));
  EXPECT_NE(renamed.find("%abs = stablehlo.abs %x"), std::string::npos) << renamed;
  EXPECT_NE(renamed.find("call @pair(%abs)"), std::string::npos) << renamed;
}

TEST_F(LspEditing, RenamesBlockArgumentsAndAllResultsOfAnOp) {
  open(kNames);
  std::string renamed = applyEdits(text_, editsOf(rename(0, 17, "%input")["result"]));
  EXPECT_NE(renamed.find("@main(%input: tensor<4xf32>)"), std::string::npos) << renamed;
  EXPECT_NE(renamed.find("stablehlo.abs %input"), std::string::npos) << renamed;
  renamed = applyEdits(text_, editsOf(rename(3, 23, "pair")["result"]));
  EXPECT_NE(renamed.find("%pair:2 = call"), std::string::npos) << renamed;
  EXPECT_NE(renamed.find("stablehlo.add %pair#0, %pair#1"), std::string::npos) << renamed;
}

TEST_F(LspEditing, RenamesAFunctionAndItsCalls) {
  open(kNames);
  json prepared = resultOf(client.call("textDocument/prepareRename",
                                       {{"textDocument", document()}, {"position", position(2, 15)}}));
  EXPECT_EQ(prepared["placeholder"], "pair");
  std::string renamed = applyEdits(text_, editsOf(rename(2, 15, "@two")["result"]));
  EXPECT_NE(renamed.find("call @two(%0)"), std::string::npos) << renamed;
  EXPECT_NE(renamed.find("func.func private @two("), std::string::npos) << renamed;
  renamed = applyEdits(text_, editsOf(rename(6, 21, "two words")["result"]));
  EXPECT_NE(renamed.find("call @\"two words\"(%0)"), std::string::npos) << renamed;
}

TEST_F(LspEditing, RefusesCollidingAndInvalidNames) {
  open(kNames);
  json response = rename(1, 3, "%1");
  ASSERT_TRUE(response.contains("error")) << response.dump();
  EXPECT_EQ(response["error"]["code"], -32803);
  EXPECT_NE(response["error"]["message"].get<std::string>().find("already defined"), std::string::npos);
  EXPECT_EQ(rename(1, 3, "x")["error"]["code"], -32803);  // The function's argument.
  EXPECT_EQ(rename(1, 3, "r")["error"]["code"], -32803);  // `%r#0` is `%r`.
  EXPECT_EQ(rename(1, 3, "a b")["error"]["code"], -32803);
  EXPECT_EQ(rename(2, 15, "main")["error"]["code"], -32803);
  // Nothing to rename on an op name.
  EXPECT_EQ(errorCodeOf(client.call("textDocument/prepareRename",
                                    {{"textDocument", document()}, {"position", position(1, 10)}})),
            -32803);
}

TEST_F(LspEditing, SiblingRegionsMayReuseANameOuterOnesMayNot) {
  open("func.func @main(%x: tensor<4xf32>, %i: tensor<i1>) -> tensor<4xf32> {\n"
       "  %0 = \"stablehlo.if\"(%i) ({\n"
       "    %a = stablehlo.abs %x : tensor<4xf32>\n"
       "    stablehlo.return %a : tensor<4xf32>\n"
       "  }, {\n"
       "    %b = stablehlo.negate %x : tensor<4xf32>\n"
       "    stablehlo.return %b : tensor<4xf32>\n"
       "  }) : (tensor<i1>) -> tensor<4xf32>\n"
       "  return %0 : tensor<4xf32>\n"
       "}\n");
  json response = rename(5, 5, "a");
  ASSERT_TRUE(response.contains("result")) << response.dump();
  EXPECT_EQ(editsOf(response["result"]).size(), 2u);
  EXPECT_EQ(rename(5, 5, "0")["error"]["code"], -32803);
}

TEST_F(LspEditing, BadPositionsStaleVersionsAndUnknownDocumentsAreErrors) {
  open(kNames);
  json far = position(1000, 0);
  json requests = {
      {"textDocument/rangeFormatting", {{"range", {{"start", far}, {"end", far}}}, {"options", formattingOptions()}}},
      {"textDocument/onTypeFormatting", {{"position", far}, {"ch", "}"}, {"options", formattingOptions()}}},
      {"textDocument/codeAction", {{"range", {{"start", far}, {"end", far}}}, {"context", {{"diagnostics", json::array()}}}}},
      {"textDocument/prepareRename", {{"position", far}}},
      {"textDocument/rename", {{"position", far}, {"newName", "z"}}},
  };
  for (auto &[method, params] : requests.items()) {
    json p = params;
    p["textDocument"] = document();
    EXPECT_EQ(errorCodeOf(client.call(method, p)), -32602) << method << " at a line past the end";
    p["textDocument"] = {{"uri", "file:///tmp/not-open.mlir"}};
    EXPECT_EQ(errorCodeOf(client.call(method, p)), -32602) << method << " on a document not open";
  }
  json stale = {{"textDocument", {{"uri", kEditUri}, {"version", 7}}}, {"options", formattingOptions()}};
  EXPECT_EQ(errorCodeOf(client.call("textDocument/formatting", stale)), -32801);
  stale = {{"textDocument", {{"uri", kEditUri}, {"version", 0}}}, {"position", position(1, 3)}, {"newName", "q"}};
  EXPECT_EQ(errorCodeOf(client.call("textDocument/rename", stale)), -32801);
  stale["textDocument"]["version"] = 1;  // The current one.
  EXPECT_EQ(errorCodeOf(client.call("textDocument/rename", stale)), 0);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/formatting",
                                    {{"textDocument", {{"uri", "file:///tmp/not-open.mlir"}}}, {"options", json::object()}})),
            -32602);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/codeAction", {{"textDocument", document()}})), -32602);
  EXPECT_EQ(errorCodeOf(client.call("textDocument/rename", {{"textDocument", document()}, {"position", position(1, 3)}})),
            -32602);
}

}  // namespace
}  // namespace shlo::lsp::test
