// The kernel library's parts that link oneDNN, Highway and OpenMP
// (Elementwise.h, Fold.h, OneDnn.h) are a shared module,
// libshlo-kernels.so beside the executable, loaded on the first kernel
// call (KernelLoader.cpp). Loading oneDNN, Highway and libgomp costs ~8 ms
// of start-up (relocations, Highway's timer calibration in its static
// constructor) that the commands which never interpret (`shlo fmt`,
// `check`, `lint`, `lsp`) would pay otherwise (NOTES.md, session 9).
//
// This is the one table the module hands the loader, and the one the
// loader hands back: the thread count (Parallel.h) stays in the
// executable, and once the module is loaded the executable's parallelFor
// runs on the module's OpenMP team (the one oneDNN uses), so every kernel
// shares one pool and one thread count. Both sides are built from the same
// sources in the same build; the version and the table's size catch a
// module left from another build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/kernels/Elementwise.h"
#include "interpreter/kernels/Fused.h"
#include "interpreter/kernels/OneDnn.h"

namespace shlo::interpreter {

/// What the executable lends the module.
struct KernelHost {
  int (*threads)();
};

/// What the module exports: Elementwise.h, Fold.h, Fused.h and OneDnn.h.
struct KernelModule {
  uint32_t version;
  size_t size;  // sizeof(KernelModule) as the module was built
  void (*binaryF32)(ElementwiseBinary, const float *, const float *, float *, int64_t);
  void (*unaryF32)(ElementwiseUnary, const float *, float *, int64_t);
  void (*binaryRowF32)(ElementwiseBinary, const float *, const float *, float *, int64_t, int64_t, bool);
  void (*binaryColumnF32)(ElementwiseBinary, const float *, const float *, float *, int64_t, int64_t, bool);
  std::string (*elementwiseTarget)();
  void (*windowFoldF32)(ElementwiseBinary, const float *, const int64_t *, float, float *, int64_t, int64_t,
                        int64_t);
  void (*rowFoldF32)(ElementwiseBinary, const float *, float, float *, int64_t, int64_t);
  bool (*matmul)(const float *, const MatrixLayout &, const float *, const MatrixLayout &, float *,
                 const std::vector<int64_t> &, int64_t, int64_t, int64_t);
  bool (*convolution)(const float *, const float *, float *, const ConvolutionShape &,
                      const std::vector<ConvolutionPostOp> &);
  void (*prepareConvolutionKernel)(const float *, const ConvolutionShape &, const std::shared_ptr<const void> &,
                                   const std::vector<ConvolutionPostOp> &);
  std::string (*oneDnnIsa)();
  void (*fusedF32)(const std::vector<FusedStep> &, const std::vector<FusedInput> &, float *, int64_t);
  /// parallelFor on the module's OpenMP team (OpenMpParallel.h).
  void (*parallelFor)(int64_t, int64_t, const std::function<void(int64_t, int64_t)> &);
};

/// Bumped whenever KernelHost or KernelModule change.
constexpr uint32_t kKernelModuleVersion = 4;

/// The module's file name, looked for beside the executable.
constexpr const char *kKernelModuleFile = "libshlo-kernels.so";

/// The module's one exported symbol.
constexpr const char *kKernelModuleEntry = "shlo_kernel_module";
using KernelModuleEntry = const KernelModule *(*)(const KernelHost *host);

/// Loads the module once per process; null when it cannot be loaded, with
/// the reason in `*error` (KernelLoader.cpp).
const KernelModule *kernelModule(std::string *error = nullptr);

}  // namespace shlo::interpreter
