// What every IDE feature reads: one file's text with its line index, the
// analysis of that text (tree, IR, diagnostics) and the name index built
// from it. Immutable once built, so features may run on any thread.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "ide/SymbolIndex.h"
#include "linter/Linter.h"
#include "semantic/analysis/Analysis.h"
#include "semantic/syntax/SourceFile.h"

namespace shlo::ide {

struct AnalyzedFile {
  /// `path` names the file in messages (the language server passes its URI).
  AnalyzedFile(std::string path, std::string text) : file(std::move(path), std::move(text)) {}
  explicit AnalyzedFile(syntax::SourceFile source) : file(std::move(source)) {}
  AnalyzedFile(const AnalyzedFile &) = delete;
  AnalyzedFile &operator=(const AnalyzedFile &) = delete;

  syntax::SourceFile file;  // The text and its line index.
  analysis::Analysis analysis;
  const syntax::SyntaxTree &tree = analysis.tree;
  const lower::LoweredModule &lowered = analysis.lowered;
  const std::vector<Diagnostic> &diagnostics = analysis.diagnostics;
  /// The name index of `analysis` (symbols scoped per chunk), built by the
  /// first feature that asks: a language server publishes an edit's
  /// diagnostics, which do not need it, before any request reads it.
  /// Call only once `analysis` and `chunks` are final.
  const SymbolIndex &index() const;

  /// MLIR's split-input chunks (`// -----` lines), each analysed on its
  /// own as mlir-lsp-server does; empty for a text without separators.
  /// `analysis` still covers the whole text (the features' tree and IR),
  /// but its diagnostics are the chunks' (splitChunks).
  struct Chunk {
    syntax::TextRange range;  // Of the chunk's text in the file.
    analysis::Analysis analysis;  // Ranges relative to `range.begin`.
  };
  std::vector<Chunk> chunks;

  /// How the linter runs on this file (the language server reads the
  /// document's `shlo.toml`); set before the file is shared.
  linter::LintOptions lintOptions;

  const ir::Module &module() const { return *lowered.module; }
  /// When the text has `// -----` chunks: analyses each with `parser` and
  /// replaces `analysis.diagnostics` with theirs (moved to file offsets), so
  /// a symbol defined in two chunks is no redefinition.
  void splitChunks(syntax::Parser &parser);
  /// The index of the chunk holding `offset` (0 without chunks).
  uint32_t chunkAt(uint32_t offset) const;
  /// The `func.func` named `name` in the chunk of `offset`, or null.
  const ir::Operation *function(std::string_view name, uint32_t offset) const;

  /// Analyses `text` from scratch (parse, lower, verify) and indexes it.
  static std::unique_ptr<AnalyzedFile> analyze(std::string path, std::string text);

  /// The linter's findings, computed once (ide/LintDiagnostics.cpp).
  mutable std::once_flag lintOnce;
  mutable std::vector<Diagnostic> lintFindings;

  /// What the lint of this version found per function, with the options it
  /// ran under: the next version's lint takes the findings of the functions
  /// its edits left alone. Null until lintDiagnostics ran (and for texts of
  /// `// -----` chunks).
  struct LintRecord {
    linter::LintOptions options;
    std::vector<linter::FunctionFindings> functions;
  };
  std::shared_ptr<const LintRecord> lintRecord() const;
  void setLintRecord(std::shared_ptr<const LintRecord> record) const;

  /// The previous version's record and the functions of this one whose
  /// findings may be taken from it: copied by the incremental analysis
  /// with their verifier findings (so the symbols they use are as before),
  /// and no edit touched their lines (fixes read whole lines). Keyed by
  /// the function's range here (TextRange::key). Set before the file is
  /// shared.
  struct LintCarry {
    struct Function {
      syntax::TextRange before;  // Its range in the previous version.
      syntax::TextRange lines;   // There, widened to whole lines.
      int64_t shift = 0;
    };
    std::shared_ptr<const LintRecord> record;
    std::unordered_map<uint64_t, Function> functions;
  };
  LintCarry lintCarry;

 private:
  mutable std::mutex lintRecordMutex_;
  mutable std::shared_ptr<const LintRecord> lintRecord_;
  mutable std::once_flag indexOnce_;
  mutable SymbolIndex index_;
};

}  // namespace shlo::ide
