// Randomised differential test of incremental analysis: random edit
// sequences (insertions of StableHLO fragments, non-ASCII text, junk and
// copies of the text itself; deletions; at random byte offsets) are applied
// the way the language server applies them (SyntaxTree::edit, incremental
// re-parse, per-function re-analysis), and after each batch the tree, the
// IR and the diagnostics must equal those of a full parse and analysis of
// the same text. Fixed seeds and a fixed number of edits, so it runs for a
// bounded time; SHLO_INCREMENTAL_SEED=<n> replays another seed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

#include "semantic/analysis/IncrementalAnalysis.h"
#include "tests/semantic/AnalysisDump.h"
#include "tests/semantic/RandomEdits.h"

using namespace shlo;

namespace {

std::string readShared(const std::string &relative) {
  std::ifstream in(std::string(SHLO_SHARED_DIR) + "/" + relative, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

/// pt_bert's first helper functions (after @main), about 12 KB, in a
/// module: several functions, calls between them, a realistic mix of ops.
std::string bertHelpers() {
  std::string bert = readShared("models/pt_bert.mlir");
  size_t first = bert.find("  func.func private @_take(");
  if (first == std::string::npos) return {};
  size_t last = bert.find("\n  func.func", first + 12000);
  if (last == std::string::npos) return {};
  return "module @helpers {\n" + bert.substr(first, last + 1 - first) + "}\n";
}

class Fuzzer {
 public:
  Fuzzer(uint32_t seed, std::string text) : editor_(seed), original_(text), text_(std::move(text)) {
    analysis_ = analysis::analyze(parser_, text_);
  }

  /// One batch of 1-3 edits, then the comparison. False on a mismatch.
  bool step(size_t &edits) {
    syntax::SyntaxTree edited = analysis_.tree.copy();
    std::vector<syntax::InputEdit> batch;
    std::string before = text_;
    int count = 1 + static_cast<int>(editor_.pick(3));
    for (int i = 0; i < count; ++i) {
      syntax::InputEdit e = editor_.randomEdit(text_);
      edited.edit(e);
      batch.push_back(e);
      ++edits;
    }
    // Mostly as the server runs it (texts with errors parsed again, so the
    // tree must equal a fresh parse's); sometimes keeping the incremental
    // tree whatever its error recovery, as for files of many MB: then the
    // analysis must equal a full analysis of that same tree.
    bool exact = editor_.pick(4) != 0;
    analysis::IncrementalStats stats;
    analysis::Analysis next = analysis::reanalyze(parser_, text_, analysis_, edited, batch, &stats,
                                                  exact ? analysis::kExactRecoveryLimit : 0);
    syntax::Parser fresh;
    analysis::Analysis full = analysis::analyze(fresh, text_);
    reused_ += stats.reused;
    relowered_ += stats.relowered.size();
    reparsed_ += stats.reparsed;
    std::string what;
    if (exact) {
      what = test::differenceFromFull(next, full);
    } else {
      if (test::dumpTree(next.tree) != test::dumpTree(full.tree)) ++divergent_;
      what = test::differenceFromFull(next, analysis::analyzeTree(next.tree.copy(), text_));
    }
    if (!what.empty()) {
      ADD_FAILURE() << "incremental " << what << "\n--- edits " << test::dumpEdits(batch) << " to:\n"
                    << before.substr(0, 3000) << "\n--- now:\n"
                    << text_.substr(0, 3000);
      return false;
    }
    analysis_ = std::move(next);
    // Start again from the original now and then, so most edits hit a text
    // with intact functions (the case worth reusing), and keep its size
    // near the original's so every edit stays cheap.
    if (++steps_ % 20 == 0 || text_.size() > 2 * original_.size() + 1000 || text_.size() < original_.size() / 4) {
      text_ = original_;
      analysis_ = analysis::analyze(parser_, text_);
    }
    return true;
  }

  size_t reused() const { return reused_; }
  size_t relowered() const { return relowered_; }
  size_t reparsed() const { return reparsed_; }
  size_t divergent() const { return divergent_; }

 private:
  test::RandomEditor editor_;
  syntax::Parser parser_;
  std::string original_;
  std::string text_;
  analysis::Analysis analysis_;
  size_t reused_ = 0, relowered_ = 0, reparsed_ = 0, divergent_ = 0, steps_ = 0;
};

/// Runs `edits` random edits on `text` from `seed`; prints the seed.
void fuzz(const std::string &name, std::string text, uint32_t seed, size_t edits) {
  if (const char *override = std::getenv("SHLO_INCREMENTAL_SEED")) seed = static_cast<uint32_t>(std::atoll(override));
  std::cout << "[ seed     ] " << name << ": " << seed << " (replay: SHLO_INCREMENTAL_SEED=" << seed << ")\n";
  ASSERT_FALSE(text.empty());
  Fuzzer fuzzer(seed, std::move(text));
  size_t done = 0;
  while (done < edits) {
    if (!fuzzer.step(done)) {
      FAIL() << "seed " << seed << ", after " << done << " edits";
    }
  }
  std::cout << "[ figures  ] incremental analysis, " << name << " (seed " << seed << "): " << done
            << " random edits equal to a full analysis; functions reused " << fuzzer.reused() << ", re-lowered "
            << fuzzer.relowered() << "; texts with errors parsed again " << fuzzer.reparsed()
            << "; steps without that re-parse (as above 2 MB) whose tree recovered from errors unlike a fresh parse "
               "(their analysis still equal to a full analysis of that tree) "
            << fuzzer.divergent() << "\n";
  // The comparison must also have exercised reuse, not only full analyses.
  EXPECT_GT(fuzzer.reused(), 0u);
}

TEST(IncrementalFuzz, PtBertHelpers) { fuzz("pt_bert helpers", bertHelpers(), 20261122, 1500); }

TEST(IncrementalFuzz, SmallModuleWithAliasesAndNonAscii) {
  std::string text =
      "!t = tensor<4xf32>\n"
      "#c = 1 : i32\n"
      "module @m attributes {mhlo.note = \"\xC3\xA9\"} {\n"
      "  func.func @f(%x: !t) -> !t {\n"
      "    %0 = call @\"\xC3\xA9\xF0\x9D\x94\x98\"(%x) : (!t) -> !t\n"
      "    %1 = stablehlo.add %0, %x : !t\n"
      "    return %1 : !t\n"
      "  }\n"
      "  func.func private @\"\xC3\xA9\xF0\x9D\x94\x98\"(%a: !t) -> !t {\n"
      "    %r = stablehlo.abs %a : !t\n"
      "    %w = stablehlo.while(%i = %a) : !t\n"
      "     cond {\n"
      "      %p = stablehlo.compare LT, %i, %i : (!t, !t) -> tensor<4xi1>\n"
      "      %q = stablehlo.reduce(%p init: %p) applies stablehlo.and across dimensions = [0] : (tensor<4xi1>, tensor<4xi1>) -> tensor<i1>\n"
      "      stablehlo.return %q : tensor<i1>\n"
      "    } do {\n"
      "      stablehlo.return %i : !t\n"
      "    }\n"
      "    return %r : !t\n"
      "  }\n"
      "  func.func @g() -> tensor<2xi64> {\n"
      "    %k = stablehlo.constant dense<[3, 4]> : tensor<2xi64>\n"
      "    return %k : tensor<2xi64>\n"
      "  }\n"
      "}\n";
  fuzz("small module", text, 7, 500);
}

}  // namespace
