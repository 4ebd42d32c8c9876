// The linter's first rules: deprecated ops and unused results, with their
// fixes applied and the result analysed again.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "linter/Advisories.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/diagnostics/TextEdits.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

namespace {

struct Checked {
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> advisories;
};

Checked check(std::string_view text) {
  syntax::Parser parser;
  analysis::Analysis result = analysis::analyze(parser, text);
  Checked out;
  for (const Diagnostic &d : result.diagnostics) {
    if (d.severity == Severity::Error) out.errors.push_back(d);
  }
  linter::collectAdvisories(*result.lowered.module, text, out.advisories);
  return out;
}

std::string messages(const std::vector<Diagnostic> &diagnostics) {
  std::string out;
  for (const Diagnostic &d : diagnostics) out += "[" + d.code + "] " + d.message + "\n";
  return out;
}

const Diagnostic *find(const std::vector<Diagnostic> &diagnostics, std::string_view code) {
  auto it = std::find_if(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic &d) { return d.code == code; });
  return it == diagnostics.end() ? nullptr : &*it;
}

}  // namespace

TEST(Advisories, CreateTokenIsDeprecatedWithASafeRename) {
  const std::string text =
      "func.func @main() -> !stablehlo.token {\n"
      "  %0 = stablehlo.create_token : !stablehlo.token\n"
      "  return %0 : !stablehlo.token\n"
      "}\n";
  Checked before = check(text);
  ASSERT_TRUE(before.errors.empty()) << messages(before.errors);
  const Diagnostic *d = find(before.advisories, "deprecated.op");
  ASSERT_NE(d, nullptr) << messages(before.advisories);
  EXPECT_EQ(d->severity, Severity::Warning);
  EXPECT_EQ(text.substr(d->range.begin, d->range.size()), "stablehlo.create_token");
  ASSERT_EQ(d->fixes.size(), 1u);
  EXPECT_EQ(d->fixes[0].safety, FixSafety::Safe);
  EXPECT_EQ(d->fixes[0].title, "Replace with `stablehlo.after_all`");

  EditResult fixed = applyFix(text, d->fixes[0]);
  ASSERT_TRUE(fixed.ok()) << fixed.error;
  EXPECT_NE(fixed.text.find("%0 = stablehlo.after_all : !stablehlo.token"), std::string::npos) << fixed.text;
  Checked after = check(fixed.text);
  EXPECT_TRUE(after.errors.empty()) << messages(after.errors);
  EXPECT_TRUE(after.advisories.empty()) << messages(after.advisories);
}

TEST(Advisories, CreateTokenInTheGenericFormKeepsItsQuotes) {
  const std::string text =
      "func.func @main() -> !stablehlo.token {\n"
      "  %0 = \"stablehlo.create_token\"() : () -> !stablehlo.token\n"
      "  return %0 : !stablehlo.token\n"
      "}\n";
  Checked before = check(text);
  ASSERT_TRUE(before.errors.empty()) << messages(before.errors);
  const Diagnostic *d = find(before.advisories, "deprecated.op");
  ASSERT_NE(d, nullptr);
  ASSERT_EQ(d->fixes.size(), 1u);
  EditResult fixed = applyFix(text, d->fixes[0]);
  ASSERT_TRUE(fixed.ok()) << fixed.error;
  EXPECT_NE(fixed.text.find("\"stablehlo.after_all\"() : () -> !stablehlo.token"), std::string::npos) << fixed.text;
  Checked after = check(fixed.text);
  EXPECT_TRUE(after.errors.empty()) << messages(after.errors);
  EXPECT_TRUE(after.advisories.empty()) << messages(after.advisories);
}

TEST(Advisories, DeprecationsWithoutAnIdenticalReplacementHaveNoFix) {
  const std::string text =
      "func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<f32> {\n"
      "  %0 = stablehlo.dot %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>\n"
      "  return %0 : tensor<f32>\n"
      "}\n";
  Checked checked = check(text);
  ASSERT_TRUE(checked.errors.empty()) << messages(checked.errors);
  const Diagnostic *d = find(checked.advisories, "deprecated.op");
  ASSERT_NE(d, nullptr);
  EXPECT_NE(d->message.find("use `stablehlo.dot_general`"), std::string::npos) << d->message;
  EXPECT_TRUE(d->fixes.empty());
}

