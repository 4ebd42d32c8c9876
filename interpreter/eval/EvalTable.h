// The evaluator's one dispatch table: op name -> evaluator. Each op family
// file of interpreter/eval/ (the families of semantic/verify/) registers its
// own evaluators; an evaluator decodes the op's operands and attributes and
// calls the op's kernel (Ops.h's eval<Op>).
#pragma once

#include <functional>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "interpreter/Interpreter.h"

namespace shlo::interpreter {

/// Evaluates `op` on its operands' values; returns one value per result.
/// Ops with regions run them through Interpreter::runRegion in `env`.
/// Throws RuntimeError, UnsupportedOp or CheckFailure.
using Evaluator =
    std::function<std::vector<Value>(Interpreter &, const ir::Operation &, const std::vector<Value> &, Env &)>;

class EvalTable {
 public:
  /// Registers the evaluator of `opName`; std::logic_error when the op has one.
  void add(const std::string &opName, Evaluator evaluator);
  void add(std::initializer_list<std::pair<const char *, Evaluator>> entries);
  /// The same for a custom_call target (`call_target_name`).
  void addCustomCallTarget(const std::string &target, Evaluator evaluator);

  /// The evaluator of `opName`, or null.
  const Evaluator *find(const std::string &opName) const;
  const Evaluator *findCustomCallTarget(const std::string &target) const;

 private:
  std::unordered_map<std::string, Evaluator> ops_, customCallTargets_;
};

/// Every family's evaluators, registered once.
const EvalTable &evalTable();

// One registration function per op family (file stems as semantic/verify/).
void registerElementwiseEvaluators(EvalTable &table);
void registerConversionEvaluators(EvalTable &table);
void registerShapeEvaluators(EvalTable &table);
void registerSlicingEvaluators(EvalTable &table);
void registerGatherScatterEvaluators(EvalTable &table);
void registerReductionsEvaluators(EvalTable &table);
void registerLinearAlgebraEvaluators(EvalTable &table);
void registerConvolutionEvaluators(EvalTable &table);
void registerNormalizationEvaluators(EvalTable &table);
void registerCollectivesEvaluators(EvalTable &table);
void registerCommunicationEvaluators(EvalTable &table);
void registerControlFlowEvaluators(EvalTable &table);
void registerRandomEvaluators(EvalTable &table);
void registerChloEvaluators(EvalTable &table);
void registerCheckInterpreterEvaluators(EvalTable &table);
void registerCoreDialectsEvaluators(EvalTable &table);

}  // namespace shlo::interpreter
