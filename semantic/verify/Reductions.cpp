// Ops with reduction bodies (spec: reduce, reduce_window, select_and_scatter, sort, map).
#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

void registerReductionOps(OpRegistry &r) { (void)r; }

}  // namespace shlo::verify
