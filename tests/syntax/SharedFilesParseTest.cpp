// Every real StableHLO file we have parses without a syntax error.
#include <gtest/gtest.h>

#include <iostream>

#include "semantic/diagnostics/SyntaxDiagnostics.h"
#include "semantic/syntax/SyntaxTree.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

TEST(SharedFiles, EveryConformanceAndModelFileParsesWithoutErrors) {
  std::vector<std::string> files = test::sharedMlirFiles({"conformance", "models"});
  // The shared tree holds over a thousand files; an empty list means the
  // checkout is broken, not that everything passed.
  ASSERT_GT(files.size(), 1000u);
  syntax::Parser parser;
  size_t failed = 0;
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    syntax::SyntaxTree tree = parser.parse(text);
    std::vector<Diagnostic> diagnostics = syntax::collectSyntaxDiagnostics(tree, text);
    if (!diagnostics.empty()) {
      ++failed;
      ADD_FAILURE() << path << ": " << diagnostics.size() << " syntax errors, first at byte "
                    << diagnostics[0].range.begin << ": " << diagnostics[0].message;
    }
  }
  std::cout << "[ figures  ] shared files parsed: " << files.size() - failed << " passed, " << failed
            << " failed, 0 skipped\n";
}
