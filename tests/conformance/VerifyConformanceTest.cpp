// StableHLO's verifier suite (../shared/conformance/verify/ops_stablehlo.mlir)
// through `shlo check --split-input-file`'s pipeline. Each `expected-error`
// annotation is a case: it is met when an error starts on the expected line
// or belongs to an op whose range covers it (StableHLO reports at the op, we
// at the culprit). Chunks with no expected error must get no error at all.
#include <gtest/gtest.h>

#include <iostream>
#include <map>

#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/syntax/SourceFile.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

namespace {

// The bar: today's count of cases met, exactly, so that a regression cannot
// hide under a rate (raise it when a fix meets the last one), and at most 1%
// of clean chunks with an error. The figures printed are what the suite
// measured.
constexpr size_t kExpectedCases = 599;
constexpr size_t kExpectedMet = 598;
constexpr double kMaximumFalsePositiveRate = 0.01;

struct Expectation {
  uint32_t line;       // 0-based, in the chunk.
  std::string message; // StableHLO's text, for the report.
};

/// `// expected-error@+1 {{...}}`, `@-2`, `@above`, `@below`, or none (same line).
std::vector<Expectation> expectations(const syntax::SourceFile &chunk) {
  std::vector<Expectation> out;
  for (uint32_t line = 0; line < chunk.lineCount(); ++line) {
    std::string_view text = chunk.lineText(line);
    size_t at = text.find("expected-error");
    if (at == std::string_view::npos) continue;
    std::string_view rest = text.substr(at + std::string_view("expected-error").size());
    if (rest.rfind("-re", 0) == 0) rest.remove_prefix(3);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    int64_t target = line;
    if (!rest.empty() && rest.front() == '@') {
      rest.remove_prefix(1);
      if (rest.rfind("above", 0) == 0) {
        target = line - 1;
      } else if (rest.rfind("below", 0) == 0) {
        target = line + 1;
      } else {
        target = line + std::atoll(std::string(rest.substr(0, rest.find_first_of(" {"))).c_str());
      }
    }
    size_t open = text.find("{{"), close = text.rfind("}}");
    std::string message = open != std::string_view::npos && close > open
                              ? std::string(text.substr(open + 2, close - open - 2))
                              : std::string();
    out.push_back({static_cast<uint32_t>(std::max<int64_t>(0, target)), message});
  }
  return out;
}

}  // namespace

TEST(VerifyConformance, OpsStablehloExpectedErrorsAreFound) {
  std::string text = test::readOrFail(test::sharedPath("conformance/verify/ops_stablehlo.mlir"));
  ASSERT_FALSE(text.empty());
  syntax::Parser parser;
  size_t cases = 0, met = 0, cleanChunks = 0, falsePositives = 0;
  std::map<std::string, size_t> missedByOp;
  std::vector<std::string> falsePositiveSamples;
  for (const analysis::Chunk &chunk : analysis::splitInput(text)) {
    syntax::SourceFile source("chunk", std::string(chunk.text));
    std::vector<Expectation> expected = expectations(source);
    analysis::Analysis result = analysis::analyze(parser, source.text());
    std::vector<std::pair<uint32_t, uint32_t>> errorLines;  // (first line, last line) covered.
    std::vector<uint32_t> errorStarts;
    for (const Diagnostic &d : result.diagnostics) {
      if (d.severity != Severity::Error) continue;
      errorStarts.push_back(source.position(d.range.begin, syntax::PositionEncoding::UTF8).line);
      if (d.opRange) {
        errorLines.emplace_back(source.position(d.opRange->begin, syntax::PositionEncoding::UTF8).line,
                                source.position(d.opRange->end, syntax::PositionEncoding::UTF8).line);
      }
    }
    if (expected.empty()) {
      ++cleanChunks;
      if (!errorStarts.empty()) {
        ++falsePositives;
        if (falsePositiveSamples.size() < 15) {
          const Diagnostic &d = *std::find_if(result.diagnostics.begin(), result.diagnostics.end(),
                                              [](const Diagnostic &x) { return x.severity == Severity::Error; });
          auto p = source.position(d.range.begin, syntax::PositionEncoding::UTF8);
          falsePositiveSamples.push_back("line " + std::to_string(source.position(0, syntax::PositionEncoding::UTF8).line +
                                                                  p.line + 1) +
                                         " of the chunk at byte " + std::to_string(chunk.offset) + ": " + d.message +
                                         " [" + d.code + "]");
        }
      }
      continue;
    }
    for (const Expectation &e : expected) {
      ++cases;
      bool hit = std::find(errorStarts.begin(), errorStarts.end(), e.line) != errorStarts.end();
      for (const auto &[first, last] : errorLines) hit |= first <= e.line && e.line <= last;
      if (hit) {
        ++met;
      } else {
        std::string_view line = source.lineText(e.line);
        size_t op = line.find("stablehlo.");
        std::string name = op == std::string_view::npos ? std::string("(other)")
                                                        : std::string(line.substr(op, line.find_first_of("\" (", op) - op));
        ++missedByOp[name];
      }
    }
  }
  double hitRate = cases ? static_cast<double>(met) / cases : 0;
  double falsePositiveRate = cleanChunks ? static_cast<double>(falsePositives) / cleanChunks : 0;
  std::cout << "[ figures  ] verify/ops_stablehlo.mlir: " << met << " of " << cases << " expected errors found ("
            << 100 * hitRate << "%); " << falsePositives << " of " << cleanChunks
            << " chunks without expected errors got an error (" << 100 * falsePositiveRate << "%)\n";
  std::vector<std::pair<size_t, std::string>> worst;
  for (const auto &[op, n] : missedByOp) worst.emplace_back(n, op);
  std::sort(worst.rbegin(), worst.rend());
  std::cout << "[ figures  ] missed expected errors by op:";
  for (size_t i = 0; i < worst.size() && i < 25; ++i) std::cout << " " << worst[i].second << " " << worst[i].first << ";";
  std::cout << "\n";
  for (const std::string &s : falsePositiveSamples) std::cout << "[ figures  ] false positive: " << s << "\n";
  EXPECT_EQ(cases, kExpectedCases);
  EXPECT_EQ(met, kExpectedMet);
  EXPECT_LE(falsePositiveRate, kMaximumFalsePositiveRate);
}
