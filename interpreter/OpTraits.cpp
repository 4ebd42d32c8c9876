#include "interpreter/OpTraits.h"

#include "semantic/ops/Ops.h"

namespace shlo::interpreter {

namespace {

bool has(std::string_view opName, ops::Trait trait) {
  const ops::OpDef *def = ops::find(opName);
  return def && def->has(trait);
}

}  // namespace

bool isTerminator(std::string_view opName) { return has(opName, ops::Trait::Terminator); }

bool isPure(std::string_view opName) { return has(opName, ops::Trait::Pure); }

bool isCollective(std::string_view opName) { return has(opName, ops::Trait::ProcessGrid); }

QuantizedSemantics quantizedSemanticsOf(std::string_view opName) {
  const ops::OpDef *def = ops::find(opName);
  if (!def) return QuantizedSemantics::Unsupported;
  if (def->has(ops::Trait::StorageOnlyQuantized)) return QuantizedSemantics::StorageOnly;
  if (def->has(ops::Trait::DequantizeOpQuantize)) return QuantizedSemantics::DequantizeOpQuantize;
  return QuantizedSemantics::Unsupported;
}

const char *calleeAttributeOf(std::string_view opName) {
  const ops::OpDef *def = ops::find(opName);
  // The table's strings are literals: null-terminated.
  return def && !def->calleeAttribute.empty() ? def->calleeAttribute.data() : nullptr;
}

}  // namespace shlo::interpreter
