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

namespace shlo::protocol {

/// Runs a callback for a key once no schedule for that key came for a delay:
/// the diagnostics debounce. One timer thread for all keys.
///
/// Leading edge: a schedule for a key that is idle (nothing pending, and its
/// last firing at least `delay` ago) fires at once, so a lone edit is not
/// delayed; schedules that follow within the delay coalesce and fire once the
/// burst pauses (trailing edge).
class Debouncer {
 public:
  /// Without `leadingEdge`, every schedule waits its delay (trailing edge
  /// only): for work worth doing only once things are quiet.
  explicit Debouncer(std::function<void(const std::string &)> fire, bool leadingEdge = true);
  ~Debouncer();
  Debouncer(const Debouncer &) = delete;
  Debouncer &operator=(const Debouncer &) = delete;

  /// (Re)starts the key's timer; fires at once when the key is idle.
  void schedule(const std::string &key, std::chrono::milliseconds delay);
  void cancel(const std::string &key);
  void stop();

 private:
  void run();

  std::function<void(const std::string &)> fire_;
  const bool leadingEdge_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::pair<std::string, std::chrono::steady_clock::time_point>> deadlines_;
  std::vector<std::pair<std::string, std::chrono::steady_clock::time_point>> lastFired_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace shlo::protocol
