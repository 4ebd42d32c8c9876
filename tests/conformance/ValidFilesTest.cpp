// No error on any valid file: the interpreter tests, the JAX-generated test
// programs, the printer tests and the model exports all pass `shlo check`
// (each `// -----` chunk on its own, as StableHLO runs them).
#include <gtest/gtest.h>

#include <iostream>

#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/syntax/SourceFile.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

TEST(ValidFiles, CheckReportsNoErrorOnValidFiles) {
  std::vector<std::string> files =
      test::sharedMlirFiles({"conformance/interpret", "conformance/testdata", "conformance/print", "models"});
  ASSERT_GT(files.size(), 1000u);
  syntax::Parser parser;
  size_t failed = 0;
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    for (const analysis::Chunk &chunk : analysis::splitInput(text)) {
      analysis::Analysis result = analysis::analyze(parser, chunk.text);
      auto error = std::find_if(result.diagnostics.begin(), result.diagnostics.end(),
                                [](const Diagnostic &d) { return d.severity == Severity::Error; });
      if (error == result.diagnostics.end()) continue;
      ++failed;
      syntax::SourceFile file(path, text);
      auto p = file.position(chunk.offset + error->range.begin, syntax::PositionEncoding::UTF8);
      ADD_FAILURE() << path << ":" << p.line + 1 << ":" << p.character + 1 << ": " << error->message << " ["
                    << error->code << "]";
      break;
    }
  }
  std::cout << "[ figures  ] valid files checked: " << files.size() - failed << " passed, " << failed
            << " failed, 0 skipped\n";
}
