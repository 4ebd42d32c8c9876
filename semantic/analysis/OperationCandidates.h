// The ops of an earlier analysis that incremental analysis may copy inside
// the functions an edit touched, looked up by where their text is now.
// A sorted vector rather than a hash map: pt_bert's @main offers ~2,800 ops
// per edit, and building, probing and erasing a node-based map of them cost
// ~7% of an edit's analysis.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "semantic/syntax/TextRange.h"

namespace shlo::analysis {

/// An old op of a function body that may be copied into the function's new
/// lowering.
struct OperationCandidate {
  size_t function;   // In previous.lowered.functions.
  size_t operation;  // In its `operations`.
  int64_t shift;
};

class OperationCandidates {
 public:
  /// Offers the op now at `range`; a second offer at the same range is
  /// ignored (the first stays). Call sort() after the last one.
  void add(syntax::TextRange range, OperationCandidate candidate) {
    entries_.push_back({key(range), candidate, State::Offered});
  }
  void reserve(size_t count) { entries_.reserve(entries_.size() + count); }
  void sort() {
    std::stable_sort(entries_.begin(), entries_.end(), [](const Entry &a, const Entry &b) { return a.key < b.key; });
    entries_.erase(std::unique(entries_.begin(), entries_.end(),
                               [](const Entry &a, const Entry &b) { return a.key == b.key; }),
                   entries_.end());
  }

  /// The op offered at `range`, withdrawn: each old op is handed out once.
  /// Null when none is (left).
  const OperationCandidate *take(syntax::TextRange range) {
    Entry *entry = find(range);
    if (!entry || entry->state != State::Offered) return nullptr;
    entry->state = State::Withdrawn;
    return &entry->candidate;
  }
  /// Records that the op taken at `range` was accepted for copying.
  void accept(syntax::TextRange range) {
    if (Entry *entry = find(range)) entry->state = State::Accepted;
  }
  /// The op accepted at `range`, or null.
  const OperationCandidate *accepted(syntax::TextRange range) const {
    const Entry *entry = const_cast<OperationCandidates *>(this)->find(range);
    return entry && entry->state == State::Accepted ? &entry->candidate : nullptr;
  }

 private:
  enum class State : uint8_t { Offered, Withdrawn, Accepted };
  struct Entry {
    uint64_t key;
    OperationCandidate candidate;
    State state;
  };
  static uint64_t key(syntax::TextRange range) { return (uint64_t{range.begin} << 32) | range.end; }
  Entry *find(syntax::TextRange range) {
    uint64_t k = key(range);
    auto it = std::lower_bound(entries_.begin(), entries_.end(), k,
                               [](const Entry &entry, uint64_t value) { return entry.key < value; });
    return it != entries_.end() && it->key == k ? &*it : nullptr;
  }

  std::vector<Entry> entries_;
};

}  // namespace shlo::analysis
