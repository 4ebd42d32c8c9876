#include "semantic/ir/Clone.h"

#include <unordered_map>

namespace shlo::ir {

syntax::TextRange shifted(syntax::TextRange range, int64_t shift) {
  // [0, 0) is "no range" (an op without a written type): it stays.
  if (range.begin == 0 && range.end == 0) return range;
  return {static_cast<uint32_t>(range.begin + shift), static_cast<uint32_t>(range.end + shift)};
}

void shiftAttribute(Attribute &attribute, int64_t shift) {
  attribute.range = shifted(attribute.range, shift);
  for (Attribute &element : attribute.elements) shiftAttribute(element, shift);
  for (AttributeField &field : attribute.fields) shiftAttribute(field.second, shift);
}

namespace {

/// One copy: maps every entity of the source to its copy, then rebuilds the
/// use lists once all users exist.
class Cloner {
 public:
  Cloner(Module &into, int64_t shift, const std::unordered_map<const Value *, Value *> *outside = nullptr)
      : into_(into), shift_(shift), outside_(outside) {}

  Operation *run(const Operation &op, Block *parent) {
    // Most ops have no regions: nothing inside the copy uses its values.
    if (op.regions.empty() && outside_) return cloneOp(op, parent, /*leaf=*/true);
    Operation *copy = cloneOp(op, parent);
    for (auto &[source, target] : values_) {
      target->uses.reserve(source->uses.size());
      for (const Use &use : source->uses) {
        auto user = ops_.find(use.user);
        if (user == ops_.end()) continue;  // A user outside the copy.
        target->uses.push_back({user->second, use.operandIndex, shifted(use.range, shift_)});
      }
    }
    return copy;
  }

 private:
  Value *value(const Value *source) {
    if (!source) return nullptr;
    auto found = values_.find(source);
    if (found != values_.end()) return found->second;
    return nullptr;  // Defined outside the copy (not isolated from above).
  }

  Value *newValue(const Value &source, bool leaf = false) {
    Value *v = into_.newValue();
    v->name = source.name;
    v->type = source.type;
    v->range = shifted(source.range, shift_);
    v->resultIndex = source.resultIndex;
    v->argumentIndex = source.argumentIndex;
    v->location = source.location;
    if (!leaf) values_.emplace(&source, v);
    return v;
  }

  /// A `leaf` (an op without regions) is copied without recording what maps
  /// to what: no value of it is used inside the copy.
  Operation *cloneOp(const Operation &source, Block *parent, bool leaf = false) {
    Operation *op = into_.newOperation();
    if (!leaf) ops_.emplace(&source, op);
    op->name = source.name;
    op->form = source.form;
    op->range = shifted(source.range, shift_);
    op->nameRange = shifted(source.nameRange, shift_);
    op->typeRange = shifted(source.typeRange, shift_);
    op->location = source.location;
    op->locationRange = shifted(source.locationRange, shift_);
    op->parentBlock = parent;
    op->operands.reserve(source.operands.size());
    for (const Value *operand : source.operands) op->operands.push_back(value(operand));
    op->operandRanges.reserve(source.operandRanges.size());
    for (syntax::TextRange r : source.operandRanges) op->operandRanges.push_back(shifted(r, shift_));
    if (outside_) {
      for (size_t i = 0; i < source.operands.size(); ++i) {
        auto found = source.operands[i] ? outside_->find(source.operands[i]) : outside_->end();
        if (found == outside_->end() || (!leaf && values_.count(source.operands[i]))) continue;
        op->operands[i] = found->second;
        syntax::TextRange range = i < op->operandRanges.size() ? op->operandRanges[i] : op->nameRange;
        found->second->uses.push_back({op, static_cast<unsigned>(i), range});
      }
    }
    op->writtenOperandTypes = source.writtenOperandTypes;
    op->attributes = source.attributes;
    for (NamedAttribute &a : op->attributes) {
      a.nameRange = shifted(a.nameRange, shift_);
      shiftAttribute(a.value, shift_);
    }
    // Regions see the values defined before the op, not its results, but
    // both exist before any use after the op: results first is fine.
    for (const Value *result : source.results) {
      Value *r = newValue(*result, leaf);
      r->definingOp = op;
      op->results.push_back(r);
    }
    for (const Region *sourceRegion : source.regions) {
      Region *region = into_.newRegion();
      region->parent = op;
      region->range = shifted(sourceRegion->range, shift_);
      region->implicit = sourceRegion->implicit;
      op->regions.push_back(region);
      for (const Block *sourceBlock : sourceRegion->blocks) {
        Block *block = into_.newBlock();
        block->parent = region;
        block->label = sourceBlock->label;
        block->labelRange = shifted(sourceBlock->labelRange, shift_);
        region->blocks.push_back(block);
        for (const Value *argument : sourceBlock->arguments) {
          Value *a = newValue(*argument);
          a->ownerBlock = block;
          block->arguments.push_back(a);
        }
      }
      // Blocks of a CFG region may branch forward: all their arguments exist
      // before any op is copied.
      for (size_t b = 0; b < sourceRegion->blocks.size(); ++b) {
        Block *block = region->blocks[b];
        for (const Operation *child : sourceRegion->blocks[b]->operations) {
          block->operations.push_back(cloneOp(*child, block));
        }
      }
    }
    return op;
  }

  Module &into_;
  int64_t shift_;
  const std::unordered_map<const Value *, Value *> *outside_;
  std::unordered_map<const Value *, Value *> values_;
  std::unordered_map<const Operation *, Operation *> ops_;
};

}  // namespace

Operation *cloneOperation(const Operation &op, Module &into, int64_t shift, Block *parent) {
  return Cloner(into, shift).run(op, parent);
}

Operation *cloneOperation(const Operation &op, Module &into, int64_t shift, Block *parent,
                          const std::unordered_map<const Value *, Value *> &outside) {
  return Cloner(into, shift, &outside).run(op, parent);
}

}  // namespace shlo::ir
