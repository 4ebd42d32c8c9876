// `shlo/dataflowGraph` through the real binary: the capability, the exact
// nodes and edges of a small function, how the function is picked (by name,
// by position, `@main` by default) and the errors for an unknown document or
// function.
#include "tests/lsp/Scratch.h"

namespace shlo::lsp::test {
namespace {

const char *kGraphUri = "file:///tmp/shlo-lsp-graph.mlir";

const std::string kProgram =
    "func.func @helper(%x: tensor<f32>) -> tensor<f32> {\n"
    "  return %x : tensor<f32>\n"
    "}\n"
    "func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {\n"
    "  %0 = stablehlo.add %arg0, %arg1 : tensor<2xf32>\n"
    "  %1 = stablehlo.multiply %0, %arg0 : tensor<2xf32>\n"
    "  return %1 : tensor<2xf32>\n"
    "}\n";

json lspRange(int startLine, int startCharacter, int endLine, int endCharacter) {
  return {{"start", position(startLine, startCharacter)}, {"end", position(endLine, endCharacter)}};
}

json node(const std::string &id, const std::string &label, const std::string &type, json range) {
  return {{"id", id}, {"label", label}, {"type", type}, {"range", std::move(range)}};
}

json edge(const std::string &from, const std::string &to, int operandIndex) {
  return {{"from", from}, {"to", to}, {"operandIndex", operandIndex}};
}

class LspDataflowGraph : public ::testing::Test {
 protected:
  void SetUp() override {
    capabilities = client.initialize()["result"]["capabilities"];
    openText(client, kGraphUri, kProgram);
    ASSERT_TRUE(diagnosticsFor(client, kGraphUri).has_value());
  }

  std::optional<json> graph(json extra = json::object()) {
    extra["textDocument"] = {{"uri", kGraphUri}};
    return client.call("shlo/dataflowGraph", extra);
  }

  LspClient client{SHLO_BINARY};
  json capabilities;
};

TEST_F(LspDataflowGraph, CapabilityIsAnnounced) {
  EXPECT_EQ(capabilities["experimental"]["dataflowGraph"], true);
}

TEST_F(LspDataflowGraph, MainByDefaultWithExactNodesAndEdges) {
  json result = resultOf(graph());
  EXPECT_EQ(result["function"], "main");
  EXPECT_EQ(result["truncated"], false);
  json expectedNodes = json::array({
      node("arg0", "%arg0", "tensor<2xf32>", lspRange(3, 16, 3, 21)),
      node("arg1", "%arg1", "tensor<2xf32>", lspRange(3, 38, 3, 43)),
      // An op spans from its results to the end of its type.
      node("op0", "stablehlo.add", "tensor<2xf32>", lspRange(4, 2, 4, 49)),
      node("op1", "stablehlo.multiply", "tensor<2xf32>", lspRange(5, 2, 5, 51)),
      node("op2", "func.return", "", lspRange(6, 2, 6, 27)),
  });
  EXPECT_EQ(result["nodes"], expectedNodes) << result["nodes"].dump(1);
  json expectedEdges = json::array({
      edge("arg0", "op0", 0),
      edge("arg1", "op0", 1),
      edge("op0", "op1", 0),
      edge("arg0", "op1", 1),
      edge("op1", "op2", 0),
  });
  EXPECT_EQ(result["edges"], expectedEdges) << result["edges"].dump(1);
}

TEST_F(LspDataflowGraph, PicksTheFunctionByPositionOrName) {
  json byPosition = resultOf(graph({{"position", position(1, 4)}}));
  EXPECT_EQ(byPosition["function"], "helper");
  EXPECT_EQ(byPosition["nodes"].size(), 2u);
  EXPECT_EQ(byPosition["edges"], json::array({edge("arg0", "op0", 0)}));
  // A name wins over the position.
  EXPECT_EQ(resultOf(graph({{"function", "main"}, {"position", position(1, 4)}}))["function"], "main");
  EXPECT_EQ(resultOf(graph({{"function", "@helper"}}))["function"], "helper");
}

TEST_F(LspDataflowGraph, UnknownFunctionOrDocumentIsInvalidParams) {
  std::optional<json> missing = graph({{"function", "nowhere"}});
  EXPECT_EQ(errorCodeOf(missing), -32602);
  ASSERT_TRUE(missing.has_value());
  EXPECT_NE((*missing)["error"]["message"].get<std::string>().find("@nowhere"), std::string::npos);
  EXPECT_EQ(errorCodeOf(client.call("shlo/dataflowGraph", {{"textDocument", {{"uri", "file:///tmp/not-open.mlir"}}}})),
            -32602);
  EXPECT_EQ(errorCodeOf(graph({{"function", 3}})), -32602);
}

}  // namespace
}  // namespace shlo::lsp::test
