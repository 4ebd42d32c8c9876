// A lint rule: a stable code (`SHLO301`), a kebab-case name, a category, a
// default severity, its documentation and whether it offers fixes (ruff's
// model). Rules run on the IR of a file that checks clean; one file per
// rule under linter/rules/, listed in RuleRegistry.cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/IR.h"

namespace shlo::linter {

/// Codes are grouped by category, as ruff groups them by prefix:
/// SHLO0xx deprecated, SHLO1xx correctness (dead and unreachable code,
/// division by zero), SHLO2xx numerics, SHLO3xx performance (ops that do
/// nothing, constants), SHLO4xx portability, SHLO5xx style.
enum class RuleCategory { Deprecated, Correctness, Numerics, Performance, Portability, Style };

/// "deprecated", "correctness", "numerics", "performance", "portability", "style".
const char *ruleCategoryName(RuleCategory category);

/// Which fixes a rule offers: none, always a safe one, always an unsafe
/// one, or sometimes (safe, unsafe or none depending on the finding).
enum class FixAvailability { None, Safe, Unsafe, Sometimes };

/// "none", "safe", "unsafe", "sometimes".
const char *fixAvailabilityName(FixAvailability availability);

struct RuleInfo {
  std::string_view code;  // `SHLO301`: stable, never reused.
  std::string_view name;  // `redundant-convert`: kebab-case, also accepted wherever a code is.
  RuleCategory category = RuleCategory::Style;
  Severity severity = Severity::Warning;
  FixAvailability fix = FixAvailability::None;
  /// Off unless selected by code, prefix or category (rules whose findings
  /// are a team's choice, like f64 in model code).
  bool enabledByDefault = true;
  /// One line: what the rule finds.
  std::string_view summary;
  /// Markdown: why it matters, an example and the fix (`shlo lint --explain`,
  /// SARIF help, docs/rules/).
  std::string_view documentation;
};

class RuleContext;

/// A rule's checks: `op` is called on every op of the module (outer ops
/// before nested ones), `module` once per module. Either may be null.
struct Rule {
  RuleInfo info;
  void (*op)(const ir::Operation &op, RuleContext &context) = nullptr;
  void (*module)(const ir::Module &module, RuleContext &context) = nullptr;
};

/// What a rule reads and where it reports.
class RuleContext {
 public:
  RuleContext(const ir::Module &module, std::string_view text, std::vector<Diagnostic> &out)
      : module_(module), text_(text), out_(out) {}

  const ir::Module &module() const { return module_; }
  /// The text the module was lowered from; fixes index it.
  std::string_view text() const { return text_; }
  /// The rule being run (set by the linter before each rule's checks).
  void setRule(const RuleInfo *rule) { rule_ = rule; }

  /// Reports a finding of the current rule at `range`, with an optional fix.
  Diagnostic &report(syntax::TextRange range, std::string message, std::optional<Fix> fix = std::nullopt);

 private:
  const ir::Module &module_;
  std::string_view text_;
  std::vector<Diagnostic> &out_;
  const RuleInfo *rule_ = nullptr;
};

}  // namespace shlo::linter
