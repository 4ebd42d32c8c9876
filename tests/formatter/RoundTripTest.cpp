// On every shared .mlir file: the formatter's output is idempotent
// (fmt(fmt(x)) == fmt(x)), IR-equal to the input (formatDocument checks
// that itself and refuses otherwise), and pretty -> generic -> pretty gives
// the same text. Files the formatter refuses (lowering errors in the
// verifier's invalid programs) are counted and listed, never skipped
// silently; files it formats must all pass.
#include <gtest/gtest.h>

#include <iostream>

#include "formatter/Formatter.h"
#include "tests/support/SharedFiles.h"

namespace shlo {
namespace {

TEST(FormatRoundTrip, EverySharedFileIsIdempotentAndSurvivesTheGenericForm) {
  std::vector<std::string> files =
      test::sharedMlirFiles({"conformance/testdata", "conformance/interpret", "conformance/print",
                             "conformance/verify", "models"});
  ASSERT_GT(files.size(), 800u);
  size_t formatted = 0;
  std::vector<std::string> refused;
  formatter::FormatOptions generic;
  generic.generic = true;
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    formatter::FormatResult once = formatter::formatDocument(text);
    if (!once.ok) {
      refused.push_back(path + ": " + once.error);
      continue;
    }
    ++formatted;
    formatter::FormatResult twice = formatter::formatDocument(once.text);
    ASSERT_TRUE(twice.ok) << path << ": " << twice.error;
    EXPECT_EQ(twice.text, once.text) << path << ": not idempotent";
    formatter::FormatResult asGeneric = formatter::formatDocument(once.text, generic);
    ASSERT_TRUE(asGeneric.ok) << path << ": generic form: " << asGeneric.error;
    formatter::FormatResult back = formatter::formatDocument(asGeneric.text);
    ASSERT_TRUE(back.ok) << path << ": generic -> pretty: " << back.error;
    EXPECT_EQ(back.text, once.text) << path << ": pretty -> generic -> pretty differs";
  }
  std::cout << formatted << " of " << files.size() << " shared files formatted; " << refused.size() << " refused:\n";
  for (const std::string &r : refused) std::cout << "  " << r << "\n";
  // Only the verifier's deliberately invalid programs may be refused.
  for (const std::string &r : refused) EXPECT_NE(r.find("conformance/verify/"), std::string::npos) << r;
}

}  // namespace
}  // namespace shlo
