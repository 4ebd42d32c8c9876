// The op table (semantic/ops) against its sources: every op of the spec is
// in it with a family and a summary, its deprecations are the spec's
// "Deprecated Operations", the grammar's keyword list is the table's, and
// every op the verifier registers is in it.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "semantic/ops/Ops.h"
#include "semantic/verify/OpRegistry.h"

using namespace shlo;

namespace {

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The backquoted words of `text`.
std::vector<std::string> backquoted(const std::string &text) {
  std::vector<std::string> out;
  std::regex word("`([a-z_\\-]+)`");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), word); it != std::sregex_iterator(); ++it) {
    out.push_back((*it)[1]);
  }
  return out;
}

/// The text between `from` and the first `to` after it, or empty.
std::string between(const std::string &text, const std::string &from, const std::string &to) {
  size_t start = text.find(from);
  if (start == std::string::npos) return {};
  start += from.size();
  size_t end = text.find(to, start);
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

}  // namespace

TEST(OpTable, EverySpecOpHasAFamilyASummaryAndItsSection) {
  ASSERT_GE(ops::specOps().size(), 100u);
  for (const ops::SpecOp &spec : ops::specOps()) {
    const ops::OpDef *op = ops::find(spec.name);
    ASSERT_NE(op, nullptr) << spec.name;
    EXPECT_FALSE(op->summary.empty()) << spec.name;
    EXPECT_EQ(op->dialect, "stablehlo");
    EXPECT_FALSE(ops::familyName(op->family).empty());
    EXPECT_FALSE(op->specSection.empty()) << spec.name;
    EXPECT_EQ(op->spec(), &spec) << spec.name;
  }
}

TEST(OpTable, EveryOpHasASummaryAndIsFoundByName) {
  ASSERT_GE(ops::all().size(), 200u);
  std::string previous;
  for (const ops::OpDef &op : ops::all()) {
    EXPECT_FALSE(op.summary.empty()) << op.name;
    EXPECT_EQ(ops::find(op.name), &op);
    EXPECT_EQ(op.name.substr(0, op.dialect.size() + 1), std::string(op.dialect) + ".");
    EXPECT_LT(previous, std::string(op.name)) << "the table is sorted by name";
    previous = op.name;
  }
  EXPECT_EQ(ops::find("stablehlo.no_such_op"), nullptr);
}

TEST(OpTable, FamiliesFollowTheVerifierFiles) {
  EXPECT_EQ(ops::find("stablehlo.add")->family, ops::Family::Elementwise);
  EXPECT_EQ(ops::find("stablehlo.compare")->family, ops::Family::Elementwise);
  EXPECT_EQ(ops::find("stablehlo.convert")->family, ops::Family::Conversion);
  EXPECT_EQ(ops::find("stablehlo.reshape")->family, ops::Family::Shape);
  EXPECT_EQ(ops::find("stablehlo.pad")->family, ops::Family::Slicing);
  EXPECT_EQ(ops::find("stablehlo.gather")->family, ops::Family::GatherScatter);
  EXPECT_EQ(ops::find("stablehlo.reduce_window")->family, ops::Family::Reductions);
  EXPECT_EQ(ops::find("stablehlo.dot_general")->family, ops::Family::LinearAlgebra);
  EXPECT_EQ(ops::find("stablehlo.convolution")->family, ops::Family::Convolution);
  EXPECT_EQ(ops::find("stablehlo.batch_norm_grad")->family, ops::Family::Normalization);
  EXPECT_EQ(ops::find("stablehlo.all_reduce")->family, ops::Family::Collectives);
  EXPECT_EQ(ops::find("stablehlo.send")->family, ops::Family::Communication);
  EXPECT_EQ(ops::find("stablehlo.while")->family, ops::Family::ControlFlow);
  EXPECT_EQ(ops::find("stablehlo.rng_bit_generator")->family, ops::Family::Random);
  EXPECT_EQ(ops::find("chlo.erf")->family, ops::Family::Chlo);
  EXPECT_EQ(ops::find("check.expect_eq")->family, ops::Family::CheckInterpreter);
  EXPECT_EQ(ops::find("arith.addi")->family, ops::Family::CoreDialects);
}

