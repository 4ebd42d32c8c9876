// A test client for `shlo lsp`: starts the real binary as a subprocess with
// pipes, frames messages with Content-Length, and collects what the server
// sends on a reader thread. Every wait is bounded, so a hung server fails the
// test instead of hanging it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

namespace shlo::lsp::test {

using json = nlohmann::json;
using namespace std::chrono_literals;

class LspClient {
 public:
  /// Starts `binary lsp` (`binary` with `arguments`).
  explicit LspClient(const std::string &binary, const std::vector<std::string> &arguments = {"lsp"});
  /// Closes the server's input and waits a little; kills it if it lingers.
  ~LspClient();

  /// Sends bytes as they are (for malformed input).
  void sendRaw(const std::string &bytes);
  /// Sends one framed JSON message.
  void send(const json &message);
  /// Sends a request and returns its id.
  int request(const std::string &method, json params);
  void notify(const std::string &method, json params);

  /// The response with `id`, or nullopt after `timeout`.
  std::optional<json> waitForResponse(const json &id, std::chrono::milliseconds timeout = 10s);
  /// Sends a request and waits for its response.
  std::optional<json> call(const std::string &method, json params, std::chrono::milliseconds timeout = 10s);
  /// The first notification `method` for which `accept(params)` holds;
  /// removed from the queue, so the next call sees the next one.
  std::optional<json> waitForNotification(const std::string &method,
                                          const std::function<bool(const json &)> &accept = {},
                                          std::chrono::milliseconds timeout = 10s);
  /// Initialize (offering `encodings` when not empty) and initialized.
  json initialize(const std::vector<std::string> &encodings = {});

  void closeInput();
  /// The server's exit status, or nullopt if it is still running after
  /// `timeout`.
  std::optional<int> waitForExit(std::chrono::milliseconds timeout = 5s);

  /// When the last byte of the message last returned by waitForResponse or
  /// waitForNotification arrived, before this client parsed its JSON (for benchmarks: parsing
  /// a large response takes the client longer than the server's answer).
  std::chrono::steady_clock::time_point lastArrival();

  /// How many messages arrived that no wait has taken yet.
  size_t pending();

  /// The server's process id.
  pid_t pid() const { return pid_; }

 private:
  void readLoop();

  pid_t pid_ = -1;
  int toServer_ = -1;
  int fromServer_ = -1;
  int nextId_ = 1;
  std::optional<int> exitStatus_;

  std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<json> messages_;
  /// When each of messages_ arrived, in the same order.
  std::deque<std::chrono::steady_clock::time_point> arrivals_;
  std::chrono::steady_clock::time_point lastArrival_;
  bool ended_ = false;
  std::thread reader_;
};

}  // namespace shlo::lsp::test
