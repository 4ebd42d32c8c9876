#include "semantic/analysis/IncrementalAnalysis.h"

#include <unordered_map>

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

std::vector<Diagnostic> shiftedDiagnostics(const std::vector<Diagnostic> &diagnostics, int64_t shift) {
  std::vector<Diagnostic> out;
  out.reserve(diagnostics.size());
  for (const Diagnostic &d : diagnostics) out.push_back(shiftedDiagnostic(d, shift));
  return out;
}

/// An old function that may be copied: where it is now, and how far it moved.
struct Candidate {
  size_t index;  // In previous.functions.
  int64_t shift;
};

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

Analysis reanalyze(syntax::Parser &parser, std::string_view text, const Analysis &previous,
                   const syntax::SyntaxTree &edited, const std::vector<syntax::InputEdit> &edits, IncrementalStats *stats,
                   size_t exactRecoveryLimit) {
  IncrementalStats scratch;
  IncrementalStats &out = stats ? *stats : scratch;
  out = IncrementalStats();
  bool incremental = edited.valid() && previous.tree.valid();
  syntax::SyntaxTree tree = parser.parse(text, incremental ? &edited : nullptr);
  if (incremental && tree.hasErrors() && text.size() <= exactRecoveryLimit) {
    tree = parser.parse(text);  // Error recovery as a fresh parse does it.
    out.reparsed = true;
  }
  // Every function's types may name an alias.
  if (incremental && aliasDigest(tree, text) != previous.aliasDigest) incremental = false;

  // Where each old function is now, unless an edit or a syntax change
  // touched it. Touching counts: text typed right after a `}` may belong to
  // the function.
  std::unordered_map<uint64_t, Candidate> candidates;
  if (incremental) {
    std::vector<syntax::TextRange> changed = syntax::changedRanges(edited, tree);
    for (size_t i = 0; i < previous.functions.size(); ++i) {
      const FunctionAnalysis &function = previous.functions[i];
      // Errors at an alias's definition (a bad `!t`, reported where a
      // function uses it) would not move with the function.
      if (!function.selfContained || pointsOutside(function.loweringDiagnostics, function.range)) continue;
      int64_t begin = function.range.begin, end = function.range.end;
      bool touched = false;
      for (const syntax::InputEdit &edit : edits) {
        if (edit.oldEndByte < begin) {
          int64_t delta = int64_t{edit.newEndByte} - int64_t{edit.oldEndByte};
          begin += delta;
          end += delta;
        } else if (edit.startByte <= end) {
          touched = true;
          break;
        }
      }
      for (size_t c = 0; !touched && c < changed.size(); ++c) {
        touched = changed[c].begin <= end && changed[c].end >= begin;
      }
      if (touched) continue;
      syntax::TextRange now{static_cast<uint32_t>(begin), static_cast<uint32_t>(end)};
      candidates.emplace(key(now), Candidate{i, begin - int64_t{function.range.begin}});
    }
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
    accepted.emplace(key(range), found->second);
    candidates.erase(found);  // Each old function is copied at most once.
    return &offer;
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
  out.incremental = incremental;
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
