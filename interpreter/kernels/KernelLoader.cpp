// Loads the kernel module (KernelModule.h) on first use and forwards
// Elementwise.h, Fold.h, Fused.h and OneDnn.h to it.
#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <mutex>
#include <stdexcept>

#include "interpreter/kernels/Fold.h"
#include "interpreter/kernels/KernelModule.h"
#include "interpreter/kernels/Parallel.h"

namespace shlo::interpreter {

namespace {

/// SHLO_KERNEL_MODULE when set (tests, unusual installs), else the module
/// beside the executable: the binary's own path, which a tool running it
/// (valgrind's, say) also reports for /proc/self/exe.
std::string modulePath() {
  if (const char *path = std::getenv("SHLO_KERNEL_MODULE"); path != nullptr && *path != '\0') return path;
  char exe[4096];
  ssize_t length = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (length <= 0) return kKernelModuleFile;
  std::string path(exe, static_cast<size_t>(length));
  size_t slash = path.rfind('/');
  return (slash == std::string::npos ? std::string() : path.substr(0, slash + 1)) + kKernelModuleFile;
}

struct Loaded {
  const KernelModule *module = nullptr;
  std::string error;
};

Loaded load() {
  static const KernelHost host = {kernelThreads};
  Loaded out;
  std::string path = modulePath();
  // Kept for the process's life: oneDNN's threads and caches live in it.
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char *reason = dlerror();
    out.error = "cannot load the kernel library: " + std::string(reason ? reason : path);
    return out;
  }
  auto entry = reinterpret_cast<KernelModuleEntry>(dlsym(handle, kKernelModuleEntry));
  const KernelModule *module = entry ? entry(&host) : nullptr;
  if (module == nullptr || module->version != kKernelModuleVersion || module->size != sizeof(KernelModule)) {
    out.error = "the kernel library " + path + " is from another build of shlo";
    return out;
  }
  out.module = module;
  setParallelForBackend(module->parallelFor);
  return out;
}

const KernelModule &required() {
  std::string error;
  const KernelModule *module = kernelModule(&error);
  if (module == nullptr) throw std::runtime_error(error);
  return *module;
}

}  // namespace

const KernelModule *kernelModule(std::string *error) {
  static const Loaded loaded = load();
  if (error != nullptr) *error = loaded.error;
  return loaded.module;
}

void binaryKernelF32(ElementwiseBinary op, const float *lhs, const float *rhs, float *out, int64_t count) {
  required().binaryF32(op, lhs, rhs, out, count);
}

void unaryKernelF32(ElementwiseUnary op, const float *operand, float *out, int64_t count) {
  required().unaryF32(op, operand, out, count);
}

void binaryRowKernelF32(ElementwiseBinary op, const float *full, const float *row, float *out, int64_t rows,
                        int64_t length, bool rowIsLhs) {
  required().binaryRowF32(op, full, row, out, rows, length, rowIsLhs);
}

void binaryColumnKernelF32(ElementwiseBinary op, const float *full, const float *column, float *out, int64_t rows,
                           int64_t length, bool columnIsLhs) {
  required().binaryColumnF32(op, full, column, out, rows, length, columnIsLhs);
}

std::string elementwiseTarget() { return required().elementwiseTarget(); }

void windowFoldKernelF32(ElementwiseBinary op, const float *input, const int64_t *offsets, float init, float *out,
                         int64_t rows, int64_t window, int64_t length) {
  required().windowFoldF32(op, input, offsets, init, out, rows, window, length);
}

void rowFoldKernelF32(ElementwiseBinary op, const float *input, float init, float *out, int64_t rows, int64_t length) {
  required().rowFoldF32(op, input, init, out, rows, length);
}

bool oneDnnMatmul(const float *a, const MatrixLayout &aLayout, const float *b, const MatrixLayout &bLayout, float *c,
                  const std::vector<int64_t> &batchSizes, int64_t m, int64_t k, int64_t n) {
  return required().matmul(a, aLayout, b, bLayout, c, batchSizes, m, k, n);
}

bool oneDnnConvolution(const float *input, const float *kernel, float *output, const ConvolutionShape &shape,
                       const std::vector<ConvolutionPostOp> &postOps) {
  return required().convolution(input, kernel, output, shape, postOps);
}

void oneDnnPrepareConvolutionKernel(const float *kernel, const ConvolutionShape &shape,
                                    const std::shared_ptr<const void> &owner,
                                    const std::vector<ConvolutionPostOp> &postOps) {
  required().prepareConvolutionKernel(kernel, shape, owner, postOps);
}

std::string oneDnnIsa() { return required().oneDnnIsa(); }

void fusedKernelF32(const std::vector<FusedStep> &steps, const std::vector<FusedInput> &inputs, float *out,
                    int64_t count) {
  required().fusedF32(steps, inputs, out, count);
}

}  // namespace shlo::interpreter
