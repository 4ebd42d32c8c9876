// Source locations written in the text (`loc(...)`), as MLIR's location
// attributes: where an op came from in the program that produced the file
// (`"model.py":12:5`), a name (`"layer1"(...)`), a call site (`callsite(A at
// B)`), a fusion (`fused[A, B]`) or unknown. `#loc3` aliases are resolved
// when lowering, so a front end reads a Location and never the syntax.
//
// Locations are immutable and shared: every op that writes the same
// location text, or names the same alias, holds the same object.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace shlo::ir {

struct Location;
using LocationRef = std::shared_ptr<const Location>;

struct Location {
  enum class Kind : uint8_t { Unknown, FileLineCol, Name, CallSite, Fused };
  Kind kind = Kind::Unknown;
  /// FileLineCol: the file name, unquoted. Name: the name, unquoted.
  std::string name;
  /// FileLineCol: 1-based line and column as MLIR writes them (0: unknown).
  uint32_t line = 0;
  uint32_t column = 0;
  /// Name: its child location (none or one). CallSite: the callee, then the
  /// caller. Fused: the fused locations, in order.
  std::vector<LocationRef> children;

  /// The FileLineCol locations this one denotes, depth first (a call site's
  /// callee before its caller), at most `limit`.
  std::vector<const Location *> fileLocations(size_t limit = 32) const;
  /// The first of fileLocations(), or null when it names no file.
  const Location *firstFileLocation() const;
  /// `"file.py":3:7`, `"name"("file.py":3:7)`, `callsite(... at ...)`,
  /// `fused[...]` or `unknown`, as MLIR prints it.
  std::string str() const;
};

}  // namespace shlo::ir
