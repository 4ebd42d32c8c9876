// The formatter's own cases: comments and names kept at their ops, MLIR's
// float and dense printing, refusals, minimal edits and ranges, and safe
// in-place writes (read-only file, file-size limit, file changed meanwhile).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "formatter/AttributePrinter.h"
#include "formatter/FileUpdate.h"
#include "formatter/Formatter.h"
#include "semantic/diagnostics/TextEdits.h"

namespace shlo {
namespace {

std::string readText(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string dataFile(const std::string &name) { return std::string(SHLO_SOURCE_DIR) + "/tests/formatter/data/" + name; }

/// Each `//` comment's text, by line.
std::multiset<std::string> comments(const std::string &text) {
  std::multiset<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    size_t at = line.find("//");
    if (at != std::string::npos) out.insert(line.substr(at));
  }
  return out;
}

TEST(Formatter, KeepsEveryCommentAtItsOp) {
  std::string input = readText(dataFile("comments.mlir"));
  std::string expected = readText(dataFile("comments.expected.mlir"));
  formatter::FormatResult result = formatter::formatDocument(input);
  ASSERT_TRUE(result.ok) << result.error;
  EXPECT_EQ(result.text, expected);
  EXPECT_EQ(comments(result.text), comments(input));
  formatter::FormatResult again = formatter::formatDocument(result.text);
  ASSERT_TRUE(again.ok) << again.error;
  EXPECT_EQ(again.text, result.text);
  EXPECT_FALSE(again.changed());
}

TEST(Formatter, KeepsNamesAndLocations) {
  std::string input =
      "#loc1 = loc(\"model.py\":3:7)\n"
      "func.func @f(%input: tensor<f32> loc(\"a.py\":1:2)) -> tensor<f32> {\n"
      "  %twice = stablehlo.add %input, %input : tensor<f32> loc(#loc1)\n"
      "  %pair:2 = \"test.op\"(%twice) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)\n"
      "  return %pair#1 : tensor<f32>\n"
      "}\n";
  formatter::FormatResult result = formatter::formatDocument(input);
  ASSERT_TRUE(result.ok) << result.error;
  EXPECT_EQ(result.text, input);
}

TEST(Formatter, PrintsFloatsAsMlirDoes) {
  using formatter::printFloatLiteral;
  using ir::FloatFormat;
  EXPECT_EQ(printFloatLiteral("1.0", FloatFormat::F32), "1.000000e+00");
  EXPECT_EQ(printFloatLiteral("0.1", FloatFormat::F32), "1.000000e-01");
  // Six digits do not read back to this double: the shortest form that does.
  EXPECT_EQ(printFloatLiteral("0.1234567", FloatFormat::F64), "0.1234567");
  EXPECT_EQ(printFloatLiteral("0x7FC00000", FloatFormat::F32), "0x7FC00000");  // NaN stays hex.
  EXPECT_EQ(printFloatLiteral("0x7F800000", FloatFormat::F32), "0x7F800000");  // Infinity too.
  EXPECT_EQ(printFloatLiteral("0x3F800000", FloatFormat::F32), "1.000000e+00");
  EXPECT_EQ(printFloatLiteral("-2.5", FloatFormat::BF16), "-2.500000e+00");
}

TEST(Formatter, ChoosesSplatListOrHexForDenseConstants) {
  auto fmt = [](const std::string &constant, const std::string &type) {
    std::string text = "func.func @f() -> " + type + " {\n  %c = stablehlo.constant " + constant + " : " + type +
                       "\n  return %c : " + type + "\n}\n";
    formatter::FormatResult r = formatter::formatDocument(text);
    EXPECT_TRUE(r.ok) << r.error;
    size_t at = r.text.find("constant ") + 9;
    return r.text.substr(at, r.text.find(" : ", at) - at);
  };
  EXPECT_EQ(fmt("dense<[1.0, 1.0]>", "tensor<2xf32>"), "dense<1.000000e+00>");
  EXPECT_EQ(fmt("dense<[[1, 2], [3, 4]]>", "tensor<2x2xi32>"), "dense<[[1, 2], [3, 4]]>");
  EXPECT_EQ(fmt("dense<[true, false]>", "tensor<2xi1>"), "dense<[true, false]>");
  std::string many = "dense<[";
  for (int i = 0; i < 101; ++i) many += (i ? ", " : "") + std::to_string(i);
  many += "]>";
  std::string hex = fmt(many, "tensor<101xi8>");
  EXPECT_EQ(hex.substr(0, 13), "dense<\"0x0001");  // More than 100 elements: a hex blob.
}

TEST(Formatter, RefusesSyntaxErrorsWithTheFirstOne) {
  formatter::FormatResult r = formatter::formatDocument("func.func @f() {\n  %0 = stablehlo.add %a, : tensor<f32>\n}\n");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error.substr(0, 2), "2:") << r.error;
}

TEST(Formatter, EditsTouchOnlyChangedLines) {
  std::string input =
      "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n"
      "  %0 = \"stablehlo.abs\"(%a) : (tensor<f32>) -> tensor<f32>\n"
      "  %1 = stablehlo.abs %0 : tensor<f32>\n"
      "  %2 = \"stablehlo.abs\"(%1) : (tensor<f32>) -> tensor<f32>\n"
      "  return %2 : tensor<f32>\n"
      "}\n";
  formatter::FormatResult r = formatter::formatDocument(input);
  ASSERT_TRUE(r.ok) << r.error;
  std::vector<TextEdit> edits = formatter::lineEdits(input, r.text);
  ASSERT_EQ(edits.size(), 2u);
  EXPECT_EQ(edits[0].newText, "  %0 = stablehlo.abs %a : tensor<f32>\n");
  EXPECT_EQ(applyEdits(input, edits).text, r.text);
  std::vector<TextEdit> range = formatter::formatRange(input, 3, 3);
  ASSERT_EQ(range.size(), 1u);
  EXPECT_EQ(range[0].newText, "  %2 = stablehlo.abs %1 : tensor<f32>\n");
}

class FileUpdateTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder = std::filesystem::temp_directory_path() / ("shlo-fmt-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);
    path = (folder / "a.mlir").string();
    std::ofstream(path) << original;
  }
  void TearDown() override {
    std::filesystem::permissions(path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add);
    std::filesystem::remove_all(folder);
  }
  size_t filesInFolder() const {
    return static_cast<size_t>(std::distance(std::filesystem::directory_iterator(folder), {}));
  }
  std::filesystem::path folder;
  std::string path;
  std::string original = "func.func @f() {\n  return\n}\n";
};