TEST(Advisories, UnusedPureResultHasAnUnsafeDeletion) {
  const std::string text =
      "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %unused = stablehlo.abs %a : tensor<4xf32>\n"
      "  %0 = stablehlo.negate %a : tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n";
  Checked before = check(text);
  ASSERT_TRUE(before.errors.empty()) << messages(before.errors);
  ASSERT_EQ(before.advisories.size(), 1u) << messages(before.advisories);
  const Diagnostic &d = before.advisories[0];
  EXPECT_EQ(d.code, "unused.result");
  EXPECT_EQ(d.severity, Severity::Hint);
  ASSERT_EQ(d.fixes.size(), 1u);
  EXPECT_EQ(d.fixes[0].safety, FixSafety::Unsafe);

  EditResult fixed = applyFix(text, d.fixes[0]);
  ASSERT_TRUE(fixed.ok()) << fixed.error;
  // The whole line goes, indentation and line break included.
  EXPECT_EQ(fixed.text,
            "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
            "  %0 = stablehlo.negate %a : tensor<4xf32>\n"
            "  return %0 : tensor<4xf32>\n"
            "}\n");
  Checked after = check(fixed.text);
  EXPECT_TRUE(after.errors.empty()) << messages(after.errors);
  EXPECT_TRUE(after.advisories.empty()) << messages(after.advisories);
}

TEST(Advisories, DeletingAnOpSharingItsLineKeepsTheRestOfTheLine) {
  const std::string text =
      "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %u = stablehlo.abs %a : tensor<4xf32>  // keep this comment\n"
      "  return %a : tensor<4xf32>\n"
      "}\n";
  Checked before = check(text);
  ASSERT_EQ(before.advisories.size(), 1u) << messages(before.advisories);
  ASSERT_EQ(before.advisories[0].fixes.size(), 1u);
  EditResult fixed = applyFix(text, before.advisories[0].fixes[0]);
  ASSERT_TRUE(fixed.ok()) << fixed.error;
  EXPECT_NE(fixed.text.find("// keep this comment"), std::string::npos) << fixed.text;
  Checked after = check(fixed.text);
  EXPECT_TRUE(after.errors.empty()) << messages(after.errors);
  EXPECT_TRUE(after.advisories.empty()) << messages(after.advisories);
}

TEST(Advisories, WithoutTextThereAreNoFixes) {
  const std::string text =
      "func.func @main() -> !stablehlo.token {\n"
      "  %0 = stablehlo.create_token : !stablehlo.token\n"
      "  return %0 : !stablehlo.token\n"
      "}\n";
  syntax::Parser parser;
  analysis::Analysis result = analysis::analyze(parser, text);
  std::vector<Diagnostic> advisories;
  linter::collectAdvisories(*result.lowered.module, "", advisories);
  ASSERT_EQ(advisories.size(), 1u);
  EXPECT_TRUE(advisories[0].fixes.empty());
}

// Every fix the linter offers on the valid shared files applies, and the
// fixed chunk is still free of errors and no longer has that finding.
TEST(Advisories, FixesOnTheValidSharedFilesApplyCleanly) {
  std::vector<std::string> files =
      test::sharedMlirFiles({"conformance/interpret", "conformance/testdata", "conformance/print", "models"});
  ASSERT_GT(files.size(), 1000u);
  size_t applied = 0, safe = 0;
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    for (const analysis::Chunk &chunk : analysis::splitInput(text)) {
      Checked before = check(chunk.text);
      if (!before.errors.empty()) continue;  // ValidFiles reports these.
      for (const Diagnostic &d : before.advisories) {
        for (const Fix &fix : d.fixes) {
          EditResult fixed = applyFix(chunk.text, fix);
          ASSERT_TRUE(fixed.ok()) << path << ": " << fix.title << ": " << fixed.error;
          Checked after = check(fixed.text);
          EXPECT_TRUE(after.errors.empty()) << path << ": " << fix.title << " leaves\n" << messages(after.errors);
          // The finding is gone: one fewer of its code at most where it was.
          size_t sameCode = 0;
          for (const Diagnostic &a : after.advisories)
            sameCode += a.code == d.code && a.range.begin == d.range.begin && a.message == d.message;
          EXPECT_EQ(sameCode, 0u) << path << ": " << fix.title << " leaves " << d.message;
          ++applied;
          safe += fix.safety == FixSafety::Safe;
        }
      }
    }
  }
  EXPECT_GT(applied, 0u);
  std::cout << "[ fixes    ] applied on the valid shared files: " << applied << " (" << safe << " safe)\n";
}
