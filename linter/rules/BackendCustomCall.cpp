// SHLO402 backend-custom-call: a custom_call whose target belongs to one
// backend's runtime (cuBLAS, cuDNN, LAPACK, TPU kernels...): the program runs
// only where that library is linked in.
#include <array>

#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

namespace {

/// Prefixes of call targets that name a backend library or kernel
/// language; matched case-sensitively at the start of the target.
constexpr std::array<std::string_view, 15> kBackendPrefixes = {
    "__cublas",   "__cudnn",  "cublas",     "cudnn",  "cusolver", "cu_",  "hipsolver", "hipblas",
    "lapack_",    "ducc_",    "tpu_custom", "Mosaic", "__gpu$",   "triton", "xla_gpu",
};

void check(const ir::Operation &op, RuleContext &context) {
  const ir::Attribute *target = op.attribute("call_target_name");
  if (!target || op.name != "stablehlo.custom_call") return;
  std::string_view name = target->text;
  for (std::string_view prefix : kBackendPrefixes) {
    if (name.substr(0, prefix.size()) == prefix) {
      context.report(target->range.size() > 0 ? target->range : nameRangeOf(op),
                     "custom_call target `" + std::string(name) + "` belongs to one backend's runtime");
      return;
    }
  }
}

}  // namespace

Rule backendCustomCall() {
  return {{"SHLO402", "backend-custom-call", RuleCategory::Portability, Severity::Warning, FixAvailability::None,
           true, "A custom_call into one backend's library",
           "A custom_call is opaque to StableHLO: its target is a function the runtime must provide. Targets of "
           "cuBLAS, cuDNN, cuSOLVER, LAPACK, TPU or Triton kernels exist on one platform only, so the program is "
           "no longer portable.\n\nExample:\n\n"
           "    %0 = stablehlo.custom_call @lapack_sgetrf(%a) : (tensor<4x4xf32>) -> tensor<4x4xf32>\n\n"
           "Fix: export without the platform-specific lowering (JAX: lower for the portable platform), or "
           "express the computation in StableHLO ops."},
          check};
}

}  // namespace shlo::linter::rules
