// The op registry: one entry per op of the spec, the deprecated ops, the CHLO
// ops found in JAX exports and the check ops, with a summary for hover and
// the function that checks the op's constraints and infers its result types.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/verify/VerifyContext.h"

namespace shlo::verify {

using VerifyFn = void (*)(VerifyContext &);
/// Infers the result types from operands and attributes, per the spec; an
/// empty list when they cannot be inferred (bad operands: the verifier says
/// why). Never reports diagnostics of its own.
using InferFn = std::vector<ir::Type> (*)(const VerifyContext &);

struct OpDef {
  std::string_view name;         // `stablehlo.add`
  std::string_view summary;      // One sentence from the spec.
  std::string_view specSection;  // Anchor in spec.md, e.g. `add`.
  VerifyFn verify = nullptr;
  InferFn infer = nullptr;
};

class OpRegistry {
 public:
  /// The registry with every op family registered.
  static const OpRegistry &instance();

  void add(OpDef def) { defs_[std::string(def.name)] = def; }
  const OpDef *find(std::string_view name) const;
  const std::map<std::string, OpDef, std::less<>> &all() const { return defs_; }

 private:
  std::map<std::string, OpDef, std::less<>> defs_;
};

// One registration function per op family (one file each).
void registerElementwiseOps(OpRegistry &registry);
void registerControlFlowOps(OpRegistry &registry);
void registerShapeOps(OpRegistry &registry);
void registerGatherScatterOps(OpRegistry &registry);
void registerCollectiveOps(OpRegistry &registry);
void registerLinearAlgebraOps(OpRegistry &registry);
void registerReductionOps(OpRegistry &registry);
void registerChloCheckInterpreterOps(OpRegistry &registry);

}  // namespace shlo::verify
