// What an op's verifier sees: the op, its operands' and results' types, and a
// sink for diagnostics that carry the op's range and a `<op>.<constraint>`
// code. One verifier function per op, named after it (verifyDotGeneral), in
// one file per op family.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/IR.h"

namespace shlo::verify {

class VerifyContext {
 public:
  VerifyContext(const ir::Operation &op, std::vector<Diagnostic> &sink, const ir::Module *module = nullptr);

  const ir::Operation &op() const { return op_; }
  /// The module being verified, for symbol lookups (functions by name);
  /// null when an op is checked on its own.
  const ir::Module *module() const { return module_; }
  size_t numOperands() const { return op_.operands.size(); }
  size_t numResults() const { return op_.results.size(); }
  /// The type of operand `i`: the value's type, or the type the text writes
  /// for it when the value's is unknown. Invalid when neither is known.
  ir::Type operandType(size_t i) const;
  ir::Type resultType(size_t i) const;
  /// True when every operand and result type is known, so type constraints
  /// can be checked without cascading errors.
  bool typesKnown() const;

  const ir::Attribute *attribute(std::string_view name) const { return op_.attribute(name); }
  /// The integer list of an attribute (array, dense array, dense elements).
  std::optional<std::vector<int64_t>> integers(std::string_view name) const;
  std::optional<int64_t> integer(std::string_view name) const;
  /// The enum case of an enum attribute (`GT`), or nullopt.
  std::optional<std::string> enumCase(std::string_view name) const;

  /// Range of operand `i`, of result `i`, of an attribute (its name if
  /// written, else the op name), of the op name, of the type signature.
  syntax::TextRange operandRange(size_t i) const;
  syntax::TextRange resultRange(size_t i) const;
  syntax::TextRange attributeRange(std::string_view name) const;
  syntax::TextRange nameRange() const { return op_.nameRange; }
  syntax::TextRange typeRange() const;

  /// Reports an error. `constraint` is the spec's constraint (`C3`) or a
  /// short name; the code becomes `<op>.<constraint>` (`dot_general.C3`).
  void error(syntax::TextRange range, std::string_view constraint, std::string message);
  /// Adds "defined here" related information for operand `i` to the last error.
  void relateOperand(size_t i);
  /// Checks that result `i` is compatible with the inferred type.
  bool checkInferred(size_t i, const ir::Type &inferred, std::string_view constraint);

  /// `stablehlo.dot_general` -> `dot_general`.
  std::string_view shortName() const;
  bool failed() const { return failed_; }

 private:
  const ir::Operation &op_;
  std::vector<Diagnostic> &sink_;
  const ir::Module *module_;
  bool failed_ = false;
};

}  // namespace shlo::verify
