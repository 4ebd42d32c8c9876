#include "semantic/ir/IR.h"

namespace shlo::ir {

const Attribute *Operation::attribute(std::string_view attributeName) const {
  const NamedAttribute *named = namedAttribute(attributeName);
  return named ? &named->value : nullptr;
}

const NamedAttribute *Operation::namedAttribute(std::string_view attributeName) const {
  for (const NamedAttribute &a : attributes) {
    if (a.name == attributeName) return &a;
  }
  return nullptr;
}

void Operation::setAttribute(std::string attributeName, Attribute value, syntax::TextRange nameRange) {
  for (NamedAttribute &a : attributes) {
    if (a.name == attributeName) {
      a.value = std::move(value);
      a.nameRange = nameRange;
      return;
    }
  }
  attributes.push_back({std::move(attributeName), std::move(value), nameRange});
}

Operation *Operation::parentOp() const {
  if (!parentBlock || !parentBlock->parent) return nullptr;
  return parentBlock->parent->parent;
}

Operation *Module::newOperation() { return &operations_.emplace_back(); }
Value *Module::newValue() { return &values_.emplace_back(); }
Block *Module::newBlock() { return &blocks_.emplace_back(); }
Region *Module::newRegion() { return &regions_.emplace_back(); }

}  // namespace shlo::ir
