// Control flow (spec: if, case, while, call) and the terminators.
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

void registerControlFlowOps(OpRegistry &r) {
  r.add({"stablehlo.return", "Terminates a region, returning its operands.", "return", nullptr});
  r.add({"func.return", "Returns from a function.", "", nullptr});
  r.add({"func.call", "Calls a function.", "call", nullptr});
}

}  // namespace shlo::verify
