#include "semantic/verify/ConstraintCodes.h"

namespace shlo::verify {

namespace {

std::string_view shortName(std::string_view name) {
  size_t dot = name.find('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

}  // namespace

std::vector<std::string> specConstraintCodes() {
  std::vector<std::string> out;
  for (const ops::SpecOp &op : ops::specOps()) {
    for (const ops::SpecConstraint &c : op.constraints)
      out.push_back(std::string(shortName(op.name)) + "." + std::string(c.label));
  }
  return out;
}

std::optional<SpecConstraintRef> specConstraintOf(std::string_view code) {
  size_t dot = code.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const ops::SpecOp *op = ops::specOp("stablehlo." + std::string(code.substr(0, dot)));
  if (!op) return std::nullopt;
  std::string_view label = code.substr(dot + 1);
  if (std::string_view text = op->constraint(label); !text.empty())
    return SpecConstraintRef{op, label, std::string(text)};
  for (const ops::SpecInput &input : op->inputs) {
    if (input.label == "(" + std::string(label) + ")") {
      return SpecConstraintRef{op, label, "`" + std::string(input.name) + "` is a " + std::string(input.type)};
    }
  }
  return std::nullopt;
}

}  // namespace shlo::verify
