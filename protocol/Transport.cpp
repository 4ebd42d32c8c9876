#include "protocol/Transport.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <string_view>

namespace shlo::protocol {

namespace {

constexpr std::string_view kContentLength = "content-length:";

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

std::string clipped(std::string_view text) {
  constexpr size_t kShown = 40;
  return text.size() <= kShown ? std::string(text) : std::string(text.substr(0, kShown)) + "...";
}

}  // namespace

Transport::Transport(std::istream &in, int outFd, size_t maxBody) : in_(in), outFd_(outFd), maxBody_(maxBody) {
  signal(SIGPIPE, SIG_IGN);
}

Transport::ReadResult Transport::readLine(std::string &line) {
  line.clear();
  std::streambuf &buffer = *in_.rdbuf();
  for (;;) {
    int c = buffer.sbumpc();
    if (c == std::char_traits<char>::eof()) return line.empty() ? ReadResult::End : ReadResult::Message;
    if (c == '\n') break;
    if (line.size() == kMaxHeaderLine) return ReadResult::Malformed;
    line += static_cast<char>(c);
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return ReadResult::Message;
}

bool Transport::skipToContentLength() {
  std::streambuf &buffer = *in_.rdbuf();
  size_t matched = 0;
  while (matched < kContentLength.size()) {
    int c = buffer.sbumpc();
    if (c == std::char_traits<char>::eof()) return false;
    char lower = static_cast<char>(std::tolower(c));
    // The pattern's first letter occurs nowhere else in it, so a mismatch
    // restarts the match at this byte.
    matched = lower == kContentLength[matched] ? matched + 1 : lower == kContentLength[0] ? 1 : 0;
  }
  return true;
}

Transport::ReadResult Transport::read(std::string &body, std::string *error) {
  auto malformed = [&](std::string why) {
    if (error) *error = std::move(why);
    resynchronise_ = true;
    return ReadResult::Malformed;
  };
  std::string line;
  if (resynchronise_) {
    // After a malformed header its body (of unknown length) follows:
    // resume at the next header that can be trusted.
    resynchronise_ = false;
    if (!skipToContentLength()) return ReadResult::End;
    ReadResult rest = readLine(line);
    if (rest == ReadResult::End) return ReadResult::End;
    if (rest == ReadResult::Malformed) return malformed("a header line is too long");
    line.insert(0, "Content-Length:");
  } else {
    // Skip blank lines between messages (some clients send an extra "\r\n").
    do {
      ReadResult result = readLine(line);
      if (result == ReadResult::End) return ReadResult::End;
      if (result == ReadResult::Malformed) return malformed("a header line is too long");
    } while (line.empty());
  }

  bool haveLength = false;
  std::string bad;  // Why the last Content-Length was unusable.
  size_t length = 0;
  while (!line.empty()) {
    size_t colon = line.find(':');
    if (colon != std::string::npos && equalsIgnoreCase(std::string_view(line).substr(0, colon), "Content-Length")) {
      std::string_view value = std::string_view(line).substr(colon + 1);
      while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
      while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
      auto [end, status] = std::from_chars(value.data(), value.data() + value.size(), length);
      haveLength = status == std::errc() && end == value.data() + value.size() && length <= maxBody_;
      bad = haveLength ? std::string()
            : status == std::errc::result_out_of_range || (status == std::errc() && length > maxBody_)
                ? "Content-Length " + clipped(value) + " is over the limit of " + std::to_string(maxBody_) + " bytes"
                : "Content-Length `" + clipped(value) + "` is not a decimal number";
    }
    // Other headers (Content-Type) are allowed and ignored.
    ReadResult result = readLine(line);
    if (result == ReadResult::End) return ReadResult::End;
    if (result == ReadResult::Malformed) return malformed("a header line is too long");
  }
  if (!haveLength) return malformed(bad.empty() ? "a header block without Content-Length" : bad);
  // In pieces, so a length announced but never sent costs no memory; up to
  // a size any real document has, reserved at once (untouched pages cost
  // nothing) so the body is not copied as it grows.
  constexpr size_t kChunk = size_t{1} << 20;
  constexpr size_t kReserved = size_t{64} << 20;
  body.clear();
  body.reserve(std::min(length, kReserved));
  while (body.size() < length) {
    size_t done = body.size();
    size_t piece = std::min(kChunk, length - done);
    body.resize(done + piece);
    if (!in_.read(body.data() + done, static_cast<std::streamsize>(piece))) return ReadResult::End;
  }
  return ReadResult::Message;
}

bool Transport::write(const std::string &body) {
  std::string message = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  std::lock_guard<std::mutex> lock(writeMutex_);
  if (peerClosed_) return false;
  size_t written = 0;
  while (written < message.size()) {
    ssize_t n = ::write(outFd_, message.data() + written, message.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      peerClosed_ = true;  // The peer is gone; the server ends its read loop.
      return false;
    }
    written += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace shlo::protocol
