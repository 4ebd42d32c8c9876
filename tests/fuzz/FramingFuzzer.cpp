// libFuzzer target: the base protocol's framing (protocol/Transport) on raw
// bytes. Whatever the headers say, reading must end (every read consumes
// input or reports the end), never crash, never hold more memory than the
// bytes received, and never return a body over the limit.
#include <fcntl.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "protocol/Transport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A small limit, so lengths on both sides of it are reached.
  constexpr size_t kMaxBody = 4096;
  std::istringstream in(std::string(reinterpret_cast<const char *>(data), size));
  static int devNull = open("/dev/null", O_WRONLY);
  shlo::protocol::Transport transport(in, devNull, kMaxBody);
  std::string body, error;
  size_t reads = 0;
  for (;;) {
    shlo::protocol::Transport::ReadResult result = transport.read(body, &error);
    if (result == shlo::protocol::Transport::ReadResult::End) break;
    if (result == shlo::protocol::Transport::ReadResult::Message && body.size() > kMaxBody) abort();
    if (result == shlo::protocol::Transport::ReadResult::Malformed && error.empty()) abort();
    // Each message or malformed header takes at least one byte.
    if (++reads > size + 1) abort();
    error.clear();
    if (result == shlo::protocol::Transport::ReadResult::Message) transport.write(body);
  }
  return 0;
}
