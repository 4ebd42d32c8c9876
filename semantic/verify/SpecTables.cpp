#include "semantic/verify/SpecTables.h"

namespace shlo::verify {

const std::vector<SpecOp> &specOps() {
  static const std::vector<SpecOp> ops = [] {
    std::vector<SpecOp> out;
#define SPEC_OP(name, semantics) out.push_back({name, semantics, {}, {}});
#define SPEC_INPUT(label, name, type, constraints) out.back().inputs.push_back({label, name, type, constraints});
#define SPEC_OUTPUT(name, type, constraints) out.back().outputs.push_back({name, type, constraints});
#include "semantic/verify/SpecTables.inc"
#undef SPEC_OP
#undef SPEC_INPUT
#undef SPEC_OUTPUT
    return out;
  }();
  return ops;
}

const SpecOp *specOp(std::string_view name) {
  for (const SpecOp &op : specOps()) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

}  // namespace shlo::verify
