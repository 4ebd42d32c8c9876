// The linter over every .mlir file of ../shared (StableHLO's conformance
// files and the exported models), with every rule selected: findings per
// rule are printed, rules that claim a file is wrong (correctness) must not
// fire on the conformance files beyond the cases listed and justified
// below, and every safe fix must leave a file that checks clean.
#include <gtest/gtest.h>

#include <cctype>
#include <iostream>
#include <map>

#include "formatter/Formatter.h"
#include "linter/Fixer.h"
#include "linter/Linter.h"
#include "linter/RuleRegistry.h"
#include "semantic/diagnostics/Codes.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

namespace {

linter::LintOptions allRules() {
  linter::LintOptions options;
  options.selection.select = {"ALL"};
  return options;
}

/// Correctness findings on conformance files that are right: StableHLO's
/// tests exercise the construct on purpose. Keyed by rule code, then file
/// name (relative to ../shared), with the number of findings. (SHLO101 and
/// SHLO102 are not listed: each of their findings is confirmed on the text
/// instead, by confirmedByText.)
const std::map<std::string, std::map<std::string, size_t>> &justified() {
  static const std::map<std::string, std::map<std::string, size_t>> table = {
      // The interpreter's if/case tests pick each branch with a constant
      // predicate or index: the other branch is unreachable by design.
      {"SHLO103", {{"conformance/interpret/case.mlir", 3}, {"conformance/interpret/if.mlir", 2}}},
  };
  return table;
}

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' || c == '-'; }

/// How often `name` occurs in `text` as a whole SSA or symbol name (`%0`
/// in `%0#1` counts, `%0` in `%01` does not).
size_t occurrences(std::string_view text, std::string_view name) {
  size_t count = 0;
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    bool before = at > 0 && isNameChar(text[at - 1]);
    bool after = at + name.size() < text.size() && isNameChar(text[at + name.size()]);
    count += !before && !after;
  }
  return count;
}

/// Confirms a dead-code finding on the text alone, without the IR: an unused
/// result's names do not occur between its definition and the end of its
/// block (the `}` closing the braces open at the op); an unused private
/// function's `@name` occurs once in the file. Empty when confirmed, else why not.
std::string confirmedByText(const Diagnostic &d, std::string_view text) {
  if (d.code == "SHLO102") {
    std::string_view symbol = text.substr(d.range.begin, d.range.size());
    std::string name = "@" + std::string(symbol.substr(0, 1) == "@" ? symbol.substr(1) : symbol);
    return occurrences(text, name) == 1 ? "" : name + " occurs more than once";
  }
  if (d.code != "SHLO101") return "";
  std::string_view op = text.substr(d.range.begin, d.range.size());
  size_t equals = op.find(" = ");
  if (equals == std::string_view::npos) return "no results written";
  std::string_view results = op.substr(0, equals);
  size_t depth = 0, end = d.range.end;
  for (; end < text.size(); ++end) {
    if (text[end] == '{' || text[end] == '(') ++depth;
    if (text[end] == '}' || text[end] == ')') {
      if (depth == 0) break;
      --depth;
    }
  }
  std::string_view rest = text.substr(d.range.end, end - d.range.end);
  for (size_t at = 0; at < results.size();) {
    size_t comma = results.find(',', at);
    std::string_view name = results.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    if (size_t colon = name.find(':'); colon != std::string_view::npos) name = name.substr(0, colon);
    if (occurrences(rest, name) > 0) return std::string(name) + " is used after its definition";
    if (comma == std::string_view::npos) break;
    at = comma + 1;
  }
  return "";
}

}  // namespace

