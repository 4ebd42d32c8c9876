#include "semantic/verify/Regions.h"

#include "semantic/ops/Ops.h"

namespace shlo::verify {

using ir::Type;

bool isRegionReturn(const ir::Operation *op) {
  const ops::OpDef *def = op ? ops::find(op->name) : nullptr;
  return def && def->has(ops::Trait::RegionReturn);
}

bool isConstantOp(const ir::Operation *op) {
  const ops::OpDef *def = op ? ops::find(op->name) : nullptr;
  return def && def->has(ops::Trait::Constant);
}

const ir::Block *entryBlock(const ir::Region *region) {
  return region && !region->blocks.empty() ? region->blocks.front() : nullptr;
}

const ir::Region *regionAt(const ir::Operation &op, size_t index) {
  return index < op.regions.size() ? op.regions[index] : nullptr;
}

/// The `stablehlo.return` ending a single-block region, or null when the
/// region's results cannot be told.
const ir::Operation *terminatorOf(const ir::Region *region) {
  if (!region || region->blocks.size() != 1) return nullptr;
  const ir::Block *block = region->blocks.front();
  if (block->operations.empty()) return nullptr;
  const ir::Operation *last = block->operations.back();
  return isRegionReturn(last) ? last : nullptr;
}

Type operandTypeOf(const ir::Operation &op, size_t i) {
  if (i < op.operands.size() && op.operands[i] && op.operands[i]->type.valid()) return op.operands[i]->type;
  if (i < op.writtenOperandTypes.size()) return op.writtenOperandTypes[i];
  return Type();
}

/// The types a region returns, or nullopt when unknown.
std::optional<std::vector<Type>> returnedTypes(const ir::Region *region) {
  const ir::Operation *term = terminatorOf(region);
  if (!term) return std::nullopt;
  std::vector<Type> out;
  for (size_t i = 0; i < term->operands.size(); ++i) out.push_back(operandTypeOf(*term, i));
  return out;
}

syntax::TextRange terminatorRange(const ir::Operation &term) {
  return term.range.size() > 0 ? term.range : term.nameRange;
}

syntax::TextRange terminatorOperandRange(const ir::Operation &term, size_t i) {
  if (i < term.operandRanges.size() && term.operandRanges[i].size() > 0) return term.operandRanges[i];
  return terminatorRange(term);
}

bool checkReturnsPredicate(VerifyContext &c, const ir::Region *region, std::string_view regionName,
                           std::string_view code) {
  const ir::Operation *term = terminatorOf(region);
  if (!term) return true;
  std::string name(regionName);
  if (term->operands.size() != 1) {
    c.error(terminatorRange(*term), code,
            name + " returns " + std::to_string(term->operands.size()) + " values but must return one tensor<i1>");
    return false;
  }
  ir::Type t = operandTypeOf(*term, 0);
  if (t.valid() && (!t.isTensor() || (t.ranked() && t.rank() != 0) || !t.element().isBoolean())) {
    c.error(terminatorOperandRange(*term, 0), code, name + " returns " + t.str() + " but must return tensor<i1>");
    return false;
  }
  return true;
}

syntax::TextRange argumentRange(const VerifyContext &c, const ir::Block &block, size_t i) {
  if (i < block.arguments.size() && block.arguments[i]->range.size() > 0) return block.arguments[i]->range;
  if (block.labelRange.size() > 0) return block.labelRange;
  return c.nameRange();
}

syntax::TextRange regionRange(const VerifyContext &c, const ir::Region *region) {
  return region && region->range.size() > 0 ? region->range : c.nameRange();
}

/// "missing the `body` region" or "the `body` region is empty".
std::string noBlockMessage(const ir::Region *region, std::string_view name) {
  if (!region) return "missing the `" + std::string(name) + "` region";
  return "the `" + std::string(name) + "` region is empty";
}

}  // namespace shlo::verify
