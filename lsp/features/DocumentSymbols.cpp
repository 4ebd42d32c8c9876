// documentSymbol: the outline. Modules and functions, plus ops with regions
// (while, if, case, reduce bodies) so control flow shows in the outline;
// plain ops would drown it.
#include "lsp/features/Features.h"

namespace shlo::lsp {

namespace {

// LSP SymbolKind values.
constexpr int kModule = 2;
constexpr int kFunction = 12;
constexpr int kOperator = 25;

bool hasWrittenRegion(const ir::Operation &op) {
  for (const ir::Region *region : op.regions) {
    if (!region->implicit) return true;
  }
  return false;
}

json symbolsOf(const Snapshot &snapshot, const std::vector<ir::Operation *> &ops, syntax::PositionEncoding encoding);

json symbolOf(const Snapshot &snapshot, const ir::Operation &op, syntax::PositionEncoding encoding) {
  const ir::Attribute *symName = op.attribute("sym_name");
  std::string name;
  std::string detail;
  int kind = kOperator;
  syntax::TextRange selection = op.nameRange;
  if (op.name == "builtin.module") {
    kind = kModule;
    name = symName ? "module @" + symName->text : "module";
  } else if (op.name == "func.func") {
    kind = kFunction;
    name = symName ? "@" + symName->text : "func.func";
    if (symName && symName->range.size() > 0) selection = symName->range;
    const ir::Attribute *type = op.attribute("function_type");
    if (type && type->type && type->type->valid()) detail = type->type->str();
  } else {
    name = op.name;
    if (!op.results.empty() && op.results[0]) detail = op.results[0]->name;
  }
  if (name.empty()) name = "<op>";  // LSP requires a non-empty name.
  // selectionRange must lie inside range.
  if (selection.size() == 0 || selection.begin < op.range.begin || selection.end > op.range.end) selection = op.range;
  json symbol = {{"name", name},
                 {"kind", kind},
                 {"range", toJson(toLspRange(snapshot, op.range, encoding))},
                 {"selectionRange", toJson(toLspRange(snapshot, selection, encoding))}};
  if (!detail.empty()) symbol["detail"] = detail;
  json children = json::array();
  for (const ir::Region *region : op.regions) {
    if (region->implicit) continue;
    for (const ir::Block *block : region->blocks) {
      for (json &child : symbolsOf(snapshot, block->operations, encoding)) children.push_back(std::move(child));
    }
  }
  symbol["children"] = std::move(children);
  return symbol;
}

json symbolsOf(const Snapshot &snapshot, const std::vector<ir::Operation *> &ops, syntax::PositionEncoding encoding) {
  json out = json::array();
  for (const ir::Operation *op : ops) {
    bool shown = op->name == "builtin.module" || op->name == "func.func" || hasWrittenRegion(*op);
    if (shown) out.push_back(symbolOf(snapshot, *op, encoding));
  }
  return out;
}

}  // namespace

json documentSymbols(const Snapshot &snapshot, syntax::PositionEncoding encoding) {
  return symbolsOf(snapshot, snapshot.module().topLevel, encoding);
}

}  // namespace shlo::lsp
