// The ```mlir examples of the spec and of the early spec draft parse.
//
// A handful of examples are not valid MLIR as written (typos in the docs).
// They are listed below with the text that makes them invalid, and the test
// checks that they do fail, so the list cannot silently hide a regression.
#include <gtest/gtest.h>

#include <iostream>
#include <regex>

#include "semantic/diagnostics/SyntaxDiagnostics.h"
#include "semantic/syntax/SyntaxTree.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

namespace {

struct KnownInvalid {
  const char *marker;  // Text found only in the invalid example.
  const char *reason;
};

const KnownInvalid kKnownInvalid[] = {
    {"(tensor1x2xi64>)", "typo in the spec: `tensor1x2xi64>` lacks its `<`"},
    {"(tensor<7xf64)", "typo in the spec: `tensor<7xf64)` lacks its `>`"},
    {"// %operand: [\n              [0.0",
     "a `//` comment continued on lines without `//` (early draft)"},
};

std::vector<std::string> mlirBlocks(const std::string &markdown) {
  std::vector<std::string> blocks;
  std::regex fence("```mlir\\n([\\s\\S]*?)```");
  for (auto it = std::sregex_iterator(markdown.begin(), markdown.end(), fence); it != std::sregex_iterator(); ++it) {
    blocks.push_back((*it)[1].str());
  }
  return blocks;
}

const KnownInvalid *knownInvalid(const std::string &block) {
  for (const KnownInvalid &k : kKnownInvalid) {
    if (block.find(k.marker) != std::string::npos) return &k;
  }
  return nullptr;
}

void checkExamples(const std::string &relative, size_t expectedCount) {
  std::vector<std::string> blocks = mlirBlocks(test::readOrFail(test::sharedPath(relative)));
  EXPECT_EQ(blocks.size(), expectedCount) << relative;
  syntax::Parser parser;
  size_t passed = 0, invalid = 0, failed = 0;
  for (size_t i = 0; i < blocks.size(); ++i) {
    syntax::SyntaxTree tree = parser.parse(blocks[i]);
    auto diagnostics = syntax::collectSyntaxDiagnostics(tree, blocks[i]);
    if (const KnownInvalid *k = knownInvalid(blocks[i])) {
      ++invalid;
      EXPECT_FALSE(diagnostics.empty()) << relative << " example " << i << " is listed as invalid (" << k->reason
                                        << ") but parses: take it off the list";
      std::cout << "[ figures  ] " << relative << " example " << i << " not counted: " << k->reason << "\n";
      continue;
    }
    if (diagnostics.empty()) {
      ++passed;
    } else {
      ++failed;
      ADD_FAILURE() << relative << " example " << i << ": " << diagnostics[0].message << "\n" << blocks[i];
    }
  }
  std::cout << "[ figures  ] " << relative << " examples: " << passed << " passed, " << failed << " failed, "
            << invalid << " skipped (invalid as written, listed above)\n";
}

}  // namespace

TEST(DocumentationExamples, SpecExamplesParse) { checkExamples("spec/spec.md", 119); }

TEST(DocumentationExamples, EarlyDraftExamplesParse) { checkExamples("seeds/000_78172aefe6c33751.txt", 20); }
