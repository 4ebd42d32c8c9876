// `shlo fmt --diff`'s unified diffs (formatter/UnifiedDiff.h) and printing
// rules added for conformance/print: arith.constant's pretty form,
// result_accuracy's default parameters left out, reduce's compact form over
// the op's own locations, alias definitions joined into one line,
// optimization_barrier with no operands, tensor encodings kept.
#include <gtest/gtest.h>

#include <string>

#include "formatter/Formatter.h"
#include "formatter/UnifiedDiff.h"

namespace shlo {
namespace {

std::string numbered(int from, int to) {
  std::string out;
  for (int i = from; i <= to; ++i) out += std::to_string(i) + "\n";
  return out;
}

TEST(UnifiedDiff, EqualTextsGiveNoDiff) { EXPECT_EQ(formatter::unifiedDiff("a\nb\n", "a\nb\n", "x", "x"), ""); }

TEST(UnifiedDiff, OneChangedLineWithThreeLinesOfContext) {
  std::string before = numbered(1, 10), after = before;
  after.replace(after.find("5\n"), 2, "five\n");
  EXPECT_EQ(formatter::unifiedDiff(before, after, "a.mlir", "a.mlir"),
            "--- a.mlir\n+++ a.mlir\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
}

TEST(UnifiedDiff, DistantChangesAreSeparateHunks) {
  std::string before = numbered(1, 20), after = before;
  after.replace(0, 2, "one\n");
  after.replace(after.find("20\n"), 3, "twenty\n");
  std::string diff = formatter::unifiedDiff(before, after, "a", "b");
  EXPECT_NE(diff.find("@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n"), std::string::npos) << diff;
  EXPECT_NE(diff.find("@@ -17,4 +17,4 @@\n 17\n 18\n 19\n-20\n+twenty\n"), std::string::npos) << diff;
}

TEST(UnifiedDiff, InsertionsDeletionsAndEmptyFiles) {
  std::string diff = formatter::unifiedDiff(numbered(1, 3), numbered(1, 4), "a", "a");
  EXPECT_EQ(diff, "--- a\n+++ a\n@@ -1,3 +1,4 @@\n 1\n 2\n 3\n+4\n");
  EXPECT_EQ(formatter::unifiedDiff("", "x\n", "a", "a"), "--- a\n+++ a\n@@ -0,0 +1 @@\n+x\n");
  EXPECT_EQ(formatter::unifiedDiff("x\ny\n", "", "a", "a"), "--- a\n+++ a\n@@ -1,2 +0,0 @@\n-x\n-y\n");
}

TEST(UnifiedDiff, MarksAMissingFinalLineBreak) {
  EXPECT_EQ(formatter::unifiedDiff("a\nb", "a\nb\n", "f", "f"),
            "--- f\n+++ f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n");
}

TEST(PrettyForms, ArithConstantAsMlirPrintsIt) {
  formatter::FormatResult r = formatter::formatDocument(
      "func.func @f() -> tensor<i32> {\n"
      "  %c = \"arith.constant\"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>\n"
      "  %i = \"arith.constant\"() {value = 3 : index} : () -> index\n"
      "  %b = \"arith.constant\"() {value = true} : () -> i1\n"
      "  return %c : tensor<i32>\n}\n");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_NE(r.text.find("  %c = arith.constant dense<-1> : tensor<i32>\n"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("  %i = arith.constant 3 : index\n"), std::string::npos) << r.text;
  // A value without a type (`true`) keeps the generic form: the pretty
  // `arith.constant true` is not read back by the grammar.
  EXPECT_NE(r.text.find("  %b = \"arith.constant\"() <{value = true}> : () -> i1\n"), std::string::npos) << r.text;
}

TEST(PrettyForms, ResultAccuracyLeavesDefaultParametersOut) {
  formatter::FormatResult r = formatter::formatDocument(
      "func.func @f() attributes {a = #stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 0, mode = "
      "#stablehlo.result_accuracy_mode<DEFAULT>>, b = #stablehlo.result_accuracy<atol = -0.0, rtol = 1.0e-4, "
      "ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} {\n  return\n}\n");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_NE(r.text.find("a = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>"),
            std::string::npos)
      << r.text;
  // -0.0 is not the default 0.0: kept.
  EXPECT_NE(r.text.find("b = #stablehlo.result_accuracy<atol = -0.000000e+00, rtol = 1.000000e-04, ulps = 2, mode = "
                        "#stablehlo.result_accuracy_mode<TOLERANCE>>"),
            std::string::npos)
      << r.text;
}

/// A reduce whose body's locations are `argLoc` (second block argument)
/// and `loc("foo")` elsewhere, the op's own `loc("foo")`.
std::string reduceWithLocations(const std::string &argLoc) {
  return "func.func @f(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {\n"
         "  %0 = \"stablehlo.reduce\"(%a, %i) ({\n"
         "  ^bb0(%x: tensor<f32> loc(\"foo\"), %y: tensor<f32> " + argLoc + "):\n"
         "    %1 = \"stablehlo.add\"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc(\"foo\")\n"
         "    \"stablehlo.return\"(%1) : (tensor<f32>) -> () loc(\"foo\")\n"
         "  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> loc(\"foo\")\n"
         "  return %0 : tensor<2xf32>\n}\n";
}

TEST(PrettyForms, CompactReduceWhenTheBodyHasTheOpsLocation) {
  formatter::FormatResult same = formatter::formatDocument(reduceWithLocations("loc(\"foo\")"));
  ASSERT_TRUE(same.ok) << same.error;
  EXPECT_NE(same.text.find("%0 = stablehlo.reduce(%a init: %i) applies stablehlo.add across dimensions = [1] : "
                           "(tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> loc(\"foo\")\n"),
            std::string::npos)
      << same.text;
  // Another location in the body would be lost: the region form keeps it.
  formatter::FormatResult other = formatter::formatDocument(reduceWithLocations("loc(\"bar\")"));
  ASSERT_TRUE(other.ok) << other.error;
  EXPECT_EQ(other.text.find("applies"), std::string::npos) << other.text;
  EXPECT_NE(other.text.find("%y: tensor<f32> loc(\"bar\")"), std::string::npos) << other.text;
}

TEST(PrettyForms, AliasDefinitionsOnOneLine) {
  std::string body = "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\n";
  formatter::FormatResult r = formatter::formatDocument(
      "#CSR = #sparse_tensor.encoding<{\n  map = (d0) -> (d0 : compressed)\n}>\n" + body);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.text, "#CSR = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>\n" + body);
  // A comment inside the definition: kept as written (joining would
  // swallow what follows it).
  std::string commented = "#CSR = #sparse_tensor.encoding<{\n  map = (d0) -> (d0 : compressed) // why\n}>\n" + body;
  formatter::FormatResult kept = formatter::formatDocument(commented);
  ASSERT_TRUE(kept.ok) << kept.error;
  EXPECT_NE(kept.text.find("// why\n}>\n"), std::string::npos) << kept.text;
}

TEST(PrettyForms, OptimizationBarrierWithoutOperands) {
  // MLIR prints attr-dict first and `()` for no operands (no type list).
  std::string generic =
      "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  \"stablehlo.optimization_barrier\"() : () -> ()\n"
      "  \"stablehlo.optimization_barrier\"() {xla.foo = 1 : i64} : () -> ()\n"
      "  %0 = \"stablehlo.optimization_barrier\"(%a) {xla.foo = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n";
  std::string pretty =
      "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  stablehlo.optimization_barrier()\n"
      "  stablehlo.optimization_barrier {xla.foo = 1 : i64}()\n"
      "  %0 = stablehlo.optimization_barrier {xla.foo = 1 : i64} %a : tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n";
  formatter::FormatResult r = formatter::formatDocument(generic);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.text, pretty);
  formatter::FormatResult again = formatter::formatDocument(pretty);
  ASSERT_TRUE(again.ok) << again.error;
  EXPECT_FALSE(again.changed()) << again.text;
  formatter::FormatOptions genericOptions;
  genericOptions.generic = true;
  formatter::FormatResult back = formatter::formatDocument(pretty, genericOptions);
  ASSERT_TRUE(back.ok) << back.error;
  EXPECT_NE(back.text.find("\"stablehlo.optimization_barrier\"() {xla.foo = 1 : i64} : () -> ()"), std::string::npos)
      << back.text;
}

TEST(PrettyForms, TensorEncodingsAreKept) {
  // A sparse encoding, by alias and written inline (on several lines):
  // printed back, one line each, in both forms.
  std::string text =
      "#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>\n"
      "func.func @f(%a: tensor<10x20xf32, #CSR>) -> tensor<10x20xf32> {\n"
      "  %0 = \"stablehlo.abs\"(%a) : (tensor<10x20xf32, #CSR>) -> tensor<10x20xf32, #CSR>\n"
      "  %1 = \"stablehlo.abs\"(%a) : (tensor<10x20xf32, #CSR>) -> tensor<10x20xf32, #sparse_tensor.encoding<{\n"
      "    map = (d0, d1) -> (d0 : dense, d1 : compressed)\n"
      "  }>>\n"
      "  %2 = \"stablehlo.abs\"(%a) : (tensor<10x20xf32, #CSR>) -> tensor<10x20xf32>\n"
      "  return %2 : tensor<10x20xf32>\n"
      "}\n";
  formatter::FormatResult r = formatter::formatDocument(text);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_NE(r.text.find("%0 = stablehlo.abs %a : tensor<10x20xf32, #CSR>\n"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("%1 = stablehlo.abs %a : (tensor<10x20xf32, #CSR>) -> tensor<10x20xf32, "
                        "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>>\n"),
            std::string::npos)
      << r.text;
  EXPECT_NE(r.text.find("%2 = stablehlo.abs %a : (tensor<10x20xf32, #CSR>) -> tensor<10x20xf32>\n"),
            std::string::npos)
      << r.text;
  formatter::FormatResult again = formatter::formatDocument(r.text);
  ASSERT_TRUE(again.ok) << again.error;
  EXPECT_FALSE(again.changed()) << again.text;
}

TEST(PrettyForms, FileMetadataKeptAsWritten) {
  // The resource section's nesting is what makes a blob readable: kept with
  // its indentation (and a comment after `#-}`), and formatting it again
  // changes nothing.
  std::string text =
      "func.func @f() -> tensor<2xf32> {\n"
      "  %0 = stablehlo.constant dense_resource<w> : tensor<2xf32>\n"
      "  return %0 : tensor<2xf32>\n"
      "}\n"
      "{-#\n  dialect_resources: {\n    builtin: {\n      w: \"0x040000000000803F00000040\"\n    }\n  }\n#-} // weights\n";
  formatter::FormatResult r = formatter::formatDocument(text);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.text, text);
  EXPECT_FALSE(r.changed());
}

}  // namespace
}  // namespace shlo
