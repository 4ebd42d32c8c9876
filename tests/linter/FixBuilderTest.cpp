// Lint fixes printed by the formatter (linter/FixBuilder.h): rewrites come
// out as `shlo fmt` prints the new op, deletions as deletions of whole
// lines, and what cannot be reprinted without losing text is refused. Also:
// the `deprecated.op` advisory and the deprecated rules word their findings
// the same way (linter/DeprecatedFeatures.h).
#include <gtest/gtest.h>

#include "linter/Advisories.h"
#include "formatter/Formatter.h"
#include "linter/FixBuilder.h"
#include "linter/Patterns.h"
#include "linter/Linter.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/diagnostics/TextEdits.h"

using namespace shlo;

namespace {

const std::string kF = "tensor<4xf32>";

std::string fn(const std::string &arguments, const std::string &results, const std::string &body) {
  return "func.func @main(" + arguments + ") -> " + results + " {\n" + body + "}\n";
}

/// The first finding of `code` in `text` (all rules selected).
std::optional<Diagnostic> finding(const std::string &text, std::string_view code) {
  syntax::Parser parser;
  linter::LintOptions options;
  options.selection.select = {"ALL"};
  for (Diagnostic &d : linter::lintText(parser, text, options).diagnostics) {
    if (d.code == code) return std::move(d);
  }
  return std::nullopt;
}

/// `text` with the first fix of the first `code` finding applied.
std::string fixed(const std::string &text, std::string_view code) {
  std::optional<Diagnostic> d = finding(text, code);
  if (!d || d->fixes.empty()) return "(no fix)";
  EditResult edited = applyFix(text, d->fixes[0]);
  return edited.ok() ? edited.text : "(bad edits: " + edited.error + ")";
}

/// The op of `analysis` whose name is `name`.
const ir::Operation *opNamed(const analysis::Analysis &analysis, std::string_view name) {
  const ir::Operation *found = nullptr;
  ir::walk(analysis.lowered.module->topLevel, [&](const ir::Operation *op) {
    if (!found && op->name == name) found = op;
  });
  return found;
}

}  // namespace

TEST(LintFixPrinting, DotBecomesPrettyDotGeneralKeepingPrecision) {
  std::string text = fn("%a: tensor<2x3xf32>, %b: tensor<3x2xf32>", "tensor<2x2xf32>",
                        "  %0 = \"stablehlo.dot\"(%a, %b) {precision_config = [#stablehlo<precision HIGH>, "
                        "#stablehlo<precision DEFAULT>]} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n"
                        "  return %0 : tensor<2x2xf32>\n");
  EXPECT_EQ(fixed(text, "SHLO001"),
            fn("%a: tensor<2x3xf32>, %b: tensor<3x2xf32>", "tensor<2x2xf32>",
               "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGH, DEFAULT] : "
               "(tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n  return %0 : tensor<2x2xf32>\n"));
}

TEST(LintFixPrinting, BroadcastBecomesBroadcastInDim) {
  std::string text = fn("%a: tensor<3xf32>", "tensor<2x3xf32>",
                        "  %0 = \"stablehlo.broadcast\"(%a) {broadcast_sizes = array<i64: 2>} : (tensor<3xf32>) -> "
                        "tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n");
  EXPECT_EQ(fixed(text, "SHLO001"),
            fn("%a: tensor<3xf32>", "tensor<2x3xf32>",
               "  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>\n"
               "  return %0 : tensor<2x3xf32>\n"));
}

TEST(LintFixPrinting, CreateTokenBecomesAfterAllAndKeepsItsLocation) {
  std::string text = fn("", "!stablehlo.token",
                        "  %0 = \"stablehlo.create_token\"() : () -> !stablehlo.token loc(\"a.py\":3:1)\n"
                        "  return %0 : !stablehlo.token\n");
  EXPECT_EQ(fixed(text, "SHLO001"), fn("", "!stablehlo.token",
                                       "  %0 = stablehlo.after_all : !stablehlo.token loc(\"a.py\":3:1)\n"
                                       "  return %0 : !stablehlo.token\n"));
}

TEST(LintFixPrinting, GenericFormIsPrintedPrettyAtItsIndentation) {
  std::string text = fn("%a: tensor<2x3xf32>", "tensor<3x2xf32>",
                        "    %0 = \"stablehlo.transpose\"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> "
                        "tensor<3x2xf32>\n  return %0 : tensor<3x2xf32>\n");
  EXPECT_EQ(fixed(text, "SHLO501"),
            fn("%a: tensor<2x3xf32>", "tensor<3x2xf32>",
               "    %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
               "  return %0 : tensor<3x2xf32>\n"));
}

