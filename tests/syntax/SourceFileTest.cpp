#include <gtest/gtest.h>

#include "semantic/syntax/SourceFile.h"

using namespace shlo::syntax;

TEST(SourceFile, ConvertsOffsetsToUtf16AndUtf8Positions) {
  // "é" is 2 bytes / 1 UTF-16 unit; "𝛼" is 4 bytes / 2 UTF-16 units.
  SourceFile file("f.mlir", "a\n// é𝛼 x\n");
  uint32_t x = static_cast<uint32_t>(std::string_view(file.text()).find('x'));
  EXPECT_EQ(file.position(x, PositionEncoding::UTF8), (Position{1, 10}));
  EXPECT_EQ(file.position(x, PositionEncoding::UTF16), (Position{1, 7}));
  EXPECT_EQ(file.offset({1, 7}, PositionEncoding::UTF16), x);
  EXPECT_EQ(file.offset({1, 10}, PositionEncoding::UTF8), x);
}

TEST(SourceFile, ClampsPositionsPastTheEnd) {
  SourceFile file("f.mlir", "ab\ncd");
  EXPECT_EQ(file.offset({0, 99}, PositionEncoding::UTF16), 2u);
  EXPECT_EQ(file.offset({7, 0}, PositionEncoding::UTF16), 5u);
  EXPECT_EQ(file.position(99, PositionEncoding::UTF8), (Position{1, 2}));
}

TEST(SourceFile, CountsInvalidUtf8BytesAsOneUnitEach) {
  SourceFile file("f.mlir", std::string("\xff\xfe" "a", 3));
  EXPECT_EQ(file.position(2, PositionEncoding::UTF16), (Position{0, 2}));
}

TEST(SourceFile, LineTextDropsTerminators) {
  SourceFile file("f.mlir", "one\r\ntwo\n");
  EXPECT_EQ(file.lineCount(), 3u);
  EXPECT_EQ(file.lineText(0), "one");
  EXPECT_EQ(file.lineText(1), "two");
  EXPECT_EQ(file.lineText(2), "");
}

TEST(SourceFile, CountsALoneCarriageReturnAsALineBreak) {
  // LSP's rule: `\n`, `\r\n` and a lone `\r` each end a line.
  SourceFile file("f.mlir", "a\rbc\r\nd\r\re");
  EXPECT_EQ(file.lineCount(), 5u);
  EXPECT_EQ(file.lineText(0), "a");
  EXPECT_EQ(file.lineText(1), "bc");
  EXPECT_EQ(file.lineText(2), "d");
  EXPECT_EQ(file.lineText(3), "");
  EXPECT_EQ(file.lineText(4), "e");
  uint32_t e = static_cast<uint32_t>(std::string_view(file.text()).find('e'));
  EXPECT_EQ(file.position(e, PositionEncoding::UTF16), (Position{4, 0}));
  EXPECT_EQ(file.offset({4, 0}, PositionEncoding::UTF16), e);
  EXPECT_EQ(file.position(4, PositionEncoding::UTF8), (Position{1, 2}));  // the `\r` of `\r\n`
  EXPECT_EQ(nextLineStart(file.text(), 0), 2u);
  EXPECT_EQ(nextLineStart(file.text(), 2), 6u);
  EXPECT_EQ(nextLineStart(file.text(), 10), std::string_view::npos);
}

TEST(ReadFile, RefusesWhatIsNotARegularUtf8File) {
  std::string contents, error;
  EXPECT_FALSE(readFile("/nonexistent/f.mlir", contents, error));
  EXPECT_EQ(error, "cannot open file: No such file or directory");
  EXPECT_FALSE(readFile("/", contents, error));
  EXPECT_EQ(error, "is a directory, not a regular file");
  EXPECT_FALSE(readFile("/dev/zero", contents, error));
  EXPECT_EQ(error, "is a character device, not a regular file");
}

