// The kernel module's entry (KernelModule.h): the table of its functions,
// and the executable's thread count (Parallel.h) reached through the host
// table. The module's loops run on its OpenMP team (OpenMpParallel.h),
// which the executable's parallelFor also hands its work to once the
// module is loaded.
#include "interpreter/kernels/Fold.h"
#include "interpreter/kernels/Fused.h"
#include "interpreter/kernels/KernelModule.h"
#include "interpreter/kernels/OpenMpParallel.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

namespace {
const KernelHost *gHost = nullptr;
}  // namespace

int kernelThreads() { return gHost->threads(); }

void parallelFor(int64_t count, int64_t minPerThread, const std::function<void(int64_t, int64_t)> &body) {
  openMpParallelFor(count, minPerThread, body);
}

}  // namespace shlo::interpreter

extern "C" __attribute__((visibility("default"))) const shlo::interpreter::KernelModule *shlo_kernel_module(
    const shlo::interpreter::KernelHost *host) {
  using namespace shlo::interpreter;
  gHost = host;
  static const KernelModule table = {
      kKernelModuleVersion, sizeof(KernelModule), binaryKernelF32, unaryKernelF32, binaryRowKernelF32,
      binaryColumnKernelF32, elementwiseTarget, windowFoldKernelF32, rowFoldKernelF32, oneDnnMatmul,
      oneDnnConvolution, oneDnnPrepareConvolutionKernel, oneDnnIsa, fusedKernelF32, openMpParallelFor,
  };
  return &table;
}
