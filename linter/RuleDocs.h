// A rule's documentation as text: `shlo lint --explain`, SARIF's help and
// the pages of docs/rules/ (generated, so they cannot drift from the code).
#pragma once

#include <string>

#include "linter/Rule.h"

namespace shlo::linter {

/// Markdown: `# SHLO301 redundant-convert`, then category, default
/// severity, fix availability, whether it is on by default, the summary
/// and the documentation.
std::string ruleMarkdown(const RuleInfo &rule);

/// docs/rules/README.md: a table of every rule, linking each page.
std::string rulesIndexMarkdown();

}  // namespace shlo::linter
