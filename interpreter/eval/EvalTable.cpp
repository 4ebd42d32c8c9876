#include "interpreter/eval/EvalTable.h"

#include <stdexcept>

namespace shlo::interpreter {

void EvalTable::add(const std::string &opName, Evaluator evaluator) {
  if (!ops_.emplace(opName, std::move(evaluator)).second) {
    throw std::logic_error("two evaluators registered for " + opName);
  }
}

void EvalTable::add(std::initializer_list<std::pair<const char *, Evaluator>> entries) {
  for (const auto &[name, evaluator] : entries) add(name, evaluator);
}

void EvalTable::addCustomCallTarget(const std::string &target, Evaluator evaluator) {
  if (!customCallTargets_.emplace(target, std::move(evaluator)).second) {
    throw std::logic_error("two evaluators registered for custom_call target " + target);
  }
}

const Evaluator *EvalTable::find(const std::string &opName) const {
  auto it = ops_.find(opName);
  return it == ops_.end() ? nullptr : &it->second;
}

const Evaluator *EvalTable::findCustomCallTarget(const std::string &target) const {
  auto it = customCallTargets_.find(target);
  return it == customCallTargets_.end() ? nullptr : &it->second;
}

const EvalTable &evalTable() {
  static const EvalTable table = [] {
    EvalTable t;
    registerElementwiseEvaluators(t);
    registerConversionEvaluators(t);
    registerShapeEvaluators(t);
    registerSlicingEvaluators(t);
    registerGatherScatterEvaluators(t);
    registerReductionsEvaluators(t);
    registerLinearAlgebraEvaluators(t);
    registerConvolutionEvaluators(t);
    registerNormalizationEvaluators(t);
    registerCollectivesEvaluators(t);
    registerCommunicationEvaluators(t);
    registerControlFlowEvaluators(t);
    registerRandomEvaluators(t);
    registerChloEvaluators(t);
    registerCheckInterpreterEvaluators(t);
    registerCoreDialectsEvaluators(t);
    return t;
  }();
  return table;
}

}  // namespace shlo::interpreter
