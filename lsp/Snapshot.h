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
#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/lower/Lowering.h"
#include "semantic/syntax/SourceFile.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::lsp {

struct Snapshot {
  std::string uri;
  int64_t version = 0;
  syntax::SourceFile file;  // The text and its line index.
  syntax::SyntaxTree tree;
  lower::LoweredModule lowered;
  std::vector<Diagnostic> diagnostics;
  SymbolIndex index;

  Snapshot(std::string uri, int64_t version, std::string text)
      : uri(std::move(uri)), version(version), file(this->uri, std::move(text)) {}

  const ir::Module &module() const { return *lowered.module; }
};

/// Parses (incrementally when `previous` is a tree of the previous text with
/// this text's edits applied), lowers and verifies `text`.
std::shared_ptr<const Snapshot> buildSnapshot(std::string uri, int64_t version, std::string text,
                                              const syntax::SyntaxTree *previous);

}  // namespace shlo::lsp
