// Time spent per op, for `shlo run --timing`: the evaluator adds each op's
// own wall time when InterpreterOptions::profile is set (an op with regions
// without its body's ops, which count apart; calls are left out: their
// time is their body's ops'). Shared by a grid's processes.
#pragma once

#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "semantic/ir/IR.h"

namespace shlo::interpreter {

class OpProfile {
 public:
  struct Entry {
    double seconds = 0;
    int64_t count = 0;
  };
  void add(const ir::Operation *op, double seconds) {
    std::lock_guard<std::mutex> lock(mutex_);
    Entry &e = entries_[op];
    e.seconds += seconds;
    ++e.count;
  }
  std::unordered_map<const ir::Operation *, Entry> entries() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return entries_;
  }

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const ir::Operation *, Entry> entries_;
};

}  // namespace shlo::interpreter
