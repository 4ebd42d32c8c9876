// Writing a formatted file in place without ever losing the original: the
// new text goes to a temporary file in the same folder (same file system),
// is flushed to disk, and replaces the original by rename(2) only when the
// original still holds the text that was formatted.
#pragma once

#include <string>
#include <string_view>

namespace shlo::formatter {

/// Replaces the contents of `path` with `text`, atomically, keeping the
/// file's permission bits. Refuses (returns false, `error` set to one line
/// without the path, the original untouched and no temporary file left)
/// when: the file is read-only (no write bit, even for root) or not
/// writable by the caller; the
/// temporary file cannot be created, written in full (disk full, file-size
/// limit; SIGXFSZ must be ignored by the caller for the latter to be an
/// error rather than a signal) or flushed; or the file no longer holds
/// `expected` (it changed while it was being formatted).
bool replaceFile(const std::string &path, std::string_view expected, std::string_view text, std::string &error);

}  // namespace shlo::formatter
