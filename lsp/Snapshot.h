// One analysed version of a document: an ide::AnalyzedFile (text, syntax
// tree, lowered module, diagnostics, name index) with its URI and version.
// Immutable once built, shared by every request that reads it, so requests
// never wait for an edit and an edit never changes what a running request
// sees.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ide/AnalyzedFile.h"
#include "linter/Selection.h"
#include "semantic/analysis/IncrementalAnalysis.h"

namespace shlo::lsp {

struct Snapshot : ide::AnalyzedFile {
  std::string uri;
  int64_t version = 0;
  /// What building this snapshot re-analysed (for tests and benchmarks).
  analysis::IncrementalStats stats;

  /// Built fast around a syntax error: may differ from a fresh analysis of
  /// the text until Document::confirm replaces it (stats.provisional, or
  /// built on a provisional snapshot).
  bool provisional() const { return stats.provisional; }

  Snapshot(std::string uri, int64_t version, syntax::SourceFile file)
      : ide::AnalyzedFile(std::move(file)), uri(std::move(uri)), version(version) {}

  /// Whether the text holds a `// -----` anywhere (a chunk separator
  /// candidate): when it did not, the next version is searched only where
  /// its edits wrote.
  bool separatorWritten = false;
  /// The same for the linter's suppression marker (`shlo-lint:`).
  bool suppressionWritten = false;

  /// The semantic tokens of the whole text in LSP's encoding
  /// (encodeSemanticTokens), computed by the first request and kept: a
  /// snapshot never changes, and editors ask again on every focus and scroll.
  /// `encoding` is the server's, fixed at initialize.
  const std::vector<uint32_t> &semanticTokens(syntax::PositionEncoding encoding) const;
  /// The same as a JSON array's text, made once: building and dumping a
  /// json value of a large file's tokens took 20 ms per request.
  const std::string &semanticTokensText(syntax::PositionEncoding encoding) const;

 private:
  mutable std::once_flag tokensOnce_;
  mutable std::vector<uint32_t> tokens_;
  mutable std::once_flag tokensTextOnce_;
  mutable std::string tokensText_;
};

/// Parses, lowers and verifies `text`. When `base` is the previous
/// snapshot and `edited` its tree with `edits` (the edits since, in order)
/// applied, the parse is incremental and only the functions the edits
/// touched are analysed again (semantic/analysis/IncrementalAnalysis.h),
/// provisionally (Exactness::Provisional). `lintOverrides` (the client's settings) lie over the document's
/// `shlo.toml` as the command line's do in `shlo lint`.
/// With a `base`, the text's line index and its search for chunk
/// separators are carried over from it too (only what the edits wrote is
/// scanned). `text` is shared, not copied (TextPool.h makes the copies).
std::shared_ptr<const Snapshot> buildSnapshot(std::string uri, int64_t version, std::shared_ptr<const std::string> text,
                                              const Snapshot *base = nullptr, const syntax::SyntaxTree *edited = nullptr,
                                              const std::vector<syntax::InputEdit> &edits = {},
                                              const linter::RuleSelection &lintOverrides = {});
/// The same for a text of its own.
std::shared_ptr<const Snapshot> buildSnapshot(std::string uri, int64_t version, std::string text,
                                              const Snapshot *base = nullptr, const syntax::SyntaxTree *edited = nullptr,
                                              const std::vector<syntax::InputEdit> &edits = {},
                                              const linter::RuleSelection &lintOverrides = {});

}  // namespace shlo::lsp
