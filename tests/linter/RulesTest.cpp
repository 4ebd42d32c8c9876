// Every lint rule on positive cases (it fires, as often as expected) and
// negative ones (it stays quiet on the constructs next to what it looks
// for); each fix is applied and the result must check clean, lose the
// finding, and keep every other op.
#include <gtest/gtest.h>

#include <set>

#include "formatter/Formatter.h"
#include "linter/Fixer.h"
#include "linter/Linter.h"
#include "linter/Patterns.h"
#include "linter/RuleRegistry.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/diagnostics/Codes.h"
#include "semantic/diagnostics/TextEdits.h"

using namespace shlo;

namespace {

struct Case {
  const char *code;
  int expected;  // Findings of `code` (0: a negative case).
  std::string text;
};

/// A function `@main` with `arguments` returning `results` (types after
/// `->`), whose body is `body`.
std::string fn(const std::string &arguments, const std::string &results, const std::string &body) {
  return "func.func @main(" + arguments + ") -> " + results + " {\n" + body + "}\n";
}

linter::LintOptions allRules() {
  linter::LintOptions options;
  options.selection.select = {"ALL"};
  return options;
}

std::vector<Diagnostic> findings(const std::string &text, std::string_view code, bool *failed = nullptr) {
  syntax::Parser parser;
  linter::TextLint result = linter::lintText(parser, text, allRules());
  if (failed) *failed = result.failedCheck;
  std::vector<Diagnostic> out;
  for (Diagnostic &d : result.diagnostics) {
    if (d.code == code) out.push_back(std::move(d));
  }
  return out;
}

/// The ops of `text`, and how many of them lie inside `deleted` ranges.
std::pair<size_t, size_t> opCount(const std::string &text, const std::vector<syntax::TextRange> &deleted = {}) {
  syntax::Parser parser;
  analysis::Analysis result = analysis::analyze(parser, text);
  size_t count = 0, inside = 0;
  ir::walk(result.lowered.module->topLevel, [&](const ir::Operation *op) {
    ++count;
    for (const syntax::TextRange &range : deleted) {
      if (range.begin <= op->range.begin && op->range.end <= range.end) {
        ++inside;
        break;
      }
    }
  });
  return {count, inside};
}

const std::string kF = "tensor<4xf32>";

std::vector<Case> cases() {
  return {
      // SHLO001 deprecated-op
      {"SHLO001", 1, fn("", "!stablehlo.token", "  %0 = stablehlo.create_token : !stablehlo.token\n  return %0 : !stablehlo.token\n")},
      {"SHLO001", 1, fn("%a: tensor<2x3xf32>, %b: tensor<3x2xf32>", "tensor<2x2xf32>",
                        "  %0 = \"stablehlo.dot\"(%a, %b) {precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision DEFAULT>]} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n"
                        "  return %0 : tensor<2x2xf32>\n")},
      {"SHLO001", 1, fn("%a: tensor<3xf32>", "tensor<2x3xf32>",
                        "  %0 = \"stablehlo.broadcast\"(%a) {broadcast_sizes = array<i64: 2>} : (tensor<3xf32>) -> tensor<2x3xf32>\n"
                        "  return %0 : tensor<2x3xf32>\n")},
      {"SHLO001", 0, fn("", "!stablehlo.token", "  %0 = stablehlo.after_all : !stablehlo.token\n  return %0 : !stablehlo.token\n")},
      {"SHLO001", 0, fn("%a: tensor<2x3xf32>, %b: tensor<3x2xf32>", "tensor<2x2xf32>",
                        "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>\n"
                        "  return %0 : tensor<2x2xf32>\n")},
      // SHLO002 op-considered-for-removal
      {"SHLO002", 1, fn("%a: " + kF, "tuple<" + kF + ">", "  %0 = stablehlo.tuple %a : tuple<" + kF + ">\n  return %0 : tuple<" + kF + ">\n")},
      {"SHLO002", 0, fn("%a: " + kF, kF, "  return %a : " + kF + "\n")},
      // SHLO003 complex-comparison
      {"SHLO003", 1, fn("%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>", "tensor<2xi1>",
                        "  %0 = stablehlo.compare EQ, %a, %b : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>\n  return %0 : tensor<2xi1>\n")},
      {"SHLO003", 0, fn("%a: tensor<2xf32>, %b: tensor<2xf32>", "tensor<2xi1>",
                        "  %0 = stablehlo.compare LT, %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>\n  return %0 : tensor<2xi1>\n")},
      // SHLO004 window-reversal
      {"SHLO004", 1, fn("%x: tensor<1x4x4x1xf32>, %k: tensor<2x2x1x1xf32>", "tensor<1x3x3x1xf32>",
                        "  %0 = \"stablehlo.convolution\"(%x, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, window_reversal = array<i1: true, false>} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x3x3x1xf32>\n"
                        "  return %0 : tensor<1x3x3x1xf32>\n")},
      {"SHLO004", 0, fn("%x: tensor<1x4x4x1xf32>, %k: tensor<2x2x1x1xf32>", "tensor<1x3x3x1xf32>",
                        "  %0 = \"stablehlo.convolution\"(%x, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, window_reversal = array<i1: false, false>} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x3x3x1xf32>\n"
                        "  return %0 : tensor<1x3x3x1xf32>\n")},
      // SHLO101 unused-result: the root is reported once, its feeders go with it.
      {"SHLO101", 1, fn("%a: " + kF, kF, "  %0 = stablehlo.abs %a : " + kF + "\n  %1 = stablehlo.negate %0 : " + kF + "\n  return %a : " + kF + "\n")},
      {"SHLO101", 0, fn("%a: " + kF, kF, "  %0 = stablehlo.abs %a : " + kF + "\n  return %0 : " + kF + "\n")},
      // Side effects stay: an unused after_all or custom_call is not dead.
      {"SHLO101", 0, fn("%a: " + kF, kF, "  %0 = stablehlo.custom_call @foo(%a) : (" + kF + ") -> " + kF + "\n  return %a : " + kF + "\n")},
      // SHLO102 unused-private-function
      {"SHLO102", 1, fn("%a: " + kF, kF, "  return %a : " + kF + "\n") +
                         "func.func private @dead(%a: " + kF + ") -> " + kF + " {\n  return %a : " + kF + "\n}\n"},
      {"SHLO102", 0, fn("%a: " + kF, kF, "  %0 = func.call @live(%a) : (" + kF + ") -> " + kF + "\n  return %0 : " + kF + "\n") +
                         "func.func private @live(%a: " + kF + ") -> " + kF + " {\n  return %a : " + kF + "\n}\n"},
      {"SHLO102", 0, fn("%a: " + kF, kF, "  return %a : " + kF + "\n") +
                         "func.func @public(%a: " + kF + ") -> " + kF + " {\n  return %a : " + kF + "\n}\n"},
      // SHLO103 unreachable-branch
      {"SHLO103", 1, fn("%a: " + kF, kF,
                        "  %p = stablehlo.constant dense<false> : tensor<i1>\n"
                        "  %0 = \"stablehlo.if\"(%p) ({\n    \"stablehlo.return\"(%a) : (" + kF + ") -> ()\n  }, {\n"
                        "    \"stablehlo.return\"(%a) : (" + kF + ") -> ()\n  }) : (tensor<i1>) -> " + kF + "\n  return %0 : " + kF + "\n")},
      {"SHLO103", 0, fn("%a: " + kF + ", %p: tensor<i1>", kF,
                        "  %0 = \"stablehlo.if\"(%p) ({\n    \"stablehlo.return\"(%a) : (" + kF + ") -> ()\n  }, {\n"
                        "    \"stablehlo.return\"(%a) : (" + kF + ") -> ()\n  }) : (tensor<i1>) -> " + kF + "\n  return %0 : " + kF + "\n")},
      // SHLO104 integer-division-by-zero
      {"SHLO104", 1, fn("%a: tensor<2xi32>", "tensor<2xi32>",
                        "  %z = stablehlo.constant dense<[0, 3]> : tensor<2xi32>\n  %0 = stablehlo.remainder %a, %z : tensor<2xi32>\n  return %0 : tensor<2xi32>\n")},
      {"SHLO104", 0, fn("%a: tensor<2xi32>", "tensor<2xi32>",
                        "  %z = stablehlo.constant dense<[2, 3]> : tensor<2xi32>\n  %0 = stablehlo.divide %a, %z : tensor<2xi32>\n  return %0 : tensor<2xi32>\n")},
      {"SHLO104", 0, fn("%a: tensor<2xf32>", "tensor<2xf32>",  // Floats divide by zero to inf, by definition.
                        "  %z = stablehlo.constant dense<0.0> : tensor<2xf32>\n  %0 = stablehlo.divide %a, %z : tensor<2xf32>\n  return %0 : tensor<2xf32>\n")},
      // SHLO201 float-equality
      {"SHLO201", 1, fn("%a: " + kF + ", %b: " + kF, "tensor<4xi1>",
                        "  %s = stablehlo.sqrt %a : " + kF + "\n"
                        "  %0 = stablehlo.compare NE, %s, %b : (" + kF + ", " + kF + ") -> tensor<4xi1>\n  return %0 : tensor<4xi1>\n")},
      {"SHLO201", 0, fn("%a: " + kF, "tensor<4xi1>",  // The NaN test x != x.
                        "  %0 = stablehlo.compare NE, %a, %a : (" + kF + ", " + kF + ") -> tensor<4xi1>\n  return %0 : tensor<4xi1>\n")},
      {"SHLO201", 0, fn("%a: " + kF, "tensor<4xi1>",  // A mask against a constant.
                        "  %z = stablehlo.constant dense<0.0> : " + kF + "\n  %0 = stablehlo.compare EQ, %a, %z : (" + kF + ", " + kF + ") -> tensor<4xi1>\n  return %0 : tensor<4xi1>\n")},
      {"SHLO201", 0, fn("%a: " + kF, "tensor<4xi1>",  // A mask against a broadcast constant (pt_bert).
                        "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n  %b = stablehlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> " + kF + "\n"
                        "  %0 = stablehlo.compare EQ, %a, %b : (" + kF + ", " + kF + ") -> tensor<4xi1>\n  return %0 : tensor<4xi1>\n")},
      {"SHLO201", 0, fn("%a: " + kF + ", %b: " + kF, "tensor<4xi1>",  // Two inputs: not computed.
                        "  %0 = stablehlo.compare EQ, %a, %b : (" + kF + ", " + kF + ") -> tensor<4xi1>\n  return %0 : tensor<4xi1>\n")},
      {"SHLO201", 0, fn("%a: tensor<4xi32>, %b: tensor<4xi32>", "tensor<4xi1>",
                        "  %0 = stablehlo.compare EQ, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>\n  return %0 : tensor<4xi1>\n")},
      // SHLO202 narrow-accumulation
      {"SHLO202", 1, fn("%a: tensor<4x8xbf16>, %b: tensor<8x4xbf16>", "tensor<4x4xbf16>",
                        "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x4xbf16>) -> tensor<4x4xbf16>\n  return %0 : tensor<4x4xbf16>\n")},
      {"SHLO202", 0, fn("%a: tensor<4x8xbf16>, %b: tensor<8x4xbf16>", "tensor<4x4xf32>",
                        "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x4xbf16>) -> tensor<4x4xf32>\n  return %0 : tensor<4x4xf32>\n")},
      {"SHLO202", 1, fn("%a: tensor<8xf16>", "tensor<f16>",
                        "  %z = stablehlo.constant dense<0.0> : tensor<f16>\n"
                        "  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<8xf16>, tensor<f16>) -> tensor<f16>\n  return %0 : tensor<f16>\n")},
      {"SHLO202", 0, fn("%a: tensor<8xf16>", "tensor<f16>",  // max does not accumulate rounding.
                        "  %z = stablehlo.constant dense<0.0> : tensor<f16>\n"
                        "  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.maximum across dimensions = [0] : (tensor<8xf16>, tensor<f16>) -> tensor<f16>\n  return %0 : tensor<f16>\n")},
      // SHLO203 lossy-convert-round-trip
      {"SHLO203", 1, fn("%a: " + kF, kF,
                        "  %0 = stablehlo.convert %a : (" + kF + ") -> tensor<4xf16>\n  %1 = stablehlo.convert %0 : (tensor<4xf16>) -> " + kF + "\n  return %1 : " + kF + "\n")},
      {"SHLO203", 0, fn("%a: tensor<4xf16>", "tensor<4xf16>",  // Widening and back is exact.
                        "  %0 = stablehlo.convert %a : (tensor<4xf16>) -> " + kF + "\n  %1 = stablehlo.convert %0 : (" + kF + ") -> tensor<4xf16>\n  return %1 : tensor<4xf16>\n")},
      // SHLO204 naive-softmax
      {"SHLO204", 1, fn("%x: tensor<4x8xf32>", "tensor<4x8xf32>",
                        "  %e = stablehlo.exponential %x : tensor<4x8xf32>\n  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
                        "  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>\n"
                        "  %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>\n"
                        "  %r = stablehlo.divide %e, %b : tensor<4x8xf32>\n  return %r : tensor<4x8xf32>\n")},
      {"SHLO204", 0, fn("%x: tensor<4x8xf32>", "tensor<4x8xf32>",
                        "  %n = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
                        "  %m = stablehlo.reduce(%x init: %n) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>\n"
                        "  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>\n"
                        "  %d = stablehlo.subtract %x, %mb : tensor<4x8xf32>\n"
                        "  %e = stablehlo.exponential %d : tensor<4x8xf32>\n  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
                        "  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>\n"
                        "  %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>\n"
                        "  %r = stablehlo.divide %e, %b : tensor<4x8xf32>\n  return %r : tensor<4x8xf32>\n")},
      // The max hidden in maximum(-inf, reduce max) and two broadcasts, as PyTorch exports it (pt_bert).
      {"SHLO204", 0, fn("%x: tensor<4x8xf32>", "tensor<4x8xf32>",
                        "  %n = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
                        "  %m = stablehlo.reduce(%x init: %n) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>\n"
                        "  %nb = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<f32>) -> tensor<4xf32>\n"
                        "  %mm = stablehlo.maximum %nb, %m : tensor<4xf32>\n"
                        "  %m1 = stablehlo.broadcast_in_dim %mm, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>\n"
                        "  %mb = stablehlo.broadcast_in_dim %m1, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>\n"
                        "  %d = stablehlo.subtract %x, %mb : tensor<4x8xf32>\n"
                        "  %e = stablehlo.exponential %d : tensor<4x8xf32>\n  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
                        "  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>\n"
                        "  %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>\n"
                        "  %r = stablehlo.divide %e, %b : tensor<4x8xf32>\n  return %r : tensor<4x8xf32>\n")},
      // SHLO205 log-of-softmax
      {"SHLO205", 1, fn("%x: tensor<4x8xf32>", "tensor<4x8xf32>",
                        "  %e = stablehlo.exponential %x : tensor<4x8xf32>\n  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
                        "  %s = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>\n"
                        "  %b = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>\n"
                        "  %r = stablehlo.divide %e, %b : tensor<4x8xf32>\n  %l = stablehlo.log %r : tensor<4x8xf32>\n  return %l : tensor<4x8xf32>\n")},
      {"SHLO205", 0, fn("%x: tensor<4x8xf32>, %y: tensor<4x8xf32>", "tensor<4x8xf32>",  // log of a plain quotient.
                        "  %r = stablehlo.divide %x, %y : tensor<4x8xf32>\n  %l = stablehlo.log %r : tensor<4x8xf32>\n  return %l : tensor<4x8xf32>\n")},
      // SHLO301 redundant-convert
      {"SHLO301", 1, fn("%a: " + kF, kF, "  %0 = stablehlo.convert %a : (" + kF + ") -> " + kF + "\n  %1 = stablehlo.abs %0 : " + kF + "\n  return %1 : " + kF + "\n")},
      {"SHLO301", 0, fn("%a: " + kF, "tensor<4xf16>", "  %0 = stablehlo.convert %a : (" + kF + ") -> tensor<4xf16>\n  return %0 : tensor<4xf16>\n")},
      // SHLO302 redundant-reshape
      {"SHLO302", 1, fn("%a: tensor<2x3xf32>", "tensor<2x3xf32>", "  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n")},
      {"SHLO302", 0, fn("%a: tensor<2x3xf32>", "tensor<3x2xf32>", "  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<3x2xf32>\n  return %0 : tensor<3x2xf32>\n")},
      // SHLO303 identity-transpose
      {"SHLO303", 1, fn("%a: tensor<2x3xf32>", "tensor<2x3xf32>", "  %0 = stablehlo.transpose %a, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n")},
      {"SHLO303", 0, fn("%a: tensor<2x2xf32>", "tensor<2x2xf32>", "  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>\n  return %0 : tensor<2x2xf32>\n")},
      // SHLO304 identity-broadcast
      {"SHLO304", 1, fn("%a: tensor<2x3xf32>", "tensor<2x3xf32>", "  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n")},
      {"SHLO304", 0, fn("%a: tensor<2x2xf32>", "tensor<2x2xf32>", "  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>\n  return %0 : tensor<2x2xf32>\n")},
      {"SHLO304", 0, fn("%a: tensor<1x3xf32>", "tensor<2x3xf32>", "  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n")},
      // SHLO305 whole-slice
      {"SHLO305", 1, fn("%a: tensor<2x3xf32>", "tensor<2x3xf32>", "  %0 = stablehlo.slice %a [0:2, 0:3] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n  return %0 : tensor<2x3xf32>\n")},
      {"SHLO305", 0, fn("%a: tensor<2x3xf32>", "tensor<2x2xf32>", "  %0 = stablehlo.slice %a [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>\n  return %0 : tensor<2x2xf32>\n")},
      // SHLO306 zero-pad
      {"SHLO306", 1, fn("%a: " + kF + ", %v: tensor<f32>", kF, "  %0 = stablehlo.pad %a, %v, low = [0], high = [0], interior = [0] : (" + kF + ", tensor<f32>) -> " + kF + "\n  return %0 : " + kF + "\n")},
      {"SHLO306", 0, fn("%a: " + kF + ", %v: tensor<f32>", "tensor<5xf32>", "  %0 = stablehlo.pad %a, %v, low = [1], high = [0], interior = [0] : (" + kF + ", tensor<f32>) -> tensor<5xf32>\n  return %0 : tensor<5xf32>\n")},
      // SHLO307 add-zero (integer: safe fix; float: unsafe fix)
      {"SHLO307", 1, fn("%a: tensor<4xi32>", "tensor<4xi32>", "  %z = stablehlo.constant dense<0> : tensor<4xi32>\n  %0 = stablehlo.add %z, %a : tensor<4xi32>\n  return %0 : tensor<4xi32>\n")},
      {"SHLO307", 1, fn("%a: " + kF, kF, "  %z = stablehlo.constant dense<[0.0, 0.0, 0.0, 0.0]> : " + kF + "\n  %0 = stablehlo.add %a, %z : " + kF + "\n  return %0 : " + kF + "\n")},
      {"SHLO307", 0, fn("%a: " + kF, kF, "  %z = stablehlo.constant dense<[0.0, 1.0, 0.0, 0.0]> : " + kF + "\n  %0 = stablehlo.add %a, %z : " + kF + "\n  return %0 : " + kF + "\n")},
      // SHLO308 multiply-one
      {"SHLO308", 1, fn("%a: " + kF, kF, "  %o = stablehlo.constant dense<1.000000e+00> : " + kF + "\n  %0 = stablehlo.multiply %a, %o : " + kF + "\n  return %0 : " + kF + "\n")},
      {"SHLO308", 1, fn("%a: " + kF, kF,  // A broadcast scalar one (PyTorch's alpha = 1).
                        "  %o = stablehlo.constant dense<1.0> : tensor<f32>\n  %b = stablehlo.broadcast_in_dim %o, dims = [] : (tensor<f32>) -> " + kF + "\n"
                        "  %0 = stablehlo.multiply %b, %a : " + kF + "\n  return %0 : " + kF + "\n")},
      {"SHLO308", 0, fn("%a: " + kF, kF, "  %o = stablehlo.constant dense<2.0> : " + kF + "\n  %0 = stablehlo.multiply %a, %o : " + kF + "\n  return %0 : " + kF + "\n")},
      // SHLO309 splat-constant
      {"SHLO309", 1, fn("", "tensor<2x2xi32>", "  %0 = stablehlo.constant dense<[[7, 7], [7, 7]]> : tensor<2x2xi32>\n  return %0 : tensor<2x2xi32>\n")},
      {"SHLO309", 0, fn("", "tensor<2x2xi32>", "  %0 = stablehlo.constant dense<7> : tensor<2x2xi32>\n  return %0 : tensor<2x2xi32>\n")},
      {"SHLO309", 0, fn("", "tensor<2xi32>", "  %0 = stablehlo.constant dense<[7, 8]> : tensor<2xi32>\n  return %0 : tensor<2xi32>\n")},
      // SHLO310 large-constant: a literal over 1 MiB.
      {"SHLO310", 1, fn("", "tensor<300000xi32>",  // A hex literal of 1.2 MB.
                        "  %0 = stablehlo.constant dense<\"0x" + std::string(2400000, '1') +
                            "\"> : tensor<300000xi32>\n  return %0 : tensor<300000xi32>\n")},
      {"SHLO310", 0, fn("", "tensor<2xi32>", "  %0 = stablehlo.constant dense<[7, 8]> : tensor<2xi32>\n  return %0 : tensor<2xi32>\n")},
      // SHLO311 inferable-dynamic-dimension
      {"SHLO311", 1, fn("%a: tensor<4x3xf32>", "tensor<?x3xf32>", "  %0 = stablehlo.abs %a : (tensor<4x3xf32>) -> tensor<?x3xf32>\n  return %0 : tensor<?x3xf32>\n")},
      {"SHLO311", 0, fn("%a: tensor<?x3xf32>", "tensor<?x3xf32>", "  %0 = stablehlo.abs %a : tensor<?x3xf32>\n  return %0 : tensor<?x3xf32>\n")},
      {"SHLO311", 0, fn("%a: tensor<4x3xf32>", "tensor<4x3xf32>", "  %0 = stablehlo.abs %a : tensor<4x3xf32>\n  return %0 : tensor<4x3xf32>\n")},
      // SHLO401 f64-in-model: once per function.
      {"SHLO401", 1, fn("%a: tensor<4xf64>", "tensor<4xf64>", "  %0 = stablehlo.abs %a : tensor<4xf64>\n  %1 = stablehlo.abs %0 : tensor<4xf64>\n  return %1 : tensor<4xf64>\n")},
      {"SHLO401", 0, fn("%a: " + kF, kF, "  return %a : " + kF + "\n")},
      // SHLO402 backend-custom-call
      {"SHLO402", 1, fn("%a: " + kF, kF, "  %0 = stablehlo.custom_call @__cublas$gemm(%a) : (" + kF + ") -> " + kF + "\n  return %0 : " + kF + "\n")},
      {"SHLO402", 0, fn("%a: " + kF, kF, "  %0 = stablehlo.custom_call @Sharding(%a) : (" + kF + ") -> " + kF + "\n  return %0 : " + kF + "\n")},
      // SHLO403 collectives-without-grid
      {"SHLO403", 1, fn("", "tensor<ui32>", "  %0 = stablehlo.replica_id : tensor<ui32>\n  return %0 : tensor<ui32>\n")},
      {"SHLO403", 0, "module attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32} {\n" +
                         fn("", "tensor<ui32>", "  %0 = stablehlo.replica_id : tensor<ui32>\n  return %0 : tensor<ui32>\n") + "}\n"},
      // SHLO501 generic-form
      {"SHLO501", 1, fn("%a: " + kF, kF, "  %0 = \"stablehlo.abs\"(%a) : (" + kF + ") -> " + kF + "\n  return %0 : " + kF + "\n")},
      {"SHLO501", 0, fn("%a: " + kF, kF, "  %0 = stablehlo.abs %a : " + kF + "\n  return %0 : " + kF + "\n")},
      {"SHLO501", 1, fn("%a: tensor<2x3xf32>", "tensor<3x2xf32>",
                        "  %0 = \"stablehlo.transpose\"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
                        "  return %0 : tensor<3x2xf32>\n")},
      // Fixes print through the formatter: a generic create_token becomes a
      // pretty after_all, a generic user of a forwarded value is reprinted.
      {"SHLO001", 1, fn("", "!stablehlo.token", "  %0 = \"stablehlo.create_token\"() : () -> !stablehlo.token\n  return %0 : !stablehlo.token\n")},
      {"SHLO301", 1, fn("%a: " + kF, kF, "  %0 = stablehlo.convert %a : (" + kF + ") -> " + kF + "\n  %1 = \"stablehlo.abs\"(%0) : (" + kF + ") -> " + kF + "\n  return %1 : " + kF + "\n")},
      // SHLO502 quoted-symbol-name
      {"SHLO502", 1, fn("%a: " + kF, kF, "  %0 = func.call @\"<lambda>\"(%a) : (" + kF + ") -> " + kF + "\n  return %0 : " + kF + "\n") +
                         "func.func private @\"<lambda>\"(%a: " + kF + ") -> " + kF + " {\n  return %a : " + kF + "\n}\n"},
      {"SHLO502", 0, fn("%a: " + kF, kF, "  %0 = func.call @_lambda.1(%a) : (" + kF + ") -> " + kF + "\n  return %0 : " + kF + "\n") +
                         "func.func private @_lambda.1(%a: " + kF + ") -> " + kF + " {\n  return %a : " + kF + "\n}\n"},
      // SHLO503 value-name-style: a result and a block argument.
      {"SHLO503", 2, fn("%inputX: " + kF, kF, "  %hiddenState = stablehlo.tanh %inputX : " + kF + "\n  return %hiddenState : " + kF + "\n")},
      {"SHLO503", 0, fn("%input_x: " + kF, kF, "  %0 = stablehlo.tanh %input_x : " + kF + "\n  %hidden_state2 = stablehlo.abs %0 : " + kF + "\n  return %hidden_state2 : " + kF + "\n")},
      // The names stablehlo-opt prints in while bodies are accepted.
      {"SHLO503", 0, fn("%a: tensor<i64>", "tensor<i64>",
                        "  %0 = stablehlo.while(%iterArg = %a) : tensor<i64>\n   cond {\n"
                        "    %1 = stablehlo.compare LT, %iterArg, %iterArg : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
                        "    stablehlo.return %1 : tensor<i1>\n  } do {\n    stablehlo.return %iterArg : tensor<i64>\n  }\n"
                        "  return %0 : tensor<i64>\n")},
  };
}

}  // namespace

