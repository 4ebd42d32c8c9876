#include "interpreter/OpTraits.h"

#include <unordered_set>

namespace shlo::interpreter {

namespace {

using NameSet = std::unordered_set<std::string_view>;

const NameSet kTerminators = {"func.return", "stablehlo.return", "chlo.return", "mhlo.return"};

const NameSet kCollectives = {"stablehlo.all_gather",
                              "stablehlo.all_reduce",
                              "stablehlo.reduce_scatter",
                              "stablehlo.all_to_all",
                              "stablehlo.collective_broadcast",
                              "stablehlo.collective_permute",
                              "stablehlo.collective_reduce",
                              "stablehlo.replica_id",
                              "stablehlo.partition_id",
                              "stablehlo.send",
                              "stablehlo.recv",
                              "stablehlo.cross-replica-sum"};

// Ops with bodies are storage-only: the ops inside the body see quantized
// 0-d tensors and follow these rules themselves.
const NameSet kStorageOnly = {
    "stablehlo.uniform_quantize",
    "stablehlo.uniform_dequantize",
    "stablehlo.bitcast_convert",
    "stablehlo.broadcast_in_dim",
    "stablehlo.dynamic_broadcast_in_dim",
    "stablehlo.concatenate",
    "stablehlo.constant",
    "stablehlo.reshape",
    "stablehlo.dynamic_reshape",
    "stablehlo.transpose",
    "stablehlo.slice",
    "stablehlo.dynamic_slice",
    "stablehlo.dynamic_update_slice",
    "stablehlo.gather",
    "stablehlo.dynamic_gather",
    "stablehlo.pad",
    "stablehlo.dynamic_pad",
    "stablehlo.reverse",
    "stablehlo.get_dimension_size",
    "stablehlo.optimization_barrier",
    "stablehlo.tuple",
    "stablehlo.get_tuple_element",
    "stablehlo.while",
    "stablehlo.if",
    "stablehlo.case",
    "func.call",
    "stablehlo.reduce",
    "stablehlo.reduce_window",
    "stablehlo.scatter",
    "stablehlo.select_and_scatter",
    "stablehlo.sort",
    "stablehlo.map",
    "stablehlo.all_gather",
    "stablehlo.all_reduce",
    "stablehlo.reduce_scatter",
    "stablehlo.all_to_all",
    "stablehlo.collective_broadcast",
    "stablehlo.collective_permute",
    "stablehlo.send",
    "stablehlo.recv",
    "stablehlo.infeed",
    "stablehlo.outfeed",
    "interpreter.run_parallel",
    "check.expect_eq",
    "check.expect_eq_const",
    // A composite calls its decomposition; probe and print pass their operand through.
    "stablehlo.composite",
    "interpreter.probe",
    "interpreter.print",
};

// Spec: dequantize_op_quantize, dequantize_compare,
// dequantize_select_quantize, dequantize_batch_norm_*_quantize and
// hybrid_dequantize_then_op.
const NameSet kDequantizeOpQuantize = {
    "stablehlo.abs",
    "stablehlo.add",
    "stablehlo.atan2",
    "stablehlo.batch_norm_grad",
    "stablehlo.batch_norm_inference",
    "stablehlo.batch_norm_training",
    "stablehlo.cbrt",
    "stablehlo.ceil",
    "stablehlo.cholesky",
    "stablehlo.clamp",
    "stablehlo.compare",
    "stablehlo.convolution",
    "stablehlo.dynamic_conv",
    "stablehlo.cosine",
    "stablehlo.divide",
    "stablehlo.dot_general",
    "stablehlo.dot",
    "stablehlo.exponential",
    "stablehlo.exponential_minus_one",
    "stablehlo.floor",
    "stablehlo.log",
    "stablehlo.log_plus_one",
    "stablehlo.logistic",
    "stablehlo.maximum",
    "stablehlo.minimum",
    "stablehlo.multiply",
    "stablehlo.negate",
    "stablehlo.power",
    "stablehlo.reduce_precision",
    "stablehlo.remainder",
    "stablehlo.round_nearest_afz",
    "stablehlo.round_nearest_even",
    "stablehlo.rsqrt",
    "stablehlo.select",
    "stablehlo.sign",
    "stablehlo.sine",
    "stablehlo.sqrt",
    "stablehlo.subtract",
    "stablehlo.tan",
    "stablehlo.tanh",
    "stablehlo.triangular_solve",
    "check.expect_almost_eq",
    "check.expect_almost_eq_const",
    "check.expect_close",
};

}  // namespace

bool isTerminator(std::string_view opName) { return kTerminators.count(opName) != 0; }

bool isCollective(std::string_view opName) { return kCollectives.count(opName) != 0; }

QuantizedSemantics quantizedSemanticsOf(std::string_view opName) {
  if (kStorageOnly.count(opName)) return QuantizedSemantics::StorageOnly;
  if (kDequantizeOpQuantize.count(opName)) return QuantizedSemantics::DequantizeOpQuantize;
  return QuantizedSemantics::Unsupported;
}

const char *calleeAttributeOf(std::string_view opName) {
  if (opName == "func.call") return "callee";
  if (opName == "stablehlo.composite") return "decomposition";
  return nullptr;
}

}  // namespace shlo::interpreter