TEST(ReadFile, NamesWideEncodings) {
  using namespace std::string_literals;
  EXPECT_STREQ(wideEncodingOf("\xff\xfe" "f\0u\0"s), "UTF-16LE");
  EXPECT_STREQ(wideEncodingOf("\xfe\xff\0f\0u"s), "UTF-16BE");
  EXPECT_STREQ(wideEncodingOf("\xff\xfe\0\0f\0\0\0"s), "UTF-32LE");
  EXPECT_STREQ(wideEncodingOf("f\0u\0n\0"s), "UTF-16LE");
  EXPECT_STREQ(wideEncodingOf("\0f\0u\0n"s), "UTF-16BE");
  EXPECT_STREQ(wideEncodingOf("f\0\0\0u\0\0\0"s), "UTF-32LE");
  EXPECT_STREQ(wideEncodingOf("\0\0\0f\0\0\0u"s), "UTF-32BE");
  EXPECT_EQ(wideEncodingOf("func.func @main"), nullptr);
  EXPECT_EQ(wideEncodingOf("\xef\xbb\xbf" "func"), nullptr);  // UTF-8's mark is UTF-8
  EXPECT_EQ(wideEncodingOf(""), nullptr);
}

namespace {

/// Applies `edit` (startByte/oldEndByte of `text`, `inserted` as new text) to
/// `text` and returns it with the edit's newEndByte set.
InputEdit applyEdit(std::string &text, uint32_t start, uint32_t oldEnd, const std::string &inserted) {
  InputEdit edit;
  edit.startByte = start;
  edit.oldEndByte = oldEnd;
  edit.newEndByte = start + static_cast<uint32_t>(inserted.size());
  text.replace(start, oldEnd - start, inserted);
  return edit;
}

void expectSameLines(const SourceFile &carried, const SourceFile &fresh, const std::string &context) {
  ASSERT_EQ(carried.lineCount(), fresh.lineCount()) << context;
  for (uint32_t line = 0; line < fresh.lineCount(); ++line) {
    ASSERT_EQ(carried.lineStart(line), fresh.lineStart(line)) << context << ", line " << line;
  }
}

}  // namespace

TEST(SourceFile, LineIndexCarriedOverEditsEqualsAFreshOne) {
  // Random batches of edits (line breaks of every kind inserted and
  // deleted, next to each other too): the index carried over from the
  // previous version must equal the one a fresh SourceFile builds.
  const char *pieces[] = {"", "x", "\n", "\r", "\r\n", "ab\ncd", "\n\n", "\r\r\n", "é\r", "y\n"};
  uint32_t seed = 12345;
  auto next = [&seed](uint32_t bound) {
    seed = seed * 1103515245u + 12345u;
    return bound == 0 ? 0u : (seed >> 8) % bound;
  };
  std::string text = "a\nbc\r\nd\re\n\nfgh\r\r\nij";
  SourceFile previous("f.mlir", text);
  size_t checked = 0;
  for (int round = 0; round < 400; ++round) {
    std::vector<InputEdit> edits;
    int count = 1 + static_cast<int>(next(3));
    for (int e = 0; e < count; ++e) {
      uint32_t start = next(static_cast<uint32_t>(text.size()) + 1);
      uint32_t oldEnd = start + std::min<uint32_t>(next(4), static_cast<uint32_t>(text.size()) - start);
      edits.push_back(applyEdit(text, start, oldEnd, pieces[next(std::size(pieces))]));
    }
    auto shared = std::make_shared<const std::string>(text);
    SourceFile carried("f.mlir", shared, previous, edits);
    SourceFile fresh("f.mlir", text);
    expectSameLines(carried, fresh, "round " + std::to_string(round));
    ++checked;
    if (text.size() > 400) {
      text = text.substr(0, 100);
      previous = SourceFile("f.mlir", text);
    } else {
      previous = carried;
    }
  }
  EXPECT_EQ(checked, 400u);
}

TEST(SourceFile, SharesItsText) {
  auto text = std::make_shared<const std::string>("a\nb");
  SourceFile file("f.mlir", text);
  EXPECT_EQ(file.text().data(), text->data());
  EXPECT_EQ(file.lineCount(), 2u);
}
