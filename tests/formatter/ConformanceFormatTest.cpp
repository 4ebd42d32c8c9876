// The formatter against stablehlo-opt's own output: every file of
// ../shared/conformance/testdata was printed by stablehlo-opt, so `shlo fmt`
// must leave it byte-identical. Reports the share (target: at least 98%)
// and names each other file with the first differing line. The files of
// testdata/dynamic/ were printed by an older stablehlo-opt (attributes
// before properties, no compact reduce, generic slice and dot_general):
// `shlo fmt` brings them up to date, so for them the share is reported and
// only refusals fail. Files of the same kind kept outside the repository
// (stablehlo-opt output fetched for a check, never committed) are measured
// when SHLO_HELDOUT_FMT_DIR names their folder.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "formatter/Formatter.h"
#include "tests/support/SharedFiles.h"

namespace shlo {
namespace {

/// The first line where `a` and `b` differ, as "line N: `a` vs `b`".
std::string firstDifference(const std::string &a, const std::string &b) {
  size_t line = 1, at = 0;
  while (at < a.size() && at < b.size()) {
    size_t ea = a.find('\n', at), eb = b.find('\n', at);
    std::string la = a.substr(at, ea == std::string::npos ? std::string::npos : ea - at);
    std::string lb = b.substr(at, eb == std::string::npos ? std::string::npos : eb - at);
    if (la != lb) return "line " + std::to_string(line) + ": `" + la.substr(0, 160) + "` became `" + lb.substr(0, 160) + "`";
    if (ea == std::string::npos) break;
    at = ea + 1;
    ++line;
  }
  return "line " + std::to_string(line) + ": the texts differ in length";
}

struct Share {
  size_t files = 0, identical = 0;
  std::vector<std::string> others, refused;
};

Share measure(const std::vector<std::string> &files) {
  Share s;
  for (const std::string &path : files) {
    ++s.files;
    std::string text = test::readOrFail(path);
    formatter::FormatResult result = formatter::formatDocument(text);
    if (!result.ok) {
      s.refused.push_back(path + ": refused: " + result.error);
    } else if (result.text != text) {
      s.others.push_back(path + ": " + firstDifference(text, result.text));
    } else {
      ++s.identical;
    }
  }
  return s;
}

bool inDynamic(const std::string &path) { return path.find("/testdata/dynamic/") != std::string::npos; }

TEST(ConformanceFormat, OlderPrinterFilesAreBroughtUpToDate) {
  std::vector<std::string> files;
  for (const std::string &f : test::sharedMlirFiles({"conformance/testdata"})) {
    if (inDynamic(f)) files.push_back(f);
  }
  Share s = measure(files);
  std::cout << "testdata/dynamic (older stablehlo-opt): " << s.identical << " of " << s.files
            << " already in today's form; " << s.others.size() << " brought up to date; " << s.refused.size()
            << " refused\n";
  for (const std::string &r : s.refused) ADD_FAILURE() << r;
}

TEST(ConformanceFormat, TestdataFilesAreLeftByteIdentical) {
  std::vector<std::string> files;
  for (const std::string &f : test::sharedMlirFiles({"conformance/testdata"})) {
    if (!inDynamic(f)) files.push_back(f);
  }
  ASSERT_GT(files.size(), 100u);
  Share s = measure(files);
  size_t identical = s.identical;
  std::vector<std::string> others = s.refused;
  others.insert(others.end(), s.others.begin(), s.others.end());
  double share = 100.0 * static_cast<double>(identical) / static_cast<double>(files.size());
  std::cout << "shlo fmt leaves " << identical << " of " << files.size() << " conformance/testdata files byte-identical ("
            << share << "%)\n";
  for (const std::string &o : others) std::cout << "  not identical: " << o << "\n";
  EXPECT_GE(share, 98.0);
}

TEST(ConformanceFormat, HeldOutFilesWhenGiven) {
  const char *dir = std::getenv("SHLO_HELDOUT_FMT_DIR");
  if (!dir || !std::filesystem::is_directory(dir)) GTEST_SKIP() << "SHLO_HELDOUT_FMT_DIR not set";
  std::vector<std::string> files;
  for (const auto &entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().extension() == ".mlir") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty()) << dir;
  Share s = measure(files);
  std::cout << "shlo fmt leaves " << s.identical << " of " << s.files << " held-out files byte-identical ("
            << 100.0 * static_cast<double>(s.identical) / static_cast<double>(s.files) << "%)\n";
  for (const std::string &o : s.others) std::cout << "  not identical: " << o << "\n";
  for (const std::string &r : s.refused) std::cout << "  " << r << "\n";
  EXPECT_TRUE(s.refused.empty());
}

}  // namespace
}  // namespace shlo
