// SHLO001 deprecated-op: ops spec.md's "Deprecated Operations" section says
// will be removed. Mechanical migrations are safe fixes: a rename
// (create_token -> after_all), dot -> dot_general, broadcast ->
// broadcast_in_dim; the others name their replacement only.
#include "linter/OpFacts.h"
#include "linter/rules/AllRules.h"
#include "semantic/ops/Ops.h"

namespace shlo::linter::rules {

namespace {

std::string_view shortName(std::string_view name) {
  size_t dot = name.find('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

std::optional<Fix> renameFix(const ir::Operation &op, std::string_view replacement, std::string_view text) {
  syntax::TextRange name = op.nameRange;
  if (name.size() == 0 || name.end > text.size()) return std::nullopt;
  std::string_view from = shortName(op.name);
  size_t at = text.substr(name.begin, name.size()).find(from);
  if (at == std::string_view::npos) return std::nullopt;
  uint32_t begin = name.begin + static_cast<uint32_t>(at);
  Fix fix;
  fix.title = "Replace with `" + std::string(replacement) + "`";
  fix.edits.push_back({{begin, begin + static_cast<uint32_t>(from.size())}, std::string(shortName(replacement))});
  return fix;
}

std::string joinIntegers(int64_t from, int64_t to) {
  std::string out;
  for (int64_t i = from; i < to; ++i) out += (out.empty() ? "" : ", ") + std::to_string(i);
  return out;
}

/// The text from the op's name to its end (results stay as written), for a
/// rewrite of everything after `%r = `. Null range when it cannot be found.
syntax::TextRange afterResults(const ir::Operation &op, std::string_view text) {
  if (op.nameRange.size() == 0 || op.range.end > text.size() || op.locationRange.size() > 0) return {};
  uint32_t begin = op.nameRange.begin;
  if (begin > 0 && text[begin - 1] == '"') --begin;  // Generic form: the quote opens the name.
  return {begin, op.range.end};
}

/// dot(lhs, rhs) is dot_general contracting lhs's last dimension with rhs's
/// first (spec: dot is dot_general without batching dimensions).
std::optional<Fix> dotFix(const ir::Operation &op, std::string_view text) {
  if (op.operands.size() != 2 || op.results.size() != 1) return std::nullopt;
  const ir::Type &lhs = op.operands[0]->type, &rhs = op.operands[1]->type, &result = op.results[0]->type;
  if (!lhs.isTensor() || !rhs.isTensor() || !lhs.ranked() || !rhs.ranked() || lhs.rank() < 1 || rhs.rank() < 1) {
    return std::nullopt;
  }
  for (const ir::NamedAttribute &attribute : op.attributes) {
    if (attribute.name != "precision_config") return std::nullopt;  // It would be lost.
  }
  syntax::TextRange range = afterResults(op, text);
  if (range.size() == 0) return std::nullopt;
  // The generic form: it needs no pretty spelling of precision_config.
  std::string replacement = "\"stablehlo.dot_general\"(" + op.operands[0]->name + ", " + op.operands[1]->name +
                            ") {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [" +
                            std::to_string(lhs.rank() - 1) + "], rhs_contracting_dimensions = [0]>";
  if (const ir::Attribute *precision = op.attribute("precision_config")) {
    if (precision->kind != ir::Attribute::Kind::Array) return std::nullopt;
    std::string list;
    for (const ir::Attribute &element : precision->elements) {
      if (element.kind != ir::Attribute::Kind::Enum) return std::nullopt;
      list += (list.empty() ? "" : ", ") + std::string("#stablehlo<precision ") + element.text + ">";
    }
    replacement += ", precision_config = [" + list + "]";
  }
  replacement += "} : (" + lhs.str() + ", " + rhs.str() + ") -> " + result.str();
  Fix fix;
  fix.title = "Replace with `stablehlo.dot_general`";
  fix.edits.push_back({range, replacement});
  return fix;
}

/// broadcast(operand, sizes) is broadcast_in_dim mapping the operand's
/// dimensions onto the result's last ones (spec: the result shape is
/// broadcast_sizes followed by the operand's shape).
std::optional<Fix> broadcastFix(const ir::Operation &op, std::string_view text) {
  if (op.operands.size() != 1 || op.results.size() != 1) return std::nullopt;
  const ir::Type &operand = op.operands[0]->type, &result = op.results[0]->type;
  if (!operand.isTensor() || !result.isTensor() || !operand.ranked() || !result.ranked()) return std::nullopt;
  if (result.rank() < operand.rank()) return std::nullopt;
  for (const ir::NamedAttribute &attribute : op.attributes) {
    if (attribute.name != "broadcast_sizes") return std::nullopt;  // It would be lost.
  }
  syntax::TextRange range = afterResults(op, text);
  if (range.size() == 0) return std::nullopt;
  Fix fix;
  fix.title = "Replace with `stablehlo.broadcast_in_dim`";
  fix.edits.push_back({range, "stablehlo.broadcast_in_dim " + op.operands[0]->name + ", dims = [" +
                                  joinIntegers(result.rank() - operand.rank(), result.rank()) + "] : (" +
                                  operand.str() + ") -> " + result.str()});
  return fix;
}

void check(const ir::Operation &op, RuleContext &context) {
  std::optional<Deprecation> deprecation = deprecationOf(op.name);
  if (!deprecation || deprecation->stage != DeprecationStage::Removed) return;
  std::string message = "`" + op.name + "` is deprecated and will be removed from StableHLO";
  if (!deprecation->replacement.empty()) message += "; use `" + std::string(deprecation->replacement) + "`";
  std::optional<Fix> fix;
  if (deprecation->renameOnly) {
    fix = renameFix(op, deprecation->replacement, context.text());
  } else if (deprecation->replacement == "stablehlo.dot_general" && op.name == "stablehlo.dot") {
    fix = dotFix(op, context.text());
  } else if (deprecation->replacement == "stablehlo.broadcast_in_dim" && op.name == "stablehlo.broadcast") {
    fix = broadcastFix(op, context.text());
  }
  context.report(nameRangeOf(op), message, fix);
}

}  // namespace

Rule deprecatedOp() {
  return {{"SHLO001", "deprecated-op", RuleCategory::Deprecated, Severity::Warning, FixAvailability::Sometimes, true,
           "An op the spec deprecates and will remove",
           "StableHLO's spec lists ops in \"Deprecated Operations\" that are removed after the compatibility "
           "window: `broadcast`, `create_token`, `cross-replica-sum`, `dot`, `einsum`, `torch_index_select`, "
           "`unary_einsum`. A program using them stops loading in a future StableHLO.\n\n"
           "Example:\n\n    %0 = stablehlo.create_token : !stablehlo.token\n\n"
           "Fix: use the replacement the message names. Safe fixes rename `create_token` to `after_all`, rewrite "
           "`dot` as `dot_general` contracting the lhs's last dimension with the rhs's first, and `broadcast` as "
           "`broadcast_in_dim` onto the result's last dimensions."},
          check};
}

}  // namespace shlo::linter::rules
