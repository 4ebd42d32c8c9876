// An open document: the text as the client last sent it, the syntax tree of
// the last parse with every later edit applied (SyntaxTree::edit), and the last
// analysed snapshot.
//
// Threads: edits come from the reader thread (they are cheap and must stay in
// order); analysis runs on workers. Two locks keep edits from waiting for an
// analysis: `editMutex_` guards the text and tree for a moment, while
// `analysisMutex_` serialises analyses (and their publications) of this
// document.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "lsp/Protocol.h"
#include "lsp/Snapshot.h"

namespace shlo::lsp {

class Document {
 public:
  Document(std::string uri, std::string text, int64_t version,
           std::shared_ptr<const linter::RuleSelection> lintOverrides = nullptr);

  const std::string &uri() const { return uri_; }

  /// Applies content changes in order (full replacements and ranged edits)
  /// to the text and to the syntax tree.
  void applyChanges(int64_t version, const std::vector<TextDocumentContentChangeEvent> &changes,
                    syntax::PositionEncoding encoding);

  /// The snapshot of the current text, analysing it first when it changed
  /// since the last analysis. `onFresh` is called with a snapshot this call
  /// built, under the analysis lock, so publications stay in version order.
  /// Returns null once the document is closed.
  std::shared_ptr<const Snapshot> snapshot(const std::function<void(const Snapshot &)> &onFresh = {});

  /// When the last snapshot is provisional (Snapshot::provisional) and no
  /// edit came since: analyses its text from scratch, without holding up
  /// edits or their analyses, and makes that the snapshot (and the base of
  /// the next incremental parse). `onExact(provisional, exact)` is called
  /// under the analysis lock, as `snapshot`'s `onFresh` is. Nothing happens
  /// when an edit comes meanwhile: its own analysis will be confirmed.
  void confirm(const std::function<void(const Snapshot &provisional, const Snapshot &exact)> &onExact);

  /// The client's lint settings changed: the next snapshot is built again
  /// (its analysis reused whole) with them.
  void setLintOverrides(std::shared_ptr<const linter::RuleSelection> lintOverrides);

  /// Marks the document closed, after any running analysis; `then` runs
  /// under the same lock (to publish the empty diagnostics last).
  void close(const std::function<void()> &then);

 private:
  const std::string uri_;
  std::mutex editMutex_;
  /// Shared with the snapshot built from it: each edit writes a new text
  /// (TextPool.h's splicedText), so a snapshot needs no copy of its own.
  std::shared_ptr<const std::string> text_;
  int64_t version_;
  /// The last snapshot's tree, edited to match `text_`; invalid before the
  /// first parse and after a full replacement.
  syntax::SyntaxTree tree_;
  /// The edits applied to `tree_` since the last snapshot, in order: what
  /// incremental analysis needs to tell which functions they touched.
  std::vector<syntax::InputEdit> edits_;
  /// Counts edits, so an analysis can tell whether its tree is still the
  /// base for the next incremental parse.
  uint64_t generation_ = 0;
  bool dirty_ = true;
  std::shared_ptr<const linter::RuleSelection> lintOverrides_;

  std::mutex analysisMutex_;
  std::shared_ptr<const Snapshot> snapshot_;
  bool closed_ = false;
};

}  // namespace shlo::lsp
