#include "semantic/syntax/SourceFile.h"

#include <algorithm>
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

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  lineStarts_.push_back(0);
  // memchr: the language server indexes every version of files of many MB.
  const char *begin = text_.data(), *end = begin + text_.size();
  for (const char *p = begin; (p = static_cast<const char *>(std::memchr(p, '\n', end - p))) != nullptr; ++p) {
    lineStarts_.push_back(static_cast<uint32_t>(p - begin + 1));
  }
}

std::string_view SourceFile::lineText(uint32_t line) const {
  if (line >= lineStarts_.size()) return {};
  uint32_t begin = lineStarts_[line];
  uint32_t end = line + 1 < lineStarts_.size() ? lineStarts_[line + 1] - 1 : static_cast<uint32_t>(text_.size());
  if (end > begin && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(begin, end - begin);
}

Position SourceFile::position(uint32_t offset, PositionEncoding encoding) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - lineStarts_.begin()) - 1;
  uint32_t begin = lineStarts_[line];
  if (encoding == PositionEncoding::UTF8) return {line, offset - begin};
  uint32_t character = 0;
  std::string_view text(text_);
  for (size_t i = begin; i < offset;) {
    size_t length = utf8SequenceLength(text, i);
    character += length == 4 ? 2 : 1;  // Astral code points are surrogate pairs.
    i += length;
  }
  return {line, character};
}

uint32_t SourceFile::offset(Position position, PositionEncoding encoding) const {
  if (position.line >= lineStarts_.size()) return static_cast<uint32_t>(text_.size());
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

bool readFile(const std::string &path, std::string &contents, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open file";
    return false;
  }
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  if (size < 0) {
    // Not seekable (a pipe): read it as a stream.
    in.clear();
    in.seekg(0);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    contents = buffer.str();
  } else {
    if (static_cast<unsigned long long>(size) >= std::numeric_limits<uint32_t>::max()) {
      error = "file is larger than 4 GiB";
      return false;
    }
    contents.resize(static_cast<size_t>(size));
    in.seekg(0);
    in.read(contents.data(), size);
    if (!in) {
      error = "read error";
      return false;
    }
  }
  if (contents.size() >= std::numeric_limits<uint32_t>::max()) {
    error = "file is larger than 4 GiB";
    return false;
  }
  return true;
}

}  // namespace shlo::syntax
