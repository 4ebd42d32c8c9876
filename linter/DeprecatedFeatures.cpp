#include "linter/DeprecatedFeatures.h"

namespace shlo::linter {

std::string removalMessage(const ir::Operation &op, const Deprecation &deprecation) {
  std::string message = "`" + op.name + "` is deprecated and will be removed from StableHLO";
  if (!deprecation.replacement.empty()) message += "; use `" + std::string(deprecation.replacement) + "`";
  return message;
}

std::string explorationMessage(const ir::Operation &op, const Deprecation &deprecation, std::string_view suggestion) {
  std::string message = "`" + op.name + "` is being considered for removal from StableHLO";
  if (!suggestion.empty() && !deprecation.replacement.empty()) {
    message += std::string(suggestion) + "`" + std::string(deprecation.replacement) + "`";
  }
  return message;
}

bool comparesComplexValues(const ir::Operation &op) {
  if (op.name.rfind("stablehlo.", 0) != 0 || !op.attribute("comparison_direction")) return false;
  const ir::Value *lhs = op.operands.empty() ? nullptr : op.operands[0];
  return lhs && lhs->type.isTensor() && lhs->type.element().isComplex();
}

const ir::NamedAttribute *reversedWindow(const ir::Operation &op) {
  if (op.name.rfind("stablehlo.", 0) != 0) return nullptr;
  const ir::NamedAttribute *reversal = op.namedAttribute("window_reversal");
  std::optional<std::vector<bool>> flags = reversal ? reversal->value.booleans() : std::nullopt;
  if (!flags) return nullptr;
  for (bool flag : *flags) {
    if (flag) return reversal;
  }
  return nullptr;
}

}  // namespace shlo::linter
