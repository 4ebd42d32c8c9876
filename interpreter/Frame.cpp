#include "interpreter/Frame.h"

#include "interpreter/Tensor.h"
#include "semantic/ir/IR.h"

namespace shlo::interpreter {

std::string Frame::functionName() const {
  if (kind != Kind::Function || !op) return "";
  const ir::Attribute *name = op->attribute("sym_name");
  return name ? name->text : "";
}

const Value *Frame::find(const std::string &name) const {
  if (!env) return nullptr;
  for (const auto &[value, held] : *env) {
    if (value && value->name == name) return &held;
  }
  return nullptr;
}

std::string Frame::describe() const {
  switch (kind) {
    case Kind::Function: return "@" + functionName();
    case Kind::Op: return op ? op->name : "?";
    case Kind::Region: {
      std::string owner = op ? op->name : "?";
      size_t index = 0;
      if (op) {
        for (size_t i = 0; i < op->regions.size(); ++i) {
          if (op->regions[i] == region) index = i;
        }
      }
      std::string out = owner + " region #" + std::to_string(index);
      if (iteration >= 0) out += " (iteration " + std::to_string(iteration) + ")";
      return out;
    }
  }
  return "?";
}

}  // namespace shlo::interpreter
