// The IDE layer in process: each feature on a small program, with the byte
// ranges it returns checked against where the text writes the names.
#include <gtest/gtest.h>

#include <algorithm>

#include "ide/Features.h"
#include "ide/LintDiagnostics.h"

namespace shlo::ide {
namespace {

constexpr const char *kProgram =
    "module @m {\n"
    "  func.func @helper(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "    %0 = stablehlo.add %a, %a : tensor<4xf32>\n"
    "    return %0 : tensor<4xf32>\n"
    "  }\n"
    "  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "    %c = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>\n"
    "    %1 = func.call @helper(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
    "    %2 = stablehlo.multiply %1, %c : tensor<4xf32>\n"
    "    return %2 : tensor<4xf32>\n"
    "  }\n"
    "}\n";

class IdeFeatures : public ::testing::Test {
 protected:
  void SetUp() override { analyzed = AnalyzedFile::analyze("test.mlir", text); }

  /// The byte range of the `nth` (0-based) occurrence of `needle`.
  syntax::TextRange find(std::string_view needle, int nth = 0) const {
    size_t at = text.find(needle);
    for (int i = 0; i < nth && at != std::string::npos; ++i) at = text.find(needle, at + 1);
    EXPECT_NE(at, std::string::npos) << needle << " #" << nth;
    if (at == std::string::npos) return {};
    return {static_cast<uint32_t>(at), static_cast<uint32_t>(at + needle.size())};
  }
  /// An offset inside the `nth` occurrence of `needle` (its second byte).
  uint32_t on(std::string_view needle, int nth = 0) const { return find(needle, nth).begin + 1; }
  std::string_view textOf(syntax::TextRange range) const {
    return std::string_view(text).substr(range.begin, range.size());
  }

  std::string text = kProgram;
  std::unique_ptr<AnalyzedFile> analyzed;
  FileResolver noFiles = [](const std::string &) { return std::nullopt; };
};

TEST_F(IdeFeatures, TheProgramIsClean) {
  for (const Diagnostic &d : analyzed->diagnostics) EXPECT_NE(d.severity, Severity::Error) << d.message;
}

TEST_F(IdeFeatures, DefinitionOfAValueUseIsItsDefinition) {
  std::vector<NavigationTarget> targets = definition(*analyzed, on("%1, %c"), noFiles);
  ASSERT_EQ(targets.size(), 1u);
  EXPECT_TRUE(targets[0].path.empty());
  EXPECT_EQ(targets[0].range, find("%1", 0));
  // A block argument's definition is in the signature.
  targets = definition(*analyzed, on("%a", 2), noFiles);
  ASSERT_EQ(targets.size(), 1u);
  EXPECT_EQ(targets[0].range, find("%a", 0));
}

TEST_F(IdeFeatures, DefinitionOfASymbolIsTheFunctionName) {
  std::vector<NavigationTarget> targets = definition(*analyzed, on("@helper", 1), noFiles);
  ASSERT_EQ(targets.size(), 1u);
  // The name in `func.func @helper`, nowhere near the call.
  EXPECT_GE(targets[0].range.begin, find("@helper", 0).begin);
  EXPECT_LE(targets[0].range.end, find("@helper", 0).end);
  EXPECT_NE(textOf(targets[0].range).find("helper"), std::string_view::npos);
  EXPECT_EQ(declaration(*analyzed, on("@helper", 1), noFiles), targets);
}

TEST_F(IdeFeatures, NothingToGoToOffNames) {
  EXPECT_TRUE(definition(*analyzed, on("tensor<4xf32>) -> tensor<4xf32> {"), noFiles).empty());
  EXPECT_FALSE(references(*analyzed, on("stablehlo.add"), true).has_value());
  EXPECT_FALSE(documentHighlights(*analyzed, on("stablehlo.add")).has_value());
}

TEST_F(IdeFeatures, ReferencesListUsesAndOptionallyTheDefinition) {
  std::optional<std::vector<syntax::TextRange>> uses = references(*analyzed, on("%a", 1), false);
  ASSERT_TRUE(uses.has_value());
  EXPECT_EQ(*uses, (std::vector<syntax::TextRange>{find("%a", 1), find("%a", 2)}));
  std::optional<std::vector<syntax::TextRange>> all = references(*analyzed, on("%a", 1), true);
  ASSERT_TRUE(all.has_value());
  EXPECT_EQ(*all, (std::vector<syntax::TextRange>{find("%a", 0), find("%a", 1), find("%a", 2)}));
}

TEST_F(IdeFeatures, HighlightsMarkTheDefinitionAsAWrite) {
  std::optional<std::vector<Highlight>> highlights = documentHighlights(*analyzed, on("%c", 1));
  ASSERT_TRUE(highlights.has_value());
  ASSERT_EQ(highlights->size(), 2u);
  EXPECT_EQ((*highlights)[0].range, find("%c", 0));
  EXPECT_TRUE((*highlights)[0].write);
  EXPECT_EQ((*highlights)[1].range, find("%c", 1));
  EXPECT_FALSE((*highlights)[1].write);
}

TEST_F(IdeFeatures, HoverOnAValueShowsItsTypeDefinitionUsesAndConstant) {
  std::optional<HoverResult> result = hover(*analyzed, on("%c", 1), noFiles);
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->range, find("%c", 1));
  EXPECT_NE(result->markdown.find("%c : tensor<4xf32>"), std::string::npos) << result->markdown;
  EXPECT_NE(result->markdown.find("result #0 of `stablehlo.constant`, defined at line 7"), std::string::npos)
      << result->markdown;
  EXPECT_NE(result->markdown.find("1 use"), std::string::npos) << result->markdown;
  EXPECT_NE(result->markdown.find("4 elements: `1.0, 2.0, 3.0, 4.0`"), std::string::npos) << result->markdown;
}

TEST_F(IdeFeatures, HoverOnAnOpCoversItsName) {
  std::optional<HoverResult> result = hover(*analyzed, on("stablehlo.add"), noFiles);
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->range, find("stablehlo.add"));
  EXPECT_NE(result->markdown.find("**`stablehlo.add`**"), std::string::npos) << result->markdown;
}