// spec.md, "Deprecated Operations": the "Not in HLO" and unused ops are
// deprecated; removal is decided for the ones expressible with other ops
// and explored for the rest.
TEST(OpTable, DeprecatedOpsAreTheSpecsDeprecatedOperations) {
  std::string spec = readFile(std::string(SHLO_SHARED_DIR) + "/spec/spec.md");
  std::string section = between(spec, "## Deprecated Operations", "\n## ");
  ASSERT_FALSE(section.empty());
  // "`complex` comparisons" and "`window_reversal`" are not ops.
  auto opsIn = [](const std::string &text) {
    std::set<std::string> out;
    for (const std::string &w : backquoted(std::regex_replace(text, std::regex("`complex`\\s+comparisons"), ""))) {
      if (ops::find("stablehlo." + w)) out.insert("stablehlo." + w);
    }
    return out;
  };
  std::set<std::string> removal = opsIn(between(section, "can be removed easily", ")"));
  std::set<std::string> explored = opsIn(between(section, "still being explored for removal", ")"));
  std::set<std::string> listed = opsIn(between(section, "These operations fall into", "Some of these ops"));
  EXPECT_EQ(removal.size(), 5u);
  EXPECT_GE(explored.size(), 6u);
  std::set<std::string> both = removal;
  both.insert(explored.begin(), explored.end());
  EXPECT_EQ(both, listed);

  std::set<std::string> deprecated;
  for (const ops::OpDef &op : ops::all()) {
    if (!op.has(ops::Trait::Deprecated)) {
      EXPECT_EQ(op.deprecation, ops::Deprecation::None) << op.name;
      continue;
    }
    deprecated.insert(std::string(op.name));
    if (removal.count(std::string(op.name))) {
      EXPECT_EQ(op.deprecation, ops::Deprecation::Removal) << op.name;
    } else {
      EXPECT_EQ(op.deprecation, ops::Deprecation::Explored) << op.name;
    }
    if (!op.replacement.empty()) EXPECT_NE(ops::find(op.replacement), nullptr) << op.name;
  }
  EXPECT_EQ(deprecated, listed);
  EXPECT_EQ(ops::find("stablehlo.dot")->replacement, "stablehlo.dot_general");
  EXPECT_EQ(ops::find("stablehlo.broadcast")->replacement, "stablehlo.broadcast_in_dim");
}

TEST(OpTable, GrammarOpNamesAreTheTablesKeywordOps) {
  std::string js = readFile(std::string(SHLO_SOURCE_DIR) + "/grammar/op-names.js");
  ASSERT_FALSE(js.empty());
  std::set<std::string> grammar;
  std::regex quoted("'([^']+)'");
  for (auto it = std::sregex_iterator(js.begin(), js.end(), quoted); it != std::sregex_iterator(); ++it) {
    grammar.insert((*it)[1]);
  }
  std::set<std::string> table;
  for (const ops::OpDef &op : ops::all()) {
    if (op.grammar != ops::GrammarForm::Keyword) continue;
    table.insert(std::string(op.name));
    for (std::string_view s : op.spellings) table.insert(std::string(s));
  }
  EXPECT_EQ(grammar, table);
  EXPECT_TRUE(grammar.count("stablehlo.add"));
  EXPECT_FALSE(grammar.count("stablehlo.while")) << "while has a grammar rule of its own";
  EXPECT_EQ(ops::find("stablehlo.while")->grammar, ops::GrammarForm::Rule);
}

// The ops with a grammar rule of their own (while, return, func.func, ...)
// are the dotted names grammar.js spells out.
TEST(OpTable, GrammarRuleOpsAreTheTablesRuleOps) {
  std::string js = readFile(std::string(SHLO_SOURCE_DIR) + "/grammar/grammar.js");
  ASSERT_FALSE(js.empty());
  std::set<std::string> grammar;
  std::regex dotted("'([a-z_]+\\.[a-z_.]+)'");
  for (auto it = std::sregex_iterator(js.begin(), js.end(), dotted); it != std::sregex_iterator(); ++it) {
    grammar.insert((*it)[1]);
  }
  std::set<std::string> table;
  for (const ops::OpDef &op : ops::all()) {
    if (op.grammar != ops::GrammarForm::Rule) continue;
    table.insert(std::string(op.name));
    for (std::string_view s : op.spellings) {
      if (s.find('.') != std::string_view::npos) table.insert(std::string(s));
    }
  }
  EXPECT_EQ(grammar, table);
  EXPECT_TRUE(table.count("stablehlo.while"));
}

TEST(OpTable, EveryVerifierRegistrationIsATableOp) {
  for (const auto &[name, def] : verify::OpRegistry::instance().all()) {
    const ops::OpDef *op = ops::find(name);
    ASSERT_NE(op, nullptr) << name;
    EXPECT_EQ(def.op, op);
    EXPECT_EQ(def.summary, op->summary);
    EXPECT_EQ(def.specSection, op->specSection);
  }
  for (const ops::SpecOp &spec : ops::specOps()) {
    EXPECT_NE(verify::OpRegistry::instance().find(spec.name), nullptr) << spec.name;
  }
}

