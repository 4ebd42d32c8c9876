// Lint findings in publishDiagnostics: deprecated ops (SHLO001/SHLO002,
// Deprecated tag) and results never used (SHLO101, Unnecessary tag; the
// rules that replaced the `deprecated.op`/`unused.result` advisories), with
// tags only for clients that announce tagSupport.
#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

const char *kTagsUri = "file:///tmp/shlo-lsp-tags.mlir";

const std::string kTagsText =
    "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
    "  %u = stablehlo.add %a, %a : tensor<2xf32>\n"
    "  %d = stablehlo.dot %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>\n"
    "  %c = stablehlo.custom_call @foo(%a) : (tensor<2xf32>) -> tensor<2xf32>\n"
    "  %m = stablehlo.multiply %a, %a : tensor<2xf32>\n"
    "  %t = stablehlo.tuple %m : tuple<tensor<2xf32>>\n"
    "  %g = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>>) -> tensor<2xf32>\n"
    "  return %g : tensor<2xf32>\n"
    "}\n";

/// The diagnostics of `line`, in order.
std::vector<json> onLine(const json &published, int line) {
  std::vector<json> found;
  for (const json &d : published["diagnostics"]) {
    if (d["range"]["start"]["line"] == line) found.push_back(d);
  }
  return found;
}

json publishedWith(LspClient &client, json capabilities) {
  initializeWith(client, {{"capabilities", std::move(capabilities)}});
  openText(client, kTagsUri, kTagsText);
  std::optional<json> published = diagnosticsFor(client, kTagsUri);
  EXPECT_TRUE(published.has_value());
  return published ? *published : json::object();
}

const json kTagSupport = {{"textDocument", {{"publishDiagnostics", {{"tagSupport", {{"valueSet", {1, 2}}}}}}}}};

TEST(LspDiagnosticTags, UnusedResultOfAPureOpIsAnUnnecessaryHint) {
  LspClient client(SHLO_BINARY);
  json published = publishedWith(client, kTagSupport);
  std::vector<json> line1 = onLine(published, 1);
  ASSERT_EQ(line1.size(), 1u) << published.dump(1);
  EXPECT_EQ(line1[0]["severity"], 2);  // SHLO101's default: a warning.
  EXPECT_EQ(line1[0]["code"], "SHLO101");
  EXPECT_EQ(line1[0]["tags"], json::array({1}));
  EXPECT_EQ(line1[0]["message"], "result `%u` of `stablehlo.add` is never used");
  // The whole op fades: from `%u` to the end of its type.
  EXPECT_EQ(line1[0]["range"]["start"], position(1, 2));
  EXPECT_EQ(line1[0]["range"]["end"], position(1, 43));
}

TEST(LspDiagnosticTags, DeprecatedOpsCarryTheDeprecatedTag) {
  LspClient client(SHLO_BINARY);
  json published = publishedWith(client, kTagSupport);
  std::vector<json> line2 = onLine(published, 2);
  // `dot` is deprecated (a warning on its name) and its result is unused.
  ASSERT_EQ(line2.size(), 2u) << published.dump(1);
  const json &deprecated = line2[0]["code"] == "SHLO001" ? line2[0] : line2[1];
  const json &unused = line2[0]["code"] == "SHLO001" ? line2[1] : line2[0];
  EXPECT_EQ(deprecated["severity"], 2);
  EXPECT_EQ(deprecated["tags"], json::array({2}));
  EXPECT_NE(deprecated["message"].get<std::string>().find("use `stablehlo.dot_general`"), std::string::npos);
  EXPECT_EQ(deprecated["range"]["start"], position(2, 7));
  EXPECT_EQ(deprecated["range"]["end"], position(2, 20));
  EXPECT_EQ(unused["code"], "SHLO101");

  // tuple and get_tuple_element are only being considered for removal:
  // Information, still tagged; both results are used.
  for (int line : {5, 6}) {
    std::vector<json> found = onLine(published, line);
    ASSERT_EQ(found.size(), 1u) << line << ": " << published.dump(1);
    EXPECT_EQ(found[0]["severity"], 3);
    EXPECT_EQ(found[0]["code"], "SHLO002");
    EXPECT_EQ(found[0]["tags"], json::array({2}));
    EXPECT_NE(found[0]["message"].get<std::string>().find("being considered for removal"), std::string::npos);
  }
}

