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

/// Ranges per thread in parallelFor (when the work allows that many).
constexpr int64_t kParallelChunksPerThread = 4;

}  // namespace shlo::interpreter
