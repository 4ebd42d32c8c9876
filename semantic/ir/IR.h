// The semantic model's IR: modules, operations, regions, blocks and SSA
// values, each with the source range it was lowered from. Both the generic
// and the pretty form of an op lower to the same Operation.
//
// Ownership: a Module owns every entity in stable arenas; entities refer to
// each other by plain pointers, valid for the Module's lifetime.
#pragma once

#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/ir/Attribute.h"
#include "semantic/ir/Location.h"
#include "semantic/ir/Types.h"
#include "semantic/syntax/TextRange.h"

namespace shlo::ir {

struct Operation;
struct Block;
struct Region;

struct Use {
  Operation *user = nullptr;
  unsigned operandIndex = 0;
  syntax::TextRange range;
};

/// An SSA value: an op's result or a block argument.
struct Value {
  std::string name;  // As written: `%0`, `%arg0`; results of `%r:2` are `%r#0`, `%r#1`.
  Type type;
  syntax::TextRange range;  // Of its definition.
  Operation *definingOp = nullptr;
  unsigned resultIndex = 0;
  Block *ownerBlock = nullptr;  // Set for block arguments.
  unsigned argumentIndex = 0;
  std::vector<Use> uses;
  /// A block argument's written `loc(...)`, aliases resolved; null when
  /// none is written (results take their op's).
  LocationRef location;

  bool isBlockArgument() const { return ownerBlock != nullptr; }
};

struct NamedAttribute {
  std::string name;
  Attribute value;
  syntax::TextRange nameRange;  // Of the name, or of the value when unnamed in the text.
};

enum class OpForm : uint8_t { Generic, Pretty, Unknown };

struct Operation {
  std::string name;  // Canonical: `stablehlo.add`, `func.func`, `func.return`.
  OpForm form = OpForm::Pretty;
  syntax::TextRange range;      // The whole op, regions included.
  syntax::TextRange nameRange;  // The op name.
  syntax::TextRange typeRange;  // The written type signature, if any.
  /// The op's trailing `loc(...)`, aliases resolved (shared with every op
  /// that writes the same location); null when none is written.
  LocationRef location;
  syntax::TextRange locationRange;  // Of the `loc(...)`, if any.

  std::vector<Value *> operands;
  std::vector<syntax::TextRange> operandRanges;
  /// Operand types as the text writes them (a generic op's function type, a
  /// pretty op's `(T, T) -> T`); empty where the text implies them.
  std::vector<Type> writtenOperandTypes;
  std::vector<Value *> results;
  std::vector<NamedAttribute> attributes;
  std::vector<Region *> regions;
  Block *parentBlock = nullptr;

  /// The attribute named `name`, or null.
  const Attribute *attribute(std::string_view attributeName) const;
  const NamedAttribute *namedAttribute(std::string_view attributeName) const;
  void setAttribute(std::string attributeName, Attribute value, syntax::TextRange nameRange = {});
  /// The op that holds this one in a region, or null at top level.
  Operation *parentOp() const;
  /// The first `"file":line:col` its location names (through names, call
  /// sites and fusions), or null.
  const Location *sourceLocation() const { return location ? location->firstFileLocation() : nullptr; }
};

struct Block {
  std::string label;  // `^bb0`, empty for an unlabelled entry block.
  syntax::TextRange labelRange;
  std::vector<Value *> arguments;
  std::vector<Operation *> operations;
  Region *parent = nullptr;
};

struct Region {
  std::vector<Block *> blocks;
  Operation *parent = nullptr;
  syntax::TextRange range;
  /// A region that the text implies but does not write, like the body of
  /// `reduce(...) applies stablehlo.add`.
  bool implicit = false;
};

/// A lowered file: its top-level ops (usually one `module`) and the arenas.
class Module {
 public:
  Operation *newOperation();
  Value *newValue();
  Block *newBlock();
  Region *newRegion();

  std::vector<Operation *> topLevel;
  /// func.func ops by symbol name, across the whole file.
  std::map<std::string, Operation *, std::less<>> functions;
  /// Shardy meshes (`sdy.mesh @name = <["x"=2, ...]>`, an opaque op here) by
  /// symbol: their axis names, which mesh-axes replica groups refer to.
  std::map<std::string, std::vector<std::string>, std::less<>> meshes;

  /// A blob of the file's `{-# dialect_resources: { builtin: { NAME: "0x..." } } #-}`
  /// section, which `dense_resource<NAME>` constants refer to. `hex` is the
  /// string's content: `0x`, the alignment as 8 hex digits (a little-endian
  /// uint32), then the data bytes in the element type's little-endian layout.
  struct ResourceBlob {
    std::string hex;
    syntax::TextRange range;  // The string, quotes included.
  };
  /// The builtin dialect's resource blobs, by name.
  std::map<std::string, ResourceBlob, std::less<>> resources;

 private:
  std::deque<Operation> operations_;
  std::deque<Value> values_;
  std::deque<Block> blocks_;
  std::deque<Region> regions_;
};

/// Calls `visit` on every op of the module, outer ops before nested ones.
template <typename F>
void walk(const std::vector<Operation *> &ops, F &&visit) {
  for (Operation *op : ops) {
    visit(op);
    for (Region *region : op->regions) {
      for (Block *block : region->blocks) walk(block->operations, visit);
    }
  }
}

}  // namespace shlo::ir
