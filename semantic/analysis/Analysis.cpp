#include "semantic/analysis/Analysis.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "semantic/diagnostics/SyntaxDiagnostics.h"
#include "semantic/syntax/ErrorNodes.h"
#include "semantic/verify/Verifier.h"

namespace shlo::analysis {

namespace {

void collectSymbolUses(const ir::Attribute &attribute, std::vector<std::string> &out) {
  if (attribute.kind == ir::Attribute::Kind::SymbolRef) out.push_back(attribute.text);
  for (const ir::Attribute &element : attribute.elements) collectSymbolUses(element, out);
  for (const ir::AttributeField &field : attribute.fields) collectSymbolUses(field.second, out);
}

std::vector<std::string> symbolUsesOf(const ir::Operation &function) {
  std::vector<std::string> out;
  for (ir::Region *region : function.regions) {
    for (ir::Block *block : region->blocks) {
      ir::walk(block->operations, [&](const ir::Operation *op) {
        for (const ir::NamedAttribute &a : op->attributes) collectSymbolUses(a.value, out);
      });
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// What a syntax error hides: value names defined in text the parser could
/// not place (`%0 = ...` inside an ERROR node), and the operations that
/// hold such text (recovery may give them the next line's results).
struct UnparsedText {
  std::unordered_set<std::string_view> names;
  std::vector<syntax::TextRange> operations;
};

UnparsedText unparsedText(const syntax::SyntaxTree &tree, std::string_view text) {
  UnparsedText out;
  if (!tree.hasErrors()) return out;
  auto scan = [&](std::string_view error) {
    for (size_t at = error.find('%'); at != std::string_view::npos; at = error.find('%', at + 1)) {
      size_t end = error.find_first_of(" \t\n,:=)", at);
      if (end == std::string_view::npos) continue;
      size_t next = error.find_first_not_of(" \t", end);
      if (next != std::string_view::npos && error[next] == ':') {
        next = error.find_first_not_of("0123456789 \t", next + 1);  // `%r:2 =`
      }
      if (next == std::string_view::npos || error[next] != '=' || error.substr(next, 2) == "==") continue;
      out.names.insert(error.substr(at, end - at));
    }
  };
  syntax::forEachErrorNode(tree, [&](syntax::Node node, const std::vector<syntax::Node> &ancestors) {
    if (!node.isError()) return;
    scan(syntax::textOf(node, text));
    for (auto it = ancestors.rbegin(); it != ancestors.rend(); ++it) {
      if (syntax::isKind(*it, "operation")) {
        out.operations.push_back(it->range());
        break;
      }
    }
  });
  return out;
}

/// Drops `ssa.undefined-value` errors that a syntax error explains (see
/// UnparsedText): the syntax error is the one mistake.
void dropUsesOfUnparsedDefinitions(const syntax::SyntaxTree &tree, std::string_view text,
                                   std::vector<Diagnostic> &diagnostics) {
  UnparsedText unparsed = unparsedText(tree, text);
  if (unparsed.names.empty() && unparsed.operations.empty()) return;
  std::erase_if(diagnostics, [&](const Diagnostic &d) {
    if (d.code != "ssa.undefined-value" || d.range.end > text.size()) return false;
    for (const syntax::TextRange &op : unparsed.operations) {
      if (op.begin <= d.range.begin && d.range.end <= op.end) return true;
    }
    std::string_view used = text.substr(d.range.begin, d.range.end - d.range.begin);
    return unparsed.names.count(used.substr(0, used.find('#'))) > 0;
  });
}

/// Drops the verifier's findings (`diagnostics` from `verifierBegin`) on ops
/// whose text holds a lowering error (a malformed attribute, an undefined
/// operand): the lowering error is the one mistake.
void dropFindingsOfOpsThatDidNotLower(const std::vector<Diagnostic> &lowering, std::vector<Diagnostic> &diagnostics,
                                      size_t verifierBegin) {
  std::vector<syntax::TextRange> errors;
  for (const Diagnostic &d : lowering) {
    if (d.severity == Severity::Error) errors.push_back(d.range);
  }
  if (errors.empty()) return;
  auto hidden = [&](const Diagnostic &d) {
    if (!d.opRange || d.severity != Severity::Error) return false;
    return std::any_of(errors.begin(), errors.end(), [&](const syntax::TextRange &e) {
      return d.opRange->begin <= e.begin && e.end <= d.opRange->end;
    });
  };
  diagnostics.erase(std::remove_if(diagnostics.begin() + static_cast<std::ptrdiff_t>(verifierBegin), diagnostics.end(),
                                   hidden),
                    diagnostics.end());
}

/// Verifies the module in the same order as verify::verifyModule, taking
/// the findings of copied functions from `reuse` where it has them.
class FunctionVerifier {
 public:
  FunctionVerifier(Analysis &analysis, const Reuse &reuse, std::vector<Diagnostic> &sink)
      : analysis_(analysis), reuse_(reuse), sink_(sink) {
    for (size_t i = 0; i < analysis.lowered.functions.size(); ++i) indexOf_[analysis.lowered.functions[i].op] = i;
  }

  void run() {
    for (const ir::Operation *op : analysis_.lowered.module->topLevel) topLevel(*op);
  }

 private:
  void topLevel(const ir::Operation &op) {
    auto found = indexOf_.find(&op);
    if (found != indexOf_.end()) return function(found->second);
    if (op.name == "builtin.module") {
      verify::verifyOperation(*analysis_.lowered.module, op, sink_);
      for (const ir::Region *region : op.regions) {
        for (const ir::Block *block : region->blocks) {
          for (const ir::Operation *child : block->operations) topLevel(*child);
        }
      }
      return;
    }
    subtree(op, sink_);
  }

  void subtree(const ir::Operation &op, std::vector<Diagnostic> &sink) {
    const ir::Module &module = *analysis_.lowered.module;
    verify::verifySubtree(module, op, sink);
  }

  void function(size_t index) {
    const lower::LoweredFunction &lowered = analysis_.lowered.functions[index];
    FunctionAnalysis &out = analysis_.functions[index];
    const std::vector<Diagnostic> *cached =
        lowered.reused && reuse_.verification ? reuse_.verification(analysis_.lowered, lowered) : nullptr;
    if (cached) {
      out.verifierDiagnostics = *cached;
      out.verified = false;
    } else if (!byOperation(lowered, out)) {
      subtree(*lowered.op, out.verifierDiagnostics);
    }
    sink_.insert(sink_.end(), out.verifierDiagnostics.begin(), out.verifierDiagnostics.end());
  }

  /// Verifies a function as verify::verifySubtree does (same findings, same
  /// order), op of its body by op, recording each op's findings and taking
  /// those `reuse_` offers. False (nothing done) when the body's ops are not
  /// the recorded ones.
  bool byOperation(const lower::LoweredFunction &lowered, FunctionAnalysis &out) {
    const ir::Operation &function = *lowered.op;
    size_t count = 0;
    for (const ir::Region *region : function.regions) {
      for (const ir::Block *block : region->blocks) count += block->operations.size();
    }
    if (count == 0 || count != lowered.operations.size()) return false;
    const ir::Module &module = *analysis_.lowered.module;
    std::vector<Diagnostic> &sink = out.verifierDiagnostics;
    // Ops with an error, and ops whose errors were held back because an
    // operand came from such an op: one mistake, one error.
    std::unordered_set<const ir::Operation *> failed;
    bool anyFailed = false;
    auto visit = [&](const ir::Operation *op) {
      if (verify::verifyOperationOnce(module, *op, failed, sink)) anyFailed = true;
    };
    visit(&function);
    out.operations.clear();
    out.operations.reserve(count);
    size_t k = 0;
    for (const ir::Region *region : function.regions) {
      for (const ir::Block *block : region->blocks) {
        for (ir::Operation *op : block->operations) {
          OperationVerification &record = out.operations.emplace_back();
          record.begin = sink.size();
          const std::vector<Diagnostic> *cached =
              lowered.operations[k].reused && reuse_.operationVerification
                  ? reuse_.operationVerification(analysis_.lowered, lowered, k)
                  : nullptr;
          if (cached) {
            // No error on it: nothing of it enters `failed`.
            sink.insert(sink.end(), cached->begin(), cached->end());
          } else {
            anyFailed = false;
            ir::walk({op}, visit);
            record.failed = anyFailed;
          }
          record.end = sink.size();
          ++k;
        }
      }
    }
    return true;
  }

  Analysis &analysis_;
  const Reuse &reuse_;
  std::vector<Diagnostic> &sink_;
  std::unordered_map<const ir::Operation *, size_t> indexOf_;
};

}  // namespace

size_t aliasDigest(const syntax::SyntaxTree &tree, std::string_view text) {
  if (!tree.valid()) return 0;
  size_t digest = 0;
  uint32_t count = tree.root().namedChildCount();
  for (uint32_t i = 0; i < count; ++i) {
    syntax::Node child = tree.root().namedChild(i);
    if (!syntax::isKind(child, "type_alias_definition") && !syntax::isKind(child, "attribute_alias_definition")) {
      continue;
    }
    digest = digest * 1000003u ^ std::hash<std::string_view>()(syntax::textOf(child, text));
  }
  return digest;
}

Analysis analyzeTree(syntax::SyntaxTree tree, std::string_view text, const Reuse &reuse) {
  Analysis result;
  result.tree = std::move(tree);
  result.aliasDigest = aliasDigest(result.tree, text);
  result.diagnostics = syntax::collectSyntaxDiagnostics(result.tree, text);
  result.lowered = lower::lowerModule(result.tree, text, reuse.lowering, reuse.operations);
  for (Diagnostic &d : result.lowered.diagnostics) result.diagnostics.push_back(d);
  dropUsesOfUnparsedDefinitions(result.tree, text, result.diagnostics);
  for (const lower::LoweredFunction &f : result.lowered.functions) {
    FunctionAnalysis &function = result.functions.emplace_back();
    function.op = f.op;
    function.range = f.range;
    function.loweringDiagnostics.assign(result.lowered.diagnostics.begin() + f.diagnosticsBegin,
                                        result.lowered.diagnostics.begin() + f.diagnosticsEnd);
    function.symbolUses = symbolUsesOf(*f.op);
    function.selfContained = f.selfContained;
    function.lowered = !f.reused;
  }
  size_t verifierBegin = result.diagnostics.size();
  FunctionVerifier(result, reuse, result.diagnostics).run();
  dropFindingsOfOpsThatDidNotLower(result.lowered.diagnostics, result.diagnostics, verifierBegin);
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                   [](const Diagnostic &a, const Diagnostic &b) { return a.range.begin < b.range.begin; });
  return result;
}

Analysis analyze(syntax::Parser &parser, std::string_view text) { return analyzeTree(parser.parse(text), text); }

}  // namespace shlo::analysis
