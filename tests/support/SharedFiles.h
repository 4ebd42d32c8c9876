// Test helpers over ../shared: listing its .mlir files and reading them.
#pragma once

#include <string>
#include <vector>

namespace shlo::test {

/// The absolute path of `relative` under ../shared.
std::string sharedPath(const std::string &relative);

/// Every .mlir file under the given ../shared sub-folders, sorted.
std::vector<std::string> sharedMlirFiles(const std::vector<std::string> &folders);

/// The file's contents; fails the current test when it cannot be read.
std::string readOrFail(const std::string &path);

}  // namespace shlo::test
