// `deprecated.op`: ops and features spec.md's "Deprecated Operations" section
// deprecates. A rename to an identical op is offered as a safe fix.
#include <optional>

#include "linter/OpFacts.h"
#include "linter/Rules.h"

namespace shlo::linter {

namespace {

std::string_view shortName(std::string_view name) {
  size_t dot = name.find('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

/// Renames the op where its name is written (pretty `stablehlo.create_token`
/// or generic `"stablehlo.create_token"`): only the short name changes, so the
/// quotes and the dialect stay as written.
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
  fix.safety = FixSafety::Safe;
  return fix;
}

void lintFeatures(const ir::Operation &op, LintContext &context) {
  if (op.name == "stablehlo.compare") {
    const ir::Value *lhs = op.operands.empty() ? nullptr : op.operands[0];
    if (lhs && lhs->type.isTensor() && lhs->type.element().isComplex()) {
      context.out.push_back(advice(nameRangeOf(op), Severity::Note, DiagnosticTag::Deprecated, "deprecated.op",
                                   "comparisons of complex values are being considered for removal from StableHLO"));
    }
  } else if (op.name == "stablehlo.convolution") {
    const ir::NamedAttribute *reversal = op.namedAttribute("window_reversal");
    std::optional<std::vector<bool>> flags = reversal ? reversal->value.booleans() : std::nullopt;
    bool reverses = false;
    if (flags) {
      for (bool flag : *flags) reverses |= flag;
    }
    if (reverses) {
      syntax::TextRange range = reversal->nameRange.size() > 0 ? reversal->nameRange : reversal->value.range;
      context.out.push_back(advice(range, Severity::Note, DiagnosticTag::Deprecated, "deprecated.op",
                                   "window_reversal is being considered for removal from StableHLO"));
    }
  }
}

}  // namespace

void lintDeprecatedOp(const ir::Operation &op, LintContext &context) {
  const Deprecation *deprecation = deprecationOf(op.name);
  if (!deprecation) return lintFeatures(op, context);
  if (deprecation->stage == DeprecationStage::MayBeRemoved) {
    context.out.push_back(advice(nameRangeOf(op), Severity::Note, DiagnosticTag::Deprecated, "deprecated.op",
                                 "`" + op.name + "` is being considered for removal from StableHLO"));
    return;
  }
  std::string message = "`" + op.name + "` is deprecated and will be removed from StableHLO";
  if (!deprecation->replacement.empty()) message += "; use `" + std::string(deprecation->replacement) + "`";
  Diagnostic d = advice(nameRangeOf(op), Severity::Warning, DiagnosticTag::Deprecated, "deprecated.op", message);
  if (deprecation->renameOnly) {
    if (std::optional<Fix> fix = renameFix(op, deprecation->replacement, context.text)) d.fixes.push_back(*fix);
  }
  context.out.push_back(std::move(d));
}

}  // namespace shlo::linter