TEST_F(IdeFeatures, HoverOnAFunctionCountsItsReferences) {
  std::optional<HoverResult> result = hover(*analyzed, on("@helper", 1), noFiles);
  ASSERT_TRUE(result.has_value());
  EXPECT_NE(result->markdown.find("defined at line 2; 1 reference"), std::string::npos) << result->markdown;
}

TEST_F(IdeFeatures, TheIndexFindsANameFromInsideOrJustAfterIt) {
  syntax::TextRange name = find("%1, %c");
  name.end = name.begin + 2;
  for (uint32_t offset : {name.begin, name.begin + 1, name.end}) {
    const Occurrence *occurrence = analyzed->index().at(offset);
    ASSERT_NE(occurrence, nullptr) << offset;
    EXPECT_EQ(occurrence->range, name);
    EXPECT_EQ(occurrence->kind, Occurrence::Kind::ValueUse);
  }
  EXPECT_EQ(analyzed->index().at(name.begin - 1), nullptr);  // The space before it.
  const std::vector<Occurrence> &all = analyzed->index().all();
  for (size_t i = 1; i < all.size(); ++i) EXPECT_LE(all[i - 1].range.begin, all[i].range.begin);
}

TEST_F(IdeFeatures, OperationAtIsTheInnermostOp) {
  const ir::Operation *op = operationAt(analyzed->module(), on("stablehlo.add"));
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->name, "stablehlo.add");
  op = operationAt(analyzed->module(), on("func.func @main"));
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->name, "func.func");
}

