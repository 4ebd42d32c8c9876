// Hover: what the name or op under the cursor is, in Markdown.
#include <cctype>
#include <sstream>

#include "ide/Features.h"
#include "semantic/ops/SpecTables.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/Verifier.h"

namespace shlo::ide {

namespace {

std::string typeText(const ir::Type &type) { return type.valid() ? type.str() : "?"; }

/// "line 3" (1-based, as editors show lines).
std::string lineOf(const AnalyzedFile &file, uint32_t offset) {
  return "line " + std::to_string(file.file.position(offset, syntax::PositionEncoding::UTF8).line + 1);
}

std::string functionName(const ir::Operation *op) {
  const ir::Attribute *name = op ? op->attribute("sym_name") : nullptr;
  return name ? "@" + name->text : "";
}

std::string describeDefinition(const AnalyzedFile &file, const ir::Value &value) {
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
  out << ", defined at " << lineOf(file, value.range.begin);
  return out.str();
}

std::string valueHover(const AnalyzedFile &file, const ir::Value &value) {
  std::ostringstream out;
  out << "```mlir\n" << value.name << " : " << typeText(value.type) << "\n```\n\n";
  out << describeDefinition(file, value) << "\n\n";
  size_t uses = value.uses.size();
  out << uses << (uses == 1 ? " use" : " uses");
  if (const ir::Operation *op = value.definingOp) {
    const ir::Attribute *constant = op->attribute("value");
    if (constant && (op->name == "stablehlo.constant" || op->name == "arith.constant")) {
      std::string preview = constantPreview(*constant);
      if (!preview.empty()) out << "\n\n" << preview;
    }
  }
  return out.str();
}

std::string symbolHover(const AnalyzedFile &file, const Occurrence &at) {
  const std::string &symbol = at.symbol;
  std::ostringstream out;
  const ir::Operation *function = file.function(symbol, at.range.begin);
  if (!function) {
    out << "`@" << symbol << "`: undefined symbol";
    return out.str();
  }
  const ir::Attribute *type = function->attribute("function_type");
  out << "```mlir\nfunc.func @" << symbol;
  if (type && type->type) out << " : " << typeText(*type->type);
  out << "\n```\n\n";
  size_t calls = 0;
  for (const Occurrence &occurrence : file.index().all()) {
    calls += occurrence.kind == Occurrence::Kind::SymbolUse && occurrence.symbol == symbol && occurrence.chunk == at.chunk;
  }
  out << "defined at " << lineOf(file, function->range.begin) << "; " << calls
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
  if (const ir::Attribute *constant = op.attribute("value");
      constant && (op.name == "stablehlo.constant" || op.name == "arith.constant")) {
    std::string preview = constantPreview(*constant);
    if (!preview.empty()) out << "\n\n" << preview;
  }
  return out.str();
}

/// The constraint labels of a spec cell like "(C1-C3), (C5)", in order.
std::vector<std::string> constraintLabels(std::string_view cell) {
  std::vector<std::string> labels;
  size_t at = 0;
  while ((at = cell.find('C', at)) != std::string_view::npos) {
    auto number = [&cell](size_t &i) {
      int value = 0;
      while (i < cell.size() && std::isdigit(static_cast<unsigned char>(cell[i]))) value = value * 10 + (cell[i++] - '0');
      return value;
    };
    size_t i = at + 1;
    int first = number(i), last = first;
    if (i + 1 < cell.size() && cell[i] == '-' && cell[i + 1] == 'C') {
      i += 2;
      last = number(i);
    }
    for (int n = first; n <= last && n - first < 32; ++n) labels.push_back("C" + std::to_string(n));
    at = i;
  }
  return labels;
}

std::string attributeHover(const ir::Operation &op, const ir::NamedAttribute &attribute) {
  constexpr size_t kMaxValueChars = 200;
  constexpr size_t kMaxConstraints = 6;
  std::ostringstream out;
  out << "**`" << attribute.name << "`** of `" << op.name << "`";
  // The value as written; a dense literal can be huge, so it is previewed.
  std::string preview = constantPreview(attribute.value);
  if (!preview.empty()) {
    out << "\n\n" << preview;
  } else {
    std::string value = attribute.value.str();
    if (value.size() > kMaxValueChars) value = value.substr(0, kMaxValueChars) + "…";
    out << "\n\n```mlir\n" << value << "\n```";
  }
  const ops::SpecOp *spec = ops::specOp(op.name);
  if (!spec) return out.str();
  for (const ops::SpecInput &input : spec->inputs) {
    if (input.name != attribute.name) continue;
    out << "\n\n" << input.label << " `" << input.name << "`: " << input.type;
    std::vector<std::string> labels = constraintLabels(input.constraints);
    size_t shown = 0;
    for (const std::string &label : labels) {
      std::string_view text = spec->constraint(label);
      if (text.empty()) continue;
      if (shown++ == kMaxConstraints) {
        out << "\n- …";
        break;
      }
      out << "\n- (" << label << ") " << text;
    }
    break;
  }
  return out.str();
}

/// The attribute of `op` whose name or value holds `offset`, or null.
const ir::NamedAttribute *attributeAt(const ir::Operation &op, uint32_t offset) {
  for (const ir::NamedAttribute &attribute : op.attributes) {
    if (attribute.nameRange.contains(offset) || attribute.value.range.contains(offset)) return &attribute;
  }
  return nullptr;
}

std::string locationHover(const LocationAtCursor &at, const FileResolver &resolve) {
  constexpr size_t kMaxShown = 8;
  std::ostringstream out;
  if (!at.alias.empty()) out << "`" << at.alias << "`" << (at.aliasDefinition ? "" : ": undefined alias");
  if (at.targets.empty()) {
    if (at.alias.empty()) out << "A location without a source file";
    return out.str();
  }
  out << (at.alias.empty() ? "" : "\n\n") << "Source location" << (at.targets.size() == 1 ? "" : "s") << ":";
  for (size_t i = 0; i < at.targets.size() && i < kMaxShown; ++i) {
    const SourceLocation &target = at.targets[i];
    out << "\n- `" << target.file << ":" << target.line << ":" << target.column << "`";
    std::optional<std::string> path = resolve(target.file);
    out << (path ? " → `" + *path + "`" : std::string(" (file not found)"));
  }
  if (at.targets.size() > kMaxShown) out << "\n- …";
  return out.str();
}

/// A range no longer than the user can see: hovering an attribute of a
/// function whose signature spans 12,000 characters (its `function_type`)
/// must not highlight all of it. Outside that cap, the innermost syntax
/// node at `offset`, grown while it stays within `range` and the cap.
syntax::TextRange narrowed(const AnalyzedFile &file, uint32_t offset, syntax::TextRange range) {
  constexpr uint32_t kMaxRange = 256;
  if (range.size() <= kMaxRange || !file.tree.valid()) return range;
  syntax::Node node = file.tree.root().namedDescendantFor(offset, offset);
  if (node.isNull()) return range;
  syntax::TextRange best = syntax::rangeOf(node);
  if (best.size() > kMaxRange || best.begin < range.begin || best.end > range.end) return range;
  // Each parent() costs the depth; a few levels are enough for an entry.
  for (int up = 0; up < 8; ++up) {
    node = node.parent();
    if (node.isNull()) break;
    syntax::TextRange wider = syntax::rangeOf(node);
    if (wider.size() > kMaxRange || wider.begin < range.begin || wider.end > range.end) break;
    best = wider;
  }
  return best;
}

}  // namespace

std::optional<HoverResult> hover(const AnalyzedFile &file, uint32_t offset, const FileResolver &resolve) {
  if (const Occurrence *occurrence = file.index().at(offset)) {
    if (occurrence->isValue()) return HoverResult{valueHover(file, *occurrence->value), occurrence->range};
    return HoverResult{symbolHover(file, *occurrence), occurrence->range};
  }
  if (std::optional<LocationAtCursor> at = locationAt(file, offset)) {
    return HoverResult{locationHover(*at, resolve), at->range};
  }
  const ir::Operation *op = operationAt(file.module(), offset);
  if (!op) return std::nullopt;
  if (const ir::NamedAttribute *attribute = attributeAt(*op, offset)) {
    syntax::TextRange range = attribute->nameRange.contains(offset) ? attribute->nameRange : attribute->value.range;
    return HoverResult{attributeHover(*op, *attribute), narrowed(file, offset, range)};
  }
  // Inside an op's region but on no op of it: nothing to say.
  for (const ir::Region *region : op->regions) {
    if (!region->implicit && region->range.contains(offset)) return std::nullopt;
  }
  syntax::TextRange range = op->nameRange.size() > 0 ? op->nameRange : narrowed(file, offset, op->range);
  return HoverResult{operationHover(*op, file.file.text()), range};
}

}  // namespace shlo::ide
