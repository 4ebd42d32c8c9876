// The spec's own description of each op: the first sentence of its semantics
// and its Inputs and Outputs tables, generated from spec.md
// (scripts/gen-spec-tables.py). Hover and completion quote these.
#pragma once

#include <string_view>
#include <vector>

namespace shlo::ops {

struct SpecInput {
  std::string_view label;        // (I1)
  std::string_view name;         // lhs
  std::string_view type;         // "tensor or per-tensor quantized tensor"
  std::string_view constraints;  // "(C1-C3)"
};

struct SpecOutput {
  std::string_view name;
  std::string_view type;
  std::string_view constraints;
};

struct SpecConstraint {
  std::string_view label;  // C12
  std::string_view text;   // The constraint as the spec words it.
};

struct SpecOp {
  std::string_view name;       // stablehlo.dot_general
  std::string_view semantics;  // First sentence of the Semantics section.
  std::vector<SpecInput> inputs;
  std::vector<SpecOutput> outputs;
  std::vector<SpecConstraint> constraints;

  /// The text of constraint `label` (`C12`), or empty.
  std::string_view constraint(std::string_view label) const;
};

/// The spec's entry for an op, or null for ops the spec does not define.
const SpecOp *specOp(std::string_view name);
/// Every op of the spec, in the spec's order.
const std::vector<SpecOp> &specOps();

}  // namespace shlo::ops