TEST(OpTable, TraitsAgreeWithTheSpec) {
  using ops::Trait;
  EXPECT_TRUE(ops::find("stablehlo.add")->has(Trait::Pure));
  EXPECT_TRUE(ops::find("stablehlo.add")->has(Trait::Elementwise));
  EXPECT_TRUE(ops::find("stablehlo.add")->has(Trait::Commutative));
  EXPECT_FALSE(ops::find("stablehlo.subtract")->has(Trait::Commutative));
  EXPECT_FALSE(ops::find("stablehlo.send")->has(Trait::Pure));
  EXPECT_FALSE(ops::find("stablehlo.custom_call")->has(Trait::Pure));
  EXPECT_TRUE(ops::find("stablehlo.return")->has(Trait::Terminator));
  EXPECT_TRUE(ops::find("stablehlo.return")->has(Trait::RegionReturn));
  EXPECT_TRUE(ops::find("func.return")->has(Trait::FunctionReturn));
  EXPECT_EQ(ops::firstWith(Trait::RegionReturn)->name, "stablehlo.return");
  EXPECT_TRUE(ops::hasTrait("stablehlo.dot", Trait::Deprecated));
  EXPECT_FALSE(ops::hasTrait("stablehlo.no_such_op", Trait::Pure));
  EXPECT_TRUE(ops::find("stablehlo.all_reduce")->has(Trait::Collective));
  EXPECT_FALSE(ops::find("stablehlo.replica_id")->has(Trait::Collective));
  EXPECT_TRUE(ops::find("stablehlo.replica_id")->has(Trait::ProcessGrid));
  EXPECT_TRUE(ops::find("stablehlo.reshape")->has(Trait::StorageOnlyQuantized));
  EXPECT_FALSE(ops::find("stablehlo.add")->has(Trait::StorageOnlyQuantized));

  for (const ops::SpecOp &spec : ops::specOps()) {
    const ops::OpDef *op = ops::find(spec.name);
    bool function = false, perTensorOnly = false, quantized = false;
    for (const ops::SpecInput &in : spec.inputs) {
      function |= in.type == "function" || in.type == "variadic number of functions";
      bool perTensor = in.type.find("per-tensor quantized") != std::string_view::npos;
      perTensorOnly |= perTensor;
      quantized |= !perTensor && in.type.find("quantized tensor") != std::string_view::npos;
    }
    // An op with a function input holds regions.
    if (function) EXPECT_TRUE(op->has(Trait::HasRegions)) << spec.name;
    // Per-tensor only: some input says "per-tensor quantized" and none takes
    // any quantized tensor.
    // (optimization_barrier's table is "Arguments", which the tables skip.)
    if (op->has(Trait::PerTensorQuantization) && !spec.inputs.empty()) {
      EXPECT_TRUE(perTensorOnly && !quantized) << spec.name;
    }
    if (perTensorOnly && !quantized) EXPECT_TRUE(op->has(Trait::PerTensorQuantization)) << spec.name;
    // Pure ops hold no regions.
    if (op->has(Trait::Pure)) EXPECT_FALSE(op->has(Trait::HasRegions)) << spec.name;
  }
}

TEST(OpTable, AttributeSchemaComesFromTheSpecAndTheStructs) {
  const ops::OpDef *compare = ops::find("stablehlo.compare");
  const ops::AttrDef *direction = compare->attribute("comparison_direction");
  ASSERT_NE(direction, nullptr);
  EXPECT_EQ(direction->kind, ops::AttrKind::Enum);
  EXPECT_EQ(direction->enumValues, (std::vector<std::string_view>{"EQ", "NE", "GE", "GT", "LE", "LT"}));

  const ops::AttrDef *dims = ops::find("stablehlo.dot_general")->attribute("dot_dimension_numbers");
  ASSERT_NE(dims, nullptr);
  EXPECT_EQ(dims->kind, ops::AttrKind::Struct);
  const ops::StructDef *dot = ops::findStruct(dims->structName);
  ASSERT_NE(dot, nullptr);
  EXPECT_TRUE(dot->strict);
  EXPECT_EQ(dot->fields.size(), 4u);
  const ops::AttrDef *gatherDims = ops::find("stablehlo.gather")->attribute("dimension_numbers");
  ASSERT_NE(gatherDims, nullptr);
  EXPECT_EQ(ops::findStruct(gatherDims->structName)->fields.size(), 6u);
  EXPECT_EQ(ops::find("stablehlo.iota")->attribute("iota_dimension")->kind, ops::AttrKind::Integer);
  EXPECT_EQ(ops::find("stablehlo.transpose")->attribute("permutation")->kind, ops::AttrKind::IntegerArray);
  EXPECT_EQ(ops::find("stablehlo.while")->attribute("body")->kind, ops::AttrKind::Function);
}

TEST(OpTable, PrettyFormsAndSpellings) {
  EXPECT_EQ(ops::canonicalName("return"), "func.return");
  EXPECT_EQ(ops::canonicalName("call"), "func.call");
  EXPECT_EQ(ops::canonicalName("module"), "builtin.module");
  EXPECT_EQ(ops::canonicalName("stablehlo.add"), "stablehlo.add");
  EXPECT_EQ(ops::find("stablehlo.transpose")->attributeForKeyword("dims"), "permutation");
  EXPECT_EQ(ops::find("stablehlo.add")->attributeForKeyword("dims"), "dims");
  EXPECT_EQ(ops::find("stablehlo.compare")->pretty.enums, ops::PrettyEnums::Comparison);
  EXPECT_EQ(ops::find("stablehlo.custom_call")->pretty.symbolAttribute, "call_target_name");
  EXPECT_EQ(ops::find("stablehlo.select")->pretty.signature, ops::Signature::Select);
  EXPECT_EQ(ops::find("stablehlo.return")->pretty.signature, ops::Signature::Operands);
}