TEST(LintRules, EveryRuleHasPositiveAndNegativeCases) {
  std::set<std::string> positive, negative;
  for (const Case &c : cases()) (c.expected > 0 ? positive : negative).insert(c.code);
  for (const linter::Rule &rule : linter::allRules()) {
    EXPECT_TRUE(positive.count(std::string(rule.info.code))) << rule.info.code << " has no positive case";
    EXPECT_TRUE(negative.count(std::string(rule.info.code))) << rule.info.code << " has no negative case";
  }
}

TEST(LintRules, FireExactlyWhereExpected) {
  for (const Case &c : cases()) {
    bool failed = false;
    std::vector<Diagnostic> found = findings(c.text, c.code, &failed);
    ASSERT_FALSE(failed) << c.code << ": the case does not check clean:\n" << c.text.substr(0, 500);
    EXPECT_EQ(static_cast<int>(found.size()), c.expected) << c.code << " on:\n" << c.text.substr(0, 500);
    for (const Diagnostic &d : found) {
      EXPECT_LE(d.range.end, c.text.size());
      EXPECT_GT(d.range.size(), 0u) << c.code;
    }
  }
}

// A fix must give a text that checks clean, no longer has the finding, and
// keeps every op but those the fix removes (forwarding fixes remove one op,
// dead-code fixes the op and what only fed it, rewrites none).
TEST(LintRules, FixesCheckCleanAndRemoveTheFinding) {
  int fixed = 0;
  for (const Case &c : cases()) {
    if (c.expected == 0) continue;
    std::vector<Diagnostic> found = findings(c.text, c.code);
    if (found.empty() || found[0].fixes.empty()) continue;
    const Fix &fix = found[0].fixes[0];
    EditResult edited = applyFix(c.text, fix);
    ASSERT_TRUE(edited.ok()) << c.code << ": " << edited.error;
    bool failed = false;
    std::vector<Diagnostic> after = findings(edited.text, c.code, &failed);
    EXPECT_FALSE(failed) << c.code << " fix gives a text that does not check:\n" << edited.text;
    EXPECT_LT(after.size(), found.size()) << c.code << " still fires after its fix:\n" << edited.text;
    std::vector<syntax::TextRange> deleted;
    for (const TextEdit &edit : fix.edits) {
      if (edit.newText.empty()) deleted.push_back(edit.range);
    }
    auto [before, deletions] = opCount(c.text, deleted);
    size_t now = opCount(edited.text).first;
    EXPECT_EQ(before - now, deletions) << c.code << ": the fix removed other ops than its deletions:\n" << edited.text;
    ++fixed;
  }
  EXPECT_GE(fixed, 14);
}

