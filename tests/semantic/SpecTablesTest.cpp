// The generated spec tables cover every op of the spec and agree with the
// op registry: every spec op is registered, with a verifier.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <string_view>

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

// Type inference (hover, inlay hints, "set the inferred type") for every
// spec op whose result types the spec determines from operands and
// attributes. The others, listed here with the reason, take their result
// type from the program itself: a chosen element type or shape, or sizes
// only known at run time.
TEST(SpecTables, TypeInferenceForEveryOpWhoseResultTypeTheSpecDetermines) {
  const std::map<std::string_view, std::string_view> chosenByTheProgram = {
      {"stablehlo.bitcast_convert", "the result element type is chosen"},
      {"stablehlo.broadcast_in_dim", "the result shape is chosen (broadcast_dimensions maps into it)"},
      {"stablehlo.convert", "the result element type is chosen"},
      {"stablehlo.custom_call", "the callee's types are the program's"},
      {"stablehlo.dynamic_broadcast_in_dim", "output_dimensions is a value known at run time"},
      {"stablehlo.dynamic_conv", "padding is a value known at run time"},
      {"stablehlo.dynamic_iota", "output_shape is a value known at run time"},
      {"stablehlo.dynamic_pad", "the paddings are values known at run time"},
      {"stablehlo.dynamic_reshape", "output_shape is a value known at run time"},
      {"stablehlo.infeed", "the fed types are the program's"},
      {"stablehlo.iota", "the result type is the op's only input"},
      {"stablehlo.real_dynamic_slice", "the indices are values known at run time"},
      {"stablehlo.recv", "the received types are the program's"},
      {"stablehlo.reshape", "the result shape is chosen"},
      {"stablehlo.rng_bit_generator", "the output's shape and element type are chosen"},
      {"stablehlo.uniform_quantize", "the quantized result type (scales, zero points) is chosen"},
      {"stablehlo.return", "a terminator: no results"},
  };
  const OpRegistry &registry = OpRegistry::instance();
  size_t determined = 0, inferred = 0;
  std::string missing, stale;
  for (const SpecOp &op : specOps()) {
    const OpDef *def = registry.find(op.name);
    ASSERT_NE(def, nullptr) << op.name;
    bool chosen = chosenByTheProgram.count(op.name) != 0;
    if (chosen) {
      if (def->infer) stale += " " + std::string(op.name);  // Inferred after all: take it off the list.
      continue;
    }
    ++determined;
    if (def->infer) {
      ++inferred;
    } else {
      missing += " " + std::string(op.name);
    }
  }
  std::cout << "[ figures  ] type inference: " << inferred << " of " << determined
            << " spec ops whose result types the spec determines (" << chosenByTheProgram.size()
            << " more take them from the program)\n";
  EXPECT_TRUE(missing.empty()) << "spec ops whose result types the spec determines, without inference:" << missing;
  EXPECT_TRUE(stale.empty()) << "listed as chosen by the program but inferred:" << stale;
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
