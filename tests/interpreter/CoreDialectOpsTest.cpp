// Core-dialect ops of dynamic programs (arith, index, tensor, shape and the
// older std spellings) through the real pipeline: parse, lower, verify
// (no errors) and run, with check.* ops asserting the computed values.
#include <gtest/gtest.h>

#include "interpreter/Interpreter.h"
#include "semantic/analysis/Analysis.h"
#include "tests/support/Programs.h"

using namespace shlo;
using namespace shlo::interpreter;

namespace {

/// Runs @main of `text`; the analysis must report no error.
FunctionOutcome runMain(const std::string &text, analysis::Analysis &keep) { return test::runProgram(text, keep); }

void expectPasses(const std::string &text, int checks) {
  analysis::Analysis keep;
  FunctionOutcome r = runMain(text, keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::Passed) << r.message << " (" << r.opName << ")";
  EXPECT_EQ(r.checks, checks);
}

}  // namespace

TEST(CoreDialectOps, ArithOnIndexComputesAReshapeSize) {
  // The shape arithmetic of a dynamic reshape: [d0 * d1] from tensor.dim.
  expectPasses(R"(func.func @main() {
  %t = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %x = tensor.cast %t : tensor<2x3xi32> to tensor<?x?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xi32>
  %n = arith.muli %d0, %d1 : index
  %shape = tensor.from_elements %n : tensor<1xindex>
  %flat = stablehlo.dynamic_reshape %x, %shape : (tensor<?x?xi32>, tensor<1xindex>) -> tensor<?xi32>
  %s = tensor.cast %flat : tensor<?xi32> to tensor<6xi32>
  check.expect_eq_const %s, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  func.return
})",
               1);
}

TEST(CoreDialectOps, IntegerArithmeticCompareSelectAndCasts) {
  expectPasses(R"(func.func @main() {
  %a = arith.constant 7 : i32
  %b = arith.constant -2 : i32
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  %u = arith.divui %a, %b : i32
  %s = arith.subi %a, %b : i32
  %lt = arith.cmpi slt, %b, %a : i32
  %ult = arith.cmpi ult, %b, %a : i32
  %m = arith.select %lt, %q, %r : i32
  %i = arith.index_cast %m : i32 to index
  %w = arith.extsi %b : i32 to i64
  %z = arith.extui %b : i32 to i64
  %h = arith.trunci %w : i64 to i8
  %t0 = tensor.from_elements %q, %r, %u, %s, %m : tensor<5xi32>
  check.expect_eq_const %t0, dense<[-3, 1, 0, 9, -3]> : tensor<5xi32>
  %t1 = tensor.from_elements %lt, %ult : tensor<2xi1>
  check.expect_eq_const %t1, dense<[true, false]> : tensor<2xi1>
  %t2 = tensor.from_elements %w, %z : tensor<2xi64>
  check.expect_eq_const %t2, dense<[-2, 4294967294]> : tensor<2xi64>
  %t3 = tensor.from_elements %i : tensor<1xindex>
  check.expect_eq_const %t3, dense<[-3]> : tensor<1xindex>
  %t4 = tensor.from_elements %h : tensor<1xi8>
  check.expect_eq_const %t4, dense<[-2]> : tensor<1xi8>
  %true = arith.constant true : i1
  %pick = arith.select %true, %a, %b : i32
  %big = arith.constant 4294967295 : i64
  %wrap = arith.trunci %big : i64 to i32
  %t5 = tensor.from_elements %pick, %wrap : tensor<2xi32>
  check.expect_eq_const %t5, dense<[7, -1]> : tensor<2xi32>
  func.return
})",
               6);
}

TEST(CoreDialectOps, FloatArithmeticOnScalarsAndZeroDTensors) {
  expectPasses(R"(func.func @main() {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.0 : f32
  %s = arith.addf %a, %b : f32
  %p = arith.mulf %s, %b : f32
  %d = arith.divf %p, %a : f32
  %n = arith.negf %d : f32
  %c = arith.cmpf olt, %n, %a : f32
  %t = tensor.from_elements %s, %p, %n : tensor<3xf32>
  check.expect_eq_const %t, dense<[3.5, 7.0, -4.66666651]> : tensor<3xf32>
  %x = stablehlo.constant dense<2.5> : tensor<f32>
  %y = arith.mulf %x, %x : tensor<f32>
  check.expect_eq_const %y, dense<6.25> : tensor<f32>
  %e = tensor.extract %x[] : tensor<f32>
  %f = arith.fptosi %e : f32 to i32
  %g = arith.sitofp %f : i32 to f64
  %tc = tensor.from_elements %c : tensor<1xi1>
  check.expect_eq_const %tc, dense<true> : tensor<1xi1>
  %tg = tensor.from_elements %g : tensor<1xf64>
  check.expect_eq_const %tg, dense<2.0> : tensor<1xf64>
  func.return
})",
               4);
}

