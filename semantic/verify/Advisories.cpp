#include "semantic/verify/Advisories.h"

#include <set>
#include <string_view>

namespace shlo::verify {

namespace {

struct Deprecation {
  std::string_view op;
  std::string_view replacement;  // Empty: the spec names none.
};

// spec.md, "Deprecated Operations": the "Not in HLO" ops, to be removed.
constexpr Deprecation kRemoved[] = {
    {"stablehlo.broadcast", "stablehlo.broadcast_in_dim"},
    {"stablehlo.create_token", "stablehlo.after_all"},
    {"stablehlo.cross-replica-sum", "stablehlo.all_reduce"},
    {"stablehlo.dot", "stablehlo.dot_general"},
    {"stablehlo.einsum", "stablehlo.dot_general"},
    {"stablehlo.torch_index_select", "stablehlo.gather"},
    {"stablehlo.unary_einsum", ""},
};

// The same section: unused ops still being explored for removal.
constexpr std::string_view kMayBeRemoved[] = {
    "stablehlo.map",
    "stablehlo.tuple",
    "stablehlo.get_tuple_element",
    "stablehlo.rng",
};

// Ops without side effects and without regions: dropping one whose results
// are unused changes nothing. An allowlist, so new or unknown ops (custom
// calls, collectives, I/O, tokens, barriers) are never called unnecessary.
const std::set<std::string_view, std::less<>> &pureOps() {
  static const std::set<std::string_view, std::less<>> ops = {
      "stablehlo.abs", "stablehlo.add", "stablehlo.and", "stablehlo.atan2", "stablehlo.bitcast_convert",
      "stablehlo.broadcast", "stablehlo.broadcast_in_dim", "stablehlo.cbrt", "stablehlo.ceil",
      "stablehlo.cholesky", "stablehlo.clamp", "stablehlo.compare", "stablehlo.complex",
      "stablehlo.concatenate", "stablehlo.constant", "stablehlo.convert", "stablehlo.convolution",
      "stablehlo.cosine", "stablehlo.count_leading_zeros", "stablehlo.divide", "stablehlo.dot",
      "stablehlo.dot_general", "stablehlo.dynamic_broadcast_in_dim", "stablehlo.dynamic_gather",
      "stablehlo.dynamic_iota", "stablehlo.dynamic_pad", "stablehlo.dynamic_reshape", "stablehlo.dynamic_slice",
      "stablehlo.dynamic_update_slice", "stablehlo.einsum", "stablehlo.exponential",
      "stablehlo.exponential_minus_one", "stablehlo.fft", "stablehlo.floor", "stablehlo.gather",
      "stablehlo.get_dimension_size", "stablehlo.get_tuple_element", "stablehlo.imag", "stablehlo.iota",
      "stablehlo.is_finite", "stablehlo.log", "stablehlo.log_plus_one", "stablehlo.logistic",
      "stablehlo.maximum", "stablehlo.minimum", "stablehlo.multiply", "stablehlo.negate", "stablehlo.not",
      "stablehlo.or", "stablehlo.pad", "stablehlo.popcnt", "stablehlo.power", "stablehlo.real",
      "stablehlo.real_dynamic_slice", "stablehlo.reduce_precision", "stablehlo.remainder", "stablehlo.reshape",
      "stablehlo.reverse", "stablehlo.round_nearest_afz", "stablehlo.round_nearest_even", "stablehlo.rsqrt",
      "stablehlo.select", "stablehlo.shift_left", "stablehlo.shift_right_arithmetic",
      "stablehlo.shift_right_logical", "stablehlo.sign", "stablehlo.sine", "stablehlo.slice", "stablehlo.sqrt",
      "stablehlo.subtract", "stablehlo.tan", "stablehlo.tanh", "stablehlo.torch_index_select",
      "stablehlo.transpose", "stablehlo.triangular_solve", "stablehlo.tuple", "stablehlo.unary_einsum",
      "stablehlo.uniform_dequantize", "stablehlo.uniform_quantize", "stablehlo.xor",
  };
  return ops;
}

syntax::TextRange nameRangeOf(const ir::Operation &op) { return op.nameRange.size() > 0 ? op.nameRange : op.range; }

Diagnostic advice(syntax::TextRange range, Severity severity, DiagnosticTag tag, std::string code,
                  std::string message) {
  Diagnostic d;
  d.range = range;
  d.severity = severity;
  d.code = std::move(code);
  d.message = std::move(message);
  d.tags.push_back(tag);
  return d;
}

void adviseDeprecation(const ir::Operation &op, std::vector<Diagnostic> &out) {
  for (const Deprecation &removed : kRemoved) {
    if (op.name != removed.op) continue;
    std::string message = "`" + op.name + "` is deprecated and will be removed from StableHLO";
    if (!removed.replacement.empty()) message += "; use `" + std::string(removed.replacement) + "`";
    out.push_back(advice(nameRangeOf(op), Severity::Warning, DiagnosticTag::Deprecated, "deprecated.op", message));
    return;
  }
  for (std::string_view name : kMayBeRemoved) {
    if (op.name != name) continue;
    out.push_back(advice(nameRangeOf(op), Severity::Note, DiagnosticTag::Deprecated, "deprecated.op",
                         "`" + op.name + "` is being considered for removal from StableHLO"));
    return;
  }
  if (op.name == "stablehlo.compare") {
    const ir::Value *lhs = op.operands.empty() ? nullptr : op.operands[0];
    if (lhs && lhs->type.isTensor() && lhs->type.element().isComplex()) {
      out.push_back(advice(nameRangeOf(op), Severity::Note, DiagnosticTag::Deprecated, "deprecated.op",
                           "comparisons of complex values are being considered for removal from StableHLO"));
    }
  } else if (op.name == "stablehlo.convolution") {
    const ir::NamedAttribute *reversal = op.namedAttribute("window_reversal");
    std::optional<std::vector<bool>> flags = reversal ? reversal->value.booleans() : std::nullopt;
    bool reverses = false;
    if (flags) {
      for (bool flag : *flags) reverses |= flag;
    }
    if (reverses) {
      syntax::TextRange range = reversal->nameRange.size() > 0 ? reversal->nameRange : reversal->value.range;
      out.push_back(advice(range, Severity::Note, DiagnosticTag::Deprecated, "deprecated.op",
                           "window_reversal is being considered for removal from StableHLO"));
    }
  }
}

bool hasUse(const ir::Operation &op) {
  for (const ir::Value *result : op.results) {
    if (!result || !result->uses.empty()) return true;
  }
  return false;
}

void adviseUnused(const ir::Operation &op, std::vector<Diagnostic> &out) {
  if (op.results.empty() || !op.regions.empty() || hasUse(op) || !pureOps().count(op.name)) return;
  const ir::Region *region = op.parentBlock ? op.parentBlock->parent : nullptr;
  if (region && region->blocks.size() > 1) return;
  std::string names;
  for (const ir::Value *result : op.results) names += (names.empty() ? "`" : ", `") + result->name + "`";
  std::string message = (op.results.size() == 1 ? "result " : "results ") + names + " of `" + op.name +
                        "` " + (op.results.size() == 1 ? "is" : "are") + " never used";
  out.push_back(advice(op.range, Severity::Hint, DiagnosticTag::Unnecessary, "unused.result", message));
}

}  // namespace

void collectAdvisories(const ir::Module &module, std::vector<Diagnostic> &out) {
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    adviseDeprecation(*op, out);
    adviseUnused(*op, out);
  });
}

}  // namespace shlo::verify
