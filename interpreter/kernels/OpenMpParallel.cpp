#include "interpreter/kernels/OpenMpParallel.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>

#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

void openMpParallelFor(int64_t count, int64_t minPerThread, const std::function<void(int64_t, int64_t)> &body) {
  const int64_t perThread = std::max<int64_t>(1, minPerThread);
  const int64_t workers = std::min<int64_t>(kernelThreads(), count / perThread);
  // A range that splits again runs on its own thread, as on the host's pool.
  if (workers <= 1 || omp_in_parallel()) {
    if (count > 0) body(0, count);
    return;
  }
  // Handed out one at a time: a thread that starts late (waking) or runs
  // slowly (a core shared with other processes) takes fewer ranges.
  const int64_t chunks = std::min<int64_t>(workers * kParallelChunksPerThread, count / perThread);
  std::atomic<int64_t> next{0};
  std::mutex errorMutex;
  std::exception_ptr error;
#pragma omp parallel num_threads(static_cast<int>(workers))
  {
    try {
      for (int64_t c = next++; c < chunks; c = next++) body(count * c / chunks, count * (c + 1) / chunks);
    } catch (...) {
      std::lock_guard<std::mutex> lock(errorMutex);
      if (!error) error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace shlo::interpreter
