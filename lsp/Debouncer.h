// The diagnostics debounce: a burst of edits to a document is analysed once,
// after the typing pauses.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace shlo::lsp {

/// Runs a callback for a key once no schedule for that key came for a delay:
/// the diagnostics debounce. One timer thread for all keys.
class Debouncer {
 public:
  explicit Debouncer(std::function<void(const std::string &)> fire);
  ~Debouncer();
  Debouncer(const Debouncer &) = delete;
  Debouncer &operator=(const Debouncer &) = delete;

  /// (Re)starts the key's timer.
  void schedule(const std::string &key, std::chrono::milliseconds delay);
  void cancel(const std::string &key);
  void stop();

 private:
  void run();

  std::function<void(const std::string &)> fire_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::pair<std::string, std::chrono::steady_clock::time_point>> deadlines_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace shlo::lsp
