#include "semantic/analysis/IncrementalAnalysis.h"

#include <algorithm>
#include <optional>
#include <deque>
#include <unordered_map>
#include <unordered_set>

#include "semantic/analysis/OperationCandidates.h"
#include "semantic/ir/Clone.h"

namespace shlo::analysis {

namespace {

uint64_t key(syntax::TextRange range) { return (uint64_t{range.begin} << 32) | range.end; }

Diagnostic shiftedDiagnostic(Diagnostic d, int64_t shift) {
  d.range = ir::shifted(d.range, shift);
  for (RelatedInformation &r : d.related) r.range = ir::shifted(r.range, shift);
  if (d.opRange) d.opRange = ir::shifted(*d.opRange, shift);
  for (Fix &fix : d.fixes) {
    for (TextEdit &edit : fix.edits) edit.range = ir::shifted(edit.range, shift);
  }
  return d;
}

/// An old function that may be copied: where it is now, and how far it moved.
struct Candidate {
  size_t index;  // In previous.functions.
  int64_t shift;
};

/// Where `range` of the old text is now, or nullopt when an edit or a
/// syntax change touched it. Touching counts: text typed right after a `}`
/// may belong to it.
std::optional<syntax::TextRange> untouchedRange(syntax::TextRange range, const std::vector<syntax::InputEdit> &edits,
                                                const std::vector<syntax::TextRange> &changed) {
  int64_t begin = range.begin, end = range.end;
  for (const syntax::InputEdit &edit : edits) {
    if (edit.oldEndByte < begin) {
      int64_t delta = int64_t{edit.newEndByte} - int64_t{edit.oldEndByte};
      begin += delta;
      end += delta;
    } else if (edit.startByte <= end) {
      return std::nullopt;
    }
  }
  for (const syntax::TextRange &c : changed) {
    if (c.begin <= end && c.end >= begin) return std::nullopt;
  }
  return syntax::TextRange{static_cast<uint32_t>(begin), static_cast<uint32_t>(end)};
}

/// Whether the functions `uses` names look the same to the verifier in both
/// modules: present in both or neither, with the same type.
bool symbolsUnchanged(const std::vector<std::string> &uses, const ir::Module &before, const ir::Module &after) {
  for (const std::string &name : uses) {
    auto old = before.functions.find(name);
    auto now = after.functions.find(name);
    if ((old == before.functions.end()) != (now == after.functions.end())) return false;
    if (old == before.functions.end()) continue;
    const ir::Attribute *oldType = old->second->attribute("function_type");
    const ir::Attribute *newType = now->second->attribute("function_type");
    if (!oldType || !newType || oldType->type.has_value() != newType->type.has_value()) return false;
    if (oldType->type && !(*oldType->type == *newType->type)) return false;
  }
  return true;
}

bool refersToSymbol(const ir::Attribute &attribute) {
  if (attribute.kind == ir::Attribute::Kind::SymbolRef) return true;
  for (const ir::Attribute &element : attribute.elements) {
    if (refersToSymbol(element)) return true;
  }
  for (const ir::AttributeField &field : attribute.fields) {
    if (refersToSymbol(field.second)) return true;
  }
  return false;
}

bool inside(syntax::TextRange range, syntax::TextRange function) {
  return (range.begin == 0 && range.end == 0) || (function.begin <= range.begin && range.end <= function.end);
}

/// Whether a finding points outside its function (at a callee): moving it
/// with the function would be wrong when the callee moved differently.
bool pointsOutside(const std::vector<Diagnostic> &diagnostics, syntax::TextRange function) {
  for (const Diagnostic &d : diagnostics) {
    if (!inside(d.range, function) || (d.opRange && !inside(*d.opRange, function))) return true;
    for (const RelatedInformation &r : d.related) {
      if (!inside(r.range, function)) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<Diagnostic> shiftedDiagnostics(const std::vector<Diagnostic> &diagnostics, int64_t shift) {
  std::vector<Diagnostic> out;
  out.reserve(diagnostics.size());
  for (const Diagnostic &d : diagnostics) out.push_back(shiftedDiagnostic(d, shift));
  return out;
}

std::optional<syntax::TextRange> movedRange(syntax::TextRange range, const std::vector<syntax::InputEdit> &edits) {
  return untouchedRange(range, edits, {});
}

Analysis reanalyze(syntax::Parser &parser, std::string_view text, const Analysis &previous,
                   const syntax::SyntaxTree &edited, const std::vector<syntax::InputEdit> &edits, IncrementalStats *stats,
                   size_t exactRecoveryLimit, Exactness exactness) {
  IncrementalStats scratch;
  IncrementalStats &out = stats ? *stats : scratch;
  out = IncrementalStats();
  bool incremental = edited.valid() && previous.tree.valid();
  // Above the limit nothing would confirm a provisional result: stay exact
  // there (but for the tree's recovery, as always above it).
  bool provisional = exactness == Exactness::Provisional && text.size() <= exactRecoveryLimit;
  syntax::SyntaxTree tree = parser.parse(text, incremental ? &edited : nullptr);
  if (incremental && tree.hasErrors() && text.size() <= exactRecoveryLimit && !provisional) {
    tree = parser.parse(text);  // Error recovery as a fresh parse does it.
    out.reparsed = true;
  }
  // What may make this differ from analyze(): a tree that recovered from
  // errors its own way, ops reused next to errors (below).
  out.provisional = provisional && incremental && (tree.hasErrors() || previous.tree.hasErrors());
  // Every function's types may name an alias.
  if (incremental && aliasDigest(tree, text) != previous.aliasDigest) incremental = false;

  // Where each old function is now, unless an edit or a syntax change
  // touched it. Touching counts: text typed right after a `}` may belong to
  // the function.
  std::unordered_map<uint64_t, Candidate> candidates;
  // The ops of the functions' bodies likewise, for the functions an edit
  // touched: inside them, only the ops it touched (and those whose operands
  // changed) are lowered again.
  OperationCandidates operationCandidates;
  // Ops are reused inside a function only between error-free trees: around
  // a syntax error a name may resolve to a value of the recovered text
  // (fuzz_incremental found an op whose operand named a value of the
  // broken function before it, so a full analysis held its error back and
  // the copy did not).
  // A provisional analysis takes that risk.
  bool reuseOperations = incremental && (provisional || (!tree.hasErrors() && !previous.tree.hasErrors()));
  if (incremental) {
    std::vector<syntax::TextRange> changed = syntax::changedRanges(edited, tree);
    for (size_t i = 0; i < previous.functions.size(); ++i) {
      const FunctionAnalysis &function = previous.functions[i];
      // Errors at an alias's definition (a bad `!t`, reported where a
      // function uses it) would not move with the function.
      if (!function.selfContained || pointsOutside(function.loweringDiagnostics, function.range)) continue;
      std::optional<syntax::TextRange> now = untouchedRange(function.range, edits, changed);
      if (now) {
        candidates.emplace(key(*now), Candidate{i, int64_t{now->begin} - int64_t{function.range.begin}});
        continue;
      }
      if (!reuseOperations) continue;
      const std::vector<lower::LoweredOperation> &operations = previous.lowered.functions[i].operations;
      operationCandidates.reserve(operations.size());
      for (size_t k = 0; k < operations.size(); ++k) {
        syntax::TextRange range = operations[k].op->range;
        if (std::optional<syntax::TextRange> moved = untouchedRange(range, edits, changed)) {
          operationCandidates.add(*moved, OperationCandidate{i, k, int64_t{moved->begin} - int64_t{range.begin}});
        }
      }
    }
    operationCandidates.sort();
  }

  // Offers are built when asked for: only then are diagnostics moved.
  std::unordered_map<uint64_t, lower::ReusableFunction> offers;
  std::unordered_map<uint64_t, Candidate> accepted;  // By new range.
  Reuse reuse;
  reuse.lowering = [&](syntax::TextRange range) -> const lower::ReusableFunction * {
    auto found = candidates.find(key(range));
    if (found == candidates.end()) return nullptr;
    const FunctionAnalysis &old = previous.functions[found->second.index];
    lower::ReusableFunction &offer = offers[key(range)];
    offer.op = old.op;
    offer.shift = found->second.shift;
    offer.diagnostics = shiftedDiagnostics(old.loweringDiagnostics, offer.shift);
    // Its body's ops, so that a later edit inside it may reuse them.
    const lower::LoweredFunction &lowered = previous.lowered.functions[found->second.index];
    offer.operations.clear();
    for (lower::LoweredOperation operation : lowered.operations) {
      operation.diagnosticsBegin -= lowered.diagnosticsBegin;
      operation.diagnosticsEnd -= lowered.diagnosticsBegin;
      offer.operations.push_back(operation);
    }
    accepted.emplace(key(range), found->second);
    candidates.erase(found);  // Each old function is copied at most once.
    return &offer;
  };
  lower::ReusableOperation operationOffer;
  reuse.operations = [&](syntax::TextRange range) -> const lower::ReusableOperation * {
    const OperationCandidate *found = operationCandidates.take(range);  // Each old op is copied at most once.
    if (!found) return nullptr;
    OperationCandidate candidate = *found;
    const lower::LoweredOperation &old = previous.lowered.functions[candidate.function].operations[candidate.operation];
    // Its own lowering errors; the redefinitions of its results are
    // reported again by the lowering (they depend on the ops before it).
    // Errors about its operands' names or its results' count depend on
    // more than its text: such an op is lowered again.
    std::vector<Diagnostic> own;
    for (size_t d = old.diagnosticsBegin; d < old.diagnosticsEnd; ++d) {
      const Diagnostic &diagnostic = previous.lowered.diagnostics[d];
      if (diagnostic.code == "ssa.undefined-value" || diagnostic.code == "ssa.result-count") return nullptr;
      bool resultRedefinition =
          diagnostic.code == "ssa.redefinition" &&
          std::any_of(old.op->results.begin(), old.op->results.end(),
                      [&](const ir::Value *result) { return result->range == diagnostic.range; });
      if (!resultRedefinition) own.push_back(diagnostic);
    }
    if (pointsOutside(own, old.op->range)) return nullptr;
    // The lowering copies the op before it asks for the next one.
    lower::ReusableOperation &offer = operationOffer;
    offer.op = old.op;
    offer.shift = candidate.shift;
    offer.diagnostics = shiftedDiagnostics(own, candidate.shift);
    operationCandidates.accept(range);
    return &offer;
  };
  // The copied ops of the new lowering, once it is complete.
  std::unordered_set<const ir::Operation *> copiedOperations;
  bool copiedKnown = false;
  std::deque<std::vector<Diagnostic>> verifiedOperations;  // Handed out by pointer.
  const std::vector<Diagnostic> noFindings;
  size_t reusedVerifications = 0;
  reuse.operationVerification = [&](const lower::LoweredModule &lowered, const lower::LoweredFunction &function,
                                    size_t index) -> const std::vector<Diagnostic> * {
    if (!copiedKnown) {
      for (const lower::LoweredFunction &f : lowered.functions) {
        for (const lower::LoweredOperation &operation : f.operations) {
          if (operation.reused) copiedOperations.insert(operation.op);
        }
      }
      copiedKnown = true;
    }
    const ir::Operation *now = function.operations[index].op;
    const OperationCandidate *found = operationCandidates.accepted(now->range);
    if (!found) return nullptr;
    const OperationCandidate &candidate = *found;
    const FunctionAnalysis &oldFunction = previous.functions[candidate.function];
    if (candidate.operation >= oldFunction.operations.size()) return nullptr;
    const OperationVerification &record = oldFunction.operations[candidate.operation];
    if (record.failed) return nullptr;
    const ir::Operation *old = previous.lowered.functions[candidate.function].operations[candidate.operation].op;
    // What the verifier reads besides the op: its operands' names, types and
    // defining ops (constants' values), its parent (returns) and the symbol
    // table (calls). Those must be as before.
    // Most ops have no regions: then every value they use is from outside.
    std::vector<const ir::Operation *> olds, news;
    std::unordered_set<const ir::Operation *> inside;
    std::unordered_set<const ir::Block *> blocks;
    const ir::Operation *const leafOld[] = {old}, *const leafNew[] = {now};
    const ir::Operation *const *oldOps = leafOld, *const *newOps = leafNew;
    size_t count = 1;
    if (!old->regions.empty() || !now->regions.empty()) {
      ir::walk({const_cast<ir::Operation *>(old)}, [&](const ir::Operation *op) { olds.push_back(op); });
      ir::walk({const_cast<ir::Operation *>(now)}, [&](const ir::Operation *op) { news.push_back(op); });
      if (olds.size() != news.size()) return nullptr;
      inside.insert(olds.begin(), olds.end());
      for (const ir::Operation *op : olds) {
        for (const ir::Region *region : op->regions) blocks.insert(region->blocks.begin(), region->blocks.end());
      }
      oldOps = olds.data();
      newOps = news.data();
      count = olds.size();
    }
    for (size_t i = 0; i < count; ++i) {
      const ir::Operation &o = *oldOps[i], &n = *newOps[i];
      if (o.name == "func.return" || o.name == "func.call" || o.operands.size() != n.operands.size()) return nullptr;
      for (const ir::NamedAttribute &a : o.attributes) {
        if (refersToSymbol(a.value)) return nullptr;
      }
      for (size_t k = 0; k < o.operands.size(); ++k) {
        const ir::Value *ov = o.operands[k], *nv = n.operands[k];
        if (!ov || !nv) return nullptr;
        if (!inside.empty() && ((ov->definingOp && inside.count(ov->definingOp)) ||
                                (ov->ownerBlock && blocks.count(ov->ownerBlock)))) {
          continue;
        }
        if (ov->name != nv->name || !(ov->type == nv->type) || !ov->definingOp != !nv->definingOp) return nullptr;
        if (!nv->definingOp) continue;
        const OperationCandidate *definer = operationCandidates.accepted(nv->definingOp->range);
        if (!copiedOperations.count(nv->definingOp) || !definer ||
            previous.lowered.functions[definer->function].operations[definer->operation].op !=
                ov->definingOp) {
          return nullptr;
        }
      }
    }
    std::vector<Diagnostic> findings(oldFunction.verifierDiagnostics.begin() + static_cast<std::ptrdiff_t>(record.begin),
                                     oldFunction.verifierDiagnostics.begin() + static_cast<std::ptrdiff_t>(record.end));
    if (pointsOutside(findings, old->range)) return nullptr;
    ++reusedVerifications;
    if (findings.empty()) return &noFindings;
    verifiedOperations.push_back(shiftedDiagnostics(findings, candidate.shift));
    return &verifiedOperations.back();
  };
  std::vector<std::vector<Diagnostic>> verified;
  verified.reserve(previous.functions.size());  // Handed out by pointer.
  reuse.verification = [&](const lower::LoweredModule &lowered,
                           const lower::LoweredFunction &function) -> const std::vector<Diagnostic> * {
    auto found = accepted.find(key(function.range));
    if (found == accepted.end()) return nullptr;
    const FunctionAnalysis &old = previous.functions[found->second.index];
    if (!symbolsUnchanged(old.symbolUses, *previous.lowered.module, *lowered.module) ||
        pointsOutside(old.verifierDiagnostics, old.range)) {
      ++out.reverified;
      return nullptr;
    }
    verified.push_back(shiftedDiagnostics(old.verifierDiagnostics, found->second.shift));
    return &verified.back();
  };

  Analysis result = analyzeTree(std::move(tree), text, incremental ? reuse : Reuse());
  // A function whose findings were reused keeps its per-op records too.
  for (FunctionAnalysis &function : result.functions) {
    if (function.verified) continue;
    auto found = accepted.find(key(function.range));
    if (found != accepted.end()) function.operations = previous.functions[found->second.index].operations;
  }
  for (FunctionAnalysis &function : result.functions) {
    if (function.lowered) continue;
    auto found = accepted.find(key(function.range));
    if (found != accepted.end()) function.copiedFrom = previous.functions[found->second.index].range;
  }
  out.incremental = incremental;
  size_t bodyOperations = 0;
  for (const lower::LoweredFunction &function : result.lowered.functions) {
    if (function.reused) continue;
    for (const lower::LoweredOperation &operation : function.operations) {
      ++(operation.reused ? out.reusedOperations : out.loweredOperations);
    }
    bodyOperations += function.operations.size();
  }
  out.reverifiedOperations = bodyOperations - std::min(bodyOperations, reusedVerifications);
  for (const FunctionAnalysis &function : result.functions) {
    if (!function.lowered) {
      ++out.reused;
      continue;
    }
    const ir::Attribute *name = function.op->attribute("sym_name");
    out.relowered.push_back(name ? name->text : std::string());
  }
  return result;
}

}  // namespace shlo::analysis
