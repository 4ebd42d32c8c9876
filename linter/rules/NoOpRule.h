// Shared by the rules of ops that return their operand unchanged
// (SHLO301-306: convert, reshape, transpose, broadcast_in_dim, slice, pad):
// they differ only in the op they match and in which attributes make it the
// identity.
#pragma once

#include <string>
#include <string_view>

#include "linter/rules/AllRules.h"

namespace shlo::linter::rules {

/// True when `attribute` is an integer list [0, 1, ..., n-1] (an identity
/// permutation or dimension mapping). False when absent or not integers.
inline bool isIdentityList(const ir::Attribute *attribute) {
  std::optional<std::vector<int64_t>> values = attribute ? attribute->integers() : std::nullopt;
  if (!values) return false;
  for (size_t i = 0; i < values->size(); ++i) {
    if ((*values)[i] != static_cast<int64_t>(i)) return false;
  }
  return true;
}

/// True when `attribute` is an integer list whose every element is `value`
/// (true for an empty list). False when absent or not integers.
inline bool allIntegersEqual(const ir::Attribute *attribute, int64_t value) {
  std::optional<std::vector<int64_t>> values = attribute ? attribute->integers() : std::nullopt;
  if (!values) return false;
  for (int64_t element : *values) {
    if (element != value) return false;
  }
  return true;
}

/// For ops that are the identity whenever the result's type is the
/// operand's (convert, reshape).
inline bool identityWhenTypesMatch(const ir::Operation &) { return true; }

/// When `op` is an `opName` with one result of its first operand's type for
/// which `isIdentity(op)` holds: reports it at its name with `message(op)`,
/// tagged Unnecessary, with the safe fix that forwards the operand to the
/// result's uses and deletes the op (forwardOperandFix).
inline void reportNoOp(const ir::Operation &op, RuleContext &context, std::string_view opName,
                       bool (*isIdentity)(const ir::Operation &), std::string (*message)(const ir::Operation &)) {
  if (op.name != opName || op.operands.empty() || op.results.size() != 1 || !op.operands[0]) return;
  const ir::Value &operand = *op.operands[0];
  if (operand.type != op.results[0]->type || !isIdentity(op)) return;
  context.report(nameRangeOf(op), message(op), forwardOperandFix(op, operand, context.text(), FixSafety::Safe))
      .tags.push_back(DiagnosticTag::Unnecessary);
}

}  // namespace shlo::linter::rules
