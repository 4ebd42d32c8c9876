// Linear algebra and the remaining ops (spec: dot_general, convolution, fft, triangular_solve, cholesky, batch_norm_*, rng, custom_call, composite, quantization ops).
#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

void registerLinearAlgebraOps(OpRegistry &r) { (void)r; }

}  // namespace shlo::verify
