// Incremental analysis inside a function (semantic/analysis/
// IncrementalAnalysis.h): random one-character edits of pt_bert's @main,
// the function that is 93% of the file, each re-analysed incrementally and
// compared with a full analysis of the same text (tree, diagnostics, IR),
// and the ops of @main that the edit left alone copied, not lowered again.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "semantic/analysis/IncrementalAnalysis.h"
#include "tests/semantic/AnalysisDump.h"
#include "tests/semantic/RandomEdits.h"

using namespace shlo;

namespace {

std::string readBert() {
  std::ifstream in(std::string(SHLO_SHARED_DIR) + "/models/pt_bert.mlir", std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

TEST(IntraFunctionIncremental, RandomCharacterEditsOfBertMainEqualAFullAnalysis) {
  std::string text = readBert();
  ASSERT_FALSE(text.empty());
  size_t mainBegin = text.find("func.func public @main(");
  if (mainBegin == std::string::npos) mainBegin = text.find("func.func @main(");
  ASSERT_NE(mainBegin, std::string::npos);
  size_t mainEnd = text.find("\n  func.func", mainBegin + 1);
  ASSERT_NE(mainEnd, std::string::npos);
  syntax::Parser parser;
  analysis::Analysis current = analysis::analyze(parser, text);
  // Characters a user types in an op: digits and letters of names, sigils,
  // punctuation of types and attributes, blanks.
  const std::string typed = "0123456789abcxyz%#@_:,=()<>[]{} \n.-";
  std::mt19937 random(20261125);
  size_t reusedOperations = 0, loweredOperations = 0, checked = 0, reparsed = 0, errorFree = 0;
  // Each random edit is followed by its inverse, so the text stays pt_bert
  // and the edits hit intact ops, as typing does.
  for (int step = 0; step < 8; ++step) {
    uint32_t at = static_cast<uint32_t>(mainBegin + 30 + random() % (mainEnd - mainBegin - 60));
    std::string inserted;
    uint32_t removed = 0;
    switch (random() % 3) {
      case 0:
        inserted = std::string(1, typed[random() % typed.size()]);
        break;
      case 1:
        removed = 1;
        break;
      default:
        inserted = std::string(1, typed[random() % typed.size()]);
        removed = 1;
    }
    std::string original = text.substr(at, removed);
    for (int pass = 0; pass < 2; ++pass) {
      syntax::SyntaxTree edited = current.tree.copy();
      syntax::InputEdit edit = pass == 0 ? test::replaceText(text, at, at + removed, inserted)
                                         : test::replaceText(text, at, at + static_cast<uint32_t>(inserted.size()), original);
      edited.edit(edit);
      analysis::IncrementalStats stats;
      analysis::Analysis next = analysis::reanalyze(parser, text, current, edited, {edit}, &stats);
      syntax::Parser fresh;
      analysis::Analysis full = analysis::analyze(fresh, text);
      std::string difference = test::differenceFromFull(next, full);
      ASSERT_EQ(difference, "") << "step " << step << " pass " << pass << ": at " << at << " `" << original
                                << "` -> `" << inserted << "`";
      // Around a syntax error ops are not reused (IncrementalAnalysis.cpp):
      // the ratio below counts the edits between error-free texts.
      if (!current.tree.hasErrors() && !next.tree.hasErrors()) {
        reusedOperations += stats.reusedOperations;
        loweredOperations += stats.loweredOperations;
        ++errorFree;
      }
      reparsed += stats.reparsed;
      ++checked;
      current = std::move(next);
    }
  }
  std::cout << "[ figures  ] " << checked << " one-character edits of pt_bert's @main equal to a full analysis; over the " << errorFree
            << " between error-free texts, ops of @main copied " << reusedOperations << ", lowered again " << loweredOperations << "; texts with errors "
            << "parsed again " << reparsed << "\n";
  // An edit touches one op and the ops using its results: nearly all of
  // @main's ops are copied.
  ASSERT_GT(errorFree, 0u);
  EXPECT_GT(reusedOperations, 20 * loweredOperations);
}

TEST(IntraFunctionIncremental, RenamingAResultRelowersItsUsersOnly) {
  std::string text = readBert();
  ASSERT_FALSE(text.empty());
  syntax::Parser parser;
  analysis::Analysis current = analysis::analyze(parser, text);
  // bench_lsp's edit: a `1` typed at the end of a result's name in the
  // middle of @main, so its uses become undefined.
  uint32_t at = static_cast<uint32_t>(text.find(" = ", text.size() / 2));
  syntax::SyntaxTree edited = current.tree.copy();
  syntax::InputEdit edit = test::replaceText(text, at, at, "1");
  edited.edit(edit);
  analysis::IncrementalStats stats;
  auto start = std::chrono::steady_clock::now();
  analysis::Analysis next = analysis::reanalyze(parser, text, current, edited, {edit}, &stats);
  auto incremental = std::chrono::steady_clock::now() - start;
  syntax::Parser fresh;
  start = std::chrono::steady_clock::now();
  analysis::Analysis full = analysis::analyze(fresh, text);
  auto scratch = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(test::differenceFromFull(next, full), "");
  // For scale only (not asserted: the machine may be busy).
  std::cout << "[ figures  ] bench_lsp's edit of @main: incremental analysis "
            << std::chrono::duration<double, std::milli>(incremental).count() << " ms, full analysis "
            << std::chrono::duration<double, std::milli>(scratch).count() << " ms; ops copied "
            << stats.reusedOperations << ", lowered " << stats.loweredOperations << ", verified again "
            << stats.reverifiedOperations << "\n";
  EXPECT_EQ(stats.relowered, std::vector<std::string>{"main"});
  EXPECT_GT(stats.reusedOperations, 1000u);
  EXPECT_GE(stats.loweredOperations, 2u);  // The op and its users.
  EXPECT_LT(stats.loweredOperations, 20u);
  // Verified again: those, the ops using their results, returns and calls;
  // the others' findings are reused.
  EXPECT_GT(stats.reverifiedOperations, 0u);
  EXPECT_LT(stats.reverifiedOperations, 100u);
}

}  // namespace
