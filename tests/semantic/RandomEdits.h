// Random edits for the incremental-analysis fuzz tests (the seeded gtest and
// the libFuzzer target): insertions of StableHLO fragments, non-ASCII text,
// junk bytes and pieces of the text itself, and deletions, at random byte
// offsets (usually character boundaries, as LSP positions are).
#pragma once

#include <cstdint>
#include <random>
#include <sstream>
#include <string>

#include "tests/semantic/AnalysisDump.h"

namespace shlo::test {

inline const char *const kFragments[] = {
    "%0", "%arg0", "%1#1", " = ", "stablehlo.add", "stablehlo.constant dense<1.0> : tensor<f32>\n",
    " : tensor<4xf32>", " : (tensor<1x7xi32>) -> tensor<1x7xi32>", "tensor<", ">", "x", "{", "}", "(", ")", "[",
    "]", ",", "\n", "\n  ", " ", "func.func @f(%a: tensor<i32>) -> tensor<i32> {\n  return %a : tensor<i32>\n}\n",
    "func.func private @_where(", "call @_take(", "return ", "^bb0(%x: tensor<f32>):", "\"", "\"\xC3\xA9\"", "\xC3\xA9",
    "\xF0\x9D\x94\x98", "\xE2\x82\xAC", "!t = tensor<2xi8>\n", "#a = 1 : i32\n", "dense<\"0x0000803F\">", "// c\n",
    "@_take", "module {", "%cst = stablehlo.constant dense<[1, 2]> : tensor<2xi64>\n", "dims = [1, 0]", "#",
    "\xFF", "\xC3",
};

class RandomEditor {
 public:
  explicit RandomEditor(uint32_t seed) : random_(seed) {}

  /// A number in [0, bound).
  uint32_t pick(uint32_t bound) { return bound ? static_cast<uint32_t>(random_() % bound) : 0; }

  /// A byte offset, usually at a character boundary (LSP positions are),
  /// sometimes inside a UTF-8 sequence.
  uint32_t offset(const std::string &text) {
    uint32_t at = pick(static_cast<uint32_t>(text.size()) + 1);
    if (pick(10) != 0) {
      while (at > 0 && at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
    }
    return at;
  }

  /// Applies one random edit to `text` and returns it.
  syntax::InputEdit randomEdit(std::string &text) {
    uint32_t begin = offset(text);
    uint32_t end = begin;
    std::string insert;
    switch (pick(6)) {
      case 0:  // Delete a span.
        end = std::min<uint32_t>(static_cast<uint32_t>(text.size()), begin + 1 + pick(40));
        break;
      case 1:  // Replace a span by a fragment.
        end = std::min<uint32_t>(static_cast<uint32_t>(text.size()), begin + pick(12));
        [[fallthrough]];
      case 2:
      case 3:  // Insert a fragment.
        insert = kFragments[pick(sizeof(kFragments) / sizeof(kFragments[0]))];
        break;
      case 4: {  // Paste a piece of the text itself.
        uint32_t from = offset(text);
        insert = text.substr(from, pick(300));
        break;
      }
      default:  // Junk: printable and random bytes.
        for (uint32_t n = 1 + pick(8); n > 0; --n) {
          insert += pick(4) == 0 ? static_cast<char>(pick(256)) : static_cast<char>(' ' + pick(95));
        }
    }
    return test::replaceText(text, begin, end, insert);
  }

 private:
  std::mt19937 random_;
};

/// The first line where `a` and `b` differ, with a line of context, or
/// empty when they are equal.
inline std::string firstDifference(const std::string &a, const std::string &b) {
  if (a == b) return {};
  std::istringstream left(a), right(b);
  std::string l, r, previous;
  for (size_t line = 1;; ++line) {
    bool hasLeft = static_cast<bool>(std::getline(left, l)), hasRight = static_cast<bool>(std::getline(right, r));
    if (!hasLeft) l = "<end>";
    if (!hasRight) r = "<end>";
    if (l != r || (!hasLeft && !hasRight)) {
      return "line " + std::to_string(line) + " after `" + previous + "`:\n  incremental: " + l + "\n  full:        " + r;
    }
    previous = l;
  }
}

/// What differs between an incremental analysis and a full one of the same
/// text ("tree: line ...", "diagnostics: ...", "IR: ..."), or empty.
inline std::string differenceFromFull(const analysis::Analysis &incremental, const analysis::Analysis &full) {
  if (std::string d = firstDifference(dumpTree(incremental.tree), dumpTree(full.tree)); !d.empty()) return "tree: " + d;
  if (std::string d = firstDifference(dumpDiagnostics(incremental.diagnostics), dumpDiagnostics(full.diagnostics));
      !d.empty()) {
    return "diagnostics: " + d;
  }
  if (std::string d = firstDifference(dumpModule(*incremental.lowered.module), dumpModule(*full.lowered.module));
      !d.empty()) {
    return "IR: " + d;
  }
  return {};
}

}  // namespace shlo::test
