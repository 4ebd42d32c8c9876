#include "interpreter/kernels/Isa.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <hwy/targets.h>
#include <oneapi/dnnl/dnnl.hpp>

namespace shlo::interpreter {

bool baselineIsaRequested() {
  static const bool baseline = [] {
    const char *value = std::getenv("SHLO_KERNEL_ISA");
    return value != nullptr && std::strcmp(value, "baseline") == 0;
  }();
  return baseline;
}

void applyIsaLimit() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (!baselineIsaRequested()) return;
    dnnl::set_max_cpu_isa(dnnl::cpu_isa::sse41);
    // Everything above SSSE3 (the lowest x86 target Highway compiles here
    // besides its scalar emulation).
    hwy::DisableTargets(HWY_AVX3_DL | HWY_AVX3 | HWY_AVX2 | HWY_SSE4);
  });
}

}  // namespace shlo::interpreter