TEST(LintFixPrinting, SplatIsTheFormattersSplat) {
  std::string text = fn("", "tensor<2x2xf32>",
                        "  %0 = stablehlo.constant dense<[[1.5, 1.5], [1.5, 1.5]]> : tensor<2x2xf32>\n"
                        "  return %0 : tensor<2x2xf32>\n");
  EXPECT_EQ(fixed(text, "SHLO309"), fn("", "tensor<2x2xf32>",
                                       "  %0 = stablehlo.constant dense<1.500000e+00> : tensor<2x2xf32>\n"
                                       "  return %0 : tensor<2x2xf32>\n"));
}

// The forwarded value's users are reprinted (`func.` elided in a function
// body, as shlo fmt prints it); the deleted op is a deletion of its line.
TEST(LintFixPrinting, ForwardingReprintsUsersAndDeletesWholeLines) {
  std::string text = fn("%a: " + kF, kF,
                        "  %0 = stablehlo.convert %a : (" + kF + ") -> " + kF + "\n"
                        "  %1 = \"stablehlo.add\"(%0, %0) : (" + kF + ", " + kF + ") -> " + kF + "\n"
                        "  \"func.return\"(%1) : (" + kF + ") -> ()\n");
  std::optional<Diagnostic> d = finding(text, "SHLO301");
  ASSERT_TRUE(d && d->fixes.size() == 1);
  bool deletion = false;
  for (const TextEdit &edit : d->fixes[0].edits) {
    if (edit.newText.empty()) {
      deletion = true;
      EXPECT_EQ(text.substr(edit.range.begin, edit.range.size()), "  %0 = stablehlo.convert %a : (" + kF + ") -> " + kF + "\n");
    }
  }
  EXPECT_TRUE(deletion);
  EXPECT_EQ(fixed(text, "SHLO301"), fn("%a: " + kF, kF,
                                       "  %1 = stablehlo.add %a, %a : " + kF + "\n"
                                       "  \"func.return\"(%1) : (" + kF + ") -> ()\n"));
}

// A user with regions is not reprinted (the printer would drop comments in
// its body): only the name changes at the use.
TEST(LintFixPrinting, UsersWithRegionsKeepTheirTextButTheName) {
  std::string text = fn("%a: tensor<4xf32>", "tensor<f32>",
                        "  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xf32>\n"
                        "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
                        "  %1 = stablehlo.reduce(%0 init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>\n"
                        "   reducer(%x: tensor<f32>, %y: tensor<f32>) {\n"
                        "    // keep me\n"
                        "    %s = stablehlo.add %x, %y : tensor<f32>\n"
                        "    stablehlo.return %s : tensor<f32>\n"
                        "  }\n"
                        "  return %1 : tensor<f32>\n");
  std::string after = fixed(text, "SHLO301");
  EXPECT_NE(after.find("stablehlo.reduce(%a init: %z) across"), std::string::npos) << after;
  EXPECT_NE(after.find("    // keep me\n"), std::string::npos) << after;
  EXPECT_EQ(after.find("convert"), std::string::npos) << after;
}

TEST(LintFixPrinting, ValueRenameTouchesDefinitionAndUses) {
  std::string text = fn("%inputX: " + kF, kF,
                        "  %hiddenState = stablehlo.tanh %inputX : " + kF + "\n  return %hiddenState : " + kF + "\n");
  EXPECT_EQ(fixed(text, "SHLO503"),
            fn("%input_x: " + kF, kF,
               "  %hiddenState = stablehlo.tanh %input_x : " + kF + "\n  return %hiddenState : " + kF + "\n"));
  // A name that is taken in the function is not offered.
  std::string taken = fn("%a: " + kF, kF,
                         "  %fooBar = stablehlo.tanh %a : " + kF + "\n  %foo_bar = stablehlo.abs %fooBar : " + kF +
                             "\n  return %foo_bar : " + kF + "\n");
  std::optional<Diagnostic> d = finding(taken, "SHLO503");
  ASSERT_TRUE(d.has_value());
  EXPECT_TRUE(d->fixes.empty());
}

TEST(LintFixBuilder, RefusesOpsSharingALineOrRegionsWithComments) {
  std::string text = fn("%a: " + kF, kF,
                        "  %0 = stablehlo.abs %a : " + kF + " %1 = stablehlo.negate %0 : " + kF + "\n"
                        "  return %1 : " + kF + "\n");
  syntax::Parser parser;
  analysis::Analysis analysis = analysis::analyze(parser, text);
  const ir::Operation *abs = opNamed(analysis, "stablehlo.abs");
  ASSERT_NE(abs, nullptr);
  linter::FixBuilder shared(text);
  EXPECT_FALSE(shared.replace(*abs, *abs));
  EXPECT_FALSE(shared.build("x", FixSafety::Safe).has_value());

  std::string withComment = fn("%a: tensor<4xf32>", "tensor<f32>",
                               "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
                               "  %1 = \"stablehlo.reduce\"(%a, %z) ({\n"
                               "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
                               "    // keep me\n"
                               "    %s = stablehlo.add %x, %y : tensor<f32>\n"
                               "    stablehlo.return %s : tensor<f32>\n"
                               "  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>\n"
                               "  return %1 : tensor<f32>\n");
  analysis::Analysis second = analysis::analyze(parser, withComment);
  const ir::Operation *reduce = opNamed(second, "stablehlo.reduce");
  ASSERT_NE(reduce, nullptr);
  linter::FixBuilder regions(withComment);
  EXPECT_FALSE(regions.replace(*reduce, *reduce));
  // The generic-form finding stays, without a fix that would lose the comment.
  std::optional<Diagnostic> d = finding(withComment, "SHLO501");
  ASSERT_TRUE(d.has_value());
  EXPECT_TRUE(d->fixes.empty());
}

