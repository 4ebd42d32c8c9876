#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

const OpRegistry &OpRegistry::instance() {
  static const OpRegistry registry = [] {
    OpRegistry r;
    registerElementwiseOps(r);
    registerConversionOps(r);
    registerControlFlowOps(r);
    registerShapeOps(r);
    registerSlicingOps(r);
    registerGatherScatterOps(r);
    registerCollectiveOps(r);
    registerCommunicationOps(r);
    registerLinearAlgebraOps(r);
    registerConvolutionOps(r);
    registerNormalizationOps(r);
    registerRandomOps(r);
    registerReductionOps(r);
    registerChloOps(r);
    registerCheckInterpreterOps(r);
    return r;
  }();
  return registry;
}

void OpRegistry::add(std::string_view name, VerifyFn verify, InferFn infer) {
  const ops::OpDef *op = ops::find(name);
  OpDef &def = defs_[std::string(name)];
  def = {op ? op->name : name, op ? op->summary : "", op ? op->specSection : "", verify, infer, op};
}

const OpDef *OpRegistry::find(std::string_view name) const {
  auto it = defs_.find(name);
  return it == defs_.end() ? nullptr : &it->second;
}

}  // namespace shlo::verify
