#include "semantic/ops/SpecTables.h"

namespace shlo::ops {

const std::vector<SpecOp> &specOps() {
  static const std::vector<SpecOp> ops = [] {
    std::vector<SpecOp> out;
#define SPEC_OP(name, semantics) out.push_back({name, semantics, {}, {}, {}});
#define SPEC_INPUT(label, name, type, constraints) out.back().inputs.push_back({label, name, type, constraints});
#define SPEC_OUTPUT(name, type, constraints) out.back().outputs.push_back({name, type, constraints});
#define SPEC_CONSTRAINT(label, text) out.back().constraints.push_back({label, text});
#include "semantic/ops/SpecTables.inc"
#undef SPEC_OP
#undef SPEC_INPUT
#undef SPEC_OUTPUT
#undef SPEC_CONSTRAINT
    return out;
  }();
  return ops;
}

std::string_view SpecOp::constraint(std::string_view label) const {
  for (const SpecConstraint &c : constraints) {
    if (c.label == label) return c.text;
  }
  return {};
}

const SpecOp *specOp(std::string_view name) {
  for (const SpecOp &op : specOps()) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

}  // namespace shlo::ops
