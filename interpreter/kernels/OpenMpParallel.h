// parallelFor (Parallel.h) on OpenMP, inside the kernel module: the team
// oneDNN's primitives run on also runs the library's own loops, so one set
// of threads serves every kernel and none waits for the other pool's.
#pragma once

#include <cstdint>
#include <functional>

namespace shlo::interpreter {

/// parallelFor's contract (Parallel.h) on up to kernelThreads() OpenMP
/// threads: ranges handed out a few per thread as threads come free; run on
/// the caller when called inside a parallel region; an exception in a
/// range rethrown here.
void openMpParallelFor(int64_t count, int64_t minPerThread, const std::function<void(int64_t, int64_t)> &body);

}  // namespace shlo::interpreter
