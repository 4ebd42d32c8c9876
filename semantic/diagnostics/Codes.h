// The registry of diagnostic codes: every code the suite emits (syntax,
// lowering, verifier constraints, advisories, `shlo run`), with a title, a
// category, a default severity, the spec section it refers to and a short
// documentation. `shlo check --explain CODE` prints an entry; a test fails
// when an emitted code is not registered (tests/semantic/CodesTest.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"

namespace shlo {

enum class CodeCategory {
  Syntax,      // The text does not parse (tree-sitter), or parses where no construct may be.
  Lowering,    // Parses, but is not a program: undefined values, unknown types, bad attributes.
  Constraint,  // An op breaks one of its spec constraints (`<op>.C<n>`) or its Inputs table.
  Structure,   // An op's shape is wrong: operand/result/region counts, missing attributes.
  Advisory,    // Not an error: deprecated ops, unused results (the linter's first rules).
  Lint,        // Rules of `shlo lint` (SHLO<n>) and its own notices (lint.*).
  Run,         // `shlo run`: failed checks, runtime errors, bad inputs.
};

/// "syntax", "lowering", "constraint", "structure", "advisory", "lint", "run".
const char *categoryName(CodeCategory category);

struct CodeInfo {
  /// The code (`syntax.missing`), or the pattern of a family of codes, where
  /// `<op>` stands for an op's name without its dialect (`dot_general`) and
  /// `<n>` for a number: `<op>.C<n>`, `<op>.operands`.
  std::string code;
  /// A few words: "op constraint violated".
  std::string title;
  CodeCategory category = CodeCategory::Lowering;
  /// The severity the code is emitted with (advisories may be milder:
  /// `deprecated.op` is a note for ops only considered for removal).
  Severity severity = Severity::Error;
  /// Anchor in the spec (spec.md), `#types`; for families `#<op>` is the
  /// op's section. Empty when the spec has no section for it.
  std::string specRef;
  /// What the code means and what to do about it.
  std::string documentation;

  /// True for a family pattern (`<op>.C<n>`), false for one code.
  bool isFamily() const { return code.find('<') != std::string::npos; }
};

/// Every registered code and family, codes first, in a stable order.
const std::vector<CodeInfo> &registeredCodes();

/// The entry for `code`: its own entry, else the family it matches (`<op>`
/// matches one name segment of lowercase letters, digits, `_` and `-`; `<n>`
/// digits). Null when the code is not registered. Which ops and constraint
/// numbers exist is the spec tables' business (verify/ConstraintCodes.h).
const CodeInfo *findCode(std::string_view code);

/// The op part of a code matched by a family (`dot_general` of
/// `dot_general.C12`), or empty.
std::string_view familyOp(const CodeInfo &family, std::string_view code);

}  // namespace shlo
