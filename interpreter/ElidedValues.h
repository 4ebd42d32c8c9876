// Values for what an export left out: `dense_resource<__elided__>` constants
// (real exports elide their weights) and, in `shlo run`, @main arguments that
// no input was given for. Zeros, or seeded pseudo-random values that depend
// only on the seed, a salt naming the value and the element's index, so a run
// is reproducible whatever order values are made in.
//
// Random values: floats uniform in [-s, s) with s = sqrt(3 / fan_in) for
// rank >= 2 (fan_in = elements / largest dimension: kernel windows times
// input features, a matrix's contracting size) so activations keep their
// scale through deep networks, and uniform in [0.5, 1.5) for ranks 0 and 1
// (scales, variances, biases: rsqrt and log of them stay finite); complex
// numbers the same for both parts; integers 0 or 1 (i1 false or true), which
// are valid as masks, token types and indices into any table (exports check
// indices and fill out-of-range lookups with NaN).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "interpreter/Tensor.h"
#include "semantic/ir/Types.h"

namespace shlo::interpreter {

struct ElidedFill {
  enum class Mode { Error, Zeros, Random };
  Mode mode = Mode::Error;
  uint64_t seed = 0;
};

/// "zeros" or "random:SEED" (SEED a decimal integer); nullopt otherwise.
std::optional<ElidedFill> parseElidedFill(std::string_view text);

/// A tensor of `type` (static shape) filled per `fill` (Zeros or Random).
Tensor makeElidedValue(const ir::Type &type, const ElidedFill &fill, uint64_t salt);

}  // namespace shlo::interpreter
