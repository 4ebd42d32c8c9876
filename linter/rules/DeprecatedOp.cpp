// SHLO001 deprecated-op: ops spec.md's "Deprecated Operations" section says
// will be removed. Mechanical migrations are safe fixes: a rename
// (create_token -> after_all), dot -> dot_general, broadcast ->
// broadcast_in_dim; the others name their replacement only. The rewritten op
// is printed by the formatter (FixBuilder), as `shlo fmt` prints it.
#include "linter/DeprecatedFeatures.h"
#include "linter/FixBuilder.h"
#include "linter/rules/AllRules.h"
#include "semantic/ops/Ops.h"

namespace shlo::linter::rules {

namespace {

std::vector<int64_t> range(int64_t from, int64_t to) {
  std::vector<int64_t> out;
  for (int64_t i = from; i < to; ++i) out.push_back(i);
  return out;
}

/// The fix that replaces `op` by `rewritten`, printed by the formatter.
std::optional<Fix> rewriteFix(const ir::Operation &op, const ir::Operation &rewritten, std::string_view text) {
  FixBuilder builder(text);
  builder.replace(op, rewritten);
  return builder.build("Replace with `" + rewritten.name + "`", FixSafety::Safe);
}

/// dot(lhs, rhs) is dot_general contracting lhs's last dimension with rhs's
/// first (spec: dot is dot_general without batching dimensions).
std::optional<Fix> dotFix(const ir::Operation &op, std::string_view text) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !op.operands[0] || !op.operands[1]) return std::nullopt;
  const ir::Type &lhs = op.operands[0]->type, &rhs = op.operands[1]->type;
  if (!lhs.isTensor() || !rhs.isTensor() || !lhs.ranked() || !rhs.ranked() || lhs.rank() < 1 || rhs.rank() < 1) {
    return std::nullopt;
  }
  for (const ir::NamedAttribute &attribute : op.attributes) {
    if (attribute.name != "precision_config") return std::nullopt;  // It would be lost.
  }
  ir::Attribute dimensions;
  dimensions.kind = ir::Attribute::Kind::Struct;
  dimensions.name = "stablehlo.dot";
  dimensions.fields.emplace_back("lhs_contracting_dimensions", ir::Attribute::makeIntegerArray({lhs.rank() - 1}));
  dimensions.fields.emplace_back("rhs_contracting_dimensions", ir::Attribute::makeIntegerArray({0}));
  ir::Operation rewritten = op;
  rewritten.name = "stablehlo.dot_general";
  rewritten.setAttribute("dot_dimension_numbers", std::move(dimensions));
  return rewriteFix(op, rewritten, text);
}

/// broadcast(operand, sizes) is broadcast_in_dim mapping the operand's
/// dimensions onto the result's last ones (spec: the result shape is
/// broadcast_sizes followed by the operand's shape).
std::optional<Fix> broadcastFix(const ir::Operation &op, std::string_view text) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !op.operands[0]) return std::nullopt;
  const ir::Type &operand = op.operands[0]->type, &result = op.results[0]->type;
  if (!operand.isTensor() || !result.isTensor() || !operand.ranked() || !result.ranked()) return std::nullopt;
  if (result.rank() < operand.rank()) return std::nullopt;
  for (const ir::NamedAttribute &attribute : op.attributes) {
    if (attribute.name != "broadcast_sizes") return std::nullopt;  // It would be lost.
  }
  ir::Operation rewritten = op;
  rewritten.name = "stablehlo.broadcast_in_dim";
  rewritten.attributes.clear();
  rewritten.setAttribute("broadcast_dimensions",
                         ir::Attribute::makeIntegerArray(range(result.rank() - operand.rank(), result.rank())));
  return rewriteFix(op, rewritten, text);
}

/// An op the spec says is identical to its replacement: only the name changes.
std::optional<Fix> renameFix(const ir::Operation &op, std::string_view replacement, std::string_view text) {
  ir::Operation rewritten = op;
  rewritten.name = std::string(replacement);
  return rewriteFix(op, rewritten, text);
}

void check(const ir::Operation &op, RuleContext &context) {
  std::optional<Deprecation> deprecation = deprecationOf(op.name);
  if (!deprecation || deprecation->stage != DeprecationStage::Removed) return;
  std::optional<Fix> fix;
  if (deprecation->renameOnly) {
    fix = renameFix(op, deprecation->replacement, context.text());
  } else if (deprecation->replacement == "stablehlo.dot_general" && op.name == "stablehlo.dot") {
    fix = dotFix(op, context.text());
  } else if (deprecation->replacement == "stablehlo.broadcast_in_dim" && op.name == "stablehlo.broadcast") {
    fix = broadcastFix(op, context.text());
  }
  context.report(nameRangeOf(op), removalMessage(op, *deprecation), fix);
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
