// The client's lint settings (`shlo.lint.rules`, as the VS Code extension
// sends them): in initializationOptions and in didChangeConfiguration, laid
// over `shlo.toml`; a change publishes the open documents' diagnostics again.
#include <algorithm>

#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

const char *kSettingsUri = "file:///tmp/shlo-lsp-lint-settings.mlir";

// Line 1: an unused result (SHLO101, a warning by default). Line 2: the
// deprecated `dot` (SHLO001). Line 3: a generic-form op (SHLO501, off by
// default).
const std::string kSettingsText =
    "func.func @main(%a: tensor<2xf32>) -> tensor<f32> {\n"
    "  %u = stablehlo.add %a, %a : tensor<2xf32>\n"
    "  %d = stablehlo.dot %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>\n"
    "  %n = \"stablehlo.negate\"(%d) : (tensor<f32>) -> tensor<f32>\n"
    "  return %n : tensor<f32>\n"
    "}\n";

/// The published diagnostics with `code`.
std::vector<json> withCode(const json &published, const std::string &code) {
  std::vector<json> found;
  for (const json &d : published["diagnostics"]) {
    if (d.value("code", "") == code) found.push_back(d);
  }
  return found;
}

json rules(json entries) { return {{"lint", {{"rules", std::move(entries)}}}}; }

json openAndPublish(LspClient &client, const std::string &uri = kSettingsUri) {
  openText(client, uri, kSettingsText);
  std::optional<json> published = diagnosticsFor(client, uri);
  EXPECT_TRUE(published.has_value());
  return published ? *published : json::object();
}

TEST(LspLintSettings, WithoutSettingsTheDefaultsApply) {
  LspClient client(SHLO_BINARY);
  initializeWith(client, json::object());
  json published = openAndPublish(client);
  EXPECT_EQ(withCode(published, "SHLO101").size(), 1u) << published.dump(1);
  EXPECT_EQ(withCode(published, "SHLO101")[0]["severity"], 2);
  EXPECT_EQ(withCode(published, "SHLO001").size(), 1u);
  EXPECT_TRUE(withCode(published, "SHLO501").empty());
}

TEST(LspLintSettings, InitializationOptionsTurnRulesOffAndSetSeverities) {
  LspClient client(SHLO_BINARY);
  initializeWith(client, {{"initializationOptions", rules({{"SHLO101", "off"}, {"deprecated-op", "error"}})}});
  json published = openAndPublish(client);
  EXPECT_TRUE(withCode(published, "SHLO101").empty()) << published.dump(1);
  std::vector<json> deprecated = withCode(published, "SHLO001");
  ASSERT_EQ(deprecated.size(), 1u) << published.dump(1);
  EXPECT_EQ(deprecated[0]["severity"], 1);
}

TEST(LspLintSettings, ASeverityTurnsOnARuleOffByDefault) {
  LspClient client(SHLO_BINARY);
  initializeWith(client, {{"initializationOptions", rules({{"generic-form", "warning"}})}});
  json published = openAndPublish(client);
  std::vector<json> generic = withCode(published, "SHLO501");
  ASSERT_EQ(generic.size(), 1u) << published.dump(1);
  EXPECT_EQ(generic[0]["severity"], 2);
  EXPECT_EQ(generic[0]["range"]["start"]["line"], 3);
}