TEST(CoreDialectOps, ShapeOfNumElementsAndExtract) {
  expectPasses(R"(func.func @main() {
  %t = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %s = shape.shape_of %t : tensor<2x3xi32> -> tensor<2xindex>
  check.expect_eq_const %s, dense<[2, 3]> : tensor<2xindex>
  %n = shape.num_elements %s : tensor<2xindex> -> index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.extract %t[%c1, %c2] : tensor<2x3xi32>
  %ne = tensor.from_elements %n : tensor<1xindex>
  check.expect_eq_const %ne, dense<6> : tensor<1xindex>
  %te = tensor.from_elements %e : tensor<1xi32>
  check.expect_eq_const %te, dense<6> : tensor<1xi32>
  func.return
})",
               3);
}

TEST(CoreDialectOps, IndexDialect) {
  expectPasses(R"(func.func @main() {
  %a = index.constant 10
  %b = index.constant 4
  %s = index.sub %a, %b
  %m = index.mul %s, %b
  %q = index.divs %m, %b
  %r = index.rems %a, %b
  %t = tensor.from_elements %s, %m, %q, %r : tensor<4xindex>
  check.expect_eq_const %t, dense<[6, 24, 6, 2]> : tensor<4xindex>
  func.return
})",
               1);
}

TEST(CoreDialectOps, GenericAndStdForms) {
  // Generic forms and the pre-arith `std` dialect spellings.
  expectPasses(R"(func.func @main() {
  %a = "std.constant"() {value = 6 : index} : () -> index
  %b = "std.constant"() {value = 4 : index} : () -> index
  %s = "std.addi"(%a, %b) : (index, index) -> index
  %c = "std.cmpi"(%s, %a) {predicate = 4 : i64} : (index, index) -> i1
  %d = "std.select"(%c, %s, %a) : (i1, index, index) -> index
  %t = "tensor.from_elements"(%d) : (index) -> tensor<1xindex>
  check.expect_eq_const %t, dense<10> : tensor<1xindex>
  %x = "arith.cmpi"(%a, %b) {predicate = 2 : i64} : (index, index) -> i1
  %tx = "tensor.from_elements"(%x) : (i1) -> tensor<1xi1>
  check.expect_eq_const %tx, dense<false> : tensor<1xi1>
  func.return
})",
               2);
}

TEST(CoreDialectOps, DivisionByZeroIsARuntimeErrorWithTheOpsRange) {
  std::string text = R"(func.func @main() {
  %a = arith.constant 7 : index
  %z = arith.constant 0 : index
  %q = arith.divsi %a, %z : index
  func.return
})";
  analysis::Analysis keep;
  FunctionOutcome r = runMain(text, keep);
  EXPECT_EQ(r.status, FunctionOutcome::Status::RuntimeError);
  EXPECT_NE(r.message.find("division by zero"), std::string::npos) << r.message;
  EXPECT_EQ(r.opName, "arith.divsi");
  ASSERT_TRUE(r.range.has_value());
  EXPECT_EQ(text.substr(r.range->begin, 16), "%q = arith.divsi");
}

TEST(CoreDialectOps, StdPrettyFormsWithoutADialectPrefix) {
  // Before the arith split, `std` ops printed without a prefix.
  expectPasses(R"(func.func @main() {
  %a = constant 6 : index
  %b = constant 4 : index
  %s = addi %a, %b : index
  %m = muli %s, %b : index
  %t = "tensor.from_elements"(%s, %m) : (index, index) -> tensor<2xindex>
  check.expect_eq_const %t, dense<[10, 40]> : tensor<2xindex>
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %c1 = constant 1 : index
  %d = "std.dim"(%x, %c1) : (tensor<1x3xf32>, index) -> index
  %td = "tensor.from_elements"(%d) : (index) -> tensor<1xindex>
  check.expect_eq_const %td, dense<3> : tensor<1xindex>
  func.return
})",
               2);
}
