#include "lsp/Transport.h"

#include <cctype>
#include <charconv>
#include <string_view>

#include <unistd.h>

#include <cerrno>

namespace shlo::lsp {

namespace {

/// Reads one header line, without its "\r\n" (a bare "\n" is accepted too).
/// False at the end of the input.
bool readLine(std::istream &in, std::string &line) {
  if (!std::getline(in, line)) return false;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

}  // namespace

Transport::ReadResult Transport::read(std::string &body) {
  std::string line;
  // Skip blank lines between messages (some clients send an extra "\r\n").
  do {
    if (!readLine(in_, line)) return ReadResult::End;
  } while (line.empty());

  bool haveLength = false, badLength = false;
  size_t length = 0;
  while (!line.empty()) {
    size_t colon = line.find(':');
    if (colon != std::string::npos && equalsIgnoreCase(std::string_view(line).substr(0, colon), "Content-Length")) {
      std::string_view value = std::string_view(line).substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
      while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
      auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), length);
      haveLength = error == std::errc() && end == value.data() + value.size();
      badLength = !haveLength || length > kMaxBody;
    }
    // Other headers (Content-Type) are allowed and ignored.
    if (!readLine(in_, line)) return ReadResult::End;
  }
  if (!haveLength || badLength) return ReadResult::Malformed;
  body.resize(length);
  if (length > 0 && !in_.read(body.data(), static_cast<std::streamsize>(length))) return ReadResult::End;
  return ReadResult::Message;
}

void Transport::write(const std::string &body) {
  std::string message = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  std::lock_guard<std::mutex> lock(writeMutex_);
  size_t written = 0;
  while (written < message.size()) {
    ssize_t n = ::write(outFd_, message.data() + written, message.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // The client is gone; the read loop will see the end.
    written += static_cast<size_t>(n);
  }
}

}  // namespace shlo::lsp
