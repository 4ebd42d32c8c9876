// The transport: the base protocol of LSP and DAP (Content-Length framed
// messages) over an input stream and an output file descriptor. It knows
// nothing of what the bodies hold (JSON-RPC for LSP, `seq`-numbered
// messages for DAP); the servers above it do.
#pragma once

#include <atomic>
#include <cstddef>
#include <istream>
#include <mutex>
#include <string>

namespace shlo::protocol {

class Transport {
 public:
  enum class ReadResult {
    Message,    // `body` holds one message's content.
    Malformed,  // A header block without a usable Content-Length (see read).
    End,        // The input ended (possibly mid-message).
  };

  /// Largest body accepted by default; a larger Content-Length is malformed,
  /// so a corrupt header cannot make the server allocate without bound.
  static constexpr size_t kMaxBody = size_t{1} << 30;
  /// Longest header line accepted; a longer one is malformed.
  static constexpr size_t kMaxHeaderLine = size_t{1} << 16;

  /// Writes go straight to `outFd` with write(2), whole messages at a time;
  /// an ostream would add a second buffer to keep in step. Ignores SIGPIPE
  /// for the whole process: a peer that closed its end shows as a failed
  /// write (peerClosed), never as a killed process.
  Transport(std::istream &in, int outFd, size_t maxBody = kMaxBody);

  /// Reads the next message. Never throws. A header block whose
  /// Content-Length is missing, not a decimal number, over `maxBody`, or
  /// whose line is over kMaxHeaderLine is reported as Malformed, with the
  /// reason in `error`; the next read then skips everything up to the next
  /// `Content-Length:` (the malformed message's body, whatever its length),
  /// so later messages are read again. The body is read as it arrives:
  /// memory follows the bytes received, not the length announced.
  ReadResult read(std::string &body, std::string *error = nullptr);

  /// Writes one message. Safe to call from any thread: each message is
  /// written whole, under a lock. Returns false, and marks the peer closed,
  /// when the output is gone (EPIPE or another write error).
  bool write(const std::string &body);

  /// True once a write failed: the peer no longer reads.
  bool peerClosed() const { return peerClosed_; }

 private:
  /// Reads one header line without its "\r\n" (a bare "\n" is accepted
  /// too). Returns End at the end of the input, Malformed when longer than
  /// kMaxHeaderLine, else Message.
  ReadResult readLine(std::string &line);
  /// Skips input up to and including the next `Content-Length:` (any case).
  /// False at the end of the input.
  bool skipToContentLength();

  std::istream &in_;
  int outFd_;
  size_t maxBody_;
  bool resynchronise_ = false;
  std::mutex writeMutex_;
  std::atomic<bool> peerClosed_{false};
};

}  // namespace shlo::protocol
