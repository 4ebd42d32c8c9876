// Incremental analysis (semantic/analysis/IncrementalAnalysis.h): an edit
// inside one function re-lowers only that function, and the result is the
// same as analysing the new text from scratch: tree, IR and diagnostics.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "semantic/analysis/IncrementalAnalysis.h"
#include "tests/semantic/AnalysisDump.h"

using namespace shlo;

namespace {

const std::string kThreeFunctions =
    "module @m {\n"
    "  func.func @first(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "    %0 = call @third(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "    %1 = stablehlo.add %0, %x : tensor<4xf32>\n"
    "    return %1 : tensor<4xf32>\n"
    "  }\n"
    "  func.func @second(%a: tensor<2x3xi32>) -> tensor<3x2xi32> {\n"
    "    %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>\n"
    "    %c = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>\n"
    "    %s = stablehlo.add %t, %c : tensor<3x2xi32>\n"
    "    return %s : tensor<3x2xi32>\n"
    "  }\n"
    "  func.func private @third(%y: tensor<4xf32>) -> tensor<4xf32> {\n"
    "    %n = stablehlo.negate %y : tensor<4xf32>\n"
    "    return %n : tensor<4xf32>\n"
    "  }\n"
    "}\n";

/// An analysed text that edits are applied to, the way the language server
/// keeps a document.
class EditedText {
 public:
  explicit EditedText(std::string text) : text_(std::move(text)), analysis_(analysis::analyze(parser_, text_)) {
    edited_ = analysis_.tree.copy();
  }

  /// Replaces the first occurrence of `find` (after `from`) by `with`.
  void replace(std::string_view find, std::string_view with, size_t from = 0) {
    size_t at = text_.find(find, from);
    ASSERT_NE(at, std::string::npos) << find;
    edit(static_cast<uint32_t>(at), static_cast<uint32_t>(at + find.size()), with);
  }

  void edit(uint32_t begin, uint32_t end, std::string_view with) {
    syntax::InputEdit e = test::replaceText(text_, begin, end, with);
    edited_.edit(e);
    edits_.push_back(e);
  }

  /// Re-analyses incrementally and checks the result against a full
  /// analysis of the same text.
  analysis::IncrementalStats reanalyze() {
    analysis::IncrementalStats stats;
    analysis::Analysis next = analysis::reanalyze(parser_, text_, analysis_, edited_, edits_, &stats);
    syntax::Parser fresh;
    analysis::Analysis full = analysis::analyze(fresh, text_);
    EXPECT_EQ(test::dumpTree(next.tree), test::dumpTree(full.tree));
    EXPECT_EQ(test::dumpDiagnostics(next.diagnostics), test::dumpDiagnostics(full.diagnostics));
    EXPECT_EQ(test::dumpModule(*next.lowered.module), test::dumpModule(*full.lowered.module));
    analysis_ = std::move(next);
    edited_ = analysis_.tree.copy();
    edits_.clear();
    return stats;
  }

  const analysis::Analysis &analysis() const { return analysis_; }
  const std::string &text() const { return text_; }

 private:
  syntax::Parser parser_;
  std::string text_;
  analysis::Analysis analysis_;
  syntax::SyntaxTree edited_;
  std::vector<syntax::InputEdit> edits_;
};

using Names = std::vector<std::string>;

bool hasCode(const analysis::Analysis &a, std::string_view code) {
  for (const Diagnostic &d : a.diagnostics) {
    if (d.code == code) return true;
  }
  return false;
}

TEST(IncrementalAnalysis, EditInsideOneFunctionRelowersOnlyIt) {
  EditedText doc(kThreeFunctions);
  ASSERT_TRUE(doc.analysis().diagnostics.empty()) << test::dumpDiagnostics(doc.analysis().diagnostics);
  // `%t` -> `%tt` in @second's add: an undefined value there.
  doc.replace("add %t,", "add %tt,");
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_TRUE(stats.incremental);
  EXPECT_EQ(stats.relowered, Names{"second"});
  EXPECT_EQ(stats.reused, 2u);
  EXPECT_EQ(stats.reverified, 0u);
  EXPECT_TRUE(hasCode(doc.analysis(), "ssa.undefined-value"));
  // And back: the error goes, still only @second is lowered.
  doc.replace("add %tt,", "add %t,");
  stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, Names{"second"});
  EXPECT_TRUE(doc.analysis().diagnostics.empty());
}

TEST(IncrementalAnalysis, FunctionsAfterTheEditMoveWithIt) {
  EditedText doc(kThreeFunctions);
  // A longer line in @first, with non-ASCII text in a string attribute.
  doc.replace("%1 = stablehlo.add %0, %x : tensor<4xf32>\n",
              "%1 = stablehlo.add %0, %x {note = \"\xC3\xA9\xF0\x9D\x94\x98 \xE2\x82\xAC\"} : tensor<4xf32>\n");
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, Names{"first"});
  EXPECT_EQ(stats.reused, 2u);
  // Then an error in the last function lands at its moved position.
  doc.replace("negate %y", "negate %z");
  stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, Names{"third"});
  ASSERT_EQ(doc.analysis().diagnostics.size(), 1u);
  EXPECT_EQ(doc.text().substr(doc.analysis().diagnostics[0].range.begin, 2), "%z");
}

