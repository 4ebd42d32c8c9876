// Trustworthy checking (issue 11): typos in op names of the dialects the op
// table defines are errors with a suggestion, other dialects stay accepted,
// and valid constructs StableHLO accepts give no error.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "semantic/analysis/Analysis.h"
#include "tests/semantic/CheckErrors.h"
#include "semantic/ops/Ops.h"
#include "semantic/verify/OpNames.h"

namespace shlo {
namespace {

using test::dump;
using test::errorsOf;

/// `body` as the body of a function taking %a: tensor<2xf32>.
std::string inFunction(const std::string &body) {
  return "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n" + body + "  func.return %a : tensor<2xf32>\n}\n";
}

TEST(OpNames, SuggestsTheClosestTableOp) {
  EXPECT_EQ(verify::suggestOpName("stablehlo.addd"), "stablehlo.add");
  EXPECT_EQ(verify::suggestOpName("stablehlo.dot_generl"), "stablehlo.dot_general");
  EXPECT_EQ(verify::suggestOpName("stablhlo.add"), "stablehlo.add");
  EXPECT_EQ(verify::suggestOpName("chlo.sinhh"), "chlo.sinh");
  EXPECT_EQ(verify::suggestOpName("stablehlo.zzzzqqq"), std::nullopt);
  EXPECT_TRUE(verify::isClosedDialect("stablehlo"));
  EXPECT_FALSE(verify::isClosedDialect("arith"));
}

TEST(OpNames, ATypoInAnyOpOfAClosedDialectSuggestsThatOp) {
  // Each op of the closed dialects with its last letter doubled, and with
  // its dialect misspelled (first letter dropped from `stablehlo`).
  size_t checked = 0;
  for (const ops::OpDef &def : ops::all()) {
    if (!verify::isClosedDialect(def.dialect)) continue;
    std::string name(def.name);
    EXPECT_EQ(verify::suggestOpName(name + name.back()), name);
    if (def.dialect == "stablehlo") EXPECT_EQ(verify::suggestOpName("sablehlo." + std::string(def.shortName())), name);
    ++checked;
  }
  EXPECT_GT(checked, 180u);
}

struct Typo {
  const char *line;
  const char *suggestion;  // Empty: an error with no suggestion.
};

TEST(OpNames, TyposOfKnownDialectsAreErrorsWithASuggestion) {
  const Typo typos[] = {
      {"  %0 = stablehlo.addd %a, %a : tensor<2xf32>\n", "stablehlo.add"},
      {"  %0 = stablhlo.add %a, %a : tensor<2xf32>\n", "stablehlo.add"},
      {"  %0 = \"stablehlo.subtractt\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n",
       "stablehlo.subtract"},
      {"  %0 = chlo.tann %a : tensor<2xf32> -> tensor<2xf32>\n", "chlo.tan"},
      {"  check.expect_eqq %a, %a : tensor<2xf32>\n", "check.expect_eq"},
      {"  %0 = stablehlo.zzzzqqq %a : tensor<2xf32>\n", ""},
  };
  for (const Typo &typo : typos) {
    std::vector<Diagnostic> errors = errorsOf(inFunction(typo.line));
    ASSERT_EQ(errors.size(), 1u) << typo.line << dump(errors);
    EXPECT_EQ(errors[0].code, "op.unknown");
    if (*typo.suggestion) {
      EXPECT_NE(errors[0].message.find(std::string("did you mean `") + typo.suggestion + "`?"), std::string::npos)
          << errors[0].message;
      ASSERT_EQ(errors[0].fixes.size(), 1u);
      EXPECT_NE(errors[0].fixes[0].edits[0].newText.find(typo.suggestion), std::string::npos);
    } else {
      EXPECT_EQ(errors[0].message.find("did you mean"), std::string::npos) << errors[0].message;
      EXPECT_TRUE(errors[0].fixes.empty());
    }
  }
}

TEST(OpNames, TheGenericFormsFixKeepsItsQuotes) {
  std::string text = inFunction("  %0 = \"stablehlo.addd\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n");
  std::vector<Diagnostic> errors = errorsOf(text);
  ASSERT_EQ(errors.size(), 1u) << dump(errors);
  ASSERT_EQ(errors[0].fixes.size(), 1u);
  const TextEdit &edit = errors[0].fixes[0].edits[0];
  EXPECT_EQ(text.substr(edit.range.begin, edit.range.end - edit.range.begin), "\"stablehlo.addd\"");
  EXPECT_EQ(edit.newText, "\"stablehlo.add\"");
}

TEST(OpNames, OtherDialectsStayAccepted) {
  for (const char *line : {
           "  %0 = arith.addf %a, %a : tensor<2xf32>\n",
           "  %0 = arith.bitcast %a : tensor<2xf32> to tensor<2xi32>\n",
           "  %0 = mhlo.add %a, %a : tensor<2xf32>\n",
           "  %0 = vhlo.add_v1 %a, %a : tensor<2xf32>\n",
           "  %0 = mydialect.frobnicate %a : tensor<2xf32>\n",
           "  %0 = tensor.empty() : tensor<2xf32>\n",
           "  %0 = \"tf.Identity\"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n",
       }) {
    EXPECT_EQ(dump(errorsOf(inFunction(line))), "") << line;
  }
}

TEST(OpNames, RegisteredDialectsOnlyWhenAsked) {
  syntax::Parser parser;
  std::string text = inFunction("  %0 = mydialect.frobnicate %a : tensor<2xf32>\n  %1 = arith.addf %a, %a : tensor<2xf32>\n");
  analysis::Analysis result = analysis::analyze(parser, text);
  std::vector<Diagnostic> found;
  verify::checkRegisteredDialects(*result.lowered.module, found);
  ASSERT_EQ(found.size(), 1u) << dump(found);
  EXPECT_EQ(found[0].code, "op.unregistered");
  EXPECT_NE(found[0].message.find("mydialect"), std::string::npos);
}

TEST(PrettyReduce, TheAppliedOpMustBeACommutativeBinaryStablehloOp) {
  auto reduceWith = [](const std::string &op) {
    return "func.func @f(%x: tensor<4xf32>, %i: tensor<f32>) -> tensor<f32> {\n"
           "  %0 = stablehlo.reduce(%x init: %i) applies " + op + " across dimensions = [0] :"
           " (tensor<4xf32>, tensor<f32>) -> tensor<f32>\n"
           "  func.return %0 : tensor<f32>\n}\n";
  };
  EXPECT_EQ(dump(errorsOf(reduceWith("stablehlo.add"))), "");
  EXPECT_EQ(dump(errorsOf(reduceWith("stablehlo.maximum"))), "");
  for (const char *op : {"stablehlo.subtract", "stablehlo.divide", "chlo.broadcast_add", "arith.addf"}) {
    std::vector<Diagnostic> errors = errorsOf(reduceWith(op));
    ASSERT_EQ(errors.size(), 1u) << op << "\n" << dump(errors);
    EXPECT_EQ(errors[0].code, "reduce.applies");
  }
}

TEST(ConvolutionDimensionNumbers, MalformedOnesAreSyntaxErrorsOfTheAttribute) {
  auto conv = [](const std::string &numbers) {
    return "func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32> {\n"
           "  %0 = \"stablehlo.convolution\"(%x, %w) {batch_group_count = 1 : i64,\n"
           "    dimension_numbers = #stablehlo.conv<" + numbers + ">, feature_group_count = 1 : i64}\n"
           "    : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>\n"
           "  func.return %0 : tensor<1x6x6x4xf32>\n}\n";
  };
  EXPECT_EQ(dump(errorsOf(conv("[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]"))), "");
  for (const char *bad : {"[b, 0, 1, f, f]x[0, 1, i, o]->[b, 0, 1, f]", "[b, 0, 1, f]x[0, 1, i, o, x]->[b, 0, 1, f]",
                          "[b, 0, 2, f]x[0, 1, i, o]->[b, 0, 1, f]", "[b, 0, 1, f]x[0, 1, i]->[b, 0, 1, f]"}) {
    std::vector<Diagnostic> errors = errorsOf(conv(bad));
    ASSERT_FALSE(errors.empty()) << bad;
    EXPECT_EQ(errors[0].code, "attribute.syntax") << bad << "\n" << dump(errors);
    EXPECT_NE(errors[0].message.find("malformed convolution dimension numbers"), std::string::npos);
  }
}

TEST(FunctionReturn, EveryWrittenTypeOfAPrettyReturnIsChecked) {
  // The types of `return %a, %b : T, U` were not read (only the last one).
  std::vector<Diagnostic> errors = errorsOf(
      "func.func @f(%a: tensor<4xf32>, %b: tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>) {\n"
      "  func.return %a, %b : tensor<2xf32>, tensor<2xi32>\n}\n");
  ASSERT_EQ(errors.size(), 1u) << dump(errors);
  EXPECT_EQ(errors[0].code, "ssa.type-mismatch");
  EXPECT_EQ(dump(errorsOf("func.func @f(%a: tensor<4xf32>, %b: tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>) {\n"
                          "  func.return %a, %b : tensor<4xf32>, tensor<2xi32>\n}\n")),
            "");
}

TEST(OperandTypes, AFunctionTypeNamesOneTypePerOperand) {
  // StableHLO's parser: "1 operands present, but expected 2" (print_types_invalid.mlir).
  auto check = [](const std::string &op) { return errorsOf(inFunction("  %0 = " + op + "\n")); };
  std::vector<Diagnostic> unary = check("stablehlo.abs %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>");
  ASSERT_EQ(unary.size(), 1u) << dump(unary);
  EXPECT_EQ(unary[0].code, "ssa.operand-count");
  EXPECT_NE(unary[0].message.find("has 1 operand but its type names 2"), std::string::npos) << unary[0].message;
  // One error, not one more per operand whose type no longer lines up.
  std::vector<Diagnostic> binary =
      check("stablehlo.add %a, %a : (tensor<2xf32>, tensor<2xi32>, tensor<2xf32>) -> tensor<2xf32>");
  ASSERT_EQ(binary.size(), 1u) << dump(binary);
  EXPECT_EQ(binary[0].code, "ssa.operand-count");
  std::vector<Diagnostic> generic = check("\"stablehlo.add\"(%a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>");
  ASSERT_EQ(generic.size(), 1u) << dump(generic);
  EXPECT_EQ(generic[0].code, "ssa.operand-count");
  EXPECT_EQ(dump(check("stablehlo.abs %a : (tensor<2xf32>) -> tensor<2xf32>")), "");
  EXPECT_EQ(dump(check("stablehlo.add %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>")), "");
  // Another dialect's custom syntax may define operands the text does not list.
  EXPECT_EQ(dump(check("mydialect.op %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>")), "");
}

TEST(Predicates, SortWhileAndSelectRegionsReturnOneBooleanScalar) {
  // sort's comparator (C5), while's cond (C1) and select_and_scatter's select
  // (C9) share one check: one value, a 0-d tensor<i1>.
  auto sortReturning = [](const std::string &ret) {
    return errorsOf(inFunction("  %0 = \"stablehlo.sort\"(%a) ({\n"
                               "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
                               "    %c = stablehlo.compare GT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
                               "    stablehlo.return " + ret + "\n"
                               "  }) {dimension = 0 : i64} : (tensor<2xf32>) -> tensor<2xf32>\n"));
  };
  EXPECT_EQ(dump(sortReturning("%c : tensor<i1>")), "");
  std::vector<Diagnostic> two = sortReturning("%c, %c : tensor<i1>, tensor<i1>");
  ASSERT_EQ(two.size(), 1u) << dump(two);
  EXPECT_NE(two[0].message.find("comparator returns 2 values but must return one tensor<i1>"), std::string::npos)
      << two[0].message;
  std::vector<Diagnostic> f32 = sortReturning("%x : tensor<f32>");
  ASSERT_EQ(f32.size(), 1u) << dump(f32);
  EXPECT_NE(f32[0].message.find("comparator returns tensor<f32> but must return tensor<i1>"), std::string::npos)
      << f32[0].message;

  auto whileReturning = [](const std::string &ret) {
    return errorsOf(inFunction("  %0 = stablehlo.while(%it = %a) : tensor<2xf32>\n"
                               "  cond {\n"
                               "    stablehlo.return " + ret + "\n"
                               "  } do {\n"
                               "    stablehlo.return %it : tensor<2xf32>\n"
                               "  }\n"));
  };
  std::vector<Diagnostic> vector = whileReturning("%it : tensor<2xf32>");
  ASSERT_EQ(vector.size(), 1u) << dump(vector);
  EXPECT_NE(vector[0].message.find("cond returns tensor<2xf32> but must return tensor<i1>"), std::string::npos)
      << vector[0].message;
}

// Constructs StableHLO accepts that gave false alarms (issue 11).
TEST(ValidConstructs, GiveNoError) {
  const char *cases[] = {
      // rng with an index-typed shape.
      "func.func @f(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<1xindex>) -> tensor<?xf32> {\n"
      "  %0 = \"stablehlo.rng\"(%a, %b, %s) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} :"
      " (tensor<f32>, tensor<f32>, tensor<1xindex>) -> tensor<?xf32>\n"
      "  func.return %0 : tensor<?xf32>\n}\n",
      // convolution with empty window arrays: the defaults.
      "func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32> {\n"
      "  %0 = \"stablehlo.convolution\"(%x, %w) {batch_group_count = 1 : i64,\n"
      "    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,\n"
      "    feature_group_count = 1 : i64, lhs_dilation = array<i64>, padding = dense<> : tensor<0xi64>,\n"
      "    rhs_dilation = array<i64>, window_strides = array<i64>}\n"
      "    : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>\n"
      "  func.return %0 : tensor<1x6x6x4xf32>\n}\n",
      // send and recv with an empty 1-D source_target_pairs.
      "func.func @f(%x: tensor<3xi32>, %t: !stablehlo.token) -> !stablehlo.token {\n"
      "  %0 = \"stablehlo.send\"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>,\n"
      "    is_host_transfer = true, source_target_pairs = dense<> : tensor<0xi64>}\n"
      "    : (tensor<3xi32>, !stablehlo.token) -> !stablehlo.token\n"
      "  func.return %0 : !stablehlo.token\n}\n",
      "func.func @f(%t: !stablehlo.token) -> (tensor<3xi32>, !stablehlo.token) {\n"
      "  %0:2 = \"stablehlo.recv\"(%t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>,\n"
      "    is_host_transfer = true, source_target_pairs = dense<> : tensor<0xi64>}\n"
      "    : (!stablehlo.token) -> (tensor<3xi32>, !stablehlo.token)\n"
      "  func.return %0#0, %0#1 : tensor<3xi32>, !stablehlo.token\n}\n",
      // A pretty while followed by `attributes {...}`, as stablehlo-opt prints it.
      "func.func @f(%x: tensor<i64>) -> tensor<i64> {\n"
      "  %0 = stablehlo.while(%i = %x) : tensor<i64> attributes {tag = \"loop\"}\n"
      "  cond {\n"
      "    %c = stablehlo.compare LT, %i, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
      "    stablehlo.return %c : tensor<i1>\n"
      "  } do {\n"
      "    stablehlo.return %i : tensor<i64>\n"
      "  }\n"
      "  func.return %0 : tensor<i64>\n}\n",
      // Another dialect's attribute with a typed value inside.
      "func.func @f(%x: tensor<f32>) -> tensor<f32> attributes {k = #vhlo.tensor_v1<dense<1.0> : tensor<f32>>} {\n"
      "  %0 = stablehlo.add %x, %x : tensor<f32>\n"
      "  func.return %0 : tensor<f32>\n}\n",
      // A foreign element type, through another dialect's op and a custom_call.
      "func.func @f(%x: tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string> {\n"
      "  %0 = \"tf.Identity\"(%x) : (tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string>\n"
      "  %1 = stablehlo.custom_call @foo(%0) : (tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string>\n"
      "  func.return %1 : tensor<2x!tf_type.string>\n}\n",
      // Values an unknown op's syntax defines (scf.for's induction variable and iter_args).
      "func.func @f(%x: tensor<f32>, %lb: index, %ub: index, %st: index) -> tensor<f32> {\n"
      "  %0 = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (tensor<f32>) {\n"
      "    %1 = stablehlo.add %acc, %acc : tensor<f32>\n"
      "    %2 = arith.index_cast %i : index to i64\n"
      "    scf.yield %1 : tensor<f32>\n"
      "  }\n"
      "  func.return %0 : tensor<f32>\n}\n",
  };
  for (const char *text : cases) EXPECT_EQ(dump(errorsOf(text)), "") << text;
}

// Ops of the StableHLO dialect that our spec copy does not define: exp2 and
// log2 (StableHLO 1.22) and the shape helpers compute_reshape_shape and
// cstr_reshapable. They are table ops, so not `op.unknown`.
TEST(ValidConstructs, StablehloDialectOpsOutsideTheSpecAreKnown) {
  std::string text =
      "func.func @f(%x: tensor<3xf32>, %n: index, %s: tensor<2xi64>, %t: tensor<?x6xf32>) -> tensor<3xf32> {\n"
      "  %0 = stablehlo.exp2 %x : tensor<3xf32>\n"
      "  %1 = \"stablehlo.exp2\"(%0) {result_accuracy = #stablehlo.result_accuracy<atol = 0.000000e+00,"
      " rtol = 0.000000e+00, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>}"
      " : (tensor<3xf32>) -> tensor<3xf32>\n"
      "  %6 = stablehlo.log2 %1 : tensor<3xf32>\n"
      "  %2 = stablehlo.compute_reshape_shape %n, %s : (index, tensor<2xi64>) -> tensor<2xi64>\n"
      "  %3 = stablehlo.cstr_reshapable %n, %2 : (index, tensor<2xi64>) -> !shape.witness\n"
      "  %4 = shape.assuming %3 -> (tensor<?x?xf32>) {\n"
      "    %5 = stablehlo.dynamic_reshape %t, %2 : (tensor<?x6xf32>, tensor<2xi64>) -> tensor<?x?xf32>\n"
      "    shape.assuming_yield %5 : tensor<?x?xf32>\n"
      "  }\n"
      "  func.return %1 : tensor<3xf32>\n}\n";
  EXPECT_EQ(dump(errorsOf(text)), "") << text;
  // exp2 is checked as exponential is (log2 as log): a float or complex operand.
  std::vector<Diagnostic> errors = errorsOf(
      "func.func @f(%x: tensor<3xi32>) -> tensor<3xi32> {\n"
      "  %0 = stablehlo.exp2 %x : tensor<3xi32>\n"
      "  func.return %0 : tensor<3xi32>\n}\n");
  ASSERT_EQ(errors.size(), 1u) << dump(errors);
  EXPECT_NE(errors[0].message.find("floating-point or complex"), std::string::npos) << dump(errors);
}

TEST(ValidConstructs, AnUnknownOpsUndefinedNamesAreStillCheckedOutsideIt) {
  // Only the op's own syntax and its regions see what it defines.
  std::string text =
      "func.func @f(%x: tensor<f32>, %lb: index) -> tensor<f32> {\n"
      "  %0 = scf.for %i = %lb to %lb step %lb iter_args(%acc = %x) -> (tensor<f32>) {\n"
      "    scf.yield %acc : tensor<f32>\n"
      "  }\n"
      "  %1 = stablehlo.add %acc, %acc : tensor<f32>\n"
      "  func.return %0 : tensor<f32>\n}\n";
  std::vector<Diagnostic> errors = errorsOf(text);
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0].code, "ssa.undefined-value") << dump(errors);
}

}  // namespace
}  // namespace shlo
