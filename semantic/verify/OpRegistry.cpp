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
  auto it = defs_.try_emplace(std::string(name)).first;
  OpDef &def = it->second;
  def = {op ? op->name : name, op ? op->summary : "", op ? op->specSection : "", verify, infer, op};
  index_[it->first] = &def;
}

const OpDef *OpRegistry::find(std::string_view name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : it->second;
}

}  // namespace shlo::verify