TEST(LintRules, FixSafetyMatchesTheRule) {
  for (const Case &c : cases()) {
    const linter::Rule *rule = linter::findRule(c.code);
    ASSERT_NE(rule, nullptr);
    for (const Diagnostic &d : findings(c.text, c.code)) {
      for (const Fix &fix : d.fixes) {
        if (rule->info.fix == linter::FixAvailability::Safe) EXPECT_EQ(fix.safety, FixSafety::Safe) << c.code;
        if (rule->info.fix == linter::FixAvailability::Unsafe) EXPECT_EQ(fix.safety, FixSafety::Unsafe) << c.code;
        EXPECT_NE(rule->info.fix, linter::FixAvailability::None) << c.code << " offers a fix it does not declare";
      }
    }
  }
}

// The float add-zero fix is unsafe (-0.0 + 0.0 is +0.0), the integer one safe.
TEST(LintRules, AddZeroFixSafetyFollowsTheElementType) {
  std::vector<Case> all = cases();
  int seen = 0;
  for (const Case &c : all) {
    if (std::string_view(c.code) != "SHLO307" || c.expected == 0) continue;
    std::vector<Diagnostic> found = findings(c.text, c.code);
    ASSERT_EQ(found.size(), 1u);
    ASSERT_EQ(found[0].fixes.size(), 1u);
    bool isFloat = c.text.find("xf32") != std::string::npos;
    EXPECT_EQ(found[0].fixes[0].safety, isFloat ? FixSafety::Unsafe : FixSafety::Safe);
    ++seen;
  }
  EXPECT_EQ(seen, 2);
}

