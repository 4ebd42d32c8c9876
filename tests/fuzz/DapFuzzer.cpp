// libFuzzer target: the debug adapter over a scripted session. The input is
// a list of message bodies separated by NUL bytes, sent after `initialize`,
// a `launch` of a small program stopped on entry, a breakpoint and
// `configurationDone`, and followed by `disconnect`. Odd pieces are sent
// raw, unframed, so broken headers are fuzzed too. The adapter must answer
// or reject every message and never crash, hang or leak; the run's thread
// ends with the session.
#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>

#include "dap/Server.h"
#include "protocol/Transport.h"

namespace {

std::string frame(std::string_view body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
}

const char kProgram[] = R"(func.func @main() -> tensor<i64> {
  %init = stablehlo.constant dense<0> : tensor<i64>
  %v = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %r = stablehlo.while(%i = %init) : tensor<i64>
    cond {
      %limit = stablehlo.constant dense<3> : tensor<i64>
      %c = stablehlo.compare LT, %i, %limit : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i64>
      %next = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %next : tensor<i64>
    }
  return %r : tensor<i64>
}
)";

/// The program, written once to a temporary file for `launch`.
const std::string &programPath() {
  static const std::string path = [] {
    char name[] = "/tmp/shlo-dap-fuzz-XXXXXX";
    int fd = mkstemp(name);
    if (fd >= 0) {
      (void)!write(fd, kProgram, sizeof kProgram - 1);
      close(fd);
    }
    return std::string(name);
  }();
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string session;
  session += frame(R"({"seq":1,"type":"request","command":"initialize","arguments":{"adapterID":"shlo"}})");
  session += frame(R"({"seq":2,"type":"request","command":"launch","arguments":{"program":")" + programPath() +
                   R"(","stopOnEntry":true}})");
  session += frame(std::string(R"({"seq":3,"type":"request","command":"setBreakpoints","arguments":{"source":{"path":")") +
                   programPath() + R"("},"breakpoints":[{"line":11,"condition":"%i > 0"}]}})");
  session += frame(R"({"seq":4,"type":"request","command":"setExceptionBreakpoints","arguments":{"filters":["nan","error"]}})");
  session += frame(R"({"seq":5,"type":"request","command":"configurationDone"})");
  std::string_view input(reinterpret_cast<const char *>(data), size);
  size_t piece = 0;
  while (!input.empty()) {
    size_t end = input.find('\0');
    std::string_view body = input.substr(0, end);
    session += piece++ % 2 == 0 ? frame(body) : std::string(body);
    if (end == std::string_view::npos) break;
    input.remove_prefix(end + 1);
  }
  session += frame(R"({"seq":99999,"type":"request","command":"disconnect"})");

  static int devNull = open("/dev/null", O_WRONLY);
  std::istringstream in(session);
  shlo::protocol::Transport transport(in, devNull);
  shlo::dap::Server server(transport);
  server.run();
  return 0;
}
