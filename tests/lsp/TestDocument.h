// The document the protocol tests open: two functions, a call through a
// quoted non-ASCII symbol (so UTF-8 and UTF-16 columns differ on line 2),
// and one error, the undefined `%y` on line 3.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "tests/lsp/LspClient.h"

namespace shlo::lsp::test {

inline const char *kUri = "file:///tmp/shlo-lsp-test.mlir";

inline const std::string kText =
    "module @m {\n"
    "  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "    %0 = call @\"\xC3\xA9\xF0\x9D\x94\x98\"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "    %1 = stablehlo.add %0, %y : tensor<4xf32>\n"
    "    return %1 : tensor<4xf32>\n"
    "  }\n"
    "  func.func private @\"\xC3\xA9\xF0\x9D\x94\x98\"(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "    %r = stablehlo.abs %a : tensor<4xf32>\n"
    "    return %r : tensor<4xf32>\n"
    "  }\n"
    "}\n";

inline json position(int line, int character) { return {{"line", line}, {"character", character}}; }

inline json positionParams(int line, int character) {
  return {{"textDocument", {{"uri", kUri}}}, {"position", position(line, character)}};
}

inline void openDocument(LspClient &client, const std::string &text = kText, int version = 1) {
  client.notify("textDocument/didOpen",
                {{"textDocument", {{"uri", kUri}, {"languageId", "mlir"}, {"version", version}, {"text", text}}}});
}

/// The next publishDiagnostics for the test document with `version`.
inline std::optional<json> waitForDiagnostics(LspClient &client, int version) {
  return client.waitForNotification("textDocument/publishDiagnostics", [version](const json &params) {
    return params.value("uri", "") == kUri && params.value("version", -1) == version;
  });
}

/// The result of a response, failing the test when it is missing or an error.
inline json resultOf(const std::optional<json> &response) {
  EXPECT_TRUE(response.has_value()) << "no response in time";
  if (!response) return nullptr;
  EXPECT_FALSE(response->contains("error")) << response->dump();
  return response->value("result", json());
}

inline int errorCodeOf(const std::optional<json> &response) {
  EXPECT_TRUE(response.has_value()) << "no response in time";
  if (!response || !response->contains("error")) return 0;
  return (*response)["error"].value("code", 0);
}

}  // namespace shlo::lsp::test
