// The debug adapter: reads DAP requests on the calling thread (Content-Length
// framing from protocol/Transport), answers each with Messages' builders
// and hands the work to a DebugSession, whose run has a thread of its own;
// the session's events (stopped, output, exited) become DAP events.
//
// Order of a launch, whichever way the client sends it: `initialize` is
// answered, then the `initialized` event is sent; the run starts once both
// `launch` and `configurationDone` have been answered.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "dap/DebugSession.h"
#include "protocol/Transport.h"

namespace shlo::dap {

class Server : public SessionEvents {
 public:
  explicit Server(protocol::Transport &transport);
  ~Server() override;

  /// Serves until `disconnect` or the end of the input; returns 0. A
  /// malformed message (framing or JSON) gets an output event, a bad request
  /// an error response; neither stops the server.
  int run();

  /// Handles one message body (the fuzz target's entry point). Returns
  /// false after `disconnect`.
  bool handleMessage(const std::string &body);

  // SessionEvents (called from the run's thread).
  void stopped(const StopInfo &info) override;
  void output(const std::string &category, const std::string &text) override;
  void exited(int exitCode) override;

 private:
  void handleRequest(const nlohmann::json &request);
  void send(nlohmann::json message);
  void startIfReady();

  protocol::Transport &transport_;
  std::mutex sendMutex_;
  int seq_ = 1;
  std::unique_ptr<DebugSession> session_;
  bool launched_ = false, configured_ = false, disconnected_ = false;
  std::atomic<bool> exitedSent_{false};
};

}  // namespace shlo::dap
