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
