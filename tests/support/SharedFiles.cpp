#include "tests/support/SharedFiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "semantic/syntax/SourceFile.h"

namespace shlo::test {

std::string sharedPath(const std::string &relative) { return std::string(SHLO_SHARED_DIR) + "/" + relative; }

std::vector<std::string> sharedMlirFiles(const std::vector<std::string> &folders) {
  std::vector<std::string> files;
  for (const std::string &folder : folders) {
    std::filesystem::path root(sharedPath(folder));
    if (!std::filesystem::exists(root)) continue;
    for (const auto &entry : std::filesystem::recursive_directory_iterator(root)) {
      if (entry.is_regular_file() && entry.path().extension() == ".mlir") files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string readOrFail(const std::string &path) {
  std::string text, error;
  if (!syntax::readFile(path, text, error)) ADD_FAILURE() << path << ": " << error;
  return text;
}

}  // namespace shlo::test
