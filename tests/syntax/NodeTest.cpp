// syntax::Node, TreeCursor, Query, InputEdit and changedRanges: the typed
// view of the tree the layers above semantic/syntax use instead of
// tree-sitter's API.
#include <gtest/gtest.h>

#include <string>

#include "semantic/syntax/Query.h"
#include "semantic/syntax/SyntaxTree.h"

using namespace shlo;

namespace {

constexpr const char *kText = "%0 = stablehlo.add %a, %b : tensor<4xf32>\n%1 = stablehlo.abs %0 : tensor<4xf32>\n";

TEST(Node, KindRangeTextAndFields) {
  syntax::Parser parser;
  syntax::SyntaxTree tree = parser.parse(kText);
  syntax::Node root = tree.root();
  ASSERT_FALSE(root.isNull());
  EXPECT_EQ(root.kind(), "source_file");
  EXPECT_FALSE(root.hasError());
  ASSERT_EQ(root.namedChildCount(), 2u);
  syntax::Node add = root.namedChild(0);
  EXPECT_TRUE(add.is("operation"));
  EXPECT_TRUE(add.isNamed());
  EXPECT_EQ(add.begin(), 0u);
  syntax::Node name = add.field("name");
  EXPECT_EQ(name.text(kText), "stablehlo.add");
  EXPECT_EQ(name.startPoint(), (syntax::Point{0, 5}));
  EXPECT_EQ(name.parent(), add);
  EXPECT_EQ(add.nextNamedSibling(), root.namedChild(1));
  EXPECT_EQ(root.namedChild(1).prevNamedSibling(), add);
  EXPECT_TRUE(add.field("no_such_field").isNull());
  std::vector<syntax::Node> operands = add.fieldChildren("operand");
  ASSERT_EQ(operands.size(), 2u);
  EXPECT_EQ(operands[0].text(kText), "%a");
  EXPECT_EQ(operands[1].text(kText), "%b");
  // Anonymous tokens are children too, but not named children.
  EXPECT_GT(add.childCount(), add.namedChildCount());
  bool sawComma = false;
  for (syntax::Node child : add.children()) sawComma |= child.kind() == ",";
  EXPECT_TRUE(sawComma);
  size_t inOperandField = 0;
  for (const syntax::FieldChild &child : add.namedChildren()) {
    if (child.field && std::string_view(child.field) == "operand") ++inOperandField;
  }
  EXPECT_EQ(inOperandField, 2u);
  uint32_t at = static_cast<uint32_t>(std::string_view(kText).find("%b"));
  EXPECT_EQ(root.namedDescendantFor(at, at + 2).text(kText), "%b");
  EXPECT_TRUE(syntax::Node().isNull());
  EXPECT_EQ(syntax::Node().text(kText), "");
}

TEST(Node, ErrorsAndMissingNodes) {
  syntax::Parser parser;
  std::string text = "%0 = stablehlo.abs %a : tensor<4xf32\n";
  syntax::SyntaxTree tree = parser.parse(text);
  EXPECT_TRUE(tree.hasErrors());
  // Find the MISSING `>` with a cursor walk.
  syntax::TreeCursor cursor(tree.root());
  bool missing = false;
  for (bool more = true; more;) {
    if (cursor.node().isMissing()) missing = cursor.node().kind() == ">";
    if (cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        more = false;
        break;
      }
    }
  }
  EXPECT_TRUE(missing);
}

