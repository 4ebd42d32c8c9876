#include "linter/OpFacts.h"

#include <set>

namespace shlo::linter {

namespace {

// TEMPORARY (see OpFacts.h): moves to the op table's `deprecated` trait.
constexpr Deprecation kDeprecations[] = {
    {"stablehlo.broadcast", DeprecationStage::Removed, "stablehlo.broadcast_in_dim"},
    {"stablehlo.create_token", DeprecationStage::Removed, "stablehlo.after_all", /*renameOnly=*/true},
    {"stablehlo.cross-replica-sum", DeprecationStage::Removed, "stablehlo.all_reduce"},
    {"stablehlo.dot", DeprecationStage::Removed, "stablehlo.dot_general"},
    {"stablehlo.einsum", DeprecationStage::Removed, "stablehlo.dot_general"},
    {"stablehlo.torch_index_select", DeprecationStage::Removed, "stablehlo.gather"},
    {"stablehlo.unary_einsum", DeprecationStage::Removed, ""},
    {"stablehlo.map", DeprecationStage::MayBeRemoved, ""},
    {"stablehlo.tuple", DeprecationStage::MayBeRemoved, ""},
    {"stablehlo.get_tuple_element", DeprecationStage::MayBeRemoved, ""},
    {"stablehlo.rng", DeprecationStage::MayBeRemoved, ""},
};

// TEMPORARY (see OpFacts.h): moves to the op table's `pure` trait.
const std::set<std::string_view, std::less<>> &pureOps() {
  static const std::set<std::string_view, std::less<>> ops = {
      "stablehlo.abs",
      "stablehlo.add",
      "stablehlo.and",
      "stablehlo.atan2",
      "stablehlo.bitcast_convert",
      "stablehlo.broadcast",
      "stablehlo.broadcast_in_dim",
      "stablehlo.cbrt",
      "stablehlo.ceil",
      "stablehlo.cholesky",
      "stablehlo.clamp",
      "stablehlo.compare",
      "stablehlo.complex",
      "stablehlo.concatenate",
      "stablehlo.constant",
      "stablehlo.convert",
      "stablehlo.convolution",
      "stablehlo.cosine",
      "stablehlo.count_leading_zeros",
      "stablehlo.divide",
      "stablehlo.dot",
      "stablehlo.dot_general",
      "stablehlo.dynamic_broadcast_in_dim",
      "stablehlo.dynamic_gather",
      "stablehlo.dynamic_iota",
      "stablehlo.dynamic_pad",
      "stablehlo.dynamic_reshape",
      "stablehlo.dynamic_slice",
      "stablehlo.dynamic_update_slice",
      "stablehlo.einsum",
      "stablehlo.exponential",
      "stablehlo.exponential_minus_one",
      "stablehlo.fft",
      "stablehlo.floor",
      "stablehlo.gather",
      "stablehlo.get_dimension_size",
      "stablehlo.get_tuple_element",
      "stablehlo.imag",
      "stablehlo.iota",
      "stablehlo.is_finite",
      "stablehlo.log",
      "stablehlo.log_plus_one",
      "stablehlo.logistic",
      "stablehlo.maximum",
      "stablehlo.minimum",
      "stablehlo.multiply",
      "stablehlo.negate",
      "stablehlo.not",
      "stablehlo.or",
      "stablehlo.pad",
      "stablehlo.popcnt",
      "stablehlo.power",
      "stablehlo.real",
      "stablehlo.real_dynamic_slice",
      "stablehlo.reduce_precision",
      "stablehlo.remainder",
      "stablehlo.reshape",
      "stablehlo.reverse",
      "stablehlo.round_nearest_afz",
      "stablehlo.round_nearest_even",
      "stablehlo.rsqrt",
      "stablehlo.select",
      "stablehlo.shift_left",
      "stablehlo.shift_right_arithmetic",
      "stablehlo.shift_right_logical",
      "stablehlo.sign",
      "stablehlo.sine",
      "stablehlo.slice",
      "stablehlo.sqrt",
      "stablehlo.subtract",
      "stablehlo.tan",
      "stablehlo.tanh",
      "stablehlo.torch_index_select",
      "stablehlo.transpose",
      "stablehlo.triangular_solve",
      "stablehlo.tuple",
      "stablehlo.unary_einsum",
      "stablehlo.uniform_dequantize",
      "stablehlo.uniform_quantize",
      "stablehlo.xor",
  };
  return ops;
}

}  // namespace

const Deprecation *deprecationOf(std::string_view opName) {
  for (const Deprecation &d : kDeprecations) {
    if (d.op == opName) return &d;
  }
  return nullptr;
}

bool isPure(std::string_view opName) { return pureOps().count(opName) > 0; }

}  // namespace shlo::linter