TEST_F(IdeFeatures, DocumentSymbolsNestFunctionsInTheModule) {
  std::vector<DocumentSymbol> symbols = documentSymbols(*analyzed);
  ASSERT_EQ(symbols.size(), 1u);
  EXPECT_EQ(symbols[0].name, "module @m");
  EXPECT_EQ(symbols[0].kind, SymbolKind::Module);
  ASSERT_EQ(symbols[0].children.size(), 2u);
  const DocumentSymbol &helper = symbols[0].children[0];
  EXPECT_EQ(helper.name, "@helper");
  EXPECT_EQ(helper.kind, SymbolKind::Function);
  EXPECT_EQ(helper.detail, "(tensor<4xf32>) -> tensor<4xf32>");
  EXPECT_EQ(helper.range.begin, find("func.func @helper").begin);
  EXPECT_GE(helper.selectionRange.begin, helper.range.begin);
  EXPECT_LE(helper.selectionRange.end, helper.range.end);
  EXPECT_NE(textOf(helper.selectionRange).find("helper"), std::string_view::npos);
  EXPECT_TRUE(helper.children.empty());  // Plain ops stay out of the outline.
  EXPECT_EQ(symbols[0].children[1].name, "@main");
}

TEST_F(IdeFeatures, WorkspaceSymbolsMatchSubsequencesUpToTheLimit) {
  std::vector<WorkspaceSymbol> symbols = workspaceSymbols(*analyzed, "HLP", 10);
  ASSERT_EQ(symbols.size(), 1u);
  EXPECT_EQ(symbols[0].name, "helper");
  EXPECT_EQ(symbols[0].containerName, "@m");
  EXPECT_NE(textOf(symbols[0].range).find("helper"), std::string_view::npos);
  EXPECT_EQ(workspaceSymbols(*analyzed, "", 10).size(), 2u);
  EXPECT_EQ(workspaceSymbols(*analyzed, "", 1).size(), 1u);
  EXPECT_TRUE(workspaceSymbols(*analyzed, "zz", 10).empty());
  EXPECT_TRUE(fuzzyMatches("mn", "main"));
  EXPECT_FALSE(fuzzyMatches("nm", "main"));
}

TEST_F(IdeFeatures, SemanticTokensAreOrderedDisjointAndRefined) {
  EXPECT_EQ(tokenTypeNames().size(), static_cast<size_t>(kTokenTypeCount));
  std::vector<SemanticToken> tokens = semanticTokens(*analyzed);
  ASSERT_FALSE(tokens.empty());
  for (size_t i = 1; i < tokens.size(); ++i) EXPECT_LE(tokens[i - 1].range.end, tokens[i].range.begin);
  auto tokenAt = [&](syntax::TextRange range) -> const SemanticToken * {
    for (const SemanticToken &token : tokens) {
      if (token.range == range) return &token;
    }
    return nullptr;
  };
  // `%a` in the signature: a parameter, declared there.
  const SemanticToken *parameter = tokenAt(find("%a", 0));
  ASSERT_NE(parameter, nullptr);
  EXPECT_EQ(parameter->type, kParameter);
  EXPECT_EQ(parameter->modifiers & (kDeclaration | kDefinition), kDeclaration | kDefinition);
  // Its use: a parameter, not a declaration.
  const SemanticToken *use = tokenAt(find("%a", 1));
  ASSERT_NE(use, nullptr);
  EXPECT_EQ(use->type, kParameter);
  EXPECT_EQ(use->modifiers & kDeclaration, 0u);
  // `%1` is a variable defined by an op.
  const SemanticToken *variable = tokenAt(find("%1", 0));
  ASSERT_NE(variable, nullptr);
  EXPECT_EQ(variable->type, kVariable);
  // A range request keeps only tokens meeting the range.
  syntax::TextRange line = find("    return %0 : tensor<4xf32>\n");
  std::vector<SemanticToken> some = semanticTokens(*analyzed, &line);
  ASSERT_FALSE(some.empty());
  EXPECT_LT(some.size(), tokens.size());
  for (const SemanticToken &token : some) {
    EXPECT_LT(token.range.begin, line.end);
    EXPECT_GT(token.range.end, line.begin);
  }
}

