// libFuzzer target: the language server over a scripted session. The input
// is a list of message bodies separated by NUL bytes; each is framed with a
// Content-Length header and sent after `initialize`/`didOpen` of a small
// document, followed by shutdown and exit. Odd pieces are sent raw, unframed,
// so broken headers are fuzzed too. The server must answer or reject every
// message and never crash, hang or leak.
#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "lsp/Server.h"
#include "protocol/Transport.h"

namespace {

std::string frame(std::string_view body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
}

const char kDocument[] =
    "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\\n"
    "  %0 = stablehlo.add %a, %a : tensor<4xf32>\\n"
    "  return %0 : tensor<4xf32>\\n}\\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string session;
  session += frame(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})");
  session += frame(R"({"jsonrpc":"2.0","method":"initialized","params":{}})");
  session += frame(std::string(R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":)") +
                   R"({"uri":"file:///f.mlir","languageId":"mlir","version":1,"text":")" + kDocument + "\"}}}");
  std::string_view input(reinterpret_cast<const char *>(data), size);
  size_t piece = 0;
  while (!input.empty()) {
    size_t end = input.find('\0');
    std::string_view body = input.substr(0, end);
    session += piece++ % 2 == 0 ? frame(body) : std::string(body);
    if (end == std::string_view::npos) break;
    input.remove_prefix(end + 1);
  }
  session += frame(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})");
  session += frame(R"({"jsonrpc":"2.0","method":"exit"})");

  static int devNull = open("/dev/null", O_WRONLY);
  std::istringstream in(session);
  shlo::protocol::Transport transport(in, devNull);
  shlo::lsp::ServerOptions options;
  options.workerThreads = 1;
  options.diagnosticsDelay = std::chrono::milliseconds(0);
  shlo::lsp::Server server(transport, options);
  server.run();
  return 0;
}