TEST(LintRules, CodesAreStableUniqueAndRegistered) {
  std::set<std::string_view> codes, names;
  for (const linter::Rule &rule : linter::allRules()) {
    const linter::RuleInfo &info = rule.info;
    EXPECT_TRUE(codes.insert(info.code).second) << info.code;
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    ASSERT_EQ(info.code.size(), 7u) << info.code;
    EXPECT_EQ(info.code.substr(0, 4), "SHLO");
    // The hundreds digit is the category (Rule.h).
    EXPECT_EQ(info.code[4] - '0', static_cast<int>(info.category)) << info.code;
    const CodeInfo *registered = findCode(info.code);
    ASSERT_NE(registered, nullptr) << info.code << " is not in semantic/diagnostics/Codes.cpp";
    EXPECT_EQ(registered->category, CodeCategory::Lint);
    EXPECT_EQ(registered->severity, info.severity) << info.code;
    EXPECT_EQ(registered->title.substr(0, info.name.size()), info.name) << info.code;
    EXPECT_FALSE(info.documentation.empty());
    EXPECT_NE(info.documentation.find("Example"), std::string_view::npos) << info.code;
    EXPECT_NE(info.documentation.find("Fix"), std::string_view::npos) << info.code;
  }
  EXPECT_NE(findCode("lint.unknown-code"), nullptr);
}

