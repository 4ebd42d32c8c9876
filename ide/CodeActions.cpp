// Code actions: the fixes diagnostics carry, rewrites of the op under the
// cursor (inferred result types, pretty and generic forms, extracting a
// constant), mlir-opt's expected-diagnostic annotations, and the linter's
// fix-all. Rewrites print the op through the formatter, so what they insert
// is what `shlo fmt` would print.
#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <tuple>

#include "formatter/Formatter.h"
#include "ide/Editing.h"
#include "ide/Features.h"
#include "ide/LintDiagnostics.h"
#include "linter/Fixer.h"
#include "semantic/verify/Verifier.h"

namespace shlo::ide {

namespace {

bool overlaps(syntax::TextRange a, syntax::TextRange b) { return a.begin <= b.end && b.begin <= a.end; }

bool wanted(const CodeActionRequest &request, CodeActionKind kind) {
  if (request.only.empty()) return true;
  std::string_view name = codeActionKindName(kind);
  for (const std::string &only : request.only) {
    if (name == only || (name.size() > only.size() && name.substr(0, only.size()) == only && name[only.size()] == '.')) {
      return true;
    }
  }
  return false;
}

uint32_t lineOf(const AnalyzedFile &file, uint32_t offset) {
  return file.file.position(offset, syntax::PositionEncoding::UTF8).line;
}

/// The whitespace that starts the line holding `offset`.
std::string_view indentOf(const AnalyzedFile &file, uint32_t offset) {
  std::string_view text = file.file.text();
  uint32_t start = file.file.lineStart(lineOf(file, offset));
  uint32_t end = start;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
  return text.substr(start, end - start);
}

/// The op's text with the line it sits on when nothing else is on it (so
/// deleting it leaves no blank line), else the op's range alone.
syntax::TextRange wholeLines(const AnalyzedFile &file, const ir::Operation &op) {
  std::string_view text = file.file.text();
  uint32_t start = file.file.lineStart(lineOf(file, op.range.begin));
  for (uint32_t i = start; i < op.range.begin; ++i) {
    if (text[i] != ' ' && text[i] != '\t') return op.range;
  }
  uint32_t end = op.range.end;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
  if (end < text.size() && text[end] == '\r') ++end;
  if (end < text.size() && text[end] != '\n') return op.range;
  return {start, end < text.size() ? end + 1 : end};
}

/// `op` printed (formatter::formatOperation) to replace its own range:
/// nested lines indented as the op's line is.
std::string printInPlace(const AnalyzedFile &file, const ir::Operation &op, const formatter::FormatOptions &options) {
  unsigned indent = static_cast<unsigned>(indentOf(file, op.range.begin).size());
  std::string printed = formatter::formatOperation(op, file.file.text(), indent, options);
  size_t first = printed.find_first_not_of(' ');
  return first == std::string::npos ? printed : printed.substr(first);
}

/// The lines `range` touches, whole: a diagnostic on the cursor's line
/// applies even when the cursor is not inside its range.
syntax::TextRange wholeLinesOf(const AnalyzedFile &file, syntax::TextRange range) {
  uint32_t begin = file.file.lineStart(lineOf(file, range.begin));
  uint32_t endLine = lineOf(file, range.end);
  uint32_t end = endLine + 1 < file.file.lineCount() ? file.file.lineStart(endLine + 1) - 1
                                                     : static_cast<uint32_t>(file.file.text().size());
  return {begin, std::max(begin, end)};
}

void diagnosticFixes(const AnalyzedFile &file, const FileDiagnostics &shown, const CodeActionRequest &request,
                     std::vector<CodeAction> &out) {
  const std::vector<Diagnostic> &lint = lintDiagnostics(file);
  std::vector<const Diagnostic *> all = shown.all;
  for (const Diagnostic &d : lint) all.push_back(&d);
  // The same fix may come from an advisory and from a lint rule.
  std::set<std::tuple<std::string, uint32_t, uint32_t, std::string>> seen;
  syntax::TextRange lines = wholeLinesOf(file, request.range);
  for (const Diagnostic *d : all) {
    if (!overlaps(d->range, lines)) continue;
    for (const Fix &fix : d->fixes) {
      if (fix.edits.empty()) continue;
      const TextEdit &first = fix.edits.front();
      if (!seen.insert({fix.title, first.range.begin, first.range.end, first.newText}).second) continue;
      CodeAction action;
      action.unsafe = fix.safety == FixSafety::Unsafe;
      action.title = fix.title + (action.unsafe ? " (unsafe)" : "");
      action.kind = CodeActionKind::QuickFix;
      action.edits = fix.edits;
      action.preferred = !action.unsafe && &fix == &d->fixes.front();
      action.fixes.push_back({d->code, d->range});
      out.push_back(std::move(action));
    }
  }
}

void inferredResultType(const AnalyzedFile &file, const ir::Operation &op, std::vector<CodeAction> &out) {
  std::vector<ir::Type> inferred = verify::inferResultTypes(op);
  if (inferred.empty() || inferred.size() != op.results.size()) return;
  bool differs = false;
  for (size_t i = 0; i < inferred.size(); ++i) {
    if (!op.results[i] || !inferred[i].valid()) return;
    differs |= inferred[i] != op.results[i]->type;
  }
  if (!differs) return;
  // A copy of the op whose results have the inferred types, printed.
  ir::Operation copy = op;
  std::deque<ir::Value> results;
  for (size_t i = 0; i < inferred.size(); ++i) {
    results.push_back(*op.results[i]);
    results.back().type = inferred[i];
    copy.results[i] = &results.back();
  }
  CodeAction action;
  std::string types;
  for (const ir::Type &type : inferred) types += (types.empty() ? "`" : ", `") + type.str() + "`";
  action.title = "Set the result type to the inferred type " + types;
  action.edits.push_back({op.range, printInPlace(file, copy, {})});
  for (const Diagnostic &d : file.diagnostics) {
    if (d.severity == Severity::Error && op.range.contains(d.range.begin)) action.fixes.push_back({d.code, d.range});
  }
  action.kind = action.fixes.empty() ? CodeActionKind::RefactorRewrite : CodeActionKind::QuickFix;
  out.push_back(std::move(action));
}

void convertForm(const AnalyzedFile &file, const ir::Operation &op, std::vector<CodeAction> &out) {
  // Functions and modules hold whole programs: converting them would
  // rewrite every op inside.
  if (op.name == "func.func" || op.name == "builtin.module" || op.form == ir::OpForm::Unknown) return;
  formatter::FormatOptions generic;
  generic.generic = true;
  std::string genericText = printInPlace(file, op, generic);
  std::string prettyText = printInPlace(file, op, {});
  if (genericText == prettyText) return;  // No pretty form.
  CodeAction action;
  action.kind = CodeActionKind::RefactorRewrite;
  if (op.form == ir::OpForm::Generic) {
    action.title = "Convert `" + op.name + "` to pretty form";
    action.edits.push_back({op.range, prettyText});
  } else {
    action.title = "Convert `" + op.name + "` to generic form";
    action.edits.push_back({op.range, genericText});
  }
  out.push_back(std::move(action));
}

const ir::Operation *enclosingFunction(const ir::Operation &op) {
  const ir::Operation *at = op.parentOp();
  while (at && at->name != "func.func") at = at->parentOp();
  return at;
}

void extractConstant(const AnalyzedFile &file, const ir::Operation &op, std::vector<CodeAction> &out) {
  if (op.name != "stablehlo.constant" || op.results.size() != 1 || !op.results[0]) return;
  const ir::Operation *function = enclosingFunction(op);
  if (!function || function->regions.empty() || function->regions[0]->blocks.empty()) return;
  const ir::Block *entry = function->regions[0]->blocks[0];
  if (entry->operations.empty()) return;
  const ir::Operation *first = entry->operations.front();
  std::string_view text = file.file.text();
  const ir::Value &result = *op.results[0];
  // Identical constants: same written value and type (locations aside).
  const ir::Attribute *value = op.attribute("value");
  std::vector<const ir::Operation *> duplicates;
  bool clash = false;
  ir::walk(entry->operations, [&](const ir::Operation *other) {
    if (other != &op && other->name == "stablehlo.constant" && other->results.size() == 1 && other->results[0] &&
        other->results[0]->type == result.type && value && other->attribute("value") &&
        other->attribute("value")->text == value->text) {
      duplicates.push_back(other);
      return;
    }
    for (const ir::Value *v : other->results) clash |= v && v != &result && v->name == result.name;
    for (const ir::Region *region : other->regions) {
      for (const ir::Block *block : region->blocks) {
        for (const ir::Value *v : block->arguments) clash |= v->name == result.name;
      }
    }
  });
  for (const ir::Value *v : entry->arguments) clash |= v->name == result.name;
  // At the top already with nothing to merge, or a name the wider scope
  // would see twice: nothing to offer.
  if (clash || (&op == first && duplicates.empty())) return;
  CodeAction action;
  action.kind = CodeActionKind::RefactorExtract;
  const ir::Attribute *symbol = function->attribute("sym_name");
  action.title = "Extract constant `" + result.name + "` to the start of `@" + (symbol ? symbol->text : "") + "`";
  if (!duplicates.empty()) {
    action.title += ", merging " + std::to_string(duplicates.size()) + " identical constant" +
                    (duplicates.size() == 1 ? "" : "s");
  }
  std::vector<TextEdit> &edits = action.edits;
  if (&op != first) {
    uint32_t at = file.file.lineStart(lineOf(file, first->range.begin));
    edits.push_back({{at, at}, std::string(indentOf(file, first->range.begin)) +
                                   std::string(text.substr(op.range.begin, op.range.size())) + "\n"});
    edits.push_back({wholeLines(file, op), ""});
  }
  for (const ir::Operation *duplicate : duplicates) {
    edits.push_back({wholeLines(file, *duplicate), ""});
    for (const ir::Use &use : duplicate->results[0]->uses) {
      if (use.range.size() > 0) edits.push_back({use.range, result.name});
    }
  }
  std::stable_sort(edits.begin(), edits.end(),
                   [](const TextEdit &a, const TextEdit &b) { return a.range.begin < b.range.begin; });
  out.push_back(std::move(action));
}

void expectedChecks(const AnalyzedFile &file, const FileDiagnostics &shown, const CodeActionRequest &request,
                    std::vector<CodeAction> &out) {
  syntax::TextRange lines = wholeLinesOf(file, request.range);
  // Per line, the annotations to insert above it.
  std::map<uint32_t, std::vector<const Diagnostic *>> byLine;
  size_t count = 0;
  for (const Diagnostic *d : shown.all) {
    if (d->severity == Severity::Hint || !overlaps(d->range, lines)) continue;
    byLine[lineOf(file, d->range.begin)].push_back(d);
    ++count;
  }
  if (count == 0) return;
  CodeAction action;
  action.kind = CodeActionKind::QuickFix;
  action.title = count == 1 ? "Insert an expected-" + std::string(severityName(byLine.begin()->second[0]->severity)) +
                                  " check for this diagnostic"
                            : "Insert expected-* checks for these " + std::to_string(count) + " diagnostics";
  for (const auto &[line, found] : byLine) {
    uint32_t start = file.file.lineStart(line);
    std::string indent(indentOf(file, start));
    std::string lines;
    for (size_t i = 0; i < found.size(); ++i) {
      std::string message = found[i]->message;
      std::replace(message.begin(), message.end(), '\n', ' ');
      // `}}` would end the annotation's text early.
      for (size_t at = message.find("}}"); at != std::string::npos; at = message.find("}}", at)) message.insert(at + 1, " ");
      // `@+N` from the annotation to the line it expects (annotations
      // stacked above it push it down).
      lines += indent + "// expected-" + severityName(found[i]->severity) + "@+" + std::to_string(found.size() - i) +
               " {{" + message + "}}\n";
      action.fixes.push_back({found[i]->code, found[i]->range});
    }
    action.edits.push_back({{start, start}, lines});
  }
  out.push_back(std::move(action));
}

void fixAll(const AnalyzedFile &file, std::vector<CodeAction> &out) {
  thread_local syntax::Parser parser;
  std::string_view text = file.file.text();
  linter::FixResult fixed = linter::fixText(parser, text, file.lintOptions, /*unsafe=*/false);
  if (fixed.applied == 0 || fixed.text == text) return;
  CodeAction action;
  action.kind = CodeActionKind::SourceFixAll;
  action.title = "Fix all safe lint findings (" + std::to_string(fixed.applied) + ")";
  action.edits = formatter::lineEdits(text, fixed.text);
  out.push_back(std::move(action));
}

}  // namespace

const char *codeActionKindName(CodeActionKind kind) {
  switch (kind) {
    case CodeActionKind::QuickFix:
      return "quickfix";
    case CodeActionKind::RefactorRewrite:
      return "refactor.rewrite";
    case CodeActionKind::RefactorExtract:
      return "refactor.extract";
    case CodeActionKind::SourceFixAll:
      return "source.fixAll.shlo";
  }
  return "quickfix";
}

std::vector<CodeAction> codeActions(const AnalyzedFile &file, const CodeActionRequest &request) {
  std::vector<CodeAction> out;
  bool quickFixes = wanted(request, CodeActionKind::QuickFix);
  FileDiagnostics shown;
  if (quickFixes) shown = diagnostics(file);
  if (quickFixes) diagnosticFixes(file, shown, request, out);
  // A selection of whole lines starts in the indentation: the op is the
  // one that starts after it.
  std::string_view text = file.file.text();
  uint32_t at = request.range.begin;
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
  if (const ir::Operation *op = operationAt(file.module(), at)) {
    if (quickFixes || wanted(request, CodeActionKind::RefactorRewrite)) inferredResultType(file, *op, out);
    if (wanted(request, CodeActionKind::RefactorRewrite)) convertForm(file, *op, out);
    if (wanted(request, CodeActionKind::RefactorExtract)) extractConstant(file, *op, out);
  }
  if (quickFixes) expectedChecks(file, shown, request, out);
  // Fix-all re-checks the text after each pass of fixes: only when asked
  // for by kind (an editor's "source" menu, or on save), not for every
  // cursor move.
  if (!request.only.empty() && wanted(request, CodeActionKind::SourceFixAll)) fixAll(file, out);
  // The inferred-type action is a quick fix or a rewrite: keep only what
  // was asked for.
  std::erase_if(out, [&](const CodeAction &a) { return !wanted(request, a.kind); });
  return out;
}

}  // namespace shlo::ide
