#include "linter/OpFacts.h"

#include "semantic/ops/Ops.h"

namespace shlo::linter {

std::optional<Deprecation> deprecationOf(std::string_view opName) {
  const ops::OpDef *def = ops::find(opName);
  if (!def || def->deprecation == ops::Deprecation::None) return std::nullopt;
  Deprecation out;
  out.op = def->name;
  out.stage = def->deprecation == ops::Deprecation::Removal ? DeprecationStage::Removed : DeprecationStage::MayBeRemoved;
  out.replacement = def->replacement;
  out.renameOnly = def->has(ops::Trait::RenameReplacement);
  return out;
}

bool isPure(std::string_view opName) {
  const ops::OpDef *def = ops::find(opName);
  return def && def->has(ops::Trait::Pure);
}

}  // namespace shlo::linter
