#include "interpreter/kernels/Parallel.h"

#define EIGEN_USE_THREADS
#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <unsupported/Eigen/CXX11/ThreadPool>
#include <vector>

namespace shlo::interpreter {

namespace {

struct Pool {
  int threads = 1;
  // threads - 1 workers: the caller runs the first range itself.
  std::shared_ptr<Eigen::ThreadPool> pool;
};

std::mutex gMutex;
Pool gPool;
std::atomic<ParallelForFunction> gBackend{nullptr};

std::shared_ptr<Eigen::ThreadPool> currentPool(int &threads) {
  std::lock_guard<std::mutex> lock(gMutex);
  threads = gPool.threads;
  return gPool.pool;
}

}  // namespace

void setKernelThreads(int threads) {
  threads = std::max(1, threads);
  std::lock_guard<std::mutex> lock(gMutex);
  if (threads == gPool.threads) return;
  gPool.threads = threads;
  gPool.pool = threads > 1 ? std::make_shared<Eigen::ThreadPool>(threads - 1) : nullptr;
}

int kernelThreads() {
  std::lock_guard<std::mutex> lock(gMutex);
  return gPool.threads;
}

void setParallelForBackend(ParallelForFunction backend) { gBackend.store(backend, std::memory_order_release); }

void startKernelThreads() {
  int threads = kernelThreads();
  if (threads > 1) parallelFor(threads, 1, [](int64_t, int64_t) {});
}

ParallelForFunction parallelForBackend() { return gBackend.load(std::memory_order_acquire); }

void parallelFor(int64_t count, int64_t minPerThread, const std::function<void(int64_t, int64_t)> &body) {
  if (ParallelForFunction backend = gBackend.load(std::memory_order_acquire)) {
    backend(count, minPerThread, body);
    return;
  }
  int threads = 1;
  std::shared_ptr<Eigen::ThreadPool> pool = currentPool(threads);
  const ParallelRanges ranges(count, minPerThread, threads);
  const int64_t workers = ranges.workers;
  // A range that splits again runs on its own thread: pool threads waiting
  // for the pool could all wait at once.
  if (workers <= 1 || !pool || pool->CurrentThreadId() != -1) {
    if (count > 0) body(0, count);
    return;
  }
  std::atomic<int64_t> next{0};
  std::vector<std::exception_ptr> errors(static_cast<size_t>(workers));
  auto run = [&](int64_t w) {
    try {
      ranges.take(next, body);
    } catch (...) {
      errors[static_cast<size_t>(w)] = std::current_exception();
    }
  };
  Eigen::Barrier done(static_cast<unsigned>(workers - 1));
  for (int64_t w = 1; w < workers; ++w) {
    pool->Schedule([&, w] {
      run(w);
      done.Notify();
    });
  }
  run(0);
  done.Wait();
  for (const std::exception_ptr &e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace shlo::interpreter