TEST_F(IdeFeatures, FoldsLeaveTheClosingLineVisible) {
  std::vector<Fold> folds = foldingRanges(*analyzed);
  auto lineOf = [&](uint32_t offset) { return analyzed->file.position(offset, syntax::PositionEncoding::UTF8).line; };
  std::vector<std::pair<uint32_t, uint32_t>> lines;
  for (const Fold &fold : folds) {
    EXPECT_EQ(fold.kind, Fold::Kind::Region);
    lines.emplace_back(lineOf(fold.range.begin), lineOf(fold.range.end));
  }
  // The module (lines 0-11, `}` on 11) and both function bodies.
  EXPECT_NE(std::find(lines.begin(), lines.end(), std::make_pair(0u, 10u)), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), std::make_pair(1u, 3u)), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), std::make_pair(5u, 9u)), lines.end());
  for (size_t i = 1; i < lines.size(); ++i) EXPECT_LT(lines[i - 1].first, lines[i].first);  // One per start line.
}

TEST(IdeFolding, RunsOfCommentLinesFold) {
  std::unique_ptr<AnalyzedFile> file = AnalyzedFile::analyze(
      "c.mlir", "// one\n// two\n// three\nfunc.func @f() {\n  return\n}\n// lone\n");
  std::vector<Fold> folds = foldingRanges(*file);
  // The function's body, then the one run of comments (a lone line is none).
  ASSERT_EQ(folds.size(), 2u);
  EXPECT_EQ(folds[0].kind, Fold::Kind::Region);
  EXPECT_EQ(folds[1].kind, Fold::Kind::Comment);
  EXPECT_EQ(folds[1].range.begin, 0u);
  EXPECT_EQ(folds[1].range.end, std::string_view("// one\n// two\n// three").size());
}

class IdeLocations : public ::testing::Test {
 protected:
  void SetUp() override { analyzed = AnalyzedFile::analyze("l.mlir", text); }

  uint32_t on(std::string_view needle) const { return static_cast<uint32_t>(text.find(needle)) + 1; }

  std::string text =
      "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  %0 = stablehlo.abs %a : tensor<2xf32> loc(\"model.py\":4:5)\n"
      "  %1 = stablehlo.abs %0 : tensor<2xf32> loc(#loc1)\n"
      "  %2 = stablehlo.abs %1 : tensor<2xf32> loc(callsite(\"gone.py\":1:1 at #loc1))\n"
      "  return %2 : tensor<2xf32>\n"
      "}\n"
      "#loc1 = loc(\"model.py\":9:2)\n";
  std::unique_ptr<AnalyzedFile> analyzed;
  /// Only model.py exists.
  FileResolver resolve = [](const std::string &file) -> std::optional<std::string> {
    if (file == "model.py") return "/src/model.py";
    return std::nullopt;
  };
};

TEST_F(IdeLocations, FileLocationIsReadAndResolved) {
  std::optional<LocationAtCursor> at = locationAt(*analyzed, on("model.py\":4"));
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->range.begin, text.find("\"model.py\":4:5"));
  EXPECT_EQ(at->range.size(), std::string_view("\"model.py\":4:5").size());
  ASSERT_EQ(at->targets.size(), 1u);
  EXPECT_EQ(at->targets[0].file, "model.py");
  EXPECT_EQ(at->targets[0].line, 4u);
  EXPECT_EQ(at->targets[0].column, 5u);
  // 0-based in the target.
  EXPECT_EQ(definition(*analyzed, on("model.py\":4"), resolve),
            (std::vector<NavigationTarget>{{"/src/model.py", {}, 3, 4}}));
}

