#include "interpreter/Parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>
#include <vector>

namespace shlo::interpreter {

namespace {
std::atomic<int> gThreads{1};
}  // namespace

void setKernelThreads(int threads) { gThreads = std::max(1, threads); }
int kernelThreads() { return gThreads; }

void parallelFor(int64_t count, int64_t minPerThread, const std::function<void(int64_t, int64_t)> &body) {
  int64_t workers = std::min<int64_t>(kernelThreads(), count / std::max<int64_t>(1, minPerThread));
  if (workers <= 1) {
    if (count > 0) body(0, count);
    return;
  }
  std::vector<std::thread> threads;
  std::vector<std::exception_ptr> errors(static_cast<size_t>(workers));
  for (int64_t w = 0; w < workers; ++w) {
    int64_t begin = count * w / workers, end = count * (w + 1) / workers;
    threads.emplace_back([&, w, begin, end] {
      try {
        body(begin, end);
      } catch (...) {
        errors[static_cast<size_t>(w)] = std::current_exception();
      }
    });
  }
  for (std::thread &t : threads) t.join();
  for (const std::exception_ptr &e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace shlo::interpreter
