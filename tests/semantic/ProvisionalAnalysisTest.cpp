// The language server's provisional incremental analysis
// (analysis::Exactness::Provisional): around a syntax error the incremental
// tree is kept and ops are reused, so the result may differ from a full
// analysis. What must hold: a result not flagged provisional (nor built on
// one) equals a full analysis exactly; an edit leaving a syntax error in
// pt_bert's @main copies @main's ops instead of lowering them. How often a
// provisional result differs (what the server's confirmation corrects) is
// counted and printed, over pt_bert's @main and every shared file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "semantic/analysis/IncrementalAnalysis.h"
#include "tests/semantic/AnalysisDump.h"
#include "tests/semantic/RandomEdits.h"

using namespace shlo;

namespace {

std::string readFile(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

/// The lines of `a` that `b` does not have, each indented.
std::string linesMissingFrom(const std::string &a, const std::string &b) {
  std::istringstream inB(b);
  std::vector<std::string> linesOfB;
  for (std::string line; std::getline(inB, line);) linesOfB.push_back(line);
  std::istringstream inA(a);
  std::string out;
  for (std::string line; std::getline(inA, line);) {
    if (std::find(linesOfB.begin(), linesOfB.end(), line) == linesOfB.end()) out += "    " + line + "\n";
  }
  return out;
}

constexpr size_t kDifferencesKept = 20;

/// Follows a chain of provisional analyses as the server does between two
/// confirmations, comparing each with a full analysis.
struct Chain {
  syntax::Parser parser, fresh;
  analysis::Analysis current;
  bool provisional = false;  // The current analysis may differ from a full one.
  size_t steps = 0, provisionalSteps = 0, differentDiagnostics = 0, differentTrees = 0;
  size_t reusedOperations = 0, loweredOperations = 0;
  /// The first provisional results whose diagnostics differ: the edit and
  /// the diagnostics each side has that the other lacks.
  std::vector<std::string> differences;

  explicit Chain(std::string_view text) : current(analysis::analyze(parser, text)) {}

  /// Re-analyses `text` after `edits`; false (with a failure) when a result
  /// not flagged provisional differs from a full analysis.
  bool step(std::string_view text, const std::vector<syntax::InputEdit> &edits, const std::string &what) {
    syntax::SyntaxTree edited = current.tree.copy();
    for (const syntax::InputEdit &edit : edits) edited.edit(edit);
    analysis::IncrementalStats stats;
    analysis::Analysis next = analysis::reanalyze(parser, text, current, edited, edits, &stats,
                                                  analysis::kExactRecoveryLimit, analysis::Exactness::Provisional);
    // As lsp::buildSnapshot: what was copied from a provisional analysis
    // may be wrong too.
    provisional = stats.provisional || (provisional && stats.incremental);
    analysis::Analysis full = analysis::analyze(fresh, text);
    ++steps;
    if (provisional) {
      ++provisionalSteps;
      differentTrees += test::dumpTree(next.tree) != test::dumpTree(full.tree);
      std::string provisionalText = test::dumpDiagnostics(next.diagnostics);
      std::string fullText = test::dumpDiagnostics(full.diagnostics);
      if (provisionalText != fullText) {
        ++differentDiagnostics;
        if (differences.size() < kDifferencesKept) {
          differences.push_back(what + "\n  provisional only:\n" + linesMissingFrom(provisionalText, fullText) +
                                "  full only:\n" + linesMissingFrom(fullText, provisionalText));
        }
      }
      if (next.tree.hasErrors()) {
        reusedOperations += stats.reusedOperations;
        loweredOperations += stats.loweredOperations;
      }
    } else {
      std::string difference = test::differenceFromFull(next, full);
      if (!difference.empty()) {
        ADD_FAILURE() << what << ": not provisional, yet " << difference;
        return false;
      }
    }
    if (!next.tree.hasErrors() && !provisional) EXPECT_FALSE(stats.provisional) << what;
    current = std::move(next);
    return true;
  }

  /// The server's confirmation: a full analysis replaces the current one.
  void confirm(std::string_view text) {
    current = analysis::analyze(parser, text);
    provisional = false;
  }
};

TEST(ProvisionalAnalysis, SyntaxErrorsInBertMainCopyItsOps) {
  std::string text = readFile(std::string(SHLO_SHARED_DIR) + "/models/pt_bert.mlir");
  ASSERT_FALSE(text.empty());
  size_t mainBegin = text.find("func.func public @main(");
  ASSERT_NE(mainBegin, std::string::npos);
  size_t mainEnd = text.find("\n  func.func", mainBegin + 1);
  ASSERT_NE(mainEnd, std::string::npos);
  mainBegin = text.find('\n', mainBegin);  // Past the signature.
  // Characters that break an op where they land.
  const std::string typed = "(){}<>[]=:,%@\"";
  std::mt19937 random(20261127);
  Chain chain(text);
  // Each edit is followed by its inverse (typing a character, then deleting
  // it), without a confirmation in between: the server's worst case.
  for (int step = 0; step < 12; ++step) {
    uint32_t at = static_cast<uint32_t>(mainBegin + 1 + random() % (mainEnd - mainBegin - 2));
    std::string inserted(1, typed[random() % typed.size()]);
    std::string what = "step " + std::to_string(step) + ": `" + inserted + "` at " + std::to_string(at);
    syntax::InputEdit insert = test::replaceText(text, at, at, inserted);
    ASSERT_TRUE(chain.step(text, {insert}, what));
    syntax::InputEdit remove = test::replaceText(text, at, at + 1, "");
    ASSERT_TRUE(chain.step(text, {remove}, what + " removed"));
  }
  std::cout << "[ figures  ] pt_bert @main, " << chain.steps << " edits (a character typed, then removed): "
            << chain.provisionalSteps << " provisional, of which diagnostics differ from a full analysis in "
            << chain.differentDiagnostics << ", trees in " << chain.differentTrees
            << "; with errors, ops of @main copied " << chain.reusedOperations << ", lowered "
            << chain.loweredOperations << "\n";
  ASSERT_GT(chain.provisionalSteps, 0u);
  // The point of it: a syntax error in @main no longer lowers @main again.
  EXPECT_GT(chain.reusedOperations, 20 * chain.loweredOperations);
}

TEST(ProvisionalAnalysis, RandomEditsOfEverySharedFile) {
  std::vector<std::filesystem::path> files;
  for (const auto &entry : std::filesystem::recursive_directory_iterator(SHLO_SHARED_DIR)) {
    if (entry.is_regular_file() && entry.path().extension() == ".mlir") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 1000u);
  size_t skipped = 0, steps = 0, provisionalSteps = 0, differentDiagnostics = 0, differentTrees = 0;
  std::vector<std::string> differences;
  test::RandomEditor editor(20261127);
  for (const std::filesystem::path &file : files) {
    std::string text = readFile(file);
    // The models (100 KB and more) take seconds each; pt_bert has its own
    // test above.
    if (text.size() > 100'000) {
      ++skipped;
      continue;
    }
    Chain chain(text);
    for (int step = 0; step < 6; ++step) {
      std::vector<syntax::InputEdit> edits{editor.randomEdit(text)};
      ASSERT_TRUE(chain.step(text, edits, file.string() + " step " + std::to_string(step) + " " + test::dumpEdits(edits)));
      // Now and then the typing pauses and the server confirms.
      if (editor.pick(3) == 0) chain.confirm(text);
    }
    steps += chain.steps;
    provisionalSteps += chain.provisionalSteps;
    differentDiagnostics += chain.differentDiagnostics;
    differentTrees += chain.differentTrees;
    for (std::string &d : chain.differences) {
      if (differences.size() < kDifferencesKept) differences.push_back(std::move(d));
    }
  }
  // What the confirmation will correct, listed so a regression can be read.
  for (const std::string &d : differences) std::cout << "[ provisional differs ] " << d;
  std::cout << "[ figures  ] " << files.size() - skipped << " shared files (" << skipped
            << " over 100 KB skipped), " << steps << " random edits: " << provisionalSteps
            << " provisional, of which diagnostics differ from a full analysis in " << differentDiagnostics
            << ", trees in " << differentTrees << "\n";
  EXPECT_GT(provisionalSteps, 0u);
}

// fuzz_incremental's finding (tests/fuzz/regressions/incremental/): ops
// reused next to a broken function, which the exact mode refuses. Replayed
// here with the fuzzer's own edits (seeded by the text's hash), in the
// provisional mode: differences may occur only while flagged provisional.
TEST(ProvisionalAnalysis, TheFuzzFindingDiffersOnlyWhileProvisional) {
  std::string text = readFile(std::string(SHLO_SOURCE_DIR) +
                              "/tests/fuzz/regressions/incremental/operand-of-a-broken-function.mlir");
  ASSERT_FALSE(text.empty());
  test::RandomEditor editor(static_cast<uint32_t>(std::hash<std::string>()(text)));
  Chain chain(text);
  for (uint32_t step = 0, steps = 1 + editor.pick(16); step < steps; ++step) {
    std::vector<syntax::InputEdit> edits;
    for (uint32_t n = 1 + editor.pick(2); n > 0; --n) edits.push_back(editor.randomEdit(text));
    ASSERT_TRUE(chain.step(text, edits, "step " + std::to_string(step) + " " + test::dumpEdits(edits)));
  }
  std::cout << "[ figures  ] fuzz finding replayed: " << chain.steps << " steps, " << chain.provisionalSteps
            << " provisional, of which diagnostics differ from a full analysis in " << chain.differentDiagnostics
            << ", trees in " << chain.differentTrees << "\n";
  EXPECT_GT(chain.provisionalSteps, 0u);
}

}  // namespace
