// CHLO ops with structure (issue 11): ragged_dot's three modes and its
// dimension numbers, scan's inputs, inits, body and results, constant_like's
// value, broadcast_select's predicate, branches and broadcast shape. Each
// case is a program written for the rule.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/semantic/CheckErrors.h"

namespace shlo {
namespace {

using test::dump;
using test::errorsOf;

void expectCode(const std::string &program, const std::string &code) {
  std::vector<Diagnostic> errors = errorsOf(program);
  if (code.empty()) {
    EXPECT_TRUE(errors.empty()) << program << dump(errors);
    return;
  }
  ASSERT_EQ(errors.size(), 1u) << program << dump(errors);
  EXPECT_EQ(errors[0].code, code) << program << dump(errors);
}

struct Ragged {
  std::string lhs, rhs, groups, result;
  std::string lb = "", rb = "", lc = "1", rc = "0", ragged = "0", group = "0";
};

std::string raggedDot(const Ragged &r) {
  return "func.func @f(%l: tensor<" + r.lhs + ">, %r: tensor<" + r.rhs + ">, %g: tensor<" + r.groups + ">) {\n"
         "  %0 = \"chlo.ragged_dot\"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<"
         "lhs_batching_dimensions = [" + r.lb + "], rhs_batching_dimensions = [" + r.rb + "], "
         "lhs_contracting_dimensions = [" + r.lc + "], rhs_contracting_dimensions = [" + r.rc + "], "
         "lhs_ragged_dimensions = [" + r.ragged + "], rhs_group_dimensions = [" + r.group + "]>} : "
         "(tensor<" + r.lhs + ">, tensor<" + r.rhs + ">, tensor<" + r.groups + ">) -> tensor<" + r.result + ">\n"
         "  func.return\n}\n";
}

TEST(ChloRaggedDot, ModesGroupSizesAndDimensionNumbers) {
  // Mode 1: [m, k] x [g, k, n] -> [m, n], the rhs group dimension first.
  Ragged m1{"6x4xf32", "2x4x5xf32", "2xi32", "6x5xf32"};
  m1.rc = "1";
  expectCode(raggedDot(m1), "");
  Ragged wrongResult = m1;
  wrongResult.result = "6x4xf32";
  expectCode(raggedDot(wrongResult), "ragged_dot.result");
  Ragged contracting = m1;
  contracting.lhs = "6x3xf32";
  expectCode(raggedDot(contracting), "ragged_dot.contracting");
  Ragged groupCount = m1;
  groupCount.groups = "3xi32";
  expectCode(raggedDot(groupCount), "ragged_dot.operand");
  Ragged noGroup = m1;
  noGroup.rhs = "4x5xf32";
  noGroup.rc = "0";
  noGroup.group = "";
  expectCode(raggedDot(noGroup), "ragged_dot.dimension_numbers");
  Ragged twoRagged = m1;
  twoRagged.ragged = "0, 1";
  expectCode(raggedDot(twoRagged), "ragged_dot.dimension_numbers");
  Ragged groupIsContracting = m1;
  groupIsContracting.group = "1";
  expectCode(raggedDot(groupIsContracting), "ragged_dot.dimension_numbers");
  // Mode 1 with a batch dimension: group_sizes is [g] or [batch, dims before the ragged one, g].
  Ragged batched{"3x7x6x4xf32", "2x3x4x5xf32", "3x7x2xi64", "3x7x6x5xf32"};
  batched.lb = "0";
  batched.rb = "1";
  batched.lc = "3";
  batched.rc = "2";
  batched.ragged = "2";
  expectCode(raggedDot(batched), "");
  Ragged badGroups = batched;
  badGroups.groups = "3x6x2xi64";
  expectCode(raggedDot(badGroups), "ragged_dot.operand");
  // Mode 2: a ragged contracting dimension puts [g] in front of the result, no rhs group dimension.
  Ragged m2{"6x4xf32", "4x5xf32", "3xi32", "3x6x5xf32"};
  m2.ragged = "1";
  m2.group = "";
  expectCode(raggedDot(m2), "");
  Ragged m2WithGroup = m2;
  m2WithGroup.rhs = "2x4x5xf32";
  m2WithGroup.rc = "1";
  m2WithGroup.group = "0";
  expectCode(raggedDot(m2WithGroup), "ragged_dot.dimension_numbers");
  // Mode 3: a ragged batching dimension.
  Ragged m3{"2x6x4xf32", "2x4x5xf32", "3xi32", "2x6x5xf32"};
  m3.lb = "0";
  m3.rb = "0";
  m3.lc = "2";
  m3.rc = "1";
  m3.group = "";
  expectCode(raggedDot(m3), "");
  Ragged groupIsBatch = m3;
  groupIsBatch.group = "0";
  expectCode(raggedDot(groupIsBatch), "ragged_dot.dimension_numbers");
}

std::string scan(const std::string &operands, const std::string &attrs, const std::string &blockArgs,
                 const std::string &yields, const std::string &signature) {
  return "func.func @f(%in: tensor<4x2xi32>, %acc: tensor<2xi32>, %b: tensor<?x2xi32, #stablehlo.bounds<5, ?>>) {\n"
         "  %0:2 = chlo.scan " + operands + " " + attrs + " {\n  ^bb0(" + blockArgs + "):\n"
         "    stablehlo.return " + yields + "\n  } : " + signature + "\n  func.return\n}\n";
}

TEST(ChloScan, InputsInitsBodyAndResults) {
  const std::string args = "%x: tensor<2xi32>, %c: tensor<2xi32>";
  const std::string yields = "%x, %c : tensor<2xi32>, tensor<2xi32>";
  const std::string sig = "(tensor<4x2xi32>, tensor<2xi32>) -> (tensor<4x2xi32>, tensor<2xi32>)";
  expectCode(scan("(%in) inits (%acc)", "dimension = 0", args, yields, sig), "");
  expectCode(scan("(%in) inits (%acc)", "dimension = 0 attributes {scan_dim_size = 4 : i64}", args, yields, sig), "");
  expectCode(scan("(%in) inits (%acc)", "dimension = 0 attributes {scan_dim_size = 5 : i64}", args, yields, sig),
             "scan.dimension");
  expectCode(scan("(%in) inits (%acc)", "dimension = 2", args, yields, sig), "scan.dimension");
  expectCode(scan("(%in) inits (%acc)", "dimension = 1", "%x: tensor<4xi32>, %c: tensor<2xi32>",
                  "%c, %c : tensor<2xi32>, tensor<2xi32>",
                  "(tensor<4x2xi32>, tensor<2xi32>) -> (tensor<2x2xi32>, tensor<2xi32>)"),
             "");
  expectCode(scan("(%in) inits (%acc)", "dimension = 0", "%x: tensor<2xi32>, %c: tensor<3xi32>",
                  "%x, %x : tensor<2xi32>, tensor<2xi32>", sig),
             "scan.regions");
  expectCode(scan("(%in) inits ()", "dimension = 0", args, yields, "(tensor<4x2xi32>) -> (tensor<4x2xi32>, tensor<2xi32>)"),
             "scan.regions");
  expectCode(scan("(%in) inits (%acc)", "dimension = 0", args, yields,
                  "(tensor<4x2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)"),
             "scan.result");
  // A bounded scan dimension: the slice drops it, the output keeps the bound.
  expectCode(scan("(%b) inits (%acc)", "dimension = 0", args, yields,
                  "(tensor<?x2xi32, #stablehlo.bounds<5, ?>>, tensor<2xi32>) -> "
                  "(tensor<?x2xi32, #stablehlo.bounds<5, ?>>, tensor<2xi32>)"),
             "");
  expectCode(scan("(%b) inits (%acc)", "dimension = 1", "%x: tensor<6xi32>, %c: tensor<2xi32>",
                  "%c, %c : tensor<2xi32>, tensor<2xi32>",
                  "(tensor<?x2xi32, #stablehlo.bounds<5, ?>>, tensor<2xi32>) -> (tensor<2x2xi32>, tensor<2xi32>)"),
             "scan.regions");
}

TEST(ChloConstantLike, ValueHasTheResultsElementType) {
  auto program = [](const std::string &value) {
    return "func.func @f(%x: tensor<3xf16>) {\n  %0 = \"chlo.constant_like\"(%x) {value = " + value +
           "} : (tensor<3xf16>) -> tensor<3xi8>\n  func.return\n}\n";
  };
  expectCode(program("7 : i8"), "");
  expectCode(program("7 : i16"), "constant_like.value");
  expectCode(program("7.0 : f16"), "constant_like.value");
}

TEST(ChloBroadcastSelect, PredicateBranchesAndBroadcastShape) {
  auto program = [](const std::string &pred, const std::string &onTrue, const std::string &onFalse,
                    const std::string &result) {
    return "func.func @f(%p: " + pred + ", %t: " + onTrue + ", %e: " + onFalse + ") {\n  %0 = \"chlo.broadcast_select\"(%p, %t, %e) : (" +
           pred + ", " + onTrue + ", " + onFalse + ") -> " + result + "\n  func.return\n}\n";
  };
  expectCode(program("tensor<2xi1>", "tensor<2xi32>", "tensor<2xi32>", "tensor<2xi32>"), "");
  expectCode(program("tensor<i1>", "tensor<3x2xf32>", "tensor<2xf32>", "tensor<3x2xf32>"), "");
  expectCode(program("tensor<2xi1>", "tensor<?xi32>", "tensor<?xi32>", "tensor<?xi32>"), "");
  expectCode(program("tensor<2xi1>", "tensor<2xi32>", "tensor<2xf32>", "tensor<2xi32>"), "broadcast_select.element_type");
  expectCode(program("tensor<2xi32>", "tensor<2xi32>", "tensor<2xi32>", "tensor<2xi32>"), "broadcast_select.pred");
  expectCode(program("tensor<3xi1>", "tensor<2xi32>", "tensor<2xi32>", "tensor<2xi32>"), "broadcast_select.shape");
  expectCode(program("tensor<2xi1>", "tensor<2xi32>", "tensor<2xi32>", "tensor<3xi32>"), "broadcast_select.shape");
}

}  // namespace
}  // namespace shlo
