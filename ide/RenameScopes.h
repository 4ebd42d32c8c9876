// The names rename finds in the syntax tree rather than in the name index:
// block labels (`^bb1`, scoped by their region) and symbols in nested symbol
// tables (`module @m { func.func @f }` referred to as `@m::@f`). MLIR
// resolves a symbol reference's first name in the nearest symbol table
// around the op that holds it, and each `::@name` after it in the table the
// previous name defines.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ide/AnalyzedFile.h"

namespace shlo::ide {

struct ScopedRenameSite {
  enum class Kind { BlockLabel, Symbol };
  Kind kind = Kind::BlockLabel;
  /// The name under the cursor, without its `^`/`@` sigil.
  syntax::TextRange name;
  /// Its current name (unquoted).
  std::string placeholder;
  /// Every place the same label or symbol is written, without the sigil
  /// (the name under the cursor included), in text order.
  std::vector<syntax::TextRange> places;
  /// The other names of the same scope (labels of the region, symbols of
  /// the symbol table): a rename to one of them would clash.
  std::set<std::string> taken;
};

/// The block label at `offset`, or the symbol there when it is a module's
/// name, a part of a nested reference (`@m::@f`) or defined inside a named
/// module; nullopt otherwise (flat function symbols are the name index's).
std::optional<ScopedRenameSite> scopedRenameSite(const AnalyzedFile &file, uint32_t offset);

}  // namespace shlo::ide
