#include "interpreter/kernels/OpenMpParallel.h"

#include <omp.h>

#include <atomic>
#include <exception>
#include <mutex>

#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

void openMpParallelFor(int64_t count, int64_t minPerThread, const std::function<void(int64_t, int64_t)> &body) {
  const ParallelRanges ranges(count, minPerThread, kernelThreads());
  // A range that splits again runs on its own thread, as on the host's pool.
  if (ranges.workers <= 1 || omp_in_parallel()) {
    if (count > 0) body(0, count);
    return;
  }
  std::atomic<int64_t> next{0};
  std::mutex errorMutex;
  std::exception_ptr error;
#pragma omp parallel num_threads(static_cast<int>(ranges.workers))
  {
    try {
      ranges.take(next, body);
    } catch (...) {
      std::lock_guard<std::mutex> lock(errorMutex);
      if (!error) error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace shlo::interpreter
