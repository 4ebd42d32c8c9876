// The base protocol under hostile framing (issue 18): a malformed header is
// answered with a ParseError (id null) and the server resynchronises on the
// next `Content-Length:`, so later requests are still answered; a client
// that closes its end ends the server with LSP's exit code, not SIGPIPE.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/lsp/TestDocument.h"

namespace shlo::lsp::test {
namespace {

std::string frame(const json &message) {
  std::string body = message.dump();
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

class LspFraming : public ::testing::Test {
 protected:
  void SetUp() override {
    client.initialize();
    openDocument(client);
    ASSERT_TRUE(waitForDiagnostics(client, 1).has_value());
  }

  /// Sends `header` followed by the body of a request that must not be
  /// answered (it belongs to the malformed message), then expects a
  /// ParseError with id null, and an answer to the next request.
  void expectParseErrorThenAnswers(const std::string &header) {
    std::string swallowed =
        json{{"jsonrpc", "2.0"}, {"id", 4242}, {"method", "textDocument/hover"}, {"params", positionParams(3, 24)}}
            .dump();
    client.sendRaw(header + swallowed);
    std::optional<json> error = client.waitForResponse(nullptr);
    ASSERT_TRUE(error.has_value()) << header;
    EXPECT_EQ((*error)["error"]["code"], -32700) << error->dump();
    json result = resultOf(client.call("textDocument/hover", positionParams(3, 24)));
    EXPECT_TRUE(result.is_object()) << header << ": " << result.dump();
    EXPECT_FALSE(client.waitForResponse(4242, 200ms).has_value()) << "the malformed message's body was read";
  }

  LspClient client{SHLO_BINARY};
};

TEST_F(LspFraming, NegativeContentLength) { expectParseErrorThenAnswers("Content-Length: -1\r\n\r\n"); }

TEST_F(LspFraming, NonNumericContentLength) { expectParseErrorThenAnswers("Content-Length: abc\r\n\r\n"); }

TEST_F(LspFraming, ContentLengthBeyondSixtyFourBits) {
  expectParseErrorThenAnswers("Content-Length: 100000000000000000000\r\n\r\n");
}

TEST_F(LspFraming, ContentLengthOverTheBodyLimit) {
  // 2 GiB, over the 1 GiB limit: refused before anything is allocated.
  expectParseErrorThenAnswers("Content-Length: 2147483648\r\n\r\n");
}

TEST_F(LspFraming, MissingContentLength) { expectParseErrorThenAnswers("Content-Type: text/plain\r\n\r\n"); }

TEST_F(LspFraming, OverlongHeaderLine) {
  expectParseErrorThenAnswers("X-Padding: " + std::string(100000, 'x') + "\r\n\r\n");
}

TEST_F(LspFraming, SeveralBadHeadersInARow) {
  client.sendRaw("Content-Length: -5\r\n\r\nxyzContent-Length: 1e3\r\n\r\n");
  for (int i = 0; i < 2; ++i) {
    std::optional<json> error = client.waitForResponse(nullptr);
    ASSERT_TRUE(error.has_value()) << i;
    EXPECT_EQ((*error)["error"]["code"], -32700);
  }
  EXPECT_TRUE(resultOf(client.call("textDocument/hover", positionParams(3, 24))).is_object());
}

TEST_F(LspFraming, HeaderNameIsCaseInsensitiveAfterResynchronising) {
  client.sendRaw("Content-Length: x\r\n\r\ngarbage");
  std::optional<json> error = client.waitForResponse(nullptr);
  ASSERT_TRUE(error.has_value());
  client.sendRaw("content-length" + frame({{"jsonrpc", "2.0"}, {"id", 77}, {"method", "textDocument/hover"},
                                          {"params", positionParams(3, 24)}})
                                        .substr(std::string("Content-Length").size()));
  std::optional<json> answer = client.waitForResponse(77);
  ASSERT_TRUE(answer.has_value());
  EXPECT_TRUE(answer->value("result", json()).is_object()) << answer->dump();
}

/// `shlo lsp` on raw pipes, for what LspClient cannot do: stop reading the
/// server's output while still writing to it.
class RawServer {
 public:
  RawServer() {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], STDIN_FILENO);
      dup2(out[1], STDOUT_FILENO);
      execl(SHLO_BINARY, SHLO_BINARY, "lsp", static_cast<char *>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    toServer_ = in[1];
    fromServer_ = out[0];
    signal(SIGPIPE, SIG_IGN);  // Writing to a server that ended must not kill the test.
  }
  ~RawServer() {
    closeInput();
    closeOutput();
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      int status;
      waitpid(pid_, &status, 0);
    }
  }

