// `shlo run`'s progress bar: on a terminal, for runs longer than a second,
// one line on stderr redrawn at most ten times a second: ops done of ops
// planned in the entry function (its top-level ops; a while's iterations
// and a call's ops count as the one op that holds them), and the entry's op
// running now (the while a loop body's op is in) with its line. None in a pipe or a file (the caller decides, with
// shouldShowProgress). It observes the run and forwards every call to the
// observer it wraps (the --trace writer), so both can watch one run.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "interpreter/Observer.h"

namespace shlo::cli {

/// Whether stderr is a terminal that can redraw a line (not TERM=dumb).
bool shouldShowProgress();

class RunProgress : public interpreter::Observer {
 public:
  /// `lineOf`: an op's line (from 1) from its offset; `next`: the observer
  /// to forward to, or null. Lines go to `out`.
  RunProgress(std::ostream &out, std::function<int(uint32_t)> lineOf, interpreter::Observer *next,
              std::chrono::milliseconds delay = std::chrono::milliseconds(1000));
  /// Clears the line if one was drawn.
  ~RunProgress() override;

  interpreter::Observer *processObserver(const interpreter::ProcessContext &process) override;
  interpreter::ObserverCommand beforeOp(const interpreter::FrameStack &frames) override;
  interpreter::ObserverCommand afterOp(const interpreter::FrameStack &frames) override;
  interpreter::ObserverCommand enterRegion(const interpreter::FrameStack &frames) override;
  interpreter::ObserverCommand exitRegion(const interpreter::FrameStack &frames,
                                          const std::vector<interpreter::Value> &results) override;
  interpreter::ObserverCommand enterCall(const interpreter::FrameStack &frames) override;
  interpreter::ObserverCommand exitCall(const interpreter::FrameStack &frames,
                                        const std::vector<interpreter::Value> &results) override;

  /// The line as drawn now (for tests): `[=====     ] 12/40 ops  stablehlo.add (line 7)`.
  std::string render(const std::string &opName, int line) const;
  /// Erases the drawn line (before other output, at the end of a function).
  void clear();

 private:
  void maybeDraw(const interpreter::FrameStack &frames);

  std::ostream &out_;
  std::function<int(uint32_t)> lineOf_;
  interpreter::Observer *next_;
  std::chrono::milliseconds delay_;
  std::chrono::steady_clock::time_point start_, lastDraw_;
  int64_t planned_ = 0, done_ = 0;
  bool drawn_ = false;
};

}  // namespace shlo::cli