TEST_F(IdeLocations, AliasLeadsToItsSourceAndDeclarationToItsDefinition) {
  uint32_t offset = on("#loc1)");
  std::optional<LocationAtCursor> at = locationAt(*analyzed, offset);
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->alias, "#loc1");
  syntax::TextRange definitionName{static_cast<uint32_t>(text.rfind("#loc1")),
                                   static_cast<uint32_t>(text.rfind("#loc1") + 5)};
  ASSERT_TRUE(at->aliasDefinition.has_value());
  EXPECT_EQ(*at->aliasDefinition, definitionName);
  EXPECT_EQ(definition(*analyzed, offset, resolve), (std::vector<NavigationTarget>{{"/src/model.py", {}, 8, 1}}));
  EXPECT_EQ(declaration(*analyzed, offset, resolve), (std::vector<NavigationTarget>{{"", definitionName, 0, 0}}));
}

TEST_F(IdeLocations, MissingFilesAreLeftOutAndDuplicatesDropped) {
  std::optional<LocationAtCursor> at = locationAt(*analyzed, on("callsite"));
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->targets.size(), 2u);  // gone.py, then model.py through #loc1.
  EXPECT_EQ(resolveLocations(*at, resolve), (std::vector<NavigationTarget>{{"/src/model.py", {}, 8, 1}}));
  LocationAtCursor twice = *at;
  twice.targets.push_back(twice.targets.back());
  EXPECT_EQ(resolveLocations(twice, resolve).size(), 1u);
}

TEST_F(IdeLocations, HoverSaysWhereALocationPoints) {
  std::optional<HoverResult> result = hover(*analyzed, on("callsite"), resolve);
  ASSERT_TRUE(result.has_value());
  EXPECT_NE(result->markdown.find("`gone.py:1:1` (file not found)"), std::string::npos) << result->markdown;
  EXPECT_NE(result->markdown.find("`model.py:9:2` → `/src/model.py`"), std::string::npos) << result->markdown;
}

TEST(IdeConstantPreview, SplatHexAndNonDense) {
  std::unique_ptr<AnalyzedFile> file = AnalyzedFile::analyze(
      "k.mlir",
      "func.func @k() -> (tensor<3xi32>, tensor<2xi16>) {\n"
      "  %0 = stablehlo.constant dense<7> : tensor<3xi32>\n"
      "  %1 = stablehlo.constant dense<\"0x0100FFFF\"> : tensor<2xi16>\n"
      "  return %0, %1 : tensor<3xi32>, tensor<2xi16>\n"
      "}\n");
  std::vector<std::string> previews;
  ir::walk(file->module().topLevel, [&](const ir::Operation *op) {
    if (op->name != "stablehlo.constant") return;
    const ir::Attribute *value = op->attribute("value");
    ASSERT_NE(value, nullptr);
    previews.push_back(constantPreview(*value));
  });
  ASSERT_EQ(previews.size(), 2u);
  EXPECT_EQ(previews[0], "`tensor<3xi32>`, 3 elements, all `7`");
  EXPECT_EQ(previews[1], "`tensor<2xi16>`, 2 elements: `1, -1`");
  ir::Attribute notDense;
  EXPECT_EQ(constantPreview(notDense), "");
}

TEST(IdeDiagnostics, LintFindingsJoinTheFindingsInTextOrder) {
  std::unique_ptr<AnalyzedFile> file = AnalyzedFile::analyze(
      "d.mlir",
      "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  %unused = stablehlo.abs %a : tensor<2xf32>\n"
      "  %bad = stablehlo.add %a, %missing : tensor<2xf32>\n"
      "  return %a : tensor<2xf32>\n"
      "}\n");
  FileDiagnostics found = diagnostics(*file);
  const std::vector<Diagnostic> &lint = lintDiagnostics(*file);
  ASSERT_EQ(found.all.size(), file->diagnostics.size() + lint.size());
  bool unused = false;
  for (const Diagnostic &d : lint) unused |= d.code == "SHLO101" && !d.fixes.empty();
  EXPECT_TRUE(unused);
  EXPECT_FALSE(file->diagnostics.empty());
  for (size_t i = 1; i < found.all.size(); ++i) EXPECT_LE(found.all[i - 1]->range.begin, found.all[i]->range.begin);
}

}  // namespace
}  // namespace shlo::ide
