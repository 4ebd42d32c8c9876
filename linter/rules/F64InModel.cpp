// SHLO401 f64-in-model: a function that computes in f64 (or complex<f64>),
// once per function at its name.
#include "linter/rules/AllRules.h"
#include "semantic/ops/Ops.h"

namespace shlo::linter::rules {

namespace {

bool isWide(const ir::Type &type) {
  if (type.isTuple()) {
    for (const ir::Type &element : type.elements()) {
      if (isWide(element)) return true;
    }
    return false;
  }
  if (!type.isTensor()) return false;
  const ir::ElementType &element = type.element();
  return (element.isFloat() || element.isComplex()) && element.floatFormat() == ir::FloatFormat::F64;
}

void check(const ir::Operation &op, RuleContext &context) {
  if (!ops::hasTrait(op.name, ops::Trait::Function)) return;
  size_t count = 0;
  ir::walk(std::vector<ir::Operation *>{const_cast<ir::Operation *>(&op)}, [&](const ir::Operation *inner) {
    for (const ir::Value *result : inner->results) count += result && isWide(result->type);
  });
  for (const ir::Region *region : op.regions) {
    for (const ir::Block *block : region->blocks) {
      for (const ir::Value *argument : block->arguments) count += argument && isWide(argument->type);
    }
  }
  if (count == 0) return;
  const ir::Attribute *symbol = op.attribute("sym_name");
  syntax::TextRange range = symbol && symbol->range.size() > 0 ? symbol->range : nameRangeOf(op);
  context.report(range, "function computes in f64 (" + std::to_string(count) +
                            (count == 1 ? " value" : " values") + "): many accelerators have no f64 or emulate it");
}

}  // namespace

Rule f64InModel() {
  return {{"SHLO401", "f64-in-model", RuleCategory::Portability, Severity::Warning, FixAvailability::None, true,
           "A function computing in f64",
           "TPUs have no f64 and GPUs run it many times slower than f32; an f64 in an exported model is usually "
           "an accident of the exporter (a Python float promoted the computation). Reported once per function.\n\n"
           "Example:\n\n    func.func @main(%x: tensor<4xf64>) -> tensor<4xf64>\n\n"
           "Fix: export in f32 (or bf16), or ignore the rule for files that need f64."},
          check};
}

}  // namespace shlo::linter::rules
