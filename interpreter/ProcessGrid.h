// The StableHLO process grid: num_replicas x num_partitions processes, each
// run on its own thread by `interpreter.run_parallel`, meeting at collectives
// (rendezvous), exchanging values over channels (send/recv) and sharing an
// infeed queue and an outfeed list.
//
// Matching: the n-th time a process reaches collective `op` with a given
// channel and process group meets the n-th time every other member does.
// Hangs are impossible by construction: a wait ends with a RuntimeError
// naming the op and the processes when a member it waits for has finished
// (returned or failed) or when no process of the grid is running any more
// (every live process waits on something that cannot happen).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "interpreter/Errors.h"
#include "interpreter/Tensor.h"

namespace shlo::interpreter {

/// A wait at a collective or recv that can never complete. Processes that
/// fail this way are victims: run_parallel reports another process's error
/// first when there is one.
class AbandonedWait : public RuntimeError {
 public:
  using RuntimeError::RuntimeError;
};

class ProcessGrid {
 public:
  ProcessGrid(int64_t numReplicas, int64_t numPartitions);

  int64_t numReplicas() const { return numReplicas_; }
  int64_t numPartitions() const { return numPartitions_; }
  int64_t numProcesses() const { return numReplicas_ * numPartitions_; }
  /// `(replica, partition)` of a flattened id `replica * num_partitions + partition`.
  std::string processName(int64_t process) const;

  /// Gives `values` to the other members of `group` (flattened ids) at the
  /// collective `op` and returns every member's values in group order.
  /// `self` must be in `group`.
  std::vector<std::vector<Tensor>> exchange(const std::string &op, int64_t channel, const std::vector<int64_t> &group,
                                            int64_t self, std::vector<Tensor> values);
  /// Channel queues of send/recv (FIFO per channel).
  void send(int64_t channel, const std::vector<Tensor> &values);
  std::vector<Tensor> recv(const std::string &op, int64_t channel, int64_t self);
  /// The infeed queue (values taken in order) and the outfeed list.
  void setInfeed(std::deque<std::vector<Value>> queue);
  std::vector<Value> infeed(int64_t self);
  void outfeed(std::vector<Tensor> values);
  std::vector<std::vector<Tensor>> outfeedValues() const;

  /// Called by the thread of `process` when it ends, whatever the outcome;
  /// `abandoned` when it ended by an AbandonedWait (its peers then report
  /// the grid's deadlock rather than "ended without reaching").
  void finished(int64_t process, bool abandoned = false);

 private:
  enum class State { Running, Waiting, Finished };
  struct Slot {
    std::vector<std::vector<Tensor>> values;
    std::vector<bool> arrived;
    size_t arrivals = 0, pickups = 0;
  };
  using Key = std::tuple<std::string, int64_t, std::vector<int64_t>, int64_t>;

  /// Marks `self` waiting and, if no process runs any more, the grid stuck.
  void beginWait(int64_t self, const std::string &what);
  std::string waitersLocked() const;

  int64_t numReplicas_, numPartitions_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<State> states_;
  std::vector<std::string> waitingFor_;
  std::vector<int64_t> recvChannel_;
  std::vector<bool> abandoned_;  // The channel a process waits to receive on, or -1.
  bool stuck_ = false;
  std::string stuckReport_;
  std::map<Key, Slot> slots_;
  std::map<std::tuple<std::string, int64_t, std::vector<int64_t>, int64_t>, int64_t> arrivalsByProcess_;
  std::map<int64_t, std::deque<std::vector<Tensor>>> channels_;
  std::deque<std::vector<Value>> infeed_;
  std::vector<std::vector<Tensor>> outfeed_;
};

/// Where an op runs: the grid and the process's coordinates. Outside
/// run_parallel a function runs as process (0, 0) of a 1x1 grid.
struct ProcessContext {
  ProcessGrid *grid = nullptr;
  int64_t replicaId = 0, partitionId = 0;
  int64_t id() const { return grid ? replicaId * grid->numPartitions() + partitionId : 0; }
};

}  // namespace shlo::interpreter
