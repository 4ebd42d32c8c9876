// The kernels' worker pool (interpreter/kernels/Parallel.h): ranges cover the
// work exactly once, an exception in a range reaches the caller, a range that
// splits again runs inline, and a process of run_parallel can share the pool.
// Each on both pools parallelFor runs on: the executable's own (before the
// kernel module is loaded) and the module's OpenMP team (after).
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "interpreter/kernels/KernelModule.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {
namespace {

/// Restores one thread (the default) whatever the test does.
struct Threads {
  explicit Threads(int n) { setKernelThreads(n); }
  ~Threads() { setKernelThreads(1); }
};

enum class Pool { Executable, KernelModule };

class ParallelTest : public ::testing::TestWithParam<Pool> {
 protected:
  void SetUp() override {
    if (GetParam() == Pool::Executable) {
      previous_ = parallelForBackend();
      setParallelForBackend(nullptr);
      return;
    }
    std::string error;
    const KernelModule *module = kernelModule(&error);
    ASSERT_NE(module, nullptr) << error;
    // Loading the module handed parallelFor to its team.
    EXPECT_EQ(parallelForBackend(), module->parallelFor);
  }
  void TearDown() override {
    if (GetParam() == Pool::Executable) setParallelForBackend(previous_);
  }

 private:
  ParallelForFunction previous_ = nullptr;
};

TEST_P(ParallelTest, RangesCoverEveryItemOnce) {
  Threads threads(4);
  std::vector<std::atomic<int>> hits(1000);
  std::atomic<int> ranges{0};
  parallelFor(1000, 10, [&](int64_t begin, int64_t end) {
    ++ranges;
    for (int64_t i = begin; i < end; ++i) ++hits[i];
  });
  for (const std::atomic<int> &h : hits) ASSERT_EQ(h.load(), 1);
  // Four ranges per thread, taken as threads come free.
  EXPECT_EQ(ranges.load(), 16);
  // Fewer when the work has fewer of at least minPerThread items.
  std::atomic<int> small{0};
  std::atomic<int64_t> shortest{1000};
  parallelFor(60, 10, [&](int64_t begin, int64_t end) {
    ++small;
    int64_t length = end - begin, seen = shortest.load();
    while (length < seen && !shortest.compare_exchange_weak(seen, length)) {
    }
  });
  EXPECT_EQ(small.load(), 6);
  EXPECT_EQ(shortest.load(), 10);
}

TEST_P(ParallelTest, AnExceptionInARangeReachesTheCaller) {
  Threads threads(3);
  EXPECT_THROW(parallelFor(300, 1,
                           [](int64_t begin, int64_t) {
                             if (begin > 0) throw std::runtime_error("range failed");
                           }),
               std::runtime_error);
  // The pool still works afterwards.
  std::atomic<int64_t> sum{0};
  parallelFor(300, 1, [&](int64_t begin, int64_t end) { sum += end - begin; });
  EXPECT_EQ(sum.load(), 300);
}

TEST_P(ParallelTest, NestedCallsRunInlineAndFinish) {
  Threads threads(2);
  std::atomic<int64_t> sum{0};
  parallelFor(64, 1, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      parallelFor(100, 1, [&](int64_t b, int64_t e) { sum += e - b; });
    }
  });
  EXPECT_EQ(sum.load(), 6400);
}

TEST_P(ParallelTest, CallersOnSeveralThreadsShareThePool) {
  Threads threads(2);
  std::atomic<int64_t> sum{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t) {
    callers.emplace_back([&] {
      for (int k = 0; k < 50; ++k) parallelFor(1000, 1, [&](int64_t b, int64_t e) { sum += e - b; });
    });
  }
  for (std::thread &c : callers) c.join();
  EXPECT_EQ(sum.load(), 4 * 50 * 1000);
}

INSTANTIATE_TEST_SUITE_P(Pools, ParallelTest, ::testing::Values(Pool::Executable, Pool::KernelModule),
                         [](const ::testing::TestParamInfo<Pool> &info) {
                           return info.param == Pool::Executable ? "Executable" : "KernelModule";
                         });

}  // namespace
}  // namespace shlo::interpreter
