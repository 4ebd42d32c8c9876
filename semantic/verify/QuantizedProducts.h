// The quantization constraints dot_general and convolution share (spec
// "dot_general" C14-C20, "convolution" C28-C34): both multiply a
// per-tensor quantized lhs by a quantized rhs whose zero points are 0.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "semantic/verify/VerifyContext.h"

namespace shlo::verify {

/// The constraint codes of one op and the dimensions its per-axis rules name.
struct ProductQuantizationRules {
  const char *lhsPerTensor;   // (I1): lhs is a tensor or a per-tensor quantized tensor
  const char *isQuantized;    // dot_general C14, convolution C28
  const char *rhsZeroPoints;  // dot_general C15 (convolution: none, empty)
  const char *storage;        // dot_general C17, convolution C31
  const char *expressed;      // C18 / C32
  const char *perTensorRhs;   // C19 / C33
  const char *hybrid;         // C20 / C34
  /// dot_general C16: the rhs's quantization dimension must not be one of
  /// these (its contracting dimensions).
  std::vector<int64_t> rhsForbiddenAxes;
  const char *rhsForbiddenAxesCode = nullptr;
  /// convolution C29/C30: the rhs's and result's quantization dimensions
  /// when per-axis (kernel_output_feature_dimension, output_feature_dimension).
  std::optional<int64_t> rhsAxis, resultAxis;
  const char *rhsAxisCode = nullptr, *resultAxisCode = nullptr;
};

/// Checks operands 0 (lhs), 1 (rhs) and result 0 against `rules` when any
/// of them is quantized. Returns false after reporting an error.
bool checkProductQuantization(VerifyContext &c, const ProductQuantizationRules &rules);

}  // namespace shlo::verify
