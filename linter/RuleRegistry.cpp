#include "linter/RuleRegistry.h"

#include <algorithm>

#include "linter/rules/AllRules.h"

namespace shlo::linter {

const char *ruleCategoryName(RuleCategory category) {
  switch (category) {
    case RuleCategory::Deprecated: return "deprecated";
    case RuleCategory::Correctness: return "correctness";
    case RuleCategory::Numerics: return "numerics";
    case RuleCategory::Performance: return "performance";
    case RuleCategory::Portability: return "portability";
    case RuleCategory::Style: return "style";
  }
  return "style";
}

const char *fixAvailabilityName(FixAvailability availability) {
  switch (availability) {
    case FixAvailability::None: return "none";
    case FixAvailability::Safe: return "safe";
    case FixAvailability::Unsafe: return "unsafe";
    case FixAvailability::Sometimes: return "sometimes";
  }
  return "none";
}

Diagnostic &RuleContext::report(syntax::TextRange range, std::string message, std::optional<Fix> fix) {
  Diagnostic d;
  d.range = range;
  d.severity = rule_ ? rule_->severity : Severity::Warning;
  d.code = rule_ ? std::string(rule_->code) : std::string();
  d.message = std::move(message);
  if (fix) d.fixes.push_back(std::move(*fix));
  if (rule_ && rule_->category == RuleCategory::Deprecated) d.tags.push_back(DiagnosticTag::Deprecated);
  out_.push_back(std::move(d));
  return out_.back();
}

const std::vector<Rule> &allRules() {
  static const std::vector<Rule> rules = [] {
    using namespace rules;
    std::vector<Rule> out = {
        deprecatedOp(),          opConsideredForRemoval(), complexComparison(),  windowReversal(),
        unusedResult(),          unusedPrivateFunction(),  unreachableBranch(),  integerDivisionByZero(),
        floatEquality(),         narrowAccumulation(),     lossyConvertRoundTrip(), naiveSoftmax(),    logOfSoftmax(),
        redundantConvert(),      redundantReshape(),       identityTranspose(),  identityBroadcast(),
        wholeSlice(),            zeroPad(),                addZero(),            multiplyOne(),
        splatConstant(),         largeConstant(),        inferableDynamicDimension(),          f64InModel(),         backendCustomCall(),
        collectivesWithoutGrid(), genericForm(), quotedSymbolName(), valueNameStyle(),
    };
    std::sort(out.begin(), out.end(), [](const Rule &a, const Rule &b) { return a.info.code < b.info.code; });
    return out;
  }();
  return rules;
}

const Rule *findRule(std::string_view codeOrName) {
  for (const Rule &rule : allRules()) {
    if (rule.info.code == codeOrName || rule.info.name == codeOrName) return &rule;
  }
  return nullptr;
}

std::vector<const Rule *> matchSelector(std::string_view selector) {
  std::vector<const Rule *> out;
  for (const Rule &rule : allRules()) {
    const RuleInfo &info = rule.info;
    bool prefix = selector.size() >= 4 && selector.substr(0, 4) == "SHLO" && info.code.substr(0, selector.size()) == selector;
    if (selector == "ALL" || prefix || info.name == selector || ruleCategoryName(info.category) == selector) {
      out.push_back(&rule);
    }
  }
  return out;
}

}  // namespace shlo::linter
