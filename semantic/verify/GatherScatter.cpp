// Gather and scatter (spec: gather, dynamic_gather, scatter).
#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

void registerGatherScatterOps(OpRegistry &r) { (void)r; }

}  // namespace shlo::verify
