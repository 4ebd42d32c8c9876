// Call hierarchy over `func.call`: which functions call a function
// (incoming) and which ones it calls (outgoing), within its `// -----`
// chunk.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ide/AnalyzedFile.h"

namespace shlo::ide {

struct CallHierarchyItem {
  std::string name;               // Without `@`.
  std::string detail;             // The function type as written, or empty.
  syntax::TextRange range;        // The whole `func.func`.
  syntax::TextRange selectionRange;  // Its `@name`.
};

/// The function named at `offset`: on its definition's name or on a
/// `@symbol` use (a callee). nullopt elsewhere or for an undefined symbol.
std::optional<CallHierarchyItem> prepareCallHierarchy(const AnalyzedFile &file, uint32_t offset);

/// A caller (incoming) or callee (outgoing) and where the calls are written:
/// the `@callee` references of the `func.call` ops, in the caller.
struct HierarchyCall {
  CallHierarchyItem function;
  std::vector<syntax::TextRange> fromRanges;
};

/// The functions whose body calls `name` (the function defined in the chunk
/// of `offset`), in text order. Empty when no such function exists.
std::vector<HierarchyCall> incomingCalls(const AnalyzedFile &file, const std::string &name, uint32_t offset);

/// The functions `name`'s body calls, in order of their first call; calls of
/// undefined functions are left out.
std::vector<HierarchyCall> outgoingCalls(const AnalyzedFile &file, const std::string &name, uint32_t offset);

}  // namespace shlo::ide