TEST(LintRules, FixPassesReachAFixedPoint) {
  std::string text = fn("%a: " + kF, kF,
                        "  %0 = stablehlo.convert %a : (" + kF + ") -> " + kF + "\n"
                        "  %1 = stablehlo.convert %0 : (" + kF + ") -> " + kF + "\n"
                        "  %o = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0]> : " + kF + "\n"
                        "  %2 = stablehlo.multiply %1, %o : " + kF + "\n  return %2 : " + kF + "\n");
  syntax::Parser parser;
  linter::FixResult safe = linter::fixText(parser, text, allRules(), /*unsafe=*/false);
  EXPECT_TRUE(safe.rejected.empty()) << safe.rejected;
  EXPECT_FALSE(safe.remaining.failedCheck);
  EXPECT_EQ(safe.text.find("convert"), std::string::npos) << safe.text;
  EXPECT_EQ(safe.text.find("multiply"), std::string::npos) << safe.text;
  // The constant is dead now: only an unsafe fix removes it.
  ASSERT_EQ(safe.remaining.diagnostics.size(), 1u) << safe.text;
  EXPECT_EQ(safe.remaining.diagnostics[0].code, "SHLO101");
  linter::FixResult all = linter::fixText(parser, text, allRules(), /*unsafe=*/true);
  EXPECT_TRUE(all.remaining.diagnostics.empty()) << all.text;
  EXPECT_EQ(all.text, fn("%a: " + kF, kF, "  return %a : " + kF + "\n"));
}

