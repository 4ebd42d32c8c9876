// Which implementation the heavy ops take: the kernel library (oneDNN for
// matrix products and convolutions, vectorised loops for elementwise math)
// or the spec-following reference loops. `shlo run --reference` selects the
// reference path; tests run both and compare. One process-wide setting, as
// for the thread count (Parallel.h): the ops' narrow interface (Ops.h)
// takes no run options.
#pragma once

#include <string>

namespace shlo::interpreter {

enum class KernelPath { Kernels, Reference };

void setKernelPath(KernelPath path);
KernelPath kernelPath();
/// True when the kernel library is to be used (the default).
inline bool kernelsEnabled() { return kernelPath() == KernelPath::Kernels; }

/// The instruction sets the kernels run with on this CPU, for `shlo
/// --version`: e.g. "oneDNN avx512_core, loops AVX3". The environment
/// variable SHLO_KERNEL_ISA=baseline (read once, at the first kernel call or
/// this call) limits both oneDNN and the library's own loops to the x86-64
/// baseline (SSE4.1 for oneDNN, SSE2/SSSE3 or scalar loops): how the tests
/// prove that the binary runs on a CPU without AVX. ONEDNN_MAX_CPU_ISA is
/// honoured by oneDNN itself.
std::string kernelIsaSummary();

}  // namespace shlo::interpreter
