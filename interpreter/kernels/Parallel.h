// Worker threads for the heavy ops (convolution, dot_general): `shlo run
// --threads N` sets how many; the ops split their outer loop into N ranges
// run on a persistent pool and the calling thread. The pool is Eigen's
// ThreadPool until the kernel module is loaded, and from then on the
// module's OpenMP team, the one oneDNN runs on (setParallelForBackend): two
// pools on the same cores would take turns, each one's workers waking or
// spinning while the other's run (NOTES.md, session 10).
// One process-wide setting, because the ops' narrow interface (Ops.h) takes
// no run options. Processes of run_parallel each split their own work.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>

namespace shlo::interpreter {

/// Sets the number of worker threads (at least 1; 1 runs on the caller).
/// The pool is rebuilt when the number changes; ranges already running on
/// the old pool finish there.
void setKernelThreads(int threads);
int kernelThreads();

/// Calls `body(begin, end)` on disjoint ranges covering [0, count), on up to
/// kernelThreads() threads with at least `minPerThread` items each (a few
/// ranges per thread, taken as threads come free), and returns when all are
/// done. `body` must only write what its range owns.
/// An exception in a range is rethrown here. Called from inside a range
/// (nested), it runs on the caller: a pool thread never waits for the pool.
void parallelFor(int64_t count, int64_t minPerThread, const std::function<void(int64_t, int64_t)> &body);

/// Starts the pool's threads now (a parallelFor of one item per thread),
/// so that the first op to split its work does not wait for them.
void startKernelThreads();

using ParallelForFunction = void (*)(int64_t count, int64_t minPerThread,
                                     const std::function<void(int64_t, int64_t)> &body);
/// From this call on, parallelFor hands its work to `backend` (the kernel
/// module's, KernelLoader.cpp), which must keep parallelFor's contract.
void setParallelForBackend(ParallelForFunction backend);
/// The backend set last; null while parallelFor runs on the executable's pool.
ParallelForFunction parallelForBackend();

/// How parallelFor splits [0, count), on either pool (Parallel.cpp, the
/// module's OpenMpParallel.cpp): `workers` threads take part (1: the caller
/// alone), and the work is `chunks` ranges handed out one at a time, a few
/// per thread, so that a thread that starts late (waking up) or runs slowly
/// (a core shared with other processes) takes fewer instead of the others
/// waiting for its fixed share.
struct ParallelRanges {
  /// Ranges per thread, when the work allows that many.
  static constexpr int64_t kPerThread = 4;
  int64_t count, workers, chunks;
  ParallelRanges(int64_t count, int64_t minPerThread, int threads)
      : count(count),
        workers(std::min<int64_t>(threads, count / std::max<int64_t>(1, minPerThread))),
        chunks(std::min<int64_t>(workers * kPerThread, count / std::max<int64_t>(1, minPerThread))) {}
  /// Runs `body` on ranges taken from `next` until none is left.
  void take(std::atomic<int64_t> &next, const std::function<void(int64_t, int64_t)> &body) const {
    for (int64_t c = next++; c < chunks; c = next++) body(count * c / chunks, count * (c + 1) / chunks);
  }
};

}  // namespace shlo::interpreter