TEST(LspLintSettings, AConfigurationChangePublishesTheOpenDocumentsAgain) {
  LspClient client(SHLO_BINARY);
  initializeWith(client, json::object());
  json first = openAndPublish(client);
  ASSERT_EQ(withCode(first, "SHLO101").size(), 1u) << first.dump(1);
  // VS Code sends the whole `shlo` section.
  client.notify("workspace/didChangeConfiguration",
                {{"settings", {{"shlo", rules({{"unused-result", "off"}, {"SHLO0", "hint"}})}}}});
  std::optional<json> second = diagnosticsFor(client, kSettingsUri);
  ASSERT_TRUE(second.has_value());
  EXPECT_TRUE(withCode(*second, "SHLO101").empty()) << second->dump(1);
  ASSERT_EQ(withCode(*second, "SHLO001").size(), 1u);
  EXPECT_EQ(withCode(*second, "SHLO001")[0]["severity"], 4);
  // The same settings again change nothing: no publication. Then an
  // empty set brings the defaults back.
  client.notify("workspace/didChangeConfiguration",
                {{"settings", {{"shlo", rules({{"unused-result", "off"}, {"SHLO0", "hint"}})}}}});
  client.notify("workspace/didChangeConfiguration", {{"settings", {{"shlo", rules(json::object())}}}});
  std::optional<json> third = diagnosticsFor(client, kSettingsUri);
  ASSERT_TRUE(third.has_value());
  EXPECT_EQ(withCode(*third, "SHLO101").size(), 1u) << third->dump(1);
  EXPECT_EQ(withCode(*third, "SHLO001")[0]["severity"], 2);
  EXPECT_FALSE(client.waitForNotification("textDocument/publishDiagnostics", {}, 300ms).has_value());
}

TEST(LspLintSettings, ChangesWithoutLintSettingsLeaveThemAlone) {
  LspClient client(SHLO_BINARY);
  initializeWith(client, {{"initializationOptions", rules({{"SHLO101", "off"}})}});
  openAndPublish(client);
  // Pull-model clients send null; others send unrelated sections.
  client.notify("workspace/didChangeConfiguration", {{"settings", nullptr}});
  client.notify("workspace/didChangeConfiguration", {{"settings", {{"shlo", {{"format", {{"enable", false}}}}}}}});
  EXPECT_FALSE(client.waitForNotification("textDocument/publishDiagnostics", {}, 300ms).has_value());
  // A later edit still uses the initialization's settings.
  client.notify("textDocument/didChange",
                {{"textDocument", {{"uri", kSettingsUri}, {"version", 2}}},
                 {"contentChanges", {{{"text", kSettingsText + "\n"}}}}});
  std::optional<json> published = diagnosticsFor(client, kSettingsUri);
  ASSERT_TRUE(published.has_value());
  EXPECT_TRUE(withCode(*published, "SHLO101").empty()) << published->dump(1);
}

TEST(LspLintSettings, UnknownRulesAndLevelsAreReportedAndSkipped) {
  LspClient client(SHLO_BINARY);
  initializeWith(client, {{"initializationOptions",
                           rules({{"SHLO999", "off"}, {"SHLO101", "loud"}, {"SHLO001", "off"}})}});
  std::vector<std::string> messages;
  for (int i = 0; i < 2; ++i) {
    std::optional<json> shown = client.waitForNotification("window/showMessage");
    ASSERT_TRUE(shown.has_value());
    EXPECT_EQ((*shown)["type"], 2);
    messages.push_back((*shown)["message"].get<std::string>());
  }
  std::sort(messages.begin(), messages.end());
  EXPECT_NE(messages[0].find("`SHLO101`: loud is not"), std::string::npos) << messages[0];
  EXPECT_NE(messages[1].find("`SHLO999` names no rule"), std::string::npos) << messages[1];
  json published = openAndPublish(client);
  EXPECT_EQ(withCode(published, "SHLO101").size(), 1u) << published.dump(1);
  EXPECT_TRUE(withCode(published, "SHLO001").empty());
}

TEST(LspLintSettings, TheClientsSettingsLieOverShloToml) {
  ScratchFolder folder;
  folder.write("shlo.toml", "[lint]\nignore = [\"SHLO001\"]\nseverity = { SHLO101 = \"error\" }\n");
  std::filesystem::path file = folder.write("model.mlir", kSettingsText);
  LspClient client(SHLO_BINARY);
  initializeWith(client, {{"initializationOptions", rules({{"SHLO101", "hint"}})}});
  json published = openAndPublish(client, fileUri(file));
  // The file's ignore stays; the client's severity wins over the file's.
  EXPECT_TRUE(withCode(published, "SHLO001").empty()) << published.dump(1);
  std::vector<json> unused = withCode(published, "SHLO101");
  ASSERT_EQ(unused.size(), 1u) << published.dump(1);
  EXPECT_EQ(unused[0]["severity"], 4);
}

}  // namespace
}  // namespace shlo::lsp::test
