#include "cli/RunProgress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "semantic/ir/IR.h"

namespace shlo::cli {

using interpreter::FrameStack;
using interpreter::ObserverCommand;

bool shouldShowProgress() {
  const char *term = std::getenv("TERM");
  return isatty(STDERR_FILENO) && !(term && std::strcmp(term, "dumb") == 0);
}

RunProgress::RunProgress(std::ostream &out, std::function<int(uint32_t)> lineOf, interpreter::Observer *next,
                         std::chrono::milliseconds delay)
    : out_(out), lineOf_(std::move(lineOf)), next_(next), delay_(delay) {}

RunProgress::~RunProgress() { clear(); }

void RunProgress::clear() {
  if (!drawn_) return;
  out_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

std::string RunProgress::render(const std::string &opName, int line) const {
  constexpr int64_t kWidth = 20;
  int64_t filled = planned_ > 0 ? std::min(kWidth, done_ * kWidth / planned_) : 0;
  std::string bar = "[" + std::string(static_cast<size_t>(filled), '=') +
                    std::string(static_cast<size_t>(kWidth - filled), ' ') + "] ";
  return bar + std::to_string(done_) + "/" + std::to_string(planned_) + " ops  " + opName + " (line " +
         std::to_string(line) + ")";
}

void RunProgress::maybeDraw(const FrameStack &frames) {
  auto now = std::chrono::steady_clock::now();
  if (now - start_ < delay_) return;
  if (drawn_ && now - lastDraw_ < std::chrono::milliseconds(100)) return;
  // The entry function's op that holds the one running now (a while
  // running for minutes shows as that while).
  if (frames.size() < 2) return;
  const ir::Operation *op = frames[1].op;
  if (!op) return;
  lastDraw_ = now;
  drawn_ = true;
  out_ << "\r\033[K" << render(op->name, lineOf_(op->range.begin)) << std::flush;
}

interpreter::Observer *RunProgress::processObserver(const interpreter::ProcessContext &process) {
  return next_ ? next_->processObserver(process) : nullptr;
}

ObserverCommand RunProgress::beforeOp(const FrameStack &frames) {
  maybeDraw(frames);
  return next_ ? next_->beforeOp(frames) : ObserverCommand::Continue;
}

ObserverCommand RunProgress::afterOp(const FrameStack &frames) {
  // The entry function's own ops: [function, op].
  if (frames.size() == 2) ++done_;
  return next_ ? next_->afterOp(frames) : ObserverCommand::Continue;
}

ObserverCommand RunProgress::enterRegion(const FrameStack &frames) {
  return next_ ? next_->enterRegion(frames) : ObserverCommand::Continue;
}

ObserverCommand RunProgress::exitRegion(const FrameStack &frames, const std::vector<interpreter::Value> &results) {
  return next_ ? next_->exitRegion(frames, results) : ObserverCommand::Continue;
}

ObserverCommand RunProgress::enterCall(const FrameStack &frames) {
  if (frames.size() == 1) {
    // An entry function starts: its top-level ops are the plan.
    const ir::Operation *fn = frames.front().op;
    planned_ = fn && !fn->regions.empty() && !fn->regions[0]->blocks.empty()
                   ? static_cast<int64_t>(fn->regions[0]->blocks[0]->operations.size())
                   : 0;
    done_ = 0;
    start_ = std::chrono::steady_clock::now();
  }
  return next_ ? next_->enterCall(frames) : ObserverCommand::Continue;
}

ObserverCommand RunProgress::exitCall(const FrameStack &frames, const std::vector<interpreter::Value> &results) {
  if (frames.size() == 1) clear();
  return next_ ? next_->exitCall(frames, results) : ObserverCommand::Continue;
}

}  // namespace shlo::cli
