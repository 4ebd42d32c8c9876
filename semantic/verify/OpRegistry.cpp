#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

const OpRegistry &OpRegistry::instance() {
  static const OpRegistry registry = [] {
    OpRegistry r;
    registerElementwiseOps(r);
    registerControlFlowOps(r);
    registerShapeOps(r);
    registerGatherScatterOps(r);
    registerCollectiveOps(r);
    registerLinearAlgebraOps(r);
    registerReductionOps(r);
    registerChloCheckInterpreterOps(r);
    return r;
  }();
  return registry;
}

const OpDef *OpRegistry::find(std::string_view name) const {
  auto it = defs_.find(name);
  return it == defs_.end() ? nullptr : &it->second;
}

}  // namespace shlo::verify
