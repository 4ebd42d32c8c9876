#include "semantic/syntax/SourceFile.h"

#include "semantic/syntax/EditedRanges.h"
#include "semantic/syntax/Limits.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

namespace shlo::syntax {

size_t utf8SequenceLength(std::string_view text, size_t i) {
  auto byte = static_cast<unsigned char>(text[i]);
  size_t length = byte < 0x80 ? 1 : (byte >> 5) == 0x6 ? 2 : (byte >> 4) == 0xE ? 3 : (byte >> 3) == 0x1E ? 4 : 1;
  if (i + length > text.size()) return 1;
  for (size_t k = 1; k < length; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 1;
  }
  return length;
}

size_t nextLineStart(std::string_view text, size_t from) {
  if (from >= text.size()) return std::string_view::npos;
  const char *begin = text.data(), *end = begin + text.size();
  const char *newline = static_cast<const char *>(std::memchr(begin + from, '\n', end - begin - from));
  const char *stop = newline ? newline : end;
  const char *cr = static_cast<const char *>(std::memchr(begin + from, '\r', stop - begin - from));
  // A `\r` before the `\n` is a break of its own unless it is the `\r\n`'s.
  if (cr && cr + 1 != newline) return static_cast<size_t>(cr - begin + 1);
  return newline ? static_cast<size_t>(newline - begin + 1) : std::string_view::npos;
}

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::make_shared<const std::string>(std::move(text))) {
  indexLines();
}

SourceFile::SourceFile(std::string path, std::shared_ptr<const std::string> text)
    : path_(std::move(path)), text_(std::move(text)) {
  indexLines();
}

void SourceFile::indexLines() {
  std::string_view text = *text_;
  lineStarts_.push_back(0);
  // memchr: the language server indexes every version of files of many MB.
  const char *begin = text.data(), *end = begin + text.size();
  if (std::memchr(begin, '\r', text.size()) == nullptr) {
    for (const char *p = begin; (p = static_cast<const char *>(std::memchr(p, '\n', end - p))) != nullptr; ++p) {
      lineStarts_.push_back(static_cast<uint32_t>(p - begin + 1));
    }
    return;
  }
  for (size_t at = 0; (at = nextLineStart(text, at)) != std::string_view::npos;) {
    lineStarts_.push_back(static_cast<uint32_t>(at));
  }
}

namespace {

/// Whether a line starts at `offset` (1 <= offset <= size): after a `\n`, or
/// after a `\r` that no `\n` follows (nextLineStart's rule).
bool startsLine(std::string_view text, size_t offset) {
  char before = text[offset - 1];
  return before == '\n' || (before == '\r' && (offset == text.size() || text[offset] != '\n'));
}

}  // namespace

SourceFile::SourceFile(std::string path, std::shared_ptr<const std::string> text, const SourceFile &previous,
                       const std::vector<InputEdit> &edits)
    : path_(std::move(path)), text_(std::move(text)) {
  std::string_view now = *text_;
  // Move the old line starts with each edit; those inside what it replaced
  // go (they are looked for again below).
  std::vector<uint32_t> starts = previous.lineStarts_;
  for (const InputEdit &edit : edits) {
    int64_t delta = int64_t{edit.newEndByte} - int64_t{edit.oldEndByte};
    size_t kept = 0;
    for (uint32_t start : starts) {
      if (start < edit.startByte || start == 0) {
        starts[kept++] = start;
      } else if (start > edit.oldEndByte) {
        starts[kept++] = static_cast<uint32_t>(start + delta);
      }
    }
    starts.resize(kept);
  }
  // Whether a line starts at an offset depends on the byte before it and
  // its own: in an edited range [begin, end), the offsets begin..end.
  lineStarts_.reserve(starts.size() + 16);
  lineStarts_.push_back(0);
  size_t k = 1;
  for (TextRange range : editedRanges(edits)) {
    uint32_t last = std::min<uint32_t>(range.end, static_cast<uint32_t>(now.size()));
    while (k < starts.size() && starts[k] < range.begin) lineStarts_.push_back(starts[k++]);
    while (k < starts.size() && starts[k] <= range.end) ++k;
    for (uint32_t offset = std::max<uint32_t>(range.begin, 1); offset <= last; ++offset) {
      if (startsLine(now, offset)) lineStarts_.push_back(offset);
    }
  }
  while (k < starts.size()) lineStarts_.push_back(starts[k++]);
}

std::string_view SourceFile::lineText(uint32_t line) const {
  if (line >= lineStarts_.size()) return {};
  uint32_t begin = lineStarts_[line];
  uint32_t end = line + 1 < lineStarts_.size() ? lineStarts_[line + 1] - 1 : static_cast<uint32_t>(text_->size());
  // The `\r` of a `\r\n` (a lone `\r` is the break itself, already left out).
  if (end > begin && end < text_->size() && (*text_)[end - 1] == '\r' && (*text_)[end] == '\n') --end;
  return text().substr(begin, end - begin);
}

