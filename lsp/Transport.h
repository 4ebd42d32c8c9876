// The transport: LSP's base protocol (Content-Length framed messages) over a
// pair of streams. It knows nothing of JSON-RPC; the protocol layer does.
#pragma once

#include <cstddef>
#include <istream>
#include <mutex>
#include <string>

namespace shlo::lsp {

class Transport {
 public:
  enum class ReadResult {
    Message,    // `body` holds one message's content.
    Malformed,  // A header block without a usable Content-Length: skipped.
    End,        // The input ended (possibly mid-message).
  };

  /// Writes go straight to `outFd` with write(2), whole messages at a
  /// time; an ostream would add a second buffer to keep in step.
  Transport(std::istream &in, int outFd) : in_(in), outFd_(outFd) {}

  /// Reads the next message. Never throws: bad headers are reported as
  /// Malformed and reading resumes at the next header block.
  ReadResult read(std::string &body);

  /// Writes one message. Safe to call from any thread: each message is
  /// written whole, under a lock, and flushed.
  void write(const std::string &body);

  /// Largest body accepted; a larger Content-Length is treated as malformed
  /// so a corrupt header cannot make the server allocate without bound.
  static constexpr size_t kMaxBody = size_t{1} << 30;

 private:
  std::istream &in_;
  int outFd_;
  std::mutex writeMutex_;
};

}  // namespace shlo::lsp