// Overlapping fixes are never applied in one pass; unsafe ones only when asked.
TEST(LintRules, ChooseFixesSkipsOverlaps) {
  Diagnostic a, b;
  Fix fa{"a", {{{0, 4}, "x"}}, FixSafety::Safe}, fb{"b", {{{2, 6}, "y"}}, FixSafety::Safe};
  a.fixes.push_back(fa);
  b.fixes.push_back(fb);
  std::vector<Diagnostic> both = {a, b};
  std::vector<const Fix *> chosen = linter::chooseFixes(both, false);
  ASSERT_EQ(chosen.size(), 1u);
  EXPECT_EQ(chosen[0]->title, "a");
  Diagnostic u;
  u.fixes.push_back({"u", {{{10, 12}, ""}}, FixSafety::Unsafe});
  std::vector<Diagnostic> unsafe = {u};
  EXPECT_EQ(linter::chooseFixes(unsafe, false).size(), 0u);
  EXPECT_EQ(linter::chooseFixes(unsafe, true).size(), 1u);
}

// Fixes are printed by the formatter (linter/FixBuilder.h): every line a fix
// writes is a line `shlo fmt` prints for the fixed file.
TEST(LintRules, FixedLinesAreWhatTheFormatterPrints) {
  int checked = 0;
  for (const Case &c : cases()) {
    if (c.expected == 0) continue;
    for (const Diagnostic &d : findings(c.text, c.code)) {
      for (const Fix &fix : d.fixes) {
        EditResult edited = applyFix(c.text, fix);
        ASSERT_TRUE(edited.ok()) << c.code << ": " << edited.error;
        formatter::FormatResult formatted = formatter::formatDocument(edited.text);
        ASSERT_TRUE(formatted.ok) << c.code << ": " << formatted.error << "\n" << edited.text;
        std::set<std::string> lines;
        for (size_t at = 0; at < formatted.text.size();) {
          size_t nl = formatted.text.find('\n', at);
          if (nl == std::string::npos) nl = formatted.text.size();
          lines.insert(formatted.text.substr(at, nl - at));
          at = nl + 1;
        }
        for (const TextEdit &edit : fix.edits) {
          for (size_t at = 0; at < edit.newText.size();) {
            size_t nl = edit.newText.find('\n', at);
            if (nl == std::string::npos) nl = edit.newText.size();
            std::string line = edit.newText.substr(at, nl - at);
            EXPECT_TRUE(lines.count(line)) << c.code << ": the fix writes `" << line << "`, shlo fmt prints:\n"
                                           << formatted.text;
            at = nl + 1;
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_GE(checked, 15);
}

TEST(LintRules, UndefinedOperandsDoNotCrashTheRules) {
  // The language server lints modules with errors (a `// -----` typed in
  // the middle of a function leaves values undefined): every rule must
  // tolerate a null operand. Each op below names a value that is not
  // defined, once as its first operand and once as its second.
  const char *ops[] = {
      "%r = stablehlo.log %u : tensor<2xf32>",
      "%r = stablehlo.divide %u, %u2 : tensor<2xf32>",
      "%r = stablehlo.compare EQ, %u, %u2 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>",
      "%r = stablehlo.convert %u : (tensor<2xf32>) -> tensor<2xbf16>",
      "%r = stablehlo.dot %u, %u2 : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>",
      "%r = stablehlo.dot_general %u, %u2, contracting_dims = [0] x [0] : (tensor<2xbf16>, tensor<2xbf16>) -> "
      "tensor<bf16>",
      "%r = \"stablehlo.broadcast\"(%u) {broadcast_sizes = array<i64: 2>} : (tensor<2xf32>) -> tensor<2x2xf32>",
      "%r = stablehlo.add %u, %u2 : tensor<2xf32>",
      "%r = stablehlo.multiply %u, %u2 : tensor<2xf32>",
      "%r = stablehlo.reshape %u : (tensor<2xf32>) -> tensor<2xf32>",
      "%r = stablehlo.transpose %u, dims = [0] : (tensor<2xf32>) -> tensor<2xf32>",
  };
  syntax::Parser parser;
  int linted = 0;
  for (const char *op : ops) {
    std::string text = fn("", "tensor<2xf32>", std::string("  ") + op + "\n  return %r : tensor<2xf32>\n");
    analysis::Analysis analysis = analysis::analyze(parser, text);
    ASSERT_FALSE(analysis.diagnostics.empty()) << op;  // The undefined values.
    std::vector<Diagnostic> out;
    linter::lintModule(*analysis.lowered.module, text, allRules(), out);
    ++linted;
  }
  EXPECT_EQ(linted, static_cast<int>(std::size(ops)));
}

// A constant's uniform value (multiply-one, add-zero, unreachable-branch):
// elements spelled like the first are not parsed again, so the spellings
// that differ, NaN, hex blobs and malformed literals are what to check.
TEST(LintPatterns, UniformValueOfDenseLiterals) {
  struct Case {
    std::string literal;
    std::optional<double> uniform;
  };
  std::vector<Case> cases = {
      {"dense<1.0>", 1.0},
      {"dense<[1.0, 1.0, 1.0]>", 1.0},
      {"dense<[[1.0, 1.00], [1.000e+00, 1.0]]>", 1.0},
      {"dense<[1.0, 2.0]>", std::nullopt},
      {"dense<[1.0, 1.0, 1.5]>", std::nullopt},
      {"dense<[true, true]>", 1.0},
      {"dense<[0, -0]>", 0.0},
      {"dense<[nan, nan]>", std::nullopt},
      {"dense<[1.0, abc]>", std::nullopt},
      {"dense<\"0x0000803F0000803F\">", std::nullopt},
      {"dense<[(1.0, 0.0), (1.0, 0.0)]>", std::nullopt},
  };
  syntax::Parser parser;
  for (const Case &c : cases) {
    bool integer = c.literal.find('.') == std::string::npos && c.literal.find("true") == std::string::npos &&
                   c.literal.find("nan") == std::string::npos && c.literal.find("0x") == std::string::npos;
    std::string element = c.literal.find("true") != std::string::npos ? "i1"
                          : c.literal.find('(') != std::string::npos   ? "complex<f32>"
                          : integer                                     ? "i32"
                                                                        : "f32";
    std::string shape = c.literal.find("[[") != std::string::npos ? "2x2x" : "2x";
    std::string type = "tensor<" + shape + element + ">";
    std::string text = fn("", type, "  %c = stablehlo.constant " + c.literal + " : " + type + "\n  return %c : " + type + "\n");
    analysis::Analysis analysis = analysis::analyze(parser, text);
    const ir::Operation *constant = nullptr;
    ir::walk(analysis.lowered.module->topLevel, [&](const ir::Operation *op) {
      if (op->name == "stablehlo.constant") constant = op;
    });
    ASSERT_NE(constant, nullptr) << c.literal;
    EXPECT_EQ(linter::uniformValue(*constant), c.uniform) << c.literal;
  }
}
