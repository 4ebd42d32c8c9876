// Bad input never crashes or hangs the parser or the walks over its tree: a
// binary file, invalid UTF-8, a 50 MB file, 10,000 nested brackets, an empty
// file. Each gets a clear error or an empty result, with bounded memory.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <random>
#include <sstream>

#include "semantic/syntax/SourceFile.h"
#include "semantic/diagnostics/SyntaxDiagnostics.h"
#include "semantic/syntax/SyntaxTree.h"
#include "semantic/syntax/TreePrinter.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

namespace {

/// Parses `text`, collects its diagnostics and prints its tree: the work
/// `shlo parse --tree` does. Checks that every range lies within the text.
std::vector<Diagnostic> parseAndWalk(const std::string &text) {
  syntax::Parser parser;
  syntax::SyntaxTree tree = parser.parse(text);
  EXPECT_TRUE(tree.valid());
  std::vector<Diagnostic> diagnostics = syntax::collectSyntaxDiagnostics(tree, text);
  for (const Diagnostic &d : diagnostics) {
    EXPECT_LE(d.range.begin, d.range.end);
    EXPECT_LE(d.range.end, text.size());
    EXPECT_FALSE(d.message.empty());
  }
  std::ostringstream sink;
  syntax::printTree(tree, sink);
  size_t operations = 0;
  syntax::forEachOperation(tree, [&](syntax::Node) { ++operations; });
  return diagnostics;
}

long maxResidentKilobytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

}  // namespace

TEST(BadInput, EmptyFileHasNoDiagnostics) {
  EXPECT_TRUE(parseAndWalk("").empty());
  EXPECT_TRUE(parseAndWalk("  \n\n// only a comment\n").empty());
}

TEST(BadInput, BinaryFileGetsErrorsNotACrash) {
  std::mt19937 random(42);
  std::string text(1 << 20, '\0');
  for (char &c : text) c = static_cast<char>(random() & 0xFF);
  std::vector<Diagnostic> diagnostics = parseAndWalk(text);
  EXPECT_FALSE(diagnostics.empty());
}

TEST(BadInput, InvalidUtf8InCommentsAndStringsIsAccepted) {
  std::string text = "// caf\xC3\x28 \xFF\xFE\n"
                     "%0 = stablehlo.custom_call @foo() {backend_config = \"\xC0\xAF\"} : () -> tensor<f32>\n";
  EXPECT_TRUE(parseAndWalk(text).empty());
}

TEST(BadInput, InvalidUtf8InCodeIsAnErrorAtItsPlace) {
  std::string text = "%0 = stablehlo.abs \xFF\xFE : tensor<f32>\n";
  std::vector<Diagnostic> diagnostics = parseAndWalk(text);
  ASSERT_FALSE(diagnostics.empty());
  EXPECT_GE(diagnostics[0].range.begin, 18u);
}

TEST(BadInput, TenThousandNestedBracketsParseWhenBalanced) {
  const int depth = 10000;
  std::string text = "%0 = \"test.op\"() {nested = " + std::string(depth, '[') + "1" + std::string(depth, ']') +
                     "} : () -> ()\n";
  EXPECT_TRUE(parseAndWalk(text).empty());
}

TEST(BadInput, TenThousandUnclosedBracketsGetErrors) {
  for (char open : {'[', '(', '{', '<'}) {
    std::string text = "%0 = \"test.op\"() {nested = " + std::string(10000, open) + "\n";
    EXPECT_FALSE(parseAndWalk(text).empty()) << open;
    EXPECT_FALSE(parseAndWalk(std::string(10000, open)).empty()) << open;
  }
}

TEST(BadInput, FiftyMegabyteFileParsesWithBoundedMemory) {
  std::string model = test::readOrFail(test::sharedPath("models/pt_bert.mlir"));
  ASSERT_FALSE(model.empty());
  std::string text;
  text.reserve(51 << 20);
  while (text.size() < (50u << 20)) text += model;
  long before = maxResidentKilobytes();
  syntax::Parser parser;
  syntax::SyntaxTree tree = parser.parse(text);
  EXPECT_FALSE(tree.hasErrors());
  long grownMegabytes = (maxResidentKilobytes() - before) / 1024;
  long textMegabytes = static_cast<long>(text.size() >> 20);
  std::cout << "[ figures  ] " << textMegabytes << " MB file: peak resident memory grew by " << grownMegabytes
            << " MB while parsing\n";
  // The tree costs a fixed multiple of the text (about 21x on this input,
  // measured alone in its process); 32x leaves room for the allocator and
  // still stops a leak or a super-linear blow-up.
  EXPECT_LT(grownMegabytes, 32 * textMegabytes);
}
