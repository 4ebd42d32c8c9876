#include "interpreter/ProcessGrid.h"

#include <algorithm>

namespace shlo::interpreter {

ProcessGrid::ProcessGrid(int64_t numReplicas, int64_t numPartitions)
    : numReplicas_(numReplicas), numPartitions_(numPartitions) {
  if (numReplicas <= 0 || numPartitions <= 0) throw RuntimeError("the process grid must have at least one process");
  states_.assign(static_cast<size_t>(numProcesses()), State::Running);
  waitingFor_.resize(states_.size());
  recvChannel_.assign(states_.size(), -1);
  abandoned_.assign(states_.size(), false);
}

std::string ProcessGrid::processName(int64_t process) const {
  return "(" + std::to_string(process / numPartitions_) + ", " + std::to_string(process % numPartitions_) + ")";
}

std::string ProcessGrid::waitersLocked() const {
  std::string out;
  for (size_t p = 0; p < states_.size(); ++p) {
    if (states_[p] != State::Waiting) continue;
    out += (out.empty() ? "" : "; ") + std::string("process ") + processName(static_cast<int64_t>(p)) + " waits at " +
           waitingFor_[p];
  }
  return out;
}

void ProcessGrid::beginWait(int64_t self, const std::string &what) {
  states_[self] = State::Waiting;
  waitingFor_[self] = what;
  if (!stuck_ && std::none_of(states_.begin(), states_.end(), [](State s) { return s == State::Running; })) {
    stuck_ = true;
    stuckReport_ = waitersLocked();
    changed_.notify_all();
  }
}

std::vector<std::vector<Tensor>> ProcessGrid::exchange(const std::string &op, int64_t channel,
                                                       const std::vector<int64_t> &group, int64_t self,
                                                       std::vector<Tensor> values) {
  auto position = std::find(group.begin(), group.end(), self);
  if (position == group.end()) throw RuntimeError(op + ": process " + processName(self) + " is not in its group");
  size_t index = static_cast<size_t>(position - group.begin());
  for (int64_t member : group) {
    if (member < 0 || member >= numProcesses()) {
      throw RuntimeError(op + ": a process group names process " + std::to_string(member) + ", the grid has " +
                         std::to_string(numProcesses()));
    }
  }
  std::unique_lock<std::mutex> lock(mutex_);
  int64_t sequence = arrivalsByProcess_[{op, channel, group, self}]++;
  Key key{op, channel, group, sequence};
  Slot &slot = slots_[key];
  if (slot.values.empty()) {
    slot.values.resize(group.size());
    slot.arrived.assign(group.size(), false);
  }
  slot.values[index] = std::move(values);
  slot.arrived[index] = true;
  ++slot.arrivals;
  if (slot.arrivals == group.size()) {
    for (int64_t member : group) {
      if (states_[member] == State::Waiting) states_[member] = State::Running;
    }
    changed_.notify_all();
  } else {
    std::string groupText;
    for (int64_t member : group) groupText += (groupText.empty() ? "" : ", ") + processName(member);
    while (slot.arrivals != group.size()) {
      std::string problem;
      for (size_t i = 0; i < group.size() && problem.empty(); ++i) {
        if (!slot.arrived[i] && states_[group[i]] == State::Finished && !abandoned_[group[i]]) {
          problem = op + ": process " + processName(group[i]) + " ended without reaching this " + op +
                    ", which process " + processName(self) + " waits at (process group " + groupText + ")";
        }
      }
      if (problem.empty() && stuck_) problem = op + ": the process grid is deadlocked: " + stuckReport_;
      if (!problem.empty()) {
        states_[self] = State::Running;
        throw AbandonedWait(problem);
      }
      beginWait(self, op + " (process group " + groupText + ")");
      if (!stuck_) changed_.wait(lock);
    }
    states_[self] = State::Running;
  }
  std::vector<std::vector<Tensor>> out = slot.values;
  if (++slot.pickups == group.size()) slots_.erase(key);
  return out;
}

void ProcessGrid::send(int64_t channel, const std::vector<Tensor> &values) {
  std::lock_guard<std::mutex> lock(mutex_);
  channels_[channel].push_back(values);
  // Receivers on this channel can go on: they count as running from now.
  for (size_t p = 0; p < states_.size(); ++p) {
    if (states_[p] == State::Waiting && recvChannel_[p] == channel) states_[p] = State::Running;
  }
  changed_.notify_all();
}

std::vector<Tensor> ProcessGrid::recv(const std::string &op, int64_t channel, int64_t self) {
  std::unique_lock<std::mutex> lock(mutex_);
  std::deque<std::vector<Tensor>> &queue = channels_[channel];
  recvChannel_[self] = channel;
  while (queue.empty()) {
    if (stuck_) {
      states_[self] = State::Running;
      recvChannel_[self] = -1;
      throw AbandonedWait(op + ": the process grid is deadlocked: " + stuckReport_);
    }
    beginWait(self, op + " on channel " + std::to_string(channel));
    if (!stuck_) changed_.wait(lock);
  }
  states_[self] = State::Running;
  recvChannel_[self] = -1;
  std::vector<Tensor> values = std::move(queue.front());
  queue.pop_front();
  return values;
}

void ProcessGrid::setInfeed(std::deque<std::vector<Value>> queue) {
  std::lock_guard<std::mutex> lock(mutex_);
  infeed_ = std::move(queue);
}

std::vector<Value> ProcessGrid::infeed(int64_t self) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (infeed_.empty()) throw RuntimeError("infeed: the infeed queue is empty (process " + processName(self) + ")");
  std::vector<Value> values = std::move(infeed_.front());
  infeed_.pop_front();
  return values;
}

void ProcessGrid::outfeed(std::vector<Tensor> values) {
  std::lock_guard<std::mutex> lock(mutex_);
  outfeed_.push_back(std::move(values));
}

std::vector<std::vector<Tensor>> ProcessGrid::outfeedValues() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return outfeed_;
}

void ProcessGrid::finished(int64_t process, bool abandoned) {
  std::lock_guard<std::mutex> lock(mutex_);
  states_[process] = State::Finished;
  abandoned_[process] = abandoned;
  bool anyWaiting = std::any_of(states_.begin(), states_.end(), [](State s) { return s == State::Waiting; });
  bool anyRunning = std::any_of(states_.begin(), states_.end(), [](State s) { return s == State::Running; });
  if (anyWaiting && !anyRunning && !stuck_) {
    stuck_ = true;
    stuckReport_ = waitersLocked();
  }
  changed_.notify_all();
}

}  // namespace shlo::interpreter