TEST_F(FileUpdateTest, ReplacesAndKeepsTheMode) {
  ::chmod(path.c_str(), 0640);
  std::string error;
  ASSERT_TRUE(formatter::replaceFile(path, original, "new\n", error)) << error;
  EXPECT_EQ(readText(path), "new\n");
  struct stat info {};
  ::stat(path.c_str(), &info);
  EXPECT_EQ(info.st_mode & 0777, 0640u);
  EXPECT_EQ(filesInFolder(), 1u);
}

TEST_F(FileUpdateTest, LeavesAReadOnlyFileAlone) {
  // Refused for root too, who may write anything: the mode bits say no.
  ::chmod(path.c_str(), 0444);
  std::string error;
  EXPECT_FALSE(formatter::replaceFile(path, original, "new\n", error));
  EXPECT_EQ(readText(path), original);
  EXPECT_EQ(filesInFolder(), 1u);
}

TEST_F(FileUpdateTest, LeavesAFileThatChangedMeanwhile) {
  std::ofstream(path) << "edited by someone else\n";
  std::string error;
  EXPECT_FALSE(formatter::replaceFile(path, original, "new\n", error));
  EXPECT_NE(error.find("changed"), std::string::npos) << error;
  EXPECT_EQ(readText(path), "edited by someone else\n");
  EXPECT_EQ(filesInFolder(), 1u);
}

TEST_F(FileUpdateTest, SurvivesAFullDisk) {
  // A file-size limit makes writes fail as a full disk does (EFBIG, or
  // SIGXFSZ when not ignored); run it in a child so the limit stays there.
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limit {16, 16};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    std::string error;
    bool ok = formatter::replaceFile(path, original, std::string(4096, 'x'), error);
    ::_exit(ok ? 1 : 0);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the write should have failed";
  EXPECT_EQ(readText(path), original);
  EXPECT_EQ(filesInFolder(), 1u);  // No temporary file left behind.
}

TEST_F(FileUpdateTest, RefusesADevice) {
  std::string error;
  EXPECT_FALSE(formatter::replaceFile("/dev/full", "", "x", error));
  EXPECT_FALSE(error.empty());
}

}  // namespace
}  // namespace shlo