TEST(LspDiagnosticTags, OpsWithSideEffectsAndUsedResultsAreNotFlagged) {
  LspClient client(SHLO_BINARY);
  json published = publishedWith(client, kTagSupport);
  EXPECT_TRUE(onLine(published, 3).empty()) << published.dump(1);  // custom_call: may have effects.
  EXPECT_TRUE(onLine(published, 4).empty()) << published.dump(1);  // multiply: used.
  EXPECT_EQ(published["diagnostics"].size(), 5u) << published.dump(1);
}

TEST(LspDiagnosticTags, RegionsOfSeveralBlocksAreLeftAlone) {
  // Lowering cannot resolve `%v` used in ^bb1 before ^bb2 defines it; the
  // hint would be wrong there, so blocks of such regions get none.
  LspClient client(SHLO_BINARY);
  initializeWith(client, {{"capabilities", kTagSupport}});
  const std::string uri = "file:///tmp/shlo-lsp-cfg.mlir";
  openText(client, uri,
           "func.func @cfg(%a: tensor<f32>) -> tensor<f32> {\n"
           "  cf.br ^bb2\n"
           "^bb1:\n"
           "  return %v : tensor<f32>\n"
           "^bb2:\n"
           "  %v = stablehlo.abs %a : tensor<f32>\n"
           "  %w = stablehlo.abs %a : tensor<f32>\n"
           "  cf.br ^bb1\n"
           "}\n");
  std::optional<json> published = diagnosticsFor(client, uri);
  ASSERT_TRUE(published.has_value());
  ASSERT_EQ((*published)["diagnostics"].size(), 1u) << published->dump(1);
  EXPECT_EQ((*published)["diagnostics"][0]["code"], "ssa.undefined-value");
}

TEST(LspDiagnosticTags, NoTagsForClientsWithoutTagSupport) {
  LspClient client(SHLO_BINARY);
  json published = publishedWith(client, json::object());
  ASSERT_EQ(published["diagnostics"].size(), 5u) << published.dump(1);
  for (const json &d : published["diagnostics"]) EXPECT_FALSE(d.contains("tags")) << d.dump();
  // Only the Deprecated tag announced: only it is sent.
  LspClient other(SHLO_BINARY);
  json deprecatedOnly = publishedWith(
      other, {{"textDocument", {{"publishDiagnostics", {{"tagSupport", {{"valueSet", {2}}}}}}}}});
  for (const json &d : deprecatedOnly["diagnostics"]) {
    if (d["code"] == "SHLO101") EXPECT_FALSE(d.contains("tags")) << d.dump();
    if (d["code"] == "SHLO001" || d["code"] == "SHLO002") EXPECT_EQ(d["tags"], json::array({2})) << d.dump();
  }
}

TEST(LspDiagnosticTags, UsingTheResultRemovesTheHint) {
  LspClient client(SHLO_BINARY);
  publishedWith(client, kTagSupport);
  // `return %g` -> `return %u`: %u is used now, %g is not.
  client.notify("textDocument/didChange",
                {{"textDocument", {{"uri", kTagsUri}, {"version", 2}}},
                 {"contentChanges", json::array({{{"range", {{"start", position(7, 10)}, {"end", position(7, 11)}}},
                                                  {"text", "u"}}})}});
  std::optional<json> published = client.waitForNotification(
      "textDocument/publishDiagnostics", [](const json &p) { return p.value("version", -1) == 2; });
  ASSERT_TRUE(published.has_value());
  EXPECT_TRUE(onLine(*published, 1).empty()) << published->dump(1);
  std::vector<json> line6 = onLine(*published, 6);
  ASSERT_EQ(line6.size(), 2u) << published->dump(1);
  EXPECT_TRUE(line6[0]["code"] == "SHLO101" || line6[1]["code"] == "SHLO101") << published->dump(1);
}

}  // namespace
}  // namespace shlo::lsp::test
