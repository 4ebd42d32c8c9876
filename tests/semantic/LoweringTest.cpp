// The pretty and the generic form of an op lower to the same operation:
// name, operands, attributes and result types.
#include <gtest/gtest.h>

#include "semantic/lower/Lowering.h"
#include "semantic/syntax/SyntaxTree.h"
#include "tests/support/LowerText.h"

using namespace shlo;

namespace {

using test::Lowered;
using test::lowerText;

/// The last top-level op of a snippet whose operands are defined by
/// "test.def" ops before it.
const ir::Operation &lastOp(const Lowered &l) {
  EXPECT_FALSE(l.module.module->topLevel.empty());
  return *l.module.module->topLevel.back();
}

std::map<std::string, std::string> attributesOf(const ir::Operation &op) {
  std::map<std::string, std::string> out;
  for (const ir::NamedAttribute &a : op.attributes) {
    auto ints = a.value.integers();
    out[a.name] = ints ? "ints" + std::to_string(ints->size()) + ":" + [&] {
      std::string s;
      for (int64_t v : *ints) s += std::to_string(v) + ",";
      return s;
    }()
                       : a.value.str();
  }
  return out;
}

void expectSameOp(const std::string &defs, const std::string &pretty, const std::string &generic) {
  auto p = lowerText(defs + pretty), g = lowerText(defs + generic);
  EXPECT_TRUE(p->module.diagnostics.empty()) << pretty << ": " << p->module.diagnostics[0].message;
  EXPECT_TRUE(g->module.diagnostics.empty()) << generic << ": " << g->module.diagnostics[0].message;
  const ir::Operation &a = lastOp(*p), &b = lastOp(*g);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.operands.size(), b.operands.size()) << pretty;
  ASSERT_EQ(a.results.size(), b.results.size()) << pretty;
  for (size_t i = 0; i < a.results.size(); ++i) EXPECT_EQ(a.results[i]->type.str(), b.results[i]->type.str());
  EXPECT_EQ(attributesOf(a), attributesOf(b)) << pretty;
}

const std::string kDefs =
    "%x = \"test.def\"() : () -> tensor<2x3xf32>\n"
    "%y = \"test.def\"() : () -> tensor<2x3xf32>\n"
    "%s = \"test.def\"() : () -> tensor<f32>\n"
    "%i = \"test.def\"() : () -> tensor<i64>\n"
    "%p = \"test.def\"() : () -> tensor<2x3xi1>\n";

}  // namespace

TEST(Lowering, PrettyAndGenericFormsLowerToTheSameOp) {
  expectSameOp(kDefs, "%0 = stablehlo.add %x, %y : tensor<2x3xf32>",
               "%0 = \"stablehlo.add\"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>");
  expectSameOp(kDefs, "%0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>",
               "%0 = \"stablehlo.transpose\"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>");
  expectSameOp(kDefs, "%0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>",
               "%0 = \"stablehlo.broadcast_in_dim\"(%s) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<2x3xf32>");
  expectSameOp(kDefs, "%0 = stablehlo.compare GT, %x, %y, FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>",
               "%0 = \"stablehlo.compare\"(%x, %y) {comparison_direction = #stablehlo<comparison_direction GT>, "
               "compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>");
  expectSameOp(kDefs, "%0 = stablehlo.slice %x [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>",
               "%0 = \"stablehlo.slice\"(%x) {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 3>, "
               "strides = array<i64: 1, 2>} : (tensor<2x3xf32>) -> tensor<2x1xf32>");
  expectSameOp(kDefs, "%0 = stablehlo.iota dim = 1 : tensor<2x3xf32>",
               "%0 = \"stablehlo.iota\"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>");
  expectSameOp(kDefs, "%0 = stablehlo.select %p, %x, %y : tensor<2x3xi1>, tensor<2x3xf32>",
               "%0 = \"stablehlo.select\"(%p, %x, %y) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>");
  expectSameOp(kDefs,
               "%0 = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [1] x [1], "
               "precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xf32>",
               "%0 = \"stablehlo.dot_general\"(%x, %y) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = "
               "[0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, "
               "precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]} : "
               "(tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xf32>");
  expectSameOp(kDefs, "%0 = stablehlo.pad %x, %s, low = [0, 1], high = [1, 0], interior = [0, 0] : "
                      "(tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>",
               "%0 = \"stablehlo.pad\"(%x, %s) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 1, 0>, "
               "interior_padding = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>");
  expectSameOp(kDefs, "%0 = stablehlo.reduce_precision %x, format = e5m10 : tensor<2x3xf32>",
               "%0 = \"stablehlo.reduce_precision\"(%x) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : "
               "(tensor<2x3xf32>) -> tensor<2x3xf32>");
  expectSameOp(kDefs, "%0 = stablehlo.custom_call @foo(%x) {has_side_effect = true} : (tensor<2x3xf32>) -> tensor<f32>",
               "%0 = \"stablehlo.custom_call\"(%x) {call_target_name = \"foo\", has_side_effect = true} : "
               "(tensor<2x3xf32>) -> tensor<f32>");
  expectSameOp(kDefs,
               "%0 = stablehlo.convolution(%x, %y) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} "
               "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> "
               "tensor<2x3xf32>",
               "%0 = \"stablehlo.convolution\"(%x, %y) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, "
               "input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, "
               "kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, "
               "output_feature_dimension = 2, output_spatial_dimensions = [1]>, window_strides = array<i64: 1>, "
               "batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> "
               "tensor<2x3xf32>");
}

