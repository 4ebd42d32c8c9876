// Shape and data-movement ops (spec: broadcast_in_dim, concatenate, slice, pad, transpose, reshape, iota, ...).
#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

void registerShapeOps(OpRegistry &r) { (void)r; }

}  // namespace shlo::verify
