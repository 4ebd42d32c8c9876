// The linter's configuration (shlo.toml, pyproject.toml), rule selection,
// inline suppressions and the API the language server will call.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "linter/Config.h"
#include "linter/Linter.h"
#include "linter/RuleRegistry.h"

using namespace shlo;
namespace fs = std::filesystem;

namespace {

const std::string kProgram =
    "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  %1 = stablehlo.abs %a : tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n";

std::vector<std::string> codesOf(const std::string &text, const linter::LintOptions &options = {}) {
  syntax::Parser parser;
  std::vector<std::string> out;
  for (const Diagnostic &d : linter::lintText(parser, text, options).diagnostics) out.push_back(d.code);
  return out;
}

bool has(const std::vector<std::string> &codes, std::string_view code) {
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

}  // namespace

TEST(LintSelection, SelectorsNameCodesPrefixesCategoriesAndNames) {
  EXPECT_EQ(linter::matchSelector("SHLO301").size(), 1u);
  EXPECT_GE(linter::matchSelector("SHLO3").size(), 9u);
  EXPECT_EQ(linter::matchSelector("numerics").size(), linter::matchSelector("SHLO2").size());
  EXPECT_EQ(linter::matchSelector("redundant-convert")[0]->info.code, "SHLO301");
  EXPECT_EQ(linter::matchSelector("ALL").size(), linter::allRules().size());
  EXPECT_TRUE(linter::matchSelector("SHLO999").empty());
  EXPECT_TRUE(linter::matchSelector("nonsense").empty());
}

TEST(LintSelection, DefaultsSelectIgnoreAndSeverity) {
  std::vector<std::string> all = codesOf(kProgram);
  EXPECT_TRUE(has(all, "SHLO301"));
  EXPECT_TRUE(has(all, "SHLO101"));
  linter::LintOptions options;
  options.selection.select = {"SHLO3"};
  std::vector<std::string> performance = codesOf(kProgram, options);
  EXPECT_TRUE(has(performance, "SHLO301"));
  EXPECT_FALSE(has(performance, "SHLO101"));
  options.selection.ignore = {"redundant-convert"};
  EXPECT_FALSE(has(codesOf(kProgram, options), "SHLO301"));
  // SHLO501 is off by default; extend-select turns it on.
  std::string generic = "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n"
                        "  %0 = \"stablehlo.abs\"(%a) : (tensor<f32>) -> tensor<f32>\n  return %0 : tensor<f32>\n}\n";
  EXPECT_FALSE(has(codesOf(generic), "SHLO501"));
  linter::LintOptions extended;
  extended.selection.extendSelect = {"style"};
  EXPECT_TRUE(has(codesOf(generic, extended), "SHLO501"));
  linter::LintOptions graded;
  graded.selection.severity["SHLO301"] = Severity::Error;
  syntax::Parser parser;
  for (const Diagnostic &d : linter::lintText(parser, kProgram, graded).diagnostics) {
    EXPECT_EQ(d.severity, d.code == "SHLO301" ? Severity::Error : Severity::Warning) << d.code;
  }
}

TEST(LintSuppressions, LineNextLineAndFile) {
  std::string next = kProgram;
  next.insert(next.find("  %0"), "  // shlo-lint: disable-next-line=SHLO301\n");
  EXPECT_FALSE(has(codesOf(next), "SHLO301"));
  EXPECT_TRUE(has(codesOf(next), "SHLO101"));
  std::string same = kProgram;
  same.insert(same.find(" : (tensor<4xf32>) -> tensor<4xf32>\n") + 35, "  // shlo-lint: disable-line=redundant-convert");
  EXPECT_FALSE(has(codesOf(same), "SHLO301")) << same;
  std::string file = "// shlo-lint: disable-file=SHLO101,SHLO301\n" + kProgram;
  EXPECT_TRUE(codesOf(file).empty());
  std::string everything = "// shlo-lint: disable-file\n" + kProgram;
  EXPECT_TRUE(codesOf(everything).empty());
  // A suppression on another line leaves the finding.
  std::string elsewhere = kProgram;
  elsewhere.insert(elsewhere.find("  %1"), "  // shlo-lint: disable-next-line=SHLO301\n");
  EXPECT_TRUE(has(codesOf(elsewhere), "SHLO301"));
}

TEST(LintSuppressions, UnknownCodesAndDirectivesAreReported) {
  std::string text = "// shlo-lint: disable-file=SHLO999\n// shlo-lint: enable-all\n" + kProgram;
  std::vector<std::string> codes = codesOf(text);
  EXPECT_TRUE(has(codes, "lint.unknown-code"));
  EXPECT_TRUE(has(codes, "lint.bad-suppression"));
  EXPECT_TRUE(has(codes, "SHLO301"));  // The unknown code silences nothing.
}

TEST(LintConfig, ShloTomlAndPyproject) {
  linter::LintConfig config = linter::parseConfig(
      "[lint]\nselect = [\"SHLO1\", \"performance\"]\nignore = [\"SHLO309\"]\n"
      "severity = { SHLO301 = \"error\", unused-result = \"note\" }\n"
      "per-file-ignores = { \"tests/**/*.mlir\" = [\"SHLO101\"], \"gen_*.mlir\" = [\"correctness\"] }\n",
      "/project/shlo.toml");
  EXPECT_TRUE(config.problems.empty()) << config.problems[0];
  EXPECT_EQ(config.selection.select.size(), 2u);
  EXPECT_EQ(config.selection.ignore, std::vector<std::string>{"SHLO309"});
  EXPECT_EQ(config.selection.severity.at("SHLO301"), Severity::Error);
  EXPECT_EQ(config.selection.severity.at("SHLO101"), Severity::Note);
  std::vector<std::string> ignored = config.ignoredFor("/project/tests/a/b/x.mlir");
  EXPECT_EQ(ignored, std::vector<std::string>{"SHLO101"});
  EXPECT_TRUE(config.ignoredFor("/project/src/x.mlir").empty());
  EXPECT_GE(config.ignoredFor("/project/src/gen_model.mlir").size(), 4u);

  linter::RuleSelection cli;
  cli.select = {"SHLO3"};
  linter::LintOptions options = config.optionsFor("/project/tests/x.mlir", cli);
  EXPECT_EQ(options.selection.select, std::vector<std::string>{"SHLO3"});
  EXPECT_EQ(options.selection.ignore, std::vector<std::string>{"SHLO309"});
  EXPECT_EQ(options.fileIgnores, std::vector<std::string>{"SHLO101"});

  linter::LintConfig pyproject =
      linter::parseConfig("[project]\nname = \"x\"\n[tool.shlo.lint]\nignore = [\"SHLO401\"]\n", "/p/pyproject.toml");
  EXPECT_TRUE(pyproject.problems.empty());
  EXPECT_EQ(pyproject.selection.ignore, std::vector<std::string>{"SHLO401"});
}

TEST(LintConfig, ProblemsAreReported) {
  linter::LintConfig config = linter::parseConfig(
      "[lint]\nselect = [\"SHLO999\"]\nseverity = { SHLO301 = \"loud\" }\nunknown-key = 1\nignore = \"SHLO101\"\n",
      "/p/shlo.toml");
  ASSERT_EQ(config.problems.size(), 4u);
  std::string all;
  for (const std::string &problem : config.problems) all += problem + "\n";
  EXPECT_NE(all.find("`select` names `SHLO999`, which is no lint rule, prefix or category [lint.unknown-code]"),
            std::string::npos) << all;
  EXPECT_NE(all.find("severity must be"), std::string::npos) << all;
  EXPECT_NE(all.find("unknown key `unknown-key`"), std::string::npos) << all;
  EXPECT_NE(all.find("`ignore` must be an array of strings"), std::string::npos) << all;
  linter::LintConfig broken = linter::parseConfig("[lint\nselect = ", "/p/shlo.toml");
  ASSERT_EQ(broken.problems.size(), 1u);
  EXPECT_EQ(broken.problems[0].rfind("shlo.toml:1:", 0), 0u) << broken.problems[0];
}

TEST(LintConfig, FoundByWalkingUp) {
  fs::path root = fs::temp_directory_path() / ("shlo-lint-config-" + std::to_string(::getpid()));
  fs::create_directories(root / "a" / "b");
  std::ofstream(root / "pyproject.toml") << "[tool.shlo.lint]\nignore = [\"SHLO101\"]\n";
  EXPECT_EQ(linter::findConfigFile(root / "a" / "b" / "x.mlir"), root / "pyproject.toml");
  std::ofstream(root / "a" / "shlo.toml") << "[lint]\n";
  EXPECT_EQ(linter::findConfigFile(root / "a" / "b" / "x.mlir"), root / "a" / "shlo.toml");
  // A pyproject.toml without a [tool.shlo...] table is not a configuration.
  std::ofstream(root / "a" / "b" / "pyproject.toml") << "[tool.ruff]\n";
  EXPECT_EQ(linter::findConfigFile(root / "a" / "b" / "x.mlir"), root / "a" / "shlo.toml");
  fs::remove_all(root);
}

TEST(LintConfig, Globs) {
  EXPECT_TRUE(linter::globMatches("*.mlir", "x.mlir"));
  EXPECT_FALSE(linter::globMatches("*.mlir", "a/x.mlir"));
  EXPECT_TRUE(linter::globMatches("**/*.mlir", "a/b/x.mlir"));
  EXPECT_TRUE(linter::globMatches("**/*.mlir", "x.mlir"));
  EXPECT_TRUE(linter::globMatches("a/**/x.mlir", "a/x.mlir"));
  EXPECT_TRUE(linter::globMatches("a/[bc]?.mlir", "a/cd.mlir"));
  EXPECT_FALSE(linter::globMatches("a/[!bc]?.mlir", "a/cd.mlir"));
  EXPECT_FALSE(linter::globMatches("a.mlir", "a_mlir"));
}

// The API the language server will call: an analysis it already has in,
// diagnostics with codes and fixes out; a file with errors gives its first
// error only.
TEST(LintApi, LintAnalysis) {
  syntax::Parser parser;
  analysis::Analysis analysis = analysis::analyze(parser, kProgram);
  linter::TextLint result = linter::lintAnalysis(analysis, kProgram, {});
  EXPECT_FALSE(result.failedCheck);
  ASSERT_FALSE(result.diagnostics.empty());
  EXPECT_FALSE(result.diagnostics[0].fixes.empty());
  std::string broken = kProgram;
  broken.replace(broken.find("return %0"), 9, "return %9");
  analysis::Analysis bad = analysis::analyze(parser, broken);
  linter::TextLint failed = linter::lintAnalysis(bad, broken, {});
  EXPECT_TRUE(failed.failedCheck);
  ASSERT_EQ(failed.diagnostics.size(), 1u);
  EXPECT_EQ(failed.diagnostics[0].severity, Severity::Error);
}

TEST(LintApi, SplitInputChunksAreLintedOnTheirOwn) {
  std::string text = kProgram + "// -----\n" + kProgram;
  syntax::Parser parser;
  linter::TextLint result = linter::lintText(parser, text, {});
  ASSERT_FALSE(result.failedCheck);
  size_t converts = 0;
  for (const Diagnostic &d : result.diagnostics) {
    if (d.code != "SHLO301") continue;
    ++converts;
    EXPECT_EQ(text.substr(d.range.begin, 17), "stablehlo.convert");
  }
  EXPECT_EQ(converts, 2u);
}
