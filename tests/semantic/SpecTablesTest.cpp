// The generated spec tables cover every op of the spec and agree with the
// op registry: every spec op is registered, with a verifier.
#include <gtest/gtest.h>

#include <iostream>

#include "semantic/syntax/SyntaxTree.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/ops/Ops.h"
#include "semantic/ops/SpecTables.h"

using namespace shlo::verify;
using shlo::ops::SpecOp;
using shlo::ops::specOp;
using shlo::ops::specOps;

TEST(SpecTables, DotGeneralListsItsInputsFromTheSpec) {
  const SpecOp *op = specOp("stablehlo.dot_general");
  ASSERT_NE(op, nullptr);
  ASSERT_GE(op->inputs.size(), 7u);
  EXPECT_EQ(op->inputs[0].name, "lhs");
  EXPECT_EQ(op->inputs[2].name, "lhs_batching_dimensions");
  ASSERT_EQ(op->outputs.size(), 1u);
  EXPECT_EQ(op->outputs[0].name, "result");
  EXPECT_NE(op->semantics.find("dot"), std::string_view::npos);
}

TEST(SpecTables, EverySpecOpIsRegisteredWithAVerifier) {
  const OpRegistry &registry = OpRegistry::instance();
  size_t withVerifier = 0, withInference = 0;
  std::string missing;
  for (const SpecOp &op : specOps()) {
    const OpDef *def = registry.find(op.name);
    if (!def) {
      missing += " " + std::string(op.name);
      continue;
    }
    withVerifier += def->verify != nullptr;
    withInference += def->infer != nullptr;
  }
  EXPECT_TRUE(missing.empty()) << "spec ops not in the registry:" << missing;
  std::cout << "[ figures  ] spec ops: " << specOps().size() << "; with a verifier: " << withVerifier
            << "; with type inference: " << withInference << "\n";
  EXPECT_GE(specOps().size(), 100u);
}

TEST(SpecTables, EverySpecOpNameIsAGrammarKeyword) {
  // An op name the grammar does not know parses through the unknown-dialect
  // fallback, and loses its pretty form's structure.
  std::string missing;
  for (const SpecOp &op : specOps()) {
    uint16_t symbol = shlo::syntax::symbolForName(op.name, /*named=*/false);
    // while and optimization_barrier have rules of their own, which alias
    // the name to `op_name` (the table marks them; OpTable's tests check
    // that grammar.js spells out exactly those).
    const shlo::ops::OpDef *def = shlo::ops::find(op.name);
    bool ownRule = def && def->grammar == shlo::ops::GrammarForm::Rule;
    if (symbol == 0 && !ownRule) missing += " " + std::string(op.name);
  }
  EXPECT_TRUE(missing.empty()) << "not keywords of grammar/op-names.js:" << missing;
}
