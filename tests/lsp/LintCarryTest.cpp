// The lint of an edited document takes the findings of the functions the
// edits left alone from the previous version (ide::AnalyzedFile::LintCarry):
// after random edits, the published lint must equal a lint of the same
// module run whole, and findings must actually be taken.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "ide/LintDiagnostics.h"
#include "lsp/Snapshot.h"
#include "semantic/analysis/IncrementalAnalysis.h"
#include "tests/semantic/RandomEdits.h"
#include "tests/lsp/SharedModels.h"

namespace shlo::lsp {
namespace {

const char *kUri = "file:///tmp/shlo-lint-carry.mlir";

using test::readBert;

/// Everything a lint finding publishes: ranges, code, message, tags, fixes.
std::string dump(const std::vector<Diagnostic> &findings) {
  std::ostringstream out;
  for (const Diagnostic &d : findings) {
    out << shlo::test::rangeText(d.range) << " " << severityName(d.severity) << " " << d.code << ": " << d.message;
    if (d.opRange) out << " op" << shlo::test::rangeText(*d.opRange);
    for (const RelatedInformation &r : d.related) out << " related" << shlo::test::rangeText(r.range) << " " << r.message;
    for (DiagnosticTag tag : d.tags) out << " tag" << static_cast<int>(tag);
    for (const Fix &fix : d.fixes) {
      out << " fix(" << fix.title << ", " << fixSafetyName(fix.safety) << ")";
      for (const TextEdit &edit : fix.edits) out << shlo::test::rangeText(edit.range) << "=" << edit.newText;
    }
    out << "\n";
  }
  return out.str();
}

/// Small functions with findings (multiply by one, add zero, an unused
/// result, a redundant convert), several to a module: the edits land in one
/// and the others' findings are taken.
std::string functionsWithFindings(int count) {
  std::string text = "module {\n";
  for (int i = 0; i < count; ++i) {
    std::string f = "tensor<4xf32>";
    text += "  func.func @f" + std::to_string(i) + "(%a: " + f + ") -> " + f + " {\n" +
            "    %one = stablehlo.constant dense<1.0> : " + f + "\n" +
            "    %zero = stablehlo.constant dense<0.0> : " + f + "\n" +
            "    %0 = stablehlo.multiply %a, %one : " + f + "\n" +
            "    %1 = stablehlo.add %0, %zero : " + f + "\n" +
            "    %2 = stablehlo.convert %1 : " + f + "\n" +
            "    %3 = stablehlo.abs %2 : " + f + "\n" +
            "    return %2 : " + f + "\n  }\n";
  }
  return text + "}\n";
}

/// Random edits on `text`, each undone by the next one (as typing a
/// character and deleting it), so the file stays mostly well-formed; each
/// snapshot is built on the previous one and linted, as the server
/// publishes it. Returns how many functions' findings were taken.
size_t checkRandomEdits(std::string text, uint32_t seed, int steps) {
  shlo::test::RandomEditor editor(seed);
  auto snapshot = buildSnapshot(kUri, 1, text);
  ide::lintDiagnostics(*snapshot);
  size_t taken = 0;
  std::optional<std::pair<syntax::InputEdit, std::string>> undo;
  for (int step = 0; step < steps; ++step) {
    syntax::SyntaxTree edited = snapshot->tree.copy();
    syntax::InputEdit e;
    if (undo) {
      e = shlo::test::replaceText(text, undo->first.startByte, undo->first.newEndByte, undo->second);
      undo.reset();
    } else {
      std::string before = text;
      // Mostly a character typed, sometimes anything RandomEditor makes.
      if (editor.pick(3) == 0) {
        e = editor.randomEdit(text);
      } else {
        uint32_t at = editor.offset(text);
        e = shlo::test::replaceText(text, at, at, "1");
      }
      undo.emplace(e, before.substr(e.startByte, e.oldEndByte - e.startByte));
    }
    edited.edit(e);
    auto next = buildSnapshot(kUri, step + 2, text, snapshot.get(), &edited, {e});
    const std::vector<Diagnostic> &published = ide::lintDiagnostics(*next);
    std::vector<Diagnostic> whole;
    if (next->chunks.empty()) {
      linter::lintModule(next->module(), next->file.text(), next->lintOptions, whole);
    } else {
      auto fresh = buildSnapshot(kUri, step + 2, text);
      whole = ide::lintDiagnostics(*fresh);
    }
    EXPECT_EQ(dump(published), dump(whole)) << "seed " << seed << ", step " << step << ", edit "
                                            << shlo::test::dumpEdits({e});
    if (dump(published) != dump(whole)) return taken;
    taken += next->lintCarry.functions.size();
    snapshot = next;
  }
  return taken;
}

TEST(LintCarry, RandomEditsEqualAWholeLint) {
  size_t taken = 0;
  for (uint32_t seed = 1; seed <= 6; ++seed) taken += checkRandomEdits(functionsWithFindings(6), seed, 40);
  EXPECT_GT(taken, 100u);  // Not a vacuous test: findings were taken.
}

TEST(LintCarry, RandomEditsOfPtBertEqualAWholeLint) {
  std::string bert = readBert();
  ASSERT_FALSE(bert.empty());
  EXPECT_GT(checkRandomEdits(bert, 7, 16), 0u);
}

// Functions whose lines an edit touched, or whose findings point outside
// them, are linted again; a change of the rules lints everything.
TEST(LintCarry, TouchedLinesAndOtherRulesAreLintedAgain) {
  std::string text = functionsWithFindings(3);
  auto first = buildSnapshot(kUri, 1, text);
  ide::lintDiagnostics(*first);
  // A space typed in @f1's indentation: its range is not touched (nor
  // @f0's, which ends on the line before), but its line is, and so is the
  // line break ending @f0's last line.
  size_t close = text.find("  }\n");
  syntax::SyntaxTree edited = first->tree.copy();
  syntax::InputEdit e = shlo::test::replaceText(text, static_cast<uint32_t>(close + 4), static_cast<uint32_t>(close + 4), " ");
  edited.edit(e);
  auto second = buildSnapshot(kUri, 2, text, first.get(), &edited, {e});
  EXPECT_EQ(second->lintCarry.functions.size(), 1u);  // @f2's only.
  ide::lintDiagnostics(*second);
  linter::RuleSelection other;
  other.ignore = {"SHLO308"};
  edited = second->tree.copy();
  e = shlo::test::replaceText(text, static_cast<uint32_t>(text.size() - 1), static_cast<uint32_t>(text.size() - 1), " ");
  edited.edit(e);
  auto third = buildSnapshot(kUri, 3, text, second.get(), &edited, {e}, other);
  std::vector<Diagnostic> whole;
  linter::lintModule(third->module(), third->file.text(), third->lintOptions, whole);
  EXPECT_EQ(dump(ide::lintDiagnostics(*third)), dump(whole));
  EXPECT_EQ(dump(ide::lintDiagnostics(*third)).find("SHLO308"), std::string::npos);
}

}  // namespace
}  // namespace shlo::lsp
