// One analysed version of a document: its text, syntax tree, lowered module,
// diagnostics and name index. Immutable once built, shared by every request
// that reads it, so requests never wait for an edit and an edit never
// changes what a running request sees.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lsp/SymbolIndex.h"
#include "semantic/analysis/IncrementalAnalysis.h"
#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/lower/Lowering.h"
#include "semantic/syntax/SourceFile.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::lsp {

struct Snapshot {
  std::string uri;
  int64_t version = 0;
  syntax::SourceFile file;  // The text and its line index.
  /// The tree, IR and diagnostics, with what the next incremental analysis
  /// needs (per-function results).
  analysis::Analysis analysis;
  const syntax::SyntaxTree &tree = analysis.tree;
  const lower::LoweredModule &lowered = analysis.lowered;
  const std::vector<Diagnostic> &diagnostics = analysis.diagnostics;
  SymbolIndex index;
  /// What building this snapshot re-analysed (for tests and benchmarks).
  analysis::IncrementalStats stats;

  Snapshot(std::string uri, int64_t version, std::string text)
      : uri(std::move(uri)), version(version), file(this->uri, std::move(text)) {}

  const ir::Module &module() const { return *lowered.module; }
};

/// Parses, lowers and verifies `text`. When `base` is the previous
/// snapshot and `edited` its tree with `edits` (the edits since, in order)
/// applied, the parse is incremental and only the functions the edits
/// touched are analysed again (semantic/analysis/IncrementalAnalysis.h).
std::shared_ptr<const Snapshot> buildSnapshot(std::string uri, int64_t version, std::string text,
                                              const Snapshot *base = nullptr, const syntax::SyntaxTree *edited = nullptr,
                                              const std::vector<syntax::InputEdit> &edits = {});

}  // namespace shlo::lsp
