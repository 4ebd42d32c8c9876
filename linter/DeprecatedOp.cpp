// `deprecated.op`: ops and features spec.md's "Deprecated Operations" section
// deprecates (found as SHLO001-004 find them: DeprecatedFeatures.h). A rename
// to an identical op is offered as a safe fix, edited in place (quotes and
// form kept as written) until the language server shows the lint rules and
// this advisory goes.
#include <optional>

#include "linter/DeprecatedFeatures.h"
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

/// Deprecated features of ops that are not deprecated themselves.
void lintFeatures(const ir::Operation &op, LintContext &context) {
  if (comparesComplexValues(op)) {
    context.out.push_back(advice(nameRangeOf(op), Severity::Note, DiagnosticTag::Deprecated, "deprecated.op",
                                 kComplexComparisonMessage));
  }
  if (const ir::NamedAttribute *reversal = reversedWindow(op)) {
    syntax::TextRange range = reversal->nameRange.size() > 0 ? reversal->nameRange : reversal->value.range;
    context.out.push_back(advice(range, Severity::Note, DiagnosticTag::Deprecated, "deprecated.op",
                                 kWindowReversalMessage));
  }
}

}  // namespace

void lintDeprecatedOp(const ir::Operation &op, LintContext &context) {
  std::optional<Deprecation> deprecation = deprecationOf(op.name);
  if (!deprecation) return lintFeatures(op, context);
  if (deprecation->stage == DeprecationStage::MayBeRemoved) {
    context.out.push_back(advice(nameRangeOf(op), Severity::Note, DiagnosticTag::Deprecated, "deprecated.op",
                                 explorationMessage(op, *deprecation)));
    return;
  }
  Diagnostic d = advice(nameRangeOf(op), Severity::Warning, DiagnosticTag::Deprecated, "deprecated.op",
                        removalMessage(op, *deprecation));
  if (deprecation->renameOnly) {
    if (std::optional<Fix> fix = renameFix(op, deprecation->replacement, context.text)) d.fixes.push_back(*fix);
  }
  context.out.push_back(std::move(d));
}

}  // namespace shlo::linter
