#include "interpreter/kernels/KernelPath.h"

#include <atomic>
#include <iostream>
#include <mutex>

#include "interpreter/kernels/Elementwise.h"
#include "interpreter/kernels/KernelModule.h"
#include "interpreter/kernels/OneDnn.h"

namespace shlo::interpreter {

namespace {
std::atomic<KernelPath> gPath{KernelPath::Kernels};
std::atomic<bool> gModuleLoaded{false};
}  // namespace

void setKernelPath(KernelPath path) { gPath.store(path, std::memory_order_relaxed); }

KernelPath kernelPath() {
  KernelPath path = gPath.load(std::memory_order_relaxed);
  if (path != KernelPath::Kernels || gModuleLoaded.load(std::memory_order_acquire)) return path;
  // The first question loads the module. Without it the run goes on on the
  // reference loops (the same results, within the tolerances of
  // Elementwise.h; slower), with one warning.
  std::string error;
  if (kernelModule(&error) != nullptr) {
    gModuleLoaded.store(true, std::memory_order_release);
    return path;
  }
  static std::once_flag warned;
  std::call_once(warned, [&] { std::cerr << "shlo: warning: " << error << "; running on the reference loops\n"; });
  gPath.store(KernelPath::Reference, std::memory_order_relaxed);
  return KernelPath::Reference;
}

std::string kernelIsaSummary() {
  std::string error;
  if (kernelModule(&error) == nullptr) return "reference loops only (" + error + ")";
  return "oneDNN " + oneDnnIsa() + ", loops " + elementwiseTarget();
}

}  // namespace shlo::interpreter
