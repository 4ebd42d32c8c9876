// Every op of spec.md's "Deprecated Operations" section is found where it is
// written: SHLO001 for the ops to be removed, SHLO002 for those being
// explored for removal. The occurrences are found in the text (not the IR),
// in StableHLO's own files that use them, so the rules cannot miss an op
// the same way the test does.
#include <gtest/gtest.h>

#include <map>

#include "linter/Linter.h"
#include "tests/support/SharedFiles.h"

using namespace shlo;

namespace {

struct Listed {
  const char *op;    // As spec.md lists it.
  const char *code;  // SHLO001: removed; SHLO002: explored.
};

const std::vector<Listed> &listed() {
  static const std::vector<Listed> ops = {
      {"broadcast", "SHLO001"},     {"create_token", "SHLO001"},      {"cross-replica-sum", "SHLO001"},
      {"dot", "SHLO001"},           {"unary_einsum", "SHLO001"},      {"einsum", "SHLO002"},
      {"get_tuple_element", "SHLO002"}, {"map", "SHLO002"},          {"rng", "SHLO002"},
      {"torch_index_select", "SHLO002"}, {"tuple", "SHLO002"},
  };
  return ops;
}

/// Byte offsets of the op `name` in `text` outside `//` comments: at the
/// quote of `"stablehlo.name"(` or at `stablehlo.name ` (pretty form).
std::vector<size_t> occurrences(const std::string &text, const std::string &name) {
  std::vector<size_t> out;
  for (size_t line = 0; line < text.size();) {
    size_t end = text.find('\n', line);
    if (end == std::string::npos) end = text.size();
    std::string_view row(text.data() + line, end - line);
    size_t comment = row.find("//");
    std::string_view code = row.substr(0, comment);
    for (const std::string &needle : {"\"stablehlo." + name + "\"", "stablehlo." + name + " "}) {
      for (size_t at = code.find(needle); at != std::string_view::npos; at = code.find(needle, at + 1)) {
        // `stablehlo.dot ` must not match inside `"stablehlo.dot"`'s quote.
        if (needle[0] != '"' && at > 0 && code[at - 1] == '"') continue;
        out.push_back(line + at);
      }
    }
    line = end + 1;
  }
  return out;
}

}  // namespace

TEST(LintDeprecatedCoverage, EverySpecListedOpIsFoundWhereItIsWritten) {
  std::vector<std::pair<std::string, std::string>> inputs;
  for (const char *file : {"conformance/print/print_stablehlo.mlir", "conformance/print/ops_stablehlo_roundtrip.mlir",
                           "conformance/interpret/map.mlir", "conformance/interpret/tuple_and_get_tuple_element.mlir"}) {
    inputs.emplace_back(file, test::readOrFail(test::sharedPath(file)));
  }
  // StableHLO's files have no torch_index_select that checks clean.
  inputs.emplace_back("torch_index_select",
                      "func.func @main(%a: tensor<4x2xf32>, %i: tensor<2xi32>) -> tensor<2x2xf32> {\n"
                      "  %0 = \"stablehlo.torch_index_select\"(%a, %i) {dim = 0 : i64, batch_dims = 0 : i64} : "
                      "(tensor<4x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>\n  return %0 : tensor<2x2xf32>\n}\n");
  linter::LintOptions options;
  options.selection.select = {"SHLO001", "SHLO002"};
  syntax::Parser parser;
  std::map<std::string, size_t> found;
  for (const auto &[name, text] : inputs) {
    linter::TextLint result = linter::lintText(parser, text, options);
    ASSERT_FALSE(result.failedCheck) << name;
    for (const Listed &op : listed()) {
      for (size_t at : occurrences(text, op.op)) {
        bool reported = false;
        for (const Diagnostic &d : result.diagnostics) reported |= d.code == op.code && d.range.begin == at;
        EXPECT_TRUE(reported) << name << ": `" << op.op << "` at byte " << at << " has no " << op.code;
        ++found[op.op];
      }
    }
  }
  for (const Listed &op : listed()) EXPECT_GT(found[op.op], 0u) << op.op << " was not exercised";
}
