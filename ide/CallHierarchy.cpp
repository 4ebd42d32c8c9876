#include "ide/CallHierarchy.h"

namespace shlo::ide {

namespace {

CallHierarchyItem itemOf(const AnalyzedFile &file, const ir::Operation &function, const std::string &name) {
  CallHierarchyItem item;
  item.name = name;
  item.range = function.range;
  const ir::Attribute *symbol = function.attribute("sym_name");
  item.selectionRange = symbol && symbol->range.size() > 0 ? symbol->range : function.range;
  if (const ir::Attribute *type = function.attribute("function_type"); type && type->type && type->type->valid()) {
    item.detail = type->type->str();
  }
  (void)file;
  return item;
}

/// The `func.call` ops in `function`'s body, nested regions included, with
/// their callee's name and the range of the `@callee` reference.
template <typename F>
void forEachCall(const ir::Operation &function, F &&visit) {
  for (const ir::Region *region : function.regions) {
    for (const ir::Block *block : region->blocks) {
      ir::walk(block->operations, [&](const ir::Operation *op) {
        if (op->name != "func.call") return;
        const ir::NamedAttribute *callee = op->namedAttribute("callee");
        if (!callee || callee->value.kind != ir::Attribute::Kind::SymbolRef) return;
        visit(callee->value.text, callee->value.range.size() > 0 ? callee->value.range : op->range);
      });
    }
  }
}

/// The functions of the chunk holding `offset`, in text order.
std::vector<const Occurrence *> functionsOfChunk(const AnalyzedFile &file, uint32_t offset) {
  uint32_t chunk = file.chunkAt(offset);
  std::vector<const Occurrence *> out;
  for (const Occurrence &occurrence : file.index().all()) {
    if (occurrence.kind == Occurrence::Kind::SymbolDefinition && occurrence.op && occurrence.chunk == chunk) {
      out.push_back(&occurrence);
    }
  }
  return out;
}

}  // namespace

std::optional<CallHierarchyItem> prepareCallHierarchy(const AnalyzedFile &file, uint32_t offset) {
  const Occurrence *occurrence = file.index().at(offset);
  if (!occurrence || occurrence->isValue()) return std::nullopt;
  const ir::Operation *function = file.function(occurrence->symbol, occurrence->range.begin);
  if (!function) return std::nullopt;
  return itemOf(file, *function, occurrence->symbol);
}

std::vector<HierarchyCall> incomingCalls(const AnalyzedFile &file, const std::string &name, uint32_t offset) {
  std::vector<HierarchyCall> out;
  if (!file.function(name, offset)) return out;
  for (const Occurrence *caller : functionsOfChunk(file, offset)) {
    HierarchyCall call{itemOf(file, *caller->op, caller->symbol), {}};
    forEachCall(*caller->op, [&](const std::string &callee, syntax::TextRange range) {
      if (callee == name) call.fromRanges.push_back(range);
    });
    if (!call.fromRanges.empty()) out.push_back(std::move(call));
  }
  return out;
}

std::vector<HierarchyCall> outgoingCalls(const AnalyzedFile &file, const std::string &name, uint32_t offset) {
  std::vector<HierarchyCall> out;
  const ir::Operation *function = file.function(name, offset);
  if (!function) return out;
  forEachCall(*function, [&](const std::string &callee, syntax::TextRange range) {
    for (HierarchyCall &call : out) {
      if (call.function.name == callee) {
        call.fromRanges.push_back(range);
        return;
      }
    }
    const ir::Operation *target = file.function(callee, offset);
    if (target) out.push_back({itemOf(file, *target, callee), {range}});
  });
  return out;
}

}  // namespace shlo::ide
