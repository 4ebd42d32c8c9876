// Semantic tokens and folding ranges come from walks of the syntax tree
// that follow grammar/queries/highlights.scm and folds.scm (the queries
// themselves were too slow on large files); on every shared .mlir file the
// walks must give exactly what the queries give.
#include <gtest/gtest.h>

#include "ide/Features.h"
#include "tests/support/SharedFiles.h"

namespace shlo::ide {
namespace {

std::string describe(const SemanticToken &token) {
  return "[" + std::to_string(token.range.begin) + "," + std::to_string(token.range.end) + ") type " +
         std::to_string(token.type) + " modifiers " + std::to_string(token.modifiers);
}

/// Compares token lists; the first difference in the message.
::testing::AssertionResult sameTokens(const std::vector<SemanticToken> &walked,
                                      const std::vector<SemanticToken> &queried) {
  for (size_t i = 0; i < std::min(walked.size(), queried.size()); ++i) {
    const SemanticToken &a = walked[i], &b = queried[i];
    if (a.range != b.range || a.type != b.type || a.modifiers != b.modifiers) {
      return ::testing::AssertionFailure() << "token " << i << ": walk " << describe(a) << ", query " << describe(b);
    }
  }
  if (walked.size() != queried.size()) {
    return ::testing::AssertionFailure() << walked.size() << " tokens from the walk, " << queried.size()
                                         << " from the query";
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult sameFolds(const std::vector<Fold> &walked, const std::vector<Fold> &queried) {
  if (walked.size() != queried.size()) {
    return ::testing::AssertionFailure() << walked.size() << " folds from the walk, " << queried.size()
                                         << " from the query";
  }
  for (size_t i = 0; i < walked.size(); ++i) {
    if (walked[i].range != queried[i].range || walked[i].kind != queried[i].kind) {
      return ::testing::AssertionFailure() << "fold " << i << " differs: [" << walked[i].range.begin << ","
                                           << walked[i].range.end << ") against [" << queried[i].range.begin << ","
                                           << queried[i].range.end << ")";
    }
  }
  return ::testing::AssertionSuccess();
}

TEST(QueryWalk, TokensAndFoldsEqualTheQueriesOnEverySharedFile) {
  std::vector<std::string> files = test::sharedMlirFiles({"conformance", "models"});
  ASSERT_GT(files.size(), 1000u);
  syntax::Parser parser;
  size_t tokens = 0, folds = 0;
  for (const std::string &path : files) {
    // The syntax alone: the semantic refinement after either is the same
    // code (checked on the models below).
    AnalyzedFile file(path, test::readOrFail(path));
    file.analysis.tree = parser.parse(file.file.text());
    std::vector<SemanticToken> walked = semanticTokens(file);
    ASSERT_TRUE(sameTokens(walked, semanticTokensFromQuery(file))) << path;
    tokens += walked.size();
    // A range in the middle of the file too.
    uint32_t size = static_cast<uint32_t>(file.file.text().size());
    syntax::TextRange middle{size / 3, size / 3 + size / 10};
    ASSERT_TRUE(sameTokens(semanticTokens(file, &middle), semanticTokensFromQuery(file, &middle))) << path;
    std::vector<Fold> walkedFolds = foldingRanges(file);
    ASSERT_TRUE(sameFolds(walkedFolds, foldingRangesFromQuery(file))) << path;
    folds += walkedFolds.size();
  }
  // Real work was compared, not empty lists.
  EXPECT_GT(tokens, 100000u);
  EXPECT_GT(folds, 1000u);
}

TEST(QueryWalk, RefinedTokensEqualOnTheAnalysedModels) {
  for (const std::string &path : test::sharedMlirFiles({"models"})) {
    std::unique_ptr<AnalyzedFile> file = AnalyzedFile::analyze(path, test::readOrFail(path));
    std::vector<SemanticToken> walked = semanticTokens(*file);
    size_t parameters = 0;
    for (const SemanticToken &token : walked) parameters += token.type == kParameter;
    EXPECT_GT(parameters, 0u) << path;
    EXPECT_TRUE(sameTokens(walked, semanticTokensFromQuery(*file))) << path;
  }
}

}  // namespace
}  // namespace shlo::ide