TEST(SyntaxTree, EditReparseAndChangedRanges) {
  syntax::Parser parser;
  std::string text = kText;
  syntax::SyntaxTree old = parser.parse(text);
  syntax::SyntaxTree edited = old.copy();
  // `abs` -> `sqrt` on the second line.
  uint32_t at = static_cast<uint32_t>(text.find("abs"));
  syntax::InputEdit edit;
  edit.startByte = at;
  edit.oldEndByte = at + 3;
  edit.newEndByte = at + 4;
  edit.startPoint = {1, 15};
  edit.oldEndPoint = {1, 18};
  edit.newEndPoint = {1, 19};
  text.replace(at, 3, "sqrt");
  edited.edit(edit);
  syntax::SyntaxTree fresh = parser.parse(text, &edited);
  EXPECT_EQ(fresh.root().namedChild(1).field("name").text(text), "stablehlo.sqrt");
  // The untouched first op is the same text in the same place.
  EXPECT_EQ(fresh.root().namedChild(0).range(), old.root().namedChild(0).range());
  std::vector<syntax::TextRange> changed = syntax::changedRanges(edited, fresh);
  EXPECT_FALSE(changed.empty());  // abs and sqrt are different keywords.
  for (const syntax::TextRange &r : changed) {
    EXPECT_GE(r.end, at) << "a change before the edit";
  }
  // The copy kept the tree as it was before the edit.
  EXPECT_EQ(old.root().namedChild(1).field("name").text(kText), "stablehlo.abs");
  EXPECT_TRUE(syntax::changedRanges(syntax::SyntaxTree(), fresh).empty());
}

TEST(Query, HighlightsCaptureNamesAndRanges) {
  const syntax::Query &query = syntax::Query::highlights();
  ASSERT_GT(query.captureCount(), 0u);
  syntax::Parser parser;
  syntax::SyntaxTree tree = parser.parse(kText);
  syntax::QueryMatches matches(query, tree.root());
  syntax::QueryMatch match;
  bool opName = false;
  size_t count = 0;
  while (matches.next(match)) {
    for (const syntax::QueryCapture &capture : match.captures) {
      ++count;
      EXPECT_LE(capture.range().end, std::string_view(kText).size());
      if (capture.node.text(kText) == "stablehlo.add") opName = !query.captureName(capture.index).empty();
    }
  }
  EXPECT_GT(count, 4u);
  EXPECT_TRUE(opName);
  // A byte range keeps the matches to (about) the second line.
  syntax::TextRange second{static_cast<uint32_t>(std::string_view(kText).find("%1")),
                           static_cast<uint32_t>(std::string_view(kText).size())};
  syntax::QueryMatches ranged(query, tree.root(), &second);
  while (ranged.next(match)) {
    for (const syntax::QueryCapture &capture : match.captures) EXPECT_GT(capture.range().end, second.begin);
  }
  EXPECT_GT(syntax::Query::folds().captureCount(), 0u);
}

TEST(Query, ADeeplyNestedTreeGetsNoMatchesInsteadOfQuadraticTime) {
  // tree-sitter's query cursor spends time proportional to the depth on
  // every node: 8,000 nested regions took 15 s, 100,000 would take hours.
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "\"test.r\"() ({\n";
  for (int i = 0; i < 100000; ++i) text += "}) : () -> ()\n";
  syntax::Parser parser;
  syntax::SyntaxTree tree = parser.parse(text);
  for (const syntax::Query *query : {&syntax::Query::highlights(), &syntax::Query::folds()}) {
    syntax::QueryMatches withText(*query, tree.root(), text);
    syntax::QueryMatches withoutText(*query, tree.root());
    syntax::QueryMatch match;
    EXPECT_TRUE(withText.tooDeep());
    EXPECT_TRUE(withoutText.tooDeep());
    EXPECT_FALSE(withText.next(match));
    EXPECT_FALSE(withoutText.next(match));
  }
  // At the nesting limit the tree is still queried.
  std::string shallow;
  for (int i = 0; i < syntax::kMaxNestingDepth / 2; ++i) shallow += "\"test.r\"() ({\n";
  for (int i = 0; i < syntax::kMaxNestingDepth / 2; ++i) shallow += "}) : () -> ()\n";
  syntax::SyntaxTree shallowTree = parser.parse(shallow);
  syntax::QueryMatches matches(syntax::Query::folds(), shallowTree.root(), shallow);
  syntax::QueryMatch match;
  EXPECT_FALSE(matches.tooDeep());
  EXPECT_TRUE(matches.next(match));
}

}  // namespace
