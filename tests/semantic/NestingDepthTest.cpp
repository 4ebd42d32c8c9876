// Depth limits (issue 18): nesting beyond syntax::kMaxNestingDepth is a
// `lower.too-deep` error at the node that crosses the limit, never a stack
// overflow, for every recursive walk of lowering; anything up to the limit
// lowers as before.
#include <gtest/gtest.h>

#include <sstream>

#include "semantic/analysis/Analysis.h"
#include "semantic/syntax/Limits.h"
#include "semantic/syntax/SyntaxTree.h"
#include "semantic/syntax/TreePrinter.h"

using namespace shlo;

namespace {

constexpr int kDeep = 100000;

std::string repeat(std::string_view piece, int times) {
  std::string out;
  out.reserve(piece.size() * static_cast<size_t>(times));
  for (int i = 0; i < times; ++i) out += piece;
  return out;
}

/// A constant op whose attribute `a` is `[` x depth `]` x depth.
std::string nestedArrays(int depth) {
  return "%0 = \"test.op\"() {a = " + repeat("[", depth) + repeat("]", depth) + "} : () -> i32\n";
}

std::string nestedTuples(int depth) {
  return "func.func @f(%a: " + repeat("tuple<", depth) + "i32" + repeat(">", depth) + ") {\n  return\n}\n";
}

std::string nestedRegions(int depth) {
  return repeat("\"test.r\"() ({\n", depth) + repeat("}) : () -> ()\n", depth);
}

std::string nestedDense(int depth) {
  return "%0 = stablehlo.constant dense<" + repeat("[", depth) + "1" + repeat("]", depth) +
         "> : tensor<" + repeat("1x", depth) + "i32>\n";
}

std::string nestedLocation(int depth) {
  return "%0 = \"test.op\"() : () -> i32 loc(" + repeat("\"n\"(", depth) + "unknown" + repeat(")", depth) + ")\n";
}

/// Diagnostics of the code `lower.too-deep`, and where the first one is.
struct TooDeep {
  size_t count = 0;
  uint32_t firstOffset = 0;
};

TooDeep tooDeep(const std::string &text, size_t *otherErrors = nullptr) {
  syntax::Parser parser;
  analysis::Analysis a = analysis::analyze(parser, text);
  TooDeep out;
  size_t others = 0;
  for (const Diagnostic &d : a.diagnostics) {
    if (d.code == "lower.too-deep") {
      if (out.count++ == 0) out.firstOffset = d.range.begin;
    } else {
      ++others;
    }
  }
  if (otherErrors) *otherErrors = others;
  return out;
}

TEST(NestingDepth, AttributeArrays) {
  std::string text = nestedArrays(kDeep);
  TooDeep t = tooDeep(text);
  EXPECT_GE(t.count, 1u);
  // The innermost array lowering still reads is at the limit.
  EXPECT_EQ(t.firstOffset, text.find('[') + static_cast<uint32_t>(syntax::kMaxNestingDepth) - 1);
  size_t others = 0;
  EXPECT_EQ(tooDeep(nestedArrays(100), &others).count, 0u);
  EXPECT_EQ(others, 0u);
}

TEST(NestingDepth, TupleTypes) {
  std::string text = nestedTuples(kDeep);
  TooDeep t = tooDeep(text);
  EXPECT_GE(t.count, 1u);
  EXPECT_GT(t.firstOffset, text.find("tuple<"));
  EXPECT_EQ(tooDeep(nestedTuples(100)).count, 0u);
}

TEST(NestingDepth, Regions) {
  std::string text = nestedRegions(kDeep);
  TooDeep t = tooDeep(text);
  EXPECT_EQ(t.count, 1u);
  EXPECT_EQ(tooDeep(nestedRegions(100)).count, 0u);
}

TEST(NestingDepth, DenseLiterals) {
  std::string text = nestedDense(kDeep);
  TooDeep t = tooDeep(text);
  EXPECT_EQ(t.count, 1u);
  EXPECT_EQ(t.firstOffset, text.find('['));
  EXPECT_EQ(tooDeep(nestedDense(100)).count, 0u);
}

TEST(NestingDepth, Locations) {
  std::string text = nestedLocation(kDeep);
  TooDeep t = tooDeep(text);
  EXPECT_GE(t.count, 1u);
  EXPECT_EQ(tooDeep(nestedLocation(100)).count, 0u);
}

TEST(NestingDepth, TreePrinterIndentationIsBounded) {
  std::string text = nestedArrays(kDeep);
  syntax::Parser parser;
  syntax::SyntaxTree tree = parser.parse(text);
  std::ostringstream out;
  syntax::printTree(tree, out);
  // Every one of the 100k nested arrays is printed, each line at most the
  // capped indentation plus the node itself and its closing parentheses:
  // the output grows linearly with the depth, not quadratically.
  size_t lines = 0, start = 0;
  std::string printed = out.str();
  for (size_t nl; (nl = printed.find('\n', start)) != std::string::npos; start = nl + 1) ++lines;
  EXPECT_GT(lines, static_cast<size_t>(kDeep));
  EXPECT_LE(printed.size(), lines * (2 * static_cast<size_t>(syntax::kMaxNestingDepth) + 100));
}

}  // namespace