TEST(LintSharedFiles, PerRuleCountsAndNoFalsePositives) {
  std::vector<std::string> files = test::sharedMlirFiles({"conformance", "models"});
  ASSERT_GT(files.size(), 500u);
  syntax::Parser parser;
  std::map<std::string, size_t> perRule, filesPerRule;
  std::map<std::string, std::map<std::string, size_t>> correctness;
  size_t linted = 0, skipped = 0, safeFixed = 0;
  const std::string root = test::sharedPath("");
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    linter::TextLint result = linter::lintText(parser, text, allRules());
    if (result.failedCheck) {
      ++skipped;  // Invalid on purpose (verify/ files): no rule runs.
      continue;
    }
    ++linted;
    std::string name = path.substr(root.size());
    std::map<std::string, size_t> inFile;
    bool hasSafeFix = false;
    for (const Diagnostic &d : result.diagnostics) {
      ASSERT_NE(findCode(d.code), nullptr) << d.code;
      ASSERT_LE(d.range.end, text.size()) << name;
      ++perRule[d.code];
      std::string why = confirmedByText(d, text);
      EXPECT_TRUE(why.empty()) << d.code << " on " << name << " at byte " << d.range.begin << ": " << why;
      ++inFile[d.code];
      const linter::Rule *rule = linter::findRule(d.code);
      bool confirmed = d.code == "SHLO101" || d.code == "SHLO102";
      if (rule && rule->info.category == linter::RuleCategory::Correctness && !confirmed &&
          name.rfind("conformance/", 0) == 0) {
        ++correctness[d.code][name];
      }
      hasSafeFix |= !d.fixes.empty() && d.fixes[0].safety == FixSafety::Safe;
    }
    for (const auto &[code, count] : inFile) ++filesPerRule[code];
    if (hasSafeFix) {
      linter::FixResult fixed = linter::fixText(parser, text, allRules(), /*unsafe=*/false);
      EXPECT_TRUE(fixed.rejected.empty()) << name << ": a safe fix breaks the file: " << fixed.rejected;
      EXPECT_GT(fixed.applied, 0u) << name;
      safeFixed += fixed.applied;
    }
  }
  std::cout << "linted " << linted << " files, " << skipped << " skipped (fail shlo check), " << safeFixed
            << " safe fixes applied and re-checked\n";
  for (const linter::Rule &rule : linter::allRules()) {
    std::string code(rule.info.code);
    std::cout << "  " << code << " " << rule.info.name << ": " << perRule[code] << " findings in "
              << filesPerRule[code] << " files\n";
  }
  for (const auto &[code, byFile] : correctness) {
    for (const auto &[name, count] : byFile) {
      auto rule = justified().find(code);
      size_t allowed = 0;
      if (rule != justified().end()) {
        auto file = rule->second.find(name);
        if (file != rule->second.end()) allowed = file->second;
      }
      EXPECT_EQ(count, allowed) << code << " fires " << count << " times on " << name
                                << ", a conformance file (justify it in justified() or fix the rule)";
    }
  }
  EXPECT_GT(linted, 500u);
}

// SHLO501's fix only reprints ops in their pretty form (FixBuilder through
// the formatter): on every shared file where it fires, the fixed file holds
// the same program (formatter::compareTexts: ops, names, attributes, types,
// regions, locations) and no generic-form finding is left.
TEST(LintSharedFiles, GenericFormFixesKeepTheProgram) {
  std::vector<std::string> files = test::sharedMlirFiles({"conformance", "models"});
  syntax::Parser parser;
  linter::LintOptions options;
  options.selection.select = {"SHLO501"};
  size_t filesFixed = 0, fixes = 0;
  for (const std::string &path : files) {
    std::string text = test::readOrFail(path);
    if (text.find("\"stablehlo.") == std::string::npos) continue;
    linter::FixResult fixed = linter::fixText(parser, text, options, /*unsafe=*/false);
    if (fixed.applied == 0) continue;
    EXPECT_TRUE(fixed.rejected.empty()) << path << ": " << fixed.rejected;
    std::optional<std::string> difference = formatter::compareTexts(text, fixed.text);
    EXPECT_FALSE(difference.has_value()) << path << ": " << *difference;
    EXPECT_TRUE(fixed.remaining.diagnostics.empty()) << path << ": " << fixed.remaining.diagnostics[0].message;
    ++filesFixed;
    fixes += fixed.applied;
  }
  std::cout << "generic-form: " << fixes << " fixes in " << filesFixed << " files, every result IR-equal\n";
  EXPECT_GT(filesFixed, 10u);
}
