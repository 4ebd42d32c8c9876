// The verifier's registry: per op of the op table (semantic/ops), the function
// that checks its constraints and the one that infers its result types. Each
// family file registers its own ops; the summary and spec section are the
// op table's.
#pragma once

#include <functional>
#include <map>
#include <unordered_map>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/ops/Ops.h"
#include "semantic/verify/VerifyContext.h"

namespace shlo::verify {

using VerifyFn = void (*)(VerifyContext &);
/// Infers the result types from operands and attributes, per the spec; an
/// empty list when they cannot be inferred (bad operands: the verifier says
/// why). Never reports diagnostics of its own.
using InferFn = std::vector<ir::Type> (*)(const VerifyContext &);

struct OpDef {
  std::string_view name;         // `stablehlo.add`
  std::string_view summary;      // The op table's summary.
  std::string_view specSection;  // The op table's anchor in spec.md, e.g. `add`.
  VerifyFn verify = nullptr;
  InferFn infer = nullptr;
  const ops::OpDef *op = nullptr;  // The op table's entry.
};

class OpRegistry {
 public:
  /// The registry with every op family registered.
  static const OpRegistry &instance();

  /// Registers an op of the op table (one that is not in it is a bug the
  /// op table tests catch: it gets no summary).
  void add(std::string_view name, VerifyFn verify, InferFn infer = nullptr);
  const OpDef *find(std::string_view name) const;
  const std::map<std::string, OpDef, std::less<>> &all() const { return defs_; }

 private:
  std::map<std::string, OpDef, std::less<>> defs_;
  /// find()'s hash index over defs_' keys (map nodes never move): the
  /// verifier looks every op up.
  std::unordered_map<std::string_view, const OpDef *> index_;
};

// One registration function per op family (one file each, named after the
// op table's family).
void registerElementwiseOps(OpRegistry &registry);
void registerConversionOps(OpRegistry &registry);
void registerControlFlowOps(OpRegistry &registry);
void registerShapeOps(OpRegistry &registry);
void registerSlicingOps(OpRegistry &registry);
void registerGatherScatterOps(OpRegistry &registry);
void registerCollectiveOps(OpRegistry &registry);
void registerCommunicationOps(OpRegistry &registry);
void registerLinearAlgebraOps(OpRegistry &registry);
void registerConvolutionOps(OpRegistry &registry);
void registerNormalizationOps(OpRegistry &registry);
void registerRandomOps(OpRegistry &registry);
void registerReductionOps(OpRegistry &registry);
void registerChloOps(OpRegistry &registry);
void registerChloStructuredOps(OpRegistry &registry);
void registerCheckInterpreterOps(OpRegistry &registry);

}  // namespace shlo::verify