  void send(const json &message) {
    std::string bytes = frame(message);
    ssize_t written = write(toServer_, bytes.data(), bytes.size());
    (void)written;  // A server that ended is what some tests expect.
  }
  /// Reads the server's output until it holds `needle` (false after 10 s).
  bool readUntil(const std::string &needle) {
    for (int i = 0; i < 1000 && output_.find(needle) == std::string::npos; ++i) {
      char buffer[4096];
      ssize_t n = read(fromServer_, buffer, sizeof buffer);
      if (n <= 0) return false;
      output_.append(buffer, static_cast<size_t>(n));
    }
    return output_.find(needle) != std::string::npos;
  }
  void closeOutput() {
    if (fromServer_ >= 0) close(fromServer_);
    fromServer_ = -1;
  }
  void closeInput() {
    if (toServer_ >= 0) close(toServer_);
    toServer_ = -1;
  }
  /// The exit status (128 + signal when killed), or -1 when the server is
  /// still running after 10 s.
  int exitStatus() {
    int status = 0;
    for (int i = 0; i < 1000; ++i) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      usleep(10000);
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  int toServer_ = -1;
  int fromServer_ = -1;
  bool exited_ = false;
  std::string output_;
};

json initializeRequest(int id) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", "initialize"}, {"params", {{"capabilities", json::object()}}}};
}

TEST(LspClosedClient, ClosedOutputEndsTheServerWithoutSigpipe) {
  RawServer server;
  server.closeOutput();
  server.send(initializeRequest(1));
  // The input stays open: the failed write alone ends the session, with 1
  // (no shutdown came).
  EXPECT_EQ(server.exitStatus(), 1);
}

TEST(LspClosedClient, PublishingIntoAClosedPipeDoesNotKillTheServer) {
  RawServer server;
  server.send(initializeRequest(1));
  ASSERT_TRUE(server.readUntil("\"capabilities\""));
  server.closeOutput();
  // Diagnostics are published from a worker thread into the closed pipe.
  server.send({{"jsonrpc", "2.0"},
               {"method", "textDocument/didOpen"},
               {"params", {{"textDocument", {{"uri", kUri}, {"languageId", "mlir"}, {"version", 1}, {"text", kText}}}}}});
  usleep(300000);
  server.send({{"jsonrpc", "2.0"}, {"method", "initialized"}, {"params", json::object()}});
  server.closeInput();
  EXPECT_EQ(server.exitStatus(), 1);
}

TEST(LspClosedClient, ClosedOutputAfterShutdownExitsZero) {
  RawServer server;
  server.send(initializeRequest(1));
  server.send({{"jsonrpc", "2.0"}, {"id", 2}, {"method", "shutdown"}});
  ASSERT_TRUE(server.readUntil("\"id\":2"));
  server.closeOutput();
  // Answered with an error into the closed pipe: the server ends, and as
  // shutdown came first, with 0.
  server.send({{"jsonrpc", "2.0"}, {"id", 3}, {"method", "textDocument/hover"}, {"params", positionParams(0, 0)}});
  EXPECT_EQ(server.exitStatus(), 0);
}

}  // namespace
}  // namespace shlo::lsp::test
