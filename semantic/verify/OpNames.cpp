#include "semantic/verify/OpNames.h"

#include <algorithm>
#include <array>
#include <set>

#include <llvm/ADT/StringRef.h>

#include "semantic/ops/Ops.h"

namespace shlo::verify {

namespace {

// The table has every op of these (StablehloOps.td, ChloOps.td, the func
// dialect, StableHLO's check and interpreter test dialects). vhlo is not
// here: the table has none of its versioned ops.
constexpr std::array<std::string_view, 5> kClosedDialects = {"stablehlo", "chlo", "func", "check", "interpreter"};

// Real dialects one or two edits away from a closed one (`mhlo` and `chlo`):
// their ops are never typos.
constexpr std::array<std::string_view, 6> kNeighbourDialects = {"mhlo", "vhlo", "lmhlo", "thlo", "shlo", "chlo_ext"};

std::string_view dialectOf(std::string_view name) {
  size_t dot = name.find('.');
  return dot == std::string_view::npos ? std::string_view() : name.substr(0, dot);
}

unsigned distance(std::string_view a, std::string_view b, unsigned limit) {
  return llvm::StringRef(a.data(), a.size()).edit_distance(llvm::StringRef(b.data(), b.size()), true, limit);
}

/// The dialects the op table names at all (closed or not: arith, tensor...).
const std::set<std::string_view> &tableDialects() {
  static const std::set<std::string_view> dialects = [] {
    std::set<std::string_view> out;
    for (const ops::OpDef &def : ops::all()) out.insert(def.dialect);
    return out;
  }();
  return dialects;
}

/// The closed dialect `dialect` misspells (`stablhlo`), or empty.
std::string_view misspelledClosedDialect(std::string_view dialect) {
  if (dialect.empty() || tableDialects().count(dialect)) return {};
  if (std::find(kNeighbourDialects.begin(), kNeighbourDialects.end(), dialect) != kNeighbourDialects.end()) return {};
  for (std::string_view closed : kClosedDialects) {
    unsigned allowed = closed.size() >= 6 ? 2 : 1;
    if (distance(dialect, closed, allowed + 1) <= allowed) return closed;
  }
  return {};
}

Diagnostic unknownOp(const ir::Operation &op, std::string message, const std::optional<std::string> &suggestion) {
  Diagnostic d;
  d.range = op.nameRange.size() ? op.nameRange : op.range;
  d.code = "op.unknown";
  d.message = std::move(message);
  d.opRange = op.range;
  if (suggestion) {
    d.message += "; did you mean `" + *suggestion + "`?";
    // The generic form's name is a quoted string; keep its quotes.
    std::string text = op.form == ir::OpForm::Generic ? "\"" + *suggestion + "\"" : *suggestion;
    d.fixes.push_back(Fix{"Replace with `" + *suggestion + "`", {TextEdit{d.range, text}}, FixSafety::Unsafe});
  }
  return d;
}

}  // namespace

bool isClosedDialect(std::string_view dialect) {
  return std::find(kClosedDialects.begin(), kClosedDialects.end(), dialect) != kClosedDialects.end();
}

std::optional<std::string> suggestOpName(std::string_view written) {
  std::string_view dialect = dialectOf(written);
  std::string_view shortName = dialect.empty() ? written : written.substr(dialect.size() + 1);
  // Room for a doubled or dropped letter in a short name, a little more in
  // a long one (`dot_generl`, `dynamic_broadcst_in_dim`).
  unsigned allowed = 1 + static_cast<unsigned>(shortName.size() / 5);
  const ops::OpDef *best = nullptr;
  unsigned bestDistance = allowed + 1;
  size_t bestPrefix = 0;
  auto commonPrefix = [&](std::string_view name) {
    size_t n = 0;
    while (n < name.size() && n < written.size() && name[n] == written[n]) ++n;
    return n;
  };
  for (const ops::OpDef &def : ops::all()) {
    if (def.name == written) return std::string(def.name);
    unsigned d = distance(written, def.name, bestDistance);
    if (d > allowed || d > bestDistance) continue;
    // Ties: the op of the written dialect, then the longer shared prefix
    // (`stablehlo.andd` is `and`, not `add`).
    size_t prefix = commonPrefix(def.name);
    bool sameDialect = def.dialect == dialect, bestSameDialect = best && best->dialect == dialect;
    bool better = d < bestDistance || !best || (sameDialect && !bestSameDialect) ||
                  (sameDialect == bestSameDialect && prefix > bestPrefix);
    if (better) {
      best = &def;
      bestDistance = d;
      bestPrefix = prefix;
    }
  }
  if (!best) return std::nullopt;
  return std::string(best->name);
}

void checkOpName(const ir::Operation &op, std::vector<Diagnostic> &sink) {
  std::string_view dialect = dialectOf(op.name);
  if (dialect.empty() || ops::find(op.name)) return;
  if (isClosedDialect(dialect)) {
    sink.push_back(unknownOp(op, "unknown op `" + op.name + "`: the " + std::string(dialect) + " dialect has no such op",
                             suggestOpName(op.name)));
    return;
  }
  std::string_view closed = misspelledClosedDialect(dialect);
  if (closed.empty()) return;
  std::optional<std::string> suggestion = suggestOpName(op.name);
  // Only a name that is also close to one of that dialect's ops: a
  // dialect of its own that merely looks alike stays accepted.
  if (!suggestion || dialectOf(*suggestion) != closed) return;
  sink.push_back(unknownOp(op, "unknown dialect `" + std::string(dialect) + "` in `" + op.name + "`", suggestion));
}

void checkRegisteredDialects(const ir::Module &module, std::vector<Diagnostic> &sink) {
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    std::string_view dialect = dialectOf(op->name);
    // Names without a dialect are the table's own spellings (`return`).
    if (dialect.empty() || tableDialects().count(dialect)) return;
    // A misspelling of a closed dialect is checkOpName's finding.
    std::vector<Diagnostic> scratch;
    checkOpName(*op, scratch);
    if (!scratch.empty()) return;
    Diagnostic d;
    d.range = op->nameRange.size() ? op->nameRange : op->range;
    d.code = "op.unregistered";
    d.message = "op `" + op->name + "` of unregistered dialect `" + std::string(dialect) +
                "` (allowed unless --no-allow-unregistered-dialect)";
    d.opRange = op->range;
    sink.push_back(std::move(d));
  });
}

}  // namespace shlo::verify
