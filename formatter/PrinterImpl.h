// Internal to the formatter: the printer's state, shared by the layout and
// generic form (Printer.cpp) and the pretty forms (PrettyForms.cpp).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "formatter/Printer.h"
#include "semantic/ir/IR.h"

namespace shlo::formatter {

class Printer {
 public:
  Printer(std::string_view source, const PrintOptions &options) : source_(source), options_(options) {}

  /// Top-level ops with the file's leading, separating and trailing trivia.
  void topLevel(const std::vector<ir::Operation *> &ops);
  /// One op on its own line(s) at `indent`, without leading trivia.
  void operation(const ir::Operation &op, unsigned indent);
  std::string take() { return std::move(out_); }
  /// The op whose names fresh names must avoid (set by topLevel for a module).
  void setRoot(const ir::Operation &op) { roots_ = {&op}; }
  /// Whether the op printed first sits directly in a function's body, where
  /// `func.` is elided as printModule elides it.
  void setInFunctionBody(bool inBody) { funcDialect_ = inBody; }

  // Pieces the pretty forms use.
  std::string &out() { return out_; }
  void region(const ir::Region &region, unsigned indent, bool printEntryLabel);
  void generic(const ir::Operation &op, unsigned indent);
  /// The generic form after `(operands)`: properties, regions, attributes,
  /// the function type.
  void genericTail(const ir::Operation &op, unsigned indent);
  /// The operand types, `, `-separated, appended to `out`.
  void appendOperandTypes(std::string &out, const ir::Operation &op) const;
  std::vector<ir::Type> operandTypeList(const ir::Operation &op) const;
  /// `(operand types) -> result types`, appended to `out`.
  void appendFunctionalType(std::string &out, const ir::Operation &op) const;
  std::string valueList(const std::vector<ir::Value *> &values, size_t from = 0);
  /// A value's name as written; a fresh one (`%arg3`, `%4`) for values the
  /// text implies without naming (reduce's `applies` body).
  const std::string &nameOf(const ir::Value *value);
  std::string blockArgument(const ir::Value &value);
  std::string dialectOf(const ir::Operation &op) const;
  std::string attributeText(const ir::Attribute &value, const ir::Operation &op) const;
  /// ` {a = 1 : i64}` for the attributes not in `skip` (sorted as MLIR
  /// sorts them), or "" when none is left.
  std::string attributeDictionary(const ir::Operation &op, const std::vector<std::string_view> &skip) const;

 private:
  /// The pretty form of `op` appended to out_ (after `%r = name`); false
  /// when it has none or it cannot express the op (nothing is appended).
  bool pretty(const ir::Operation &op, unsigned indent);
  void operationIn(const ir::Operation &op, unsigned indent, bool elideFunc);
  bool function(const ir::Operation &op, unsigned indent);
  bool module(const ir::Operation &op, unsigned indent);
  void results(const ir::Operation &op);
  void location(const ir::Operation &op);
  void block(const ir::Block &block, unsigned indent, bool printLabel);
  /// Comments and blank lines of source_[begin, end) at `indent`; the first
  /// line's text is a trailing comment of what precedes and is skipped.
  void trivia(uint32_t begin, uint32_t end, unsigned indent, bool blankLines, bool skipFirstLine);
  /// ` // comment` when the op's last line has one after it; returns the
  /// offset just past that line.
  uint32_t trailingComment(uint32_t end);
  bool hasSource(const ir::Operation &op) const;
  /// True when source_[range] holds a `//` comment.
  bool hasComment(syntax::TextRange range) const;

  std::string_view source_;
  PrintOptions options_;
  std::string out_;
  bool funcDialect_ = false;
  std::unordered_set<std::string> usedNames_;
  bool namesCollected_ = false;
  std::unordered_map<const ir::Value *, std::string> freshNames_;
  unsigned freshCounter_ = 0;
  std::vector<const ir::Operation *> roots_;
  bool implicitRegion_ = false;
};

std::string indentText(unsigned indent);

}  // namespace shlo::formatter
