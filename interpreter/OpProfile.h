// Time spent per op, for `shlo run --timing`: the evaluator adds each op's
// own wall time when InterpreterOptions::profile is set (an op with regions
// without its body's ops, which count apart; calls are left out: their
// time is their body's ops'). Shared by a grid's processes.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

#include "semantic/ir/IR.h"

namespace shlo::interpreter {

class OpProfile {
 public:
  struct Entry {
    double seconds = 0;
    int64_t count = 0;
    /// What to call the entry when not the op's name: a fused group's
    /// label ("fused(negate,exponential,...)"), charged to its last op.
    std::string label;
  };
  void add(const ir::Operation *op, double seconds, const std::string &label = {}) {
    std::lock_guard<std::mutex> lock(mutex_);
    Entry &e = entries_[op];
    e.seconds += seconds;
    ++e.count;
    if (!label.empty()) e.label = label;
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