TEST(IncrementalAnalysis, ErrorsOfUntouchedFunctionsAreKeptAndMoved) {
  std::string text = kThreeFunctions;
  text.replace(text.find("negate %y"), 9, "negate %q");  // An error in @third.
  EditedText doc(text);
  ASSERT_EQ(doc.analysis().diagnostics.size(), 1u);
  doc.replace("@first(%x: tensor<4xf32>) -> tensor<4xf32> {\n", "@first(%x: tensor<4xf32>) -> tensor<4xf32> {\n\n\n");
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, Names{"first"});
  ASSERT_EQ(doc.analysis().diagnostics.size(), 1u);
  EXPECT_EQ(doc.text().substr(doc.analysis().diagnostics[0].range.begin, 2), "%q");
}

TEST(IncrementalAnalysis, CalleeSignatureChangeReverifiesItsCallers) {
  EditedText doc(kThreeFunctions);
  // @third now returns f16: @first's call no longer matches it.
  doc.replace("@third(%y: tensor<4xf32>) -> tensor<4xf32>", "@third(%y: tensor<4xf32>) -> tensor<4xf16>");
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, Names{"third"});
  EXPECT_EQ(stats.reverified, 1u);  // @first calls it; @second does not.
  EXPECT_TRUE(hasCode(doc.analysis(), "func.call.signature"));
  EXPECT_TRUE(hasCode(doc.analysis(), "func.return"));
  doc.replace("-> tensor<4xf16>", "-> tensor<4xf32>");
  stats = doc.reanalyze();
  EXPECT_EQ(stats.reverified, 1u);
  EXPECT_TRUE(doc.analysis().diagnostics.empty()) << test::dumpDiagnostics(doc.analysis().diagnostics);
}

TEST(IncrementalAnalysis, RenamingACalleeReportsTheCallAndRedefinitions) {
  EditedText doc(kThreeFunctions);
  doc.replace("@third(%y", "@second(%y");
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, Names{"second"});  // The renamed @third.
  EXPECT_TRUE(hasCode(doc.analysis(), "symbol.redefinition"));
  EXPECT_TRUE(hasCode(doc.analysis(), "func.call.undefined"));
}

TEST(IncrementalAnalysis, CalleeMovedByAnEditReverifiesCallersThatPointAtIt) {
  std::string text = kThreeFunctions;
  // A call that does not match, so @first's finding points at @third.
  text.replace(text.find("-> tensor<4xf32>\n    %1"), 16, "-> tensor<4xf16>");
  EditedText doc(text);
  ASSERT_TRUE(hasCode(doc.analysis(), "func.call.signature"));
  doc.replace("%s = stablehlo.add", "%s = stablehlo.add ");  // In @second: @third moves, @first does not.
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, Names{"second"});
  EXPECT_EQ(stats.reverified, 1u);
}

TEST(IncrementalAnalysis, EditSpanningTwoFunctionsRelowersBoth) {
  EditedText doc(kThreeFunctions);
  size_t from = doc.text().find("return %1");
  size_t to = doc.text().find("%c = stablehlo.constant");
  doc.edit(static_cast<uint32_t>(from), static_cast<uint32_t>(to), "return %1 : tensor<4xf32>\n  }\n  func.func @second() {\n    ");
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, (Names{"first", "second"}));
  EXPECT_EQ(stats.reused, 1u);
}

TEST(IncrementalAnalysis, TypingBetweenFunctionsRelowersNone) {
  EditedText doc(kThreeFunctions);
  size_t at = doc.text().find("  func.func @second");
  doc.edit(static_cast<uint32_t>(at), static_cast<uint32_t>(at), "\n  // a comment\n");
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_TRUE(stats.relowered.empty());
  EXPECT_EQ(stats.reused, 3u);
  // A new function typed there is the only one lowered.
  at = doc.text().find("  func.func @second");
  doc.edit(static_cast<uint32_t>(at), static_cast<uint32_t>(at),
           "  func.func @fourth() -> tensor<i1> {\n    %b = stablehlo.constant dense<true> : tensor<i1>\n"
           "    return %b : tensor<i1>\n  }\n");
  stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, Names{"fourth"});
  EXPECT_EQ(stats.reused, 3u);
}

TEST(IncrementalAnalysis, SeveralEditsBeforeOneAnalysis) {
  EditedText doc(kThreeFunctions);
  doc.replace("negate %y", "negate %y1");   // @third
  doc.replace("%0, %x :", "%0, %x1 :");      // @first, before @third
  doc.replace("negate %y1", "negate %y");   // @third again, back as it was
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, (Names{"first", "third"}));
  EXPECT_EQ(stats.reused, 1u);
}