Position SourceFile::position(uint32_t offset, PositionEncoding encoding) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_->size()));
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - lineStarts_.begin()) - 1;
  uint32_t begin = lineStarts_[line];
  if (encoding == PositionEncoding::UTF8) return {line, offset - begin};
  uint32_t character = 0;
  std::string_view text = this->text();
  for (size_t i = begin; i < offset;) {
    size_t length = utf8SequenceLength(text, i);
    character += length == 4 ? 2 : 1;  // Astral code points are surrogate pairs.
    i += length;
  }
  return {line, character};
}

uint32_t SourceFile::offset(Position position, PositionEncoding encoding) const {
  if (position.line >= lineStarts_.size()) return static_cast<uint32_t>(text_->size());
  std::string_view line = lineText(position.line);
  uint32_t begin = lineStarts_[position.line];
  if (encoding == PositionEncoding::UTF8) {
    return begin + std::min<uint32_t>(position.character, static_cast<uint32_t>(line.size()));
  }
  uint32_t units = 0;
  size_t i = 0;
  while (i < line.size() && units < position.character) {
    size_t length = utf8SequenceLength(line, i);
    units += length == 4 ? 2 : 1;
    i += length;
  }
  return begin + static_cast<uint32_t>(i);
}

const char *wideEncodingOf(std::string_view text) {
  auto at = [&](size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : -1; };
  if (text.size() >= 4 && at(0) == 0xFF && at(1) == 0xFE && at(2) == 0 && at(3) == 0) return "UTF-32LE";
  if (text.size() >= 4 && at(0) == 0 && at(1) == 0 && at(2) == 0xFE && at(3) == 0xFF) return "UTF-32BE";
  if (text.size() >= 2 && at(0) == 0xFF && at(1) == 0xFE) return "UTF-16LE";
  if (text.size() >= 2 && at(0) == 0xFE && at(1) == 0xFF) return "UTF-16BE";
  // No mark: ASCII text (every program starts with some) in a wider encoding.
  if (text.size() >= 4) {
    bool z0 = at(0) == 0, z1 = at(1) == 0, z2 = at(2) == 0, z3 = at(3) == 0;
    if (!z0 && z1 && z2 && z3) return "UTF-32LE";
    if (z0 && z1 && z2 && !z3) return "UTF-32BE";
    if (!z0 && z1 && !z2 && z3) return "UTF-16LE";
    if (z0 && !z1 && z2 && !z3) return "UTF-16BE";
  }
  return nullptr;
}

namespace {

std::string errnoText(int error) { return std::strerror(error); }

/// What a file that is not regular is, for the error.
const char *kindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "not a regular file";
}

/// Reads `fd` to its end or one byte past kMaxSourceBytes.
bool readAll(int fd, std::string &contents, std::string &error) {
  contents.clear();
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = "cannot read file: " + errnoText(errno);
      return false;
    }
    if (n == 0) return true;
    // Refused before the append: growing the string past the cap may double
    // its capacity to 512 MiB, beyond a 1 GiB address-space limit with
    // tcmalloc's reservations (`shlo parse /dev/stdin < /dev/zero`).
    if (contents.size() + static_cast<size_t>(n) > kMaxSourceBytes) {
      error = "input is larger than " + std::to_string(kMaxSourceBytes >> 20) + " MiB";
      return false;
    }
    contents.append(buffer, static_cast<size_t>(n));
  }
}

bool checkEncoding(const std::string &contents, std::string &error) {
  if (const char *encoding = wideEncodingOf(contents)) {
    error = std::string("file is ") + encoding + " text; shlo reads UTF-8 (convert it, e.g. iconv -f " + encoding +
            " -t UTF-8)";
    return false;
  }
  return true;
}

}  // namespace

bool readFile(const std::string &path, std::string &contents, std::string &error) {
  if (path == "-" || path == "/dev/stdin") {
    // Already open: whatever it is (a pipe, a terminal, /dev/zero), it is
    // read up to the cap.
    if (!readAll(STDIN_FILENO, contents, error)) return false;
    return checkEncoding(contents, error);
  }
  struct stat info;
  if (::stat(path.c_str(), &info) != 0) {
    error = "cannot open file: " + errnoText(errno);
    return false;
  }
  if (!S_ISREG(info.st_mode)) {
    error = std::string("is ") + kindOf(info.st_mode) + ", not a regular file";
    return false;
  }
  if (static_cast<unsigned long long>(info.st_size) > kMaxSourceBytes) {
    error = "file is larger than " + std::to_string(kMaxSourceBytes >> 20) + " MiB";
    return false;
  }
  // O_NONBLOCK: should the path become a FIFO after stat(), open() still
  // returns at once, and fstat() below refuses it.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) {
    error = "cannot open file: " + errnoText(errno);
    return false;
  }
  bool ok = true;
  if (::fstat(fd, &info) != 0) {
    error = "cannot open file: " + errnoText(errno);
    ok = false;
  } else if (!S_ISREG(info.st_mode)) {
    error = std::string("is ") + kindOf(info.st_mode) + ", not a regular file";
    ok = false;
  } else {
    contents.reserve(static_cast<size_t>(info.st_size));
    ok = readAll(fd, contents, error);
  }
  ::close(fd);
  return ok && checkEncoding(contents, error);
}

}  // namespace shlo::syntax
