#include "linter/Linter.h"

#include <algorithm>

#include "linter/RuleRegistry.h"
#include "linter/Suppressions.h"
#include "semantic/analysis/SplitInput.h"

namespace shlo::linter {

namespace {

/// Calls `visit` on `ops` and the ops nested in them, outer ops first (as
/// ir::walk), except inside the functions at the top (a module's body or
/// the file's top level), which go to `function` whole.
template <typename Visit, typename Function>
void walkOutsideFunctions(const std::vector<ir::Operation *> &ops, Visit &visit, Function &function) {
  for (const ir::Operation *op : ops) {
    if (op->name == "func.func") {
      function(*op);
      continue;
    }
    visit(op);
    bool module = op->name == "builtin.module";
    for (const ir::Region *region : op->regions) {
      for (const ir::Block *block : region->blocks) {
        if (module) {
          walkOutsideFunctions(block->operations, visit, function);
        } else {
          ir::walk(block->operations, visit);
        }
      }
    }
  }
}

}  // namespace

void lintModule(const ir::Module &module, std::string_view text, const LintOptions &options,
                std::vector<Diagnostic> &out, const LintReuse *reuse) {
  std::vector<Diagnostic> found;
  RuleContext context(module, text, found);
  std::vector<const Rule *> active;
  for (const Rule &rule : allRules()) {
    if (!options.selection.enabled(rule.info)) continue;
    if (std::find(options.fileIgnores.begin(), options.fileIgnores.end(), rule.info.code) !=
        options.fileIgnores.end()) {
      continue;
    }
    active.push_back(&rule);
  }
  auto visit = [&](const ir::Operation *op) {
    for (const Rule *rule : active) {
      if (!rule->op) continue;
      context.setRule(&rule->info);
      rule->op(*op, context);
    }
  };
  // A function's findings come in the walk's order whether run or taken.
  auto function = [&](const ir::Operation &op) {
    const std::vector<Diagnostic> *taken = reuse && reuse->findings ? reuse->findings(op) : nullptr;
    size_t begin = found.size();
    if (taken) {
      found.insert(found.end(), taken->begin(), taken->end());
    } else {
      ir::walk({const_cast<ir::Operation *>(&op)}, visit);
    }
    if (reuse && reuse->record) {
      reuse->record->push_back({op.range, std::vector<Diagnostic>(found.begin() + static_cast<std::ptrdiff_t>(begin),
                                                                  found.end())});
    }
  };
  walkOutsideFunctions(module.topLevel, visit, function);
  for (const Rule *rule : active) {
    if (!rule->module) continue;
    context.setRule(&rule->info);
    rule->module(module, context);
  }
  std::vector<Diagnostic> problems;
  Suppressions suppressions =
      options.suppressions ? Suppressions::parse(text, problems) : Suppressions::parse("", problems);
  for (Diagnostic &d : found) {
    if (suppressions.suppressed(d.code, d.range.begin)) continue;
    if (const Rule *rule = findRule(d.code)) d.severity = options.selection.severityOf(rule->info);
    problems.push_back(std::move(d));
  }
  std::stable_sort(problems.begin(), problems.end(), [](const Diagnostic &a, const Diagnostic &b) {
    return a.range.begin != b.range.begin ? a.range.begin < b.range.begin : a.code < b.code;
  });
  for (Diagnostic &d : problems) out.push_back(std::move(d));
}

namespace {

const Diagnostic *firstError(const std::vector<Diagnostic> &diagnostics) {
  for (const Diagnostic &d : diagnostics) {
    if (d.severity == Severity::Error) return &d;
  }
  return nullptr;
}

}  // namespace

TextLint lintAnalysis(const analysis::Analysis &analysis, std::string_view text, const LintOptions &options) {
  TextLint out;
  if (const Diagnostic *error = firstError(analysis.diagnostics)) {
    out.failedCheck = true;
    out.diagnostics.push_back(*error);
    return out;
  }
  lintModule(*analysis.lowered.module, text, options, out.diagnostics);
  return out;
}

TextLint lintText(syntax::Parser &parser, std::string_view text, const LintOptions &options) {
  std::vector<analysis::Chunk> chunks = analysis::splitInput(text);
  if (chunks.size() <= 1) return lintAnalysis(analysis::analyze(parser, text), text, options);
  TextLint out;
  // Suppressions are read from the whole file: a disable-file comment may
  // sit in any chunk.
  LintOptions chunkOptions = options;
  chunkOptions.suppressions = false;
  std::vector<Diagnostic> problems;
  Suppressions suppressions = options.suppressions ? Suppressions::parse(text, problems) : Suppressions::parse("", problems);
  for (const analysis::Chunk &chunk : chunks) {
    TextLint part = lintAnalysis(analysis::analyze(parser, chunk.text), chunk.text, chunkOptions);
    analysis::shiftDiagnostics(part.diagnostics, chunk.offset);
    if (part.failedCheck) return part;
    for (Diagnostic &d : part.diagnostics) {
      if (!suppressions.suppressed(d.code, d.range.begin)) out.diagnostics.push_back(std::move(d));
    }
  }
  for (Diagnostic &d : problems) out.diagnostics.push_back(std::move(d));
  std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                   [](const Diagnostic &a, const Diagnostic &b) { return a.range.begin < b.range.begin; });
  return out;
}

}  // namespace shlo::linter
