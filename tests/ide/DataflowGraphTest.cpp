// The dataflow graph in process: an op with a region is one node, the cap
// on nodes keeps only edges between kept nodes, and a real model's @main
// (pt_bert) stays within the cap.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "ide/DataflowGraph.h"

namespace shlo::ide {
namespace {

const char *kReduce =
    "func.func @main(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {\n"
    "  %0 = stablehlo.abs %x : tensor<4xf32>\n"
    "  %1 = stablehlo.reduce(%0 init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>\n"
    "   reducer(%a: tensor<f32>, %b: tensor<f32>) {\n"
    "    %2 = stablehlo.add %a, %b : tensor<f32>\n"
    "    stablehlo.return %2 : tensor<f32>\n"
    "  }\n"
    "  return %1 : tensor<f32>\n"
    "}\n";

std::vector<std::string> labels(const DataflowGraph &graph) {
  std::vector<std::string> out;
  for (const DataflowNode &node : graph.nodes) out.push_back(node.label);
  return out;
}

TEST(IdeDataflowGraph, AnOpWithARegionIsOneNode) {
  auto file = AnalyzedFile::analyze("reduce.mlir", kReduce);
  std::optional<DataflowGraph> graph = dataflowGraph(*file, {});
  ASSERT_TRUE(graph.has_value());
  EXPECT_EQ(labels(*graph),
            (std::vector<std::string>{"%x", "%init", "stablehlo.abs", "stablehlo.reduce", "func.return"}));
  ASSERT_EQ(graph->edges.size(), 4u);
  EXPECT_EQ(graph->edges[1].from, "op0");
  EXPECT_EQ(graph->edges[1].to, "op1");
  EXPECT_EQ(graph->edges[2].from, "arg1");
  EXPECT_EQ(graph->edges[2].operandIndex, 1u);
  EXPECT_FALSE(graph->truncated);
}

TEST(IdeDataflowGraph, TheCapKeepsTheFirstNodesAndTheirEdges) {
  auto file = AnalyzedFile::analyze("reduce.mlir", kReduce);
  DataflowQuery query;
  query.maxNodes = 3;
  std::optional<DataflowGraph> graph = dataflowGraph(*file, query);
  ASSERT_TRUE(graph.has_value());
  EXPECT_TRUE(graph->truncated);
  EXPECT_EQ(labels(*graph), (std::vector<std::string>{"%x", "%init", "stablehlo.abs"}));
  ASSERT_EQ(graph->edges.size(), 1u);
  EXPECT_EQ(graph->edges[0].from, "arg0");
  EXPECT_EQ(graph->edges[0].to, "op0");
}

TEST(IdeDataflowGraph, NoFunctionIsNullopt) {
  auto file = AnalyzedFile::analyze("empty.mlir", "module {}\n");
  EXPECT_FALSE(dataflowGraph(*file, {}).has_value());
  auto reduce = AnalyzedFile::analyze("reduce.mlir", kReduce);
  DataflowQuery query;
  query.function = "absent";
  EXPECT_FALSE(dataflowGraph(*reduce, query).has_value());
}

TEST(IdeDataflowGraph, PtBertMainStaysWithinTheCap) {
  std::ifstream in(std::string(SHLO_SHARED_DIR) + "/models/pt_bert.mlir", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  if (text.str().empty()) GTEST_SKIP() << "pt_bert.mlir not found under " << SHLO_SHARED_DIR;
  auto file = AnalyzedFile::analyze("pt_bert.mlir", text.str());
  std::optional<DataflowGraph> graph = dataflowGraph(*file, {});
  ASSERT_TRUE(graph.has_value());
  EXPECT_LE(graph->nodes.size(), DataflowQuery().maxNodes);
  EXPECT_GT(graph->edges.size(), 0u);
  for (const DataflowEdge &edge : graph->edges) {
    EXPECT_LT(std::stoul(edge.from.substr(edge.from[0] == 'a' ? 3 : 2)), graph->nodes.size());
  }
}

}  // namespace
}  // namespace shlo::ide