TEST(IncrementalAnalysis, ChangedAliasesRelowerEverything) {
  EditedText doc("!t = tensor<4xf32>\n" + kThreeFunctions);
  doc.replace("!t = tensor<4xf32>", "!t = tensor<8xf32>");
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_FALSE(stats.incremental);
  EXPECT_EQ(stats.relowered.size(), 3u);
}

TEST(IncrementalAnalysis, UnclosedBraceRestructuresTheTree) {
  EditedText doc(kThreeFunctions);
  doc.replace("return %s : tensor<3x2xi32>\n  }", "return %s : tensor<3x2xi32>\n  {");
  doc.reanalyze();  // Compared with a full analysis inside.
  doc.replace("return %s : tensor<3x2xi32>\n  {", "return %s : tensor<3x2xi32>\n  }");
  doc.reanalyze();
  EXPECT_TRUE(doc.analysis().diagnostics.empty()) << test::dumpDiagnostics(doc.analysis().diagnostics);
}

TEST(IncrementalAnalysis, TopLevelFunctionsWithoutAModule) {
  EditedText doc(
      "func.func @f(%a: tensor<i32>) -> tensor<i32> {\n  return %a : tensor<i32>\n}\n"
      "func.func @g(%a: tensor<i32>) -> tensor<i32> {\n  %0 = call @f(%a) : (tensor<i32>) -> tensor<i32>\n"
      "  return %0 : tensor<i32>\n}\n");
  doc.replace("return %a", "return %b");
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, Names{"f"});
  EXPECT_EQ(stats.reused, 1u);
}

/// The `value` attribute of the first stablehlo.constant in function `name`.
const ir::Attribute *constantIn(const analysis::Analysis &a, std::string_view name) {
  auto function = a.lowered.module->functions.find(name);
  if (function == a.lowered.module->functions.end()) return nullptr;
  const ir::Attribute *found = nullptr;
  ir::walk({function->second}, [&](const ir::Operation *op) {
    if (!found && op->name == "stablehlo.constant") found = op->attribute("value");
  });
  return found;
}

TEST(IncrementalAnalysis, LargeConstantOfAnUntouchedFunctionIsNotReadAgain) {
  std::string blob;
  for (int i = 0; i < 20000; ++i) blob += "0000803F";
  EditedText doc("module {\n  func.func @weights() -> tensor<20000xf32> {\n    %w = stablehlo.constant dense<\"0x" + blob +
                 "\"> : tensor<20000xf32>\n    return %w : tensor<20000xf32>\n  }\n" + kThreeFunctions.substr(11));
  ASSERT_TRUE(doc.analysis().diagnostics.empty()) << test::dumpDiagnostics(doc.analysis().diagnostics);
  const ir::Attribute *before = constantIn(doc.analysis(), "weights");
  ASSERT_TRUE(before && before->sharedText);
  EXPECT_EQ(before->literal().size(), blob.size() + 4);  // The quotes and `0x`.
  std::shared_ptr<const std::string> literal = before->sharedText;
  // An edit in another function: the copy shares the literal's text.
  doc.replace("negate %y", "negate %y ");
  EXPECT_EQ(doc.reanalyze().relowered, Names{"third"});
  const ir::Attribute *after = constantIn(doc.analysis(), "weights");
  ASSERT_TRUE(after);
  EXPECT_EQ(after->sharedText.get(), literal.get());
  // An edit in another op of its function: the function is lowered again,
  // but the constant's op is copied (incremental analysis inside a
  // function), so it still shares the literal's text.
  doc.replace("return %w", "return  %w");
  EXPECT_EQ(doc.reanalyze().relowered, Names{"weights"});
  after = constantIn(doc.analysis(), "weights");
  ASSERT_TRUE(after);
  EXPECT_EQ(after->sharedText.get(), literal.get());
  // An edit of the constant's own op reads it again.
  doc.replace("%w = stablehlo.constant", "%w =  stablehlo.constant");
  EXPECT_EQ(doc.reanalyze().relowered, Names{"weights"});
  after = constantIn(doc.analysis(), "weights");
  ASSERT_TRUE(after && after->sharedText);
  EXPECT_NE(after->sharedText.get(), literal.get());
  EXPECT_EQ(*after->sharedText, *literal);
}

TEST(IncrementalAnalysis, PtBertHelperEditRelowersOnlyTheHelper) {
  std::ifstream in(std::string(SHLO_SHARED_DIR) + "/models/pt_bert.mlir", std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  ASSERT_FALSE(buffer.str().empty());
  EditedText doc(buffer.str());
  size_t helper = doc.text().find("func.func private @_take(");
  ASSERT_NE(helper, std::string::npos);
  size_t line = doc.text().find(" = ", helper);
  doc.edit(static_cast<uint32_t>(line), static_cast<uint32_t>(line), "1");  // `%0` -> `%01`
  analysis::IncrementalStats stats = doc.reanalyze();
  EXPECT_EQ(stats.relowered, Names{"_take"});
  EXPECT_EQ(stats.reused, doc.analysis().functions.size() - 1);
  EXPECT_FALSE(doc.analysis().diagnostics.empty());
}

}  // namespace
