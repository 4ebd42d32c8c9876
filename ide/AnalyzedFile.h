// What every IDE feature reads: one file's text with its line index, the
// analysis of that text (tree, IR, diagnostics) and the name index built
// from it. Immutable once built, so features may run on any thread.
#pragma once

#include <memory>
#include <string>

#include "ide/SymbolIndex.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::ide {

struct AnalyzedFile {
  /// `path` names the file in messages (the language server passes its URI).
  AnalyzedFile(std::string path, std::string text) : file(std::move(path), std::move(text)) {}
  AnalyzedFile(const AnalyzedFile &) = delete;
  AnalyzedFile &operator=(const AnalyzedFile &) = delete;

  syntax::SourceFile file;  // The text and its line index.
  analysis::Analysis analysis;
  const syntax::SyntaxTree &tree = analysis.tree;
  const lower::LoweredModule &lowered = analysis.lowered;
  const std::vector<Diagnostic> &diagnostics = analysis.diagnostics;
  /// Built from `analysis` (buildIndex) once it is set.
  SymbolIndex index;

  const ir::Module &module() const { return *lowered.module; }
  /// Builds `index` from the analysis' module.
  void buildIndex() { index = SymbolIndex::build(module()); }

  /// Analyses `text` from scratch (parse, lower, verify) and indexes it.
  static std::unique_ptr<AnalyzedFile> analyze(std::string path, std::string text);
};

}  // namespace shlo::ide
