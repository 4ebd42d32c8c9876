// Test helpers for incremental analysis: editing a text the way the language
// server does (byte offsets and syntax points), and printing everything
// an analysis holds (tree, IR, diagnostics) so an incremental result can be
// compared with a full one as text.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "semantic/analysis/Analysis.h"
#include "semantic/syntax/SyntaxTree.h"
#include "semantic/syntax/TreePrinter.h"

namespace shlo::test {

/// The syntax point (row, byte column) of `offset` in `text`.
inline syntax::Point pointAt(std::string_view text, uint32_t offset) {
  syntax::Point point{0, 0};
  for (uint32_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++point.row;
      point.column = 0;
    } else {
      ++point.column;
    }
  }
  return point;
}

/// Replaces bytes [begin, end) of `text` by `insert`; returns the edit.
inline syntax::InputEdit replaceText(std::string &text, uint32_t begin, uint32_t end, std::string_view insert) {
  syntax::InputEdit edit;
  edit.startByte = begin;
  edit.oldEndByte = end;
  edit.newEndByte = begin + static_cast<uint32_t>(insert.size());
  edit.startPoint = pointAt(text, begin);
  edit.oldEndPoint = pointAt(text, end);
  text.replace(begin, end - begin, insert);
  edit.newEndPoint = pointAt(text, edit.newEndByte);
  return edit;
}

/// The byte offsets of `edits`, for failure messages.
inline std::string dumpEdits(const std::vector<syntax::InputEdit> &edits) {
  std::string out;
  for (const syntax::InputEdit &e : edits) {
    out += "[" + std::to_string(e.startByte) + "," + std::to_string(e.oldEndByte) + ")->" +
           std::to_string(e.newEndByte) + " ";
  }
  return out;
}

inline std::string rangeText(syntax::TextRange r) {
  return "[" + std::to_string(r.begin) + "," + std::to_string(r.end) + ")";
}

inline void dumpAttribute(const ir::Attribute &a, std::ostream &out) {
  out << a.str() << rangeText(a.range);
  for (const ir::Attribute &e : a.elements) dumpAttribute(e, out << " e:");
  for (const ir::AttributeField &f : a.fields) dumpAttribute(f.second, out << " f:" << f.first << "=");
}

inline void dumpValue(const ir::Value *v, std::ostream &out) {
  if (!v) {
    out << "<null>";
    return;
  }
  out << v->name << ":" << (v->type.valid() ? v->type.str() : "?") << rangeText(v->range) << " uses";
  for (const ir::Use &use : v->uses) {
    out << " " << (use.user ? use.user->name : "?") << rangeText(use.user ? use.user->range : syntax::TextRange{})
        << "#" << use.operandIndex << rangeText(use.range);
  }
}

/// Every op, value, use, attribute and range of `module`, in walk order,
/// plus its symbol table.
inline std::string dumpModule(const ir::Module &module) {
  std::ostringstream out;
  ir::walk(module.topLevel, [&](const ir::Operation *op) {
    out << "op " << op->name << " form" << int(op->form) << rangeText(op->range) << rangeText(op->nameRange)
        << rangeText(op->typeRange) << " parent="
        << (op->parentOp() ? op->parentOp()->name + rangeText(op->parentOp()->range) : "-") << "\n";
    for (size_t i = 0; i < op->operands.size(); ++i) {
      out << "  operand " << rangeText(op->operandRanges[i]) << " ";
      dumpValue(op->operands[i], out);
      out << "\n";
    }
    for (const ir::Type &t : op->writtenOperandTypes) out << "  written " << (t.valid() ? t.str() : "?") << "\n";
    for (const ir::Value *r : op->results) {
      out << "  result ";
      dumpValue(r, out);
      out << (r->definingOp == op ? "" : " BAD-DEFINER") << "\n";
    }
    for (const ir::NamedAttribute &a : op->attributes) {
      out << "  attr " << a.name << rangeText(a.nameRange) << " ";
      dumpAttribute(a.value, out);
      out << "\n";
    }
    for (const ir::Region *region : op->regions) {
      out << "  region" << rangeText(region->range) << (region->implicit ? " implicit" : "")
          << (region->parent == op ? "" : " BAD-PARENT") << "\n";
      for (const ir::Block *block : region->blocks) {
        out << "   block " << block->label << rangeText(block->labelRange)
            << (block->parent == region ? "" : " BAD-PARENT") << "\n";
        for (const ir::Value *a : block->arguments) {
          out << "    arg ";
          dumpValue(a, out);
          out << (a->ownerBlock == block ? "" : " BAD-OWNER") << "\n";
        }
        for (const ir::Operation *child : block->operations) {
          if (child->parentBlock != block) out << "    BAD-PARENT-BLOCK " << child->name << "\n";
        }
      }
    }
  });
  for (const auto &[name, op] : module.functions) out << "symbol @" << name << rangeText(op->range) << "\n";
  return out.str();
}

inline std::string dumpDiagnostics(const std::vector<Diagnostic> &diagnostics) {
  std::ostringstream out;
  for (const Diagnostic &d : diagnostics) {
    out << rangeText(d.range) << " " << severityName(d.severity) << " " << d.code << ": " << d.message;
    if (d.opRange) out << " op" << rangeText(*d.opRange);
    for (const RelatedInformation &r : d.related) out << " related" << rangeText(r.range) << " " << r.message;
    out << "\n";
  }
  return out.str();
}

inline std::string dumpTree(const syntax::SyntaxTree &tree) {
  std::ostringstream out;
  syntax::printTree(tree, out);
  return out.str();
}

}  // namespace shlo::test
