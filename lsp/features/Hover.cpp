// Hover: what the name or op under the cursor is, in Markdown.
#include <sstream>

#include "lsp/features/Features.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/Verifier.h"

namespace shlo::lsp {

namespace {

std::string typeText(const ir::Type &type) { return type.valid() ? type.str() : "?"; }

/// "line 3" (1-based, as editors show lines).
std::string lineOf(const Snapshot &snapshot, uint32_t offset) {
  return "line " + std::to_string(snapshot.file.position(offset, syntax::PositionEncoding::UTF8).line + 1);
}

std::string functionName(const ir::Operation *op) {
  const ir::Attribute *name = op ? op->attribute("sym_name") : nullptr;
  return name ? "@" + name->text : "";
}

std::string describeDefinition(const Snapshot &snapshot, const ir::Value &value) {
  std::ostringstream out;
  if (value.isBlockArgument()) {
    const ir::Block *block = value.ownerBlock;
    const ir::Operation *owner = block->parent ? block->parent->parent : nullptr;
    out << "argument #" << value.argumentIndex << " of ";
    if (owner && owner->name == "func.func") {
      out << "function `" << functionName(owner) << "`";
    } else {
      out << (block->label.empty() ? std::string("the entry block") : "block `" + block->label + "`");
      if (owner) out << " of `" << owner->name << "`";
    }
  } else if (value.definingOp) {
    out << "result #" << value.resultIndex << " of `" << value.definingOp->name << "`";
  } else {
    out << "a value";
  }
  out << ", defined at " << lineOf(snapshot, value.range.begin);
  return out.str();
}

std::string valueHover(const Snapshot &snapshot, const ir::Value &value) {
  std::ostringstream out;
  out << "```mlir\n" << value.name << " : " << typeText(value.type) << "\n```\n\n";
  out << describeDefinition(snapshot, value) << "\n\n";
  size_t uses = value.uses.size();
  out << uses << (uses == 1 ? " use" : " uses");
  return out.str();
}

std::string symbolHover(const Snapshot &snapshot, const std::string &symbol) {
  std::ostringstream out;
  auto it = snapshot.module().functions.find(symbol);
  if (it == snapshot.module().functions.end()) {
    out << "`@" << symbol << "`: undefined symbol";
    return out.str();
  }
  const ir::Operation *function = it->second;
  const ir::Attribute *type = function->attribute("function_type");
  out << "```mlir\nfunc.func @" << symbol;
  if (type && type->type) out << " : " << typeText(*type->type);
  out << "\n```\n\n";
  size_t calls = 0;
  for (const Occurrence &occurrence : snapshot.index.all()) {
    calls += occurrence.kind == Occurrence::Kind::SymbolUse && occurrence.symbol == symbol;
  }
  out << "defined at " << lineOf(snapshot, function->range.begin) << "; " << calls
      << (calls == 1 ? " reference" : " references");
  return out.str();
}

void listValues(std::ostringstream &out, const char *title, const std::vector<ir::Value *> &values,
                const std::vector<syntax::TextRange> &ranges, std::string_view text) {
  if (values.empty()) return;
  out << "\n\n" << title << ":";
  for (size_t i = 0; i < values.size(); ++i) {
    const ir::Value *value = values[i];
    // An undefined operand has no value: show what the text says.
    std::string name = value ? value->name
                             : i < ranges.size() && ranges[i].end <= text.size()
                                   ? std::string(text.substr(ranges[i].begin, ranges[i].size()))
                                   : "?";
    out << "\n- `" << name << "`: " << (value ? "`" + typeText(value->type) + "`" : "undefined");
  }
}

std::string operationHover(const ir::Operation &op, std::string_view text) {
  std::ostringstream out;
  out << "**`" << op.name << "`**";
  const verify::OpDef *def = verify::OpRegistry::instance().find(op.name);
  if (def && !def->summary.empty()) out << "\n\n" << def->summary;
  if (def && !def->specSection.empty()) {
    out << "\n\n[StableHLO spec](https://github.com/openxla/stablehlo/blob/main/docs/spec.md#" << def->specSection
        << ")";
  }
  listValues(out, "Operands", op.operands, op.operandRanges, text);
  listValues(out, "Results", op.results, {}, text);
  // The type the spec infers, when the written one says something else.
  std::vector<ir::Type> inferred = verify::inferResultTypes(op);
  if (!inferred.empty() && inferred.size() == op.results.size()) {
    bool differs = false;
    for (size_t i = 0; i < inferred.size(); ++i) differs |= op.results[i] && inferred[i] != op.results[i]->type;
    if (differs) {
      out << "\n\nInferred result type" << (inferred.size() == 1 ? "" : "s") << ":";
      for (const ir::Type &type : inferred) out << " `" << typeText(type) << "`";
    }
  }
  return out.str();
}

json makeHover(const Snapshot &snapshot, const std::string &markdown, syntax::TextRange range,
               syntax::PositionEncoding encoding) {
  return {{"contents", {{"kind", "markdown"}, {"value", markdown}}},
          {"range", toJson(toLspRange(snapshot, range, encoding))}};
}

}  // namespace

json hover(const Snapshot &snapshot, uint32_t offset, syntax::PositionEncoding encoding) {
  if (const Occurrence *occurrence = snapshot.index.at(offset)) {
    if (occurrence->isValue()) return makeHover(snapshot, valueHover(snapshot, *occurrence->value), occurrence->range, encoding);
    return makeHover(snapshot, symbolHover(snapshot, occurrence->symbol), occurrence->range, encoding);
  }
  const ir::Operation *op = operationAt(snapshot.module(), offset);
  if (!op) return nullptr;
  // Inside an op's region but on no op of it: nothing to say.
  for (const ir::Region *region : op->regions) {
    if (!region->implicit && region->range.contains(offset)) return nullptr;
  }
  syntax::TextRange range = op->nameRange.size() > 0 ? op->nameRange : op->range;
  return makeHover(snapshot, operationHover(*op, snapshot.file.text()), range, encoding);
}

}  // namespace shlo::lsp
