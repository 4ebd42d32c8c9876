// Op traces (`shlo run --trace DIR`, `shlo trace-diff A B`): every op's
// results saved as `.npy` with an index, so that two runs of a program
// (f32 against bf16, before and after an export change) can be compared op
// by op to find where they part.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "interpreter/Observer.h"

namespace shlo::interpreter {

/// Writes a trace as the run goes: `DIR/<n>.<result>.npy` for each result of
/// each op evaluated (in order, loops and calls included: op n is the n-th
/// evaluation), and `DIR/index.csv`, one row per result:
/// `step,op,value,function,line,location,file,shape,summary` (`line`: of
/// the op in the .mlir file, from 1; `location`: its `loc(...)` file
/// location, if any; `summary`: min, max, mean and NaN/inf counts).
/// Terminators and ops without results are not traced; nor are tokens and
/// the processes of a grid. Throws RuntimeError when the folder or a file
/// cannot be written (the run stops at that op).
class TraceWriter : public Observer {
 public:
  /// `filter`: when not empty, only ops named there (`stablehlo.add` or
  /// `add`) or ops in the functions named there (`@name`) are traced.
  /// `lineOf` gives the line (from 1) of a byte offset of the program.
  TraceWriter(std::string folder, std::vector<std::string> filter, std::function<int(uint32_t)> lineOf);
  ObserverCommand afterOp(const FrameStack &frames) override;
  /// Result files written so far.
  int64_t written() const { return written_; }

 private:
  bool selected(const FrameStack &frames) const;
  std::string folder_;
  std::vector<std::string> filter_;
  std::function<int(uint32_t)> lineOf_;
  std::ofstream index_;
  int64_t step_ = 0, written_ = 0;
};

/// One op result of a trace that differs between two traces.
struct TraceDifference {
  int64_t row = 0;  // In index.csv, from 0
  std::string step, op, value, function, line;
  double maxAbsError = 0, maxRelError = 0;
  bool exceeds = false;  // Beyond atol + rtol * |b| somewhere (numpy.allclose), or shapes/ops differ.
  std::string note;      // Why it was not compared element by element, if so.
};

struct TraceComparison {
  std::vector<TraceDifference> rows;  // Every row both traces have, in order
  int64_t firstDivergence = -1;       // Index into rows; -1 when none
  size_t rowsA = 0, rowsB = 0;
};

/// Compares the traces in folders `a` and `b` row by row (the same program
/// traced twice gives the same rows). Throws RuntimeError when an index or
/// a file cannot be read.
TraceComparison compareTraces(const std::string &a, const std::string &b, double rtol, double atol);

}  // namespace shlo::interpreter
