// Every lint rule, in code order, and how selectors (`SHLO301`, `SHLO3`,
// `performance`, `redundant-convert`, `ALL`) name sets of them.
#pragma once

#include <string_view>
#include <vector>

#include "linter/Rule.h"

namespace shlo::linter {

/// Every rule, sorted by code.
const std::vector<Rule> &allRules();

/// The rule with this code or kebab-case name, or null.
const Rule *findRule(std::string_view codeOrName);

/// The rules a selector names: `ALL`, a code, a code prefix (`SHLO3`,
/// `SHLO30`), a category (`numerics`) or a rule name. Empty when it names
/// none (an unknown selector, which callers report).
std::vector<const Rule *> matchSelector(std::string_view selector);

}  // namespace shlo::linter
