#include "interpreter/kernels/Parallel.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <vector>

namespace shlo::interpreter {

namespace {

std::atomic<int> gThreads{1};

}  // namespace

void setKernelThreads(int threads) { gThreads.store(std::max(1, threads)); }

int kernelThreads() { return gThreads.load(); }

// On OpenMP, the runtime oneDNN's products and convolutions run on: one set
// of worker threads for every kernel. With a second pool (Eigen's, before),
// the workers of the one that just finished spin waiting for more work
// while the other's start, and on 2 cores they take each other's time.
void parallelFor(int64_t count, int64_t minPerThread, const std::function<void(int64_t, int64_t)> &body) {
  int64_t workers = std::min<int64_t>(kernelThreads(), count / std::max<int64_t>(1, minPerThread));
  // A range that splits again runs on its own thread: OpenMP would start a
  // nested team of threads the cores do not have.
  if (workers <= 1 || omp_in_parallel()) {
    if (count > 0) body(0, count);
    return;
  }
  std::vector<std::exception_ptr> errors(static_cast<size_t>(workers));
#pragma omp parallel num_threads(static_cast<int>(workers))
  {
    // The runtime may give fewer threads than asked: every range still runs.
    const int64_t team = omp_get_num_threads();
    for (int64_t w = omp_get_thread_num(); w < workers; w += team) {
      try {
        body(count * w / workers, count * (w + 1) / workers);
      } catch (...) {
        errors[static_cast<size_t>(w)] = std::current_exception();
      }
    }
  }
  for (const std::exception_ptr &e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace shlo::interpreter
