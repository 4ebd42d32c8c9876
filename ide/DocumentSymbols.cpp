// Document symbols: the outline. Modules and functions, plus ops with regions
// (while, if, case, reduce bodies) so control flow shows in the outline;
// plain ops would drown it.
#include "ide/Features.h"

namespace shlo::ide {

namespace {

bool hasWrittenRegion(const ir::Operation &op) {
  for (const ir::Region *region : op.regions) {
    if (!region->implicit) return true;
  }
  return false;
}

std::vector<DocumentSymbol> symbolsOf(const std::vector<ir::Operation *> &ops);

DocumentSymbol symbolOf(const ir::Operation &op) {
  const ir::Attribute *symName = op.attribute("sym_name");
  std::string name;
  std::string detail;
  SymbolKind kind = SymbolKind::Operator;
  syntax::TextRange selection = op.nameRange;
  if (op.name == "builtin.module") {
    kind = SymbolKind::Module;
    name = symName ? "module @" + symName->text : "module";
  } else if (op.name == "func.func") {
    kind = SymbolKind::Function;
    name = symName ? "@" + symName->text : "func.func";
    if (symName && symName->range.size() > 0) selection = symName->range;
    const ir::Attribute *type = op.attribute("function_type");
    if (type && type->type && type->type->valid()) detail = type->type->str();
  } else {
    name = op.name;
    if (!op.results.empty() && op.results[0]) detail = op.results[0]->name;
  }
  if (name.empty()) name = "<op>";  // Outlines (LSP among them) need a name.
  // The selection must lie inside the range.
  if (selection.size() == 0 || selection.begin < op.range.begin || selection.end > op.range.end) selection = op.range;
  DocumentSymbol symbol{std::move(name), std::move(detail), kind, op.range, selection, {}};
  for (const ir::Region *region : op.regions) {
    if (region->implicit) continue;
    for (const ir::Block *block : region->blocks) {
      for (DocumentSymbol &child : symbolsOf(block->operations)) symbol.children.push_back(std::move(child));
    }
  }
  return symbol;
}

std::vector<DocumentSymbol> symbolsOf(const std::vector<ir::Operation *> &ops) {
  std::vector<DocumentSymbol> out;
  for (const ir::Operation *op : ops) {
    bool shown = op->name == "builtin.module" || op->name == "func.func" || hasWrittenRegion(*op);
    if (shown) out.push_back(symbolOf(*op));
  }
  return out;
}

}  // namespace

std::vector<DocumentSymbol> documentSymbols(const AnalyzedFile &file) { return symbolsOf(file.module().topLevel); }

}  // namespace shlo::ide