TEST(LintFixBuilder, ChangesOnOneLineAreOneEditAndNothingIsNoFix) {
  std::string text = fn("%a: " + kF, kF, "  %0 = stablehlo.add %a, %a : " + kF + "\n  return %0 : " + kF + "\n");
  linter::FixBuilder none(text);
  EXPECT_FALSE(none.build("x", FixSafety::Safe).has_value());
  size_t first = text.find("%a, %a"), second = first + 4;
  linter::FixBuilder two(text);
  two.replaceName({static_cast<uint32_t>(first), static_cast<uint32_t>(first + 2)}, "%b");
  two.replaceName({static_cast<uint32_t>(second), static_cast<uint32_t>(second + 2)}, "%c");
  std::optional<Fix> fix = two.build("x", FixSafety::Safe);
  ASSERT_TRUE(fix.has_value());
  ASSERT_EQ(fix->edits.size(), 1u);
  EXPECT_EQ(fix->edits[0].newText, "  %0 = stablehlo.add %b, %c : " + kF + "\n");
}

// Deleting whole lines skips the line diff (a 40 MB constant's function
// was split into lines per lint): the edits must be the diff's.
TEST(LintFixBuilder, DeletedLinesAreTheLineDiffsEdits) {
  std::string text = fn("%a: " + kF, kF,
                        "  %0 = stablehlo.abs %a : " + kF + "\r\n  %1 = stablehlo.negate %a : " + kF +
                            "\n\n  %2 = stablehlo.add %0, %1 : " + kF + "\n  return %2 : " + kF + "\n");
  syntax::Parser parser;
  analysis::Analysis analysis = analysis::analyze(parser, text);
  for (const char *name : {"stablehlo.abs", "stablehlo.negate", "stablehlo.add"}) {
    const ir::Operation *op = opNamed(analysis, name);
    ASSERT_NE(op, nullptr) << name;
    linter::FixBuilder builder(text);
    ASSERT_TRUE(builder.remove(*op));
    std::optional<Fix> fix = builder.build("x", FixSafety::Safe);
    ASSERT_TRUE(fix.has_value()) << name;
    syntax::TextRange lines = linter::deletionRange(op->range, text);
    std::vector<TextEdit> diff = formatter::lineEdits(text.substr(lines.begin, lines.size()), "");
    for (TextEdit &edit : diff) {
      edit.range.begin += lines.begin;
      edit.range.end += lines.begin;
    }
    EXPECT_EQ(fix->edits, diff) << name;
  }
}

// The advisory `shlo check` shows and the lint rules find and word the same.
TEST(LintDeprecations, AdvisoryAndRulesAgree) {
  struct Pair {
    std::string text;
    const char *code;
  };
  std::vector<Pair> pairs = {
      {fn("", "!stablehlo.token", "  %0 = stablehlo.create_token : !stablehlo.token\n  return %0 : !stablehlo.token\n"),
       "SHLO001"},
      {fn("%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>", "tensor<2xi1>",
          "  %0 = stablehlo.compare EQ, %a, %b : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>\n"
          "  return %0 : tensor<2xi1>\n"),
       "SHLO003"},
      {fn("%a: " + kF, "tuple<" + kF + ">", "  %0 = stablehlo.tuple %a : tuple<" + kF + ">\n  return %0 : tuple<" + kF + ">\n"),
       "SHLO002"},
  };
  for (const Pair &p : pairs) {
    syntax::Parser parser;
    analysis::Analysis analysis = analysis::analyze(parser, p.text);
    std::vector<Diagnostic> advisories;
    linter::collectAdvisories(*analysis.lowered.module, p.text, advisories);
    std::optional<Diagnostic> rule = finding(p.text, p.code);
    ASSERT_TRUE(rule.has_value()) << p.code;
    bool same = false;
    for (const Diagnostic &a : advisories) {
      // SHLO002 adds the replacement the spec suggests; the advisory's words come first.
      same |= a.code == "deprecated.op" && rule->message.rfind(a.message, 0) == 0 && a.range == rule->range;
    }
    EXPECT_TRUE(same) << p.code << ": " << rule->message;
  }
}