TEST(Lowering, ResolvesValuesAcrossRegionsAndMultiResultUses) {
  auto l = lowerText(
      "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n"
      "  %r:2 = \"test.two\"(%a) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)\n"
      "  %0 = stablehlo.add %r#0, %r#1 : tensor<f32>\n"
      "  return %0 : tensor<f32>\n"
      "}\n");
  EXPECT_TRUE(l->module.diagnostics.empty());
  const ir::Operation &func = *l->module.module->topLevel[0];
  ASSERT_EQ(func.regions.size(), 1u);
  const ir::Block &body = *func.regions[0]->blocks[0];
  ASSERT_EQ(body.arguments.size(), 1u);
  EXPECT_EQ(body.arguments[0]->uses.size(), 1u);
  const ir::Operation &add = *body.operations[1];
  EXPECT_EQ(add.operands[0], body.operations[0]->results[0]);
  EXPECT_EQ(add.operands[1], body.operations[0]->results[1]);
  EXPECT_EQ(add.results[0]->type.str(), "tensor<f32>");
}

TEST(Lowering, ReportsUndefinedAndRedefinedValues) {
  auto l = lowerText("%0 = stablehlo.abs %nope : tensor<f32>\n%0 = stablehlo.abs %0 : tensor<f32>\n");
  ASSERT_EQ(l->module.diagnostics.size(), 2u);
  EXPECT_EQ(l->module.diagnostics[0].code, "ssa.undefined-value");
  EXPECT_EQ(l->module.diagnostics[0].range.begin, l->text.find("%nope"));
  EXPECT_EQ(l->module.diagnostics[1].code, "ssa.redefinition");
  EXPECT_EQ(l->module.diagnostics[1].related.size(), 1u);
}

TEST(Lowering, WhileRegionsGetTheIterationArguments) {
  auto l = lowerText(
      "%i = \"test.def\"() : () -> tensor<i64>\n"
      "%0 = stablehlo.while(%arg = %i) : tensor<i64>\n"
      "cond {\n"
      "  %c = stablehlo.compare LT, %arg, %arg : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
      "  stablehlo.return %c : tensor<i1>\n"
      "} do {\n"
      "  stablehlo.return %arg : tensor<i64>\n"
      "}\n");
  EXPECT_TRUE(l->module.diagnostics.empty()) << l->module.diagnostics[0].message;
  const ir::Operation &w = lastOp(*l);
  ASSERT_EQ(w.regions.size(), 2u);
  for (const ir::Region *r : w.regions) {
    ASSERT_EQ(r->blocks[0]->arguments.size(), 1u);
    EXPECT_EQ(r->blocks[0]->arguments[0]->type.str(), "tensor<i64>");
  }
  EXPECT_EQ(w.results[0]->type.str(), "tensor<i64>");
}

TEST(Lowering, ReduceAppliesFormGetsAnImplicitBody) {
  auto l = lowerText(
      "%x = \"test.def\"() : () -> tensor<4x3xf32>\n"
      "%z = \"test.def\"() : () -> tensor<f32>\n"
      "%0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : "
      "(tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>\n");
  EXPECT_TRUE(l->module.diagnostics.empty());
  const ir::Operation &r = lastOp(*l);
  ASSERT_EQ(r.regions.size(), 1u);
  EXPECT_TRUE(r.regions[0]->implicit);
  const ir::Block &b = *r.regions[0]->blocks[0];
  EXPECT_EQ(b.arguments.size(), 2u);
  ASSERT_EQ(b.operations.size(), 2u);
  EXPECT_EQ(b.operations[0]->name, "stablehlo.add");
  EXPECT_EQ(b.operations[1]->name, "stablehlo.return");
  ASSERT_NE(r.attribute("dimensions"), nullptr);
  EXPECT_EQ(r.attribute("dimensions")->integers(), std::vector<int64_t>{1});
}

// Found by check_fuzzer: a zero-width storage type (`i0`) has no storage
// range; lowering leaves it empty instead of shifting by -1 bits, and reports
// the type once (quantized element types' C3) though it is lowered twice.
TEST(Lowering, QuantizedZeroWidthStorageHasNoRange) {
  auto l = lowerText("func.func @f(%a: tensor<2x!quant.uniform<i0:f32, 1.0>>) {\n  func.return\n}\n");
  ASSERT_FALSE(l->module.module->topLevel.empty());
  const ir::Operation &fn = *l->module.module->topLevel.back();
  ASSERT_FALSE(fn.regions.empty());
  ASSERT_FALSE(fn.regions[0]->blocks.empty());
  ASSERT_EQ(fn.regions[0]->blocks[0]->arguments.size(), 1u);
  const ir::QuantizedElement *q = fn.regions[0]->blocks[0]->arguments[0]->type.element().quantizedInfo();
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->storageMin, 0);
  EXPECT_EQ(q->storageMax, 0);
  size_t reported = 0;
  for (const Diagnostic &d : l->module.diagnostics) reported += d.code == "quantized_type.C3";
  EXPECT_EQ(reported, 1u);
}

TEST(Lowering, QuantizedStorageRangeMustFitTheStorageType) {
  auto bad = lowerText("func.func @f(%a: tensor<2x!quant.uniform<i8<-200:127>:f32, 1.0>>) {\n  func.return\n}\n");
  bool found = false;
  for (const Diagnostic &d : bad->module.diagnostics) found |= d.code == "quantized_type.C3";
  EXPECT_TRUE(found);
  auto good = lowerText("func.func @f(%a: tensor<2x!quant.uniform<i8<-127:127>:f32, 1.0>>) {\n  func.return\n}\n");
  for (const Diagnostic &d : good->module.diagnostics) EXPECT_NE(d.code, "quantized_type.C3") << d.message;
}
