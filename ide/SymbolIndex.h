// Every place a name is written in a lowered document: SSA value definitions
// and uses, function definitions and `@symbol` references. Sorted by offset,
// so the name under the cursor is a binary search away; built once per
// analysis and shared by hover, definition and references.
#pragma once

#include <string>
#include <vector>

#include "semantic/ir/IR.h"

namespace shlo::ide {

struct Occurrence {
  enum class Kind { ValueDefinition, ValueUse, SymbolDefinition, SymbolUse };
  Kind kind;
  syntax::TextRange range;
  const ir::Value *value = nullptr;  // Value kinds.
  std::string symbol;                // Symbol kinds: the name without `@`.
  /// The `// -----` chunk it lies in: symbols are scoped per chunk.
  uint32_t chunk = 0;
  const ir::Operation *op = nullptr;  // SymbolDefinition: the function.

  bool isValue() const { return kind == Kind::ValueDefinition || kind == Kind::ValueUse; }
  bool isDefinition() const { return kind == Kind::ValueDefinition || kind == Kind::SymbolDefinition; }
};

class SymbolIndex {
 public:
  /// `chunkStarts`: the byte offsets where `// -----` chunks begin, in
  /// order (empty: one chunk).
  static SymbolIndex build(const ir::Module &module, const std::vector<uint32_t> &chunkStarts = {});

  /// The occurrence at `offset`: one containing it, else one ending exactly
  /// there (the cursor just after a name). Null when there is none.
  const Occurrence *at(uint32_t offset) const;

  /// Every occurrence of the same value or symbol (in the same chunk) as
  /// `target`, in order.
  std::vector<const Occurrence *> sameAs(const Occurrence &target) const;

  const std::vector<Occurrence> &all() const { return occurrences_; }

 private:
  std::vector<Occurrence> occurrences_;
};

}  // namespace shlo::ide
