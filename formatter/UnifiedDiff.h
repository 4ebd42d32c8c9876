// Unified diffs of a file before and after formatting: what `shlo fmt
// --diff` prints (as `ruff format --diff` and `diff -u` do), readable by
// `patch -p0` and `git apply`.
#pragma once

#include <string>
#include <string_view>

namespace shlo::formatter {

/// A unified diff turning `before` into `after`, lines compared whole
/// (line breaks included; dtl's shortest edit script): `--- fromName`,
/// `+++ toName`, then hunks `@@ -start,count +start,count @@` with three
/// unchanged lines of context around each change (GNU's convention:
/// 1-based starts, `0,0` for an empty side; a last line without a line
/// break is followed by `\ No newline at end of file`). Empty when the
/// texts are equal.
std::string unifiedDiff(std::string_view before, std::string_view after, std::string_view fromName,
                        std::string_view toName);

}  // namespace shlo::formatter
