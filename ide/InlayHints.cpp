// Inlay hints: result types the text leaves implicit, inferred types that
// disagree with the written ones, and argument names at call sites.
#include <algorithm>

#include "ide/Completion.h"
#include "semantic/ops/Ops.h"
#include "semantic/verify/Verifier.h"

namespace shlo::ide {

namespace {

/// How many types a written type list holds, counting commas outside
/// brackets (`tensor<2xf32>, tensor<i1>` is 2); an arrow means the result
/// types are written.
struct WrittenTypes {
  size_t count = 0;
  bool arrow = false;
};

WrittenTypes writtenTypes(std::string_view text) {
  WrittenTypes written;
  int depth = 0;
  bool any = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '-' && i + 1 < text.size() && text[i + 1] == '>') {
      if (depth == 0) written.arrow = true;
      ++i;
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') ++depth;
    if ((c == ')' || c == ']' || c == '}' || c == '>') && depth > 0) --depth;
    if (c == ',' && depth == 0) ++written.count;
    any |= c != ' ' && c != '\n';
  }
  if (any) ++written.count;
  return written;
}

std::string resultTypesText(const ir::Operation &op) {
  if (op.results.size() == 1) return op.results[0]->type.str();
  std::string out = "(";
  for (size_t i = 0; i < op.results.size(); ++i) out += (i ? ", " : "") + op.results[i]->type.str();
  return out + ")";
}

/// True when the text writes no type of its own for the results: pretty
/// forms whose one type is shared with the operands (`stablehlo.add %a, %b :
/// T`), or whose result type follows from the operand's (`tensor.dim`).
bool resultTypeElided(const ir::Operation &op, std::string_view text) {
  if (op.form != ir::OpForm::Pretty || op.results.empty()) return false;
  const ops::OpDef *def = ops::find(op.name);
  if (!def || def->pretty.signature == ops::Signature::ResultOnly ||
      def->pretty.signature == ops::Signature::OperandsAreResults || def->has(ops::Trait::Constant)) {
    return false;
  }
  if (op.typeRange.size() == 0 || op.typeRange.end > text.size()) return true;
  WrittenTypes written = writtenTypes(text.substr(op.typeRange.begin, op.typeRange.size()));
  if (written.arrow) return false;
  return written.count <= op.operands.size();
}

struct Collector {
  const AnalyzedFile &file;
  syntax::TextRange range;
  std::vector<InlayHint> hints;

  bool inRange(uint32_t offset) const { return offset >= range.begin && offset <= range.end; }

  void callArguments(const ir::Operation &op) {
    const ir::Attribute *callee = op.attribute("callee");
    if (!callee) return;
    auto it = file.module().functions.find(callee->text);
    if (it == file.module().functions.end() || it->second->regions.empty() ||
        it->second->regions[0]->blocks.empty()) {
      return;
    }
    const ir::Block &entry = *it->second->regions[0]->blocks[0];
    for (size_t i = 0; i < op.operandRanges.size() && i < entry.arguments.size(); ++i) {
      std::string name = entry.arguments[i]->name;
      if (name.size() > 1 && name[0] == '%') name.erase(0, 1);
      std::string_view written = file.file.text().substr(op.operandRanges[i].begin, op.operandRanges[i].size());
      if (written == "%" + name || !inRange(op.operandRanges[i].begin)) continue;
      hints.push_back({op.operandRanges[i].begin, name + ":", InlayHint::Kind::Parameter, false, true});
    }
  }

  void operation(const ir::Operation &op) {
    std::string_view text = file.file.text();
    if (!op.results.empty() && op.results[0] && resultTypeElided(op, text)) {
      // After the last result name: `%0: tensor<4xf32> = ...`.
      uint32_t at = 0;
      for (const ir::Value *result : op.results) at = std::max(at, result ? result->range.end : 0);
      bool typed = std::all_of(op.results.begin(), op.results.end(),
                               [](const ir::Value *v) { return v && v->type.valid(); });
      if (typed && inRange(at)) hints.push_back({at, ": " + resultTypesText(op), InlayHint::Kind::Type, false, false});
    }
    if (!op.results.empty() && op.typeRange.size() > 0 && inRange(op.typeRange.end)) {
      std::vector<ir::Type> inferred = verify::inferResultTypes(op);
      bool differs = inferred.size() == op.results.size();
      bool any = false;
      for (size_t i = 0; differs && i < inferred.size(); ++i) {
        if (!op.results[i] || !inferred[i].valid()) differs = false;
        else any |= inferred[i] != op.results[i]->type;
      }
      if (differs && any) {
        std::string label = "inferred: ";
        for (size_t i = 0; i < inferred.size(); ++i) label += (i ? ", " : "") + inferred[i].str();
        hints.push_back({op.typeRange.end, label, InlayHint::Kind::Type, true, false});
      }
    }
    if (op.name == "func.call") callArguments(op);
  }

  void walk(const std::vector<ir::Operation *> &ops) {
    for (const ir::Operation *op : ops) {
      if (!op || op->range.end < range.begin) continue;
      if (op->range.begin > range.end) break;  // Ops of a block are in text order.
      operation(*op);
      for (const ir::Region *region : op->regions) {
        for (const ir::Block *block : region->blocks) walk(block->operations);
      }
    }
  }
};

}  // namespace

std::vector<InlayHint> inlayHints(const AnalyzedFile &file, syntax::TextRange range) {
  Collector collector{file, range, {}};
  collector.walk(file.module().topLevel);
  std::stable_sort(collector.hints.begin(), collector.hints.end(),
                   [](const InlayHint &a, const InlayHint &b) { return a.offset < b.offset; });
  return std::move(collector.hints);
}

}  // namespace shlo::ide
