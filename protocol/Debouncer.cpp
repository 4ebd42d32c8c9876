#include "protocol/Debouncer.h"

#include <algorithm>

namespace shlo::protocol {

Debouncer::Debouncer(std::function<void(const std::string &)> fire, bool leadingEdge)
    : fire_(std::move(fire)), leadingEdge_(leadingEdge), thread_([this] { run(); }) {}

Debouncer::~Debouncer() { stop(); }

void Debouncer::schedule(const std::string &key, std::chrono::milliseconds delay) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto now = std::chrono::steady_clock::now();
    auto deadline = now + delay;
    auto it = std::find_if(deadlines_.begin(), deadlines_.end(), [&](const auto &entry) { return entry.first == key; });
    if (it != deadlines_.end()) {
      it->second = deadline;
    } else {
      auto fired = std::find_if(lastFired_.begin(), lastFired_.end(), [&](const auto &e) { return e.first == key; });
      bool idle = leadingEdge_ && (fired == lastFired_.end() || now - fired->second >= delay);
      deadlines_.emplace_back(key, idle ? now : deadline);
    }
  }
  changed_.notify_one();
}

void Debouncer::cancel(const std::string &key) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::erase_if(deadlines_, [&](const auto &entry) { return entry.first == key; });
  std::erase_if(lastFired_, [&](const auto &entry) { return entry.first == key; });
}

void Debouncer::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void Debouncer::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    if (deadlines_.empty()) {
      changed_.wait(lock);
      continue;
    }
    auto next = std::min_element(deadlines_.begin(), deadlines_.end(),
                                 [](const auto &a, const auto &b) { return a.second < b.second; });
    if (std::chrono::steady_clock::now() < next->second) {
      changed_.wait_until(lock, next->second);
      continue;  // Re-check: a schedule may have moved the deadline.
    }
    std::string key = next->first;
    deadlines_.erase(next);
    auto now = std::chrono::steady_clock::now();
    auto fired = std::find_if(lastFired_.begin(), lastFired_.end(), [&](const auto &e) { return e.first == key; });
    if (fired != lastFired_.end()) {
      fired->second = now;
    } else {
      lastFired_.emplace_back(key, now);
    }
    lock.unlock();
    fire_(key);  // Posts work elsewhere; never runs it here.
    lock.lock();
  }
}

}  // namespace shlo::protocol
