#include "interpreter/kernels/KernelPath.h"

#include <atomic>

#include "interpreter/kernels/Elementwise.h"
#include "interpreter/kernels/OneDnn.h"

namespace shlo::interpreter {

namespace {
std::atomic<KernelPath> gPath{KernelPath::Kernels};
}  // namespace

void setKernelPath(KernelPath path) { gPath.store(path, std::memory_order_relaxed); }
KernelPath kernelPath() { return gPath.load(std::memory_order_relaxed); }

std::string kernelIsaSummary() { return "oneDNN " + oneDnnIsa() + ", loops " + elementwiseTarget(); }

}  // namespace shlo::interpreter
