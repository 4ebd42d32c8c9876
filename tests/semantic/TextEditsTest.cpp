// applyEdits: edits index the original text, in any order; overlapping or
// out-of-range edits are refused with a reason.
#include <gtest/gtest.h>

#include "semantic/diagnostics/TextEdits.h"

using namespace shlo;

namespace {

TextEdit edit(uint32_t begin, uint32_t end, std::string text) { return {{begin, end}, std::move(text)}; }

}  // namespace

TEST(TextEdits, NoEditsKeepTheText) {
  EditResult r = applyEdits("abc", {});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.text, "abc");
}

TEST(TextEdits, ReplaceInsertAndDeleteAgainstTheOriginalText) {
  // "hello world": replace "hello" by "goodbye", delete " ", insert "!" at the end.
  EditResult r = applyEdits("hello world", {edit(11, 11, "!"), edit(0, 5, "goodbye"), edit(5, 6, "")});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.text, "goodbyeworld!");
}

TEST(TextEdits, InsertionsAtOneOffsetKeepTheirOrder) {
  EditResult r = applyEdits("ac", {edit(1, 1, "b"), edit(1, 1, "B")});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.text, "abBc");
}

TEST(TextEdits, InsertionAtAReplacedRangesStartGoesBeforeIt) {
  EditResult r = applyEdits("abc", {edit(1, 2, "X"), edit(1, 1, "<")});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.text, "a<Xc");
}

TEST(TextEdits, AdjacentEditsDoNotOverlap) {
  EditResult r = applyEdits("abcd", {edit(2, 4, "Z"), edit(0, 2, "Y")});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.text, "YZ");
}

TEST(TextEdits, OverlappingEditsAreRefused) {
  EditResult r = applyEdits("abcdef", {edit(0, 3, "x"), edit(2, 4, "y")});
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.text.empty());
  EXPECT_NE(r.error.find("[2, 4) overlaps"), std::string::npos) << r.error;
}

TEST(TextEdits, AnEditInsideAnotherIsRefused) {
  EditResult r = applyEdits("abcdef", {edit(1, 2, "x"), edit(0, 5, "y")});
  EXPECT_FALSE(r.ok());
}

TEST(TextEdits, RangesPastTheTextAreRefused) {
  EditResult r = applyEdits("abc", {edit(2, 4, "x")});
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("ends past the text (3 bytes)"), std::string::npos) << r.error;
}

TEST(TextEdits, ReversedRangesAreRefused) {
  EditResult r = applyEdits("abc", {edit(2, 1, "x")});
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("begins after its end"), std::string::npos) << r.error;
}

TEST(TextEdits, ApplyFixAndShift) {
  Fix fix{"rename", {edit(0, 1, "X")}, FixSafety::Safe};
  EXPECT_EQ(applyFix("abc", fix).text, "Xbc");
  shiftEdits(fix.edits, 2);
  EXPECT_EQ(fix.edits[0].range, (syntax::TextRange{2, 3}));
  EXPECT_EQ(applyFix("abc", fix).text, "abX");
  EXPECT_STREQ(fixSafetyName(FixSafety::Unsafe), "unsafe");
}
