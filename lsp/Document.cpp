#include "lsp/Document.h"

#include <utility>

#include "lsp/TextEdit.h"
#include "lsp/TextPool.h"

namespace shlo::lsp {

namespace {

syntax::SyntaxTree copyOf(const syntax::SyntaxTree &tree) {
  // A copy shares the nodes (reference counted): cheap.
  return tree.copy();
}

}  // namespace

Document::Document(std::string uri, std::string text, int64_t version,
                   std::shared_ptr<const linter::RuleSelection> lintOverrides)
    : uri_(std::move(uri)),
      text_(std::make_shared<const std::string>(std::move(text))),
      version_(version),
      lintOverrides_(std::move(lintOverrides)) {}

void Document::setLintOverrides(std::shared_ptr<const linter::RuleSelection> lintOverrides) {
  std::lock_guard<std::mutex> lock(editMutex_);
  lintOverrides_ = std::move(lintOverrides);
  // A running analysis read the old settings: it must not mark this clean.
  ++generation_;
  dirty_ = true;
}

void Document::applyChanges(int64_t version, const std::vector<TextDocumentContentChangeEvent> &changes,
                            syntax::PositionEncoding encoding) {
  std::lock_guard<std::mutex> lock(editMutex_);
  for (const TextDocumentContentChangeEvent &change : changes) {
    if (!change.range) {
      text_ = copyText(change.text);
      tree_ = syntax::SyntaxTree();  // Nothing to reuse.
      edits_.clear();
    } else {
      syntax::InputEdit edit = describeChange(*text_, *change.range, change.text, encoding);
      text_ = splicedText(*text_, edit.startByte, edit.oldEndByte, change.text);
      if (tree_.valid()) {
        tree_.edit(edit);
        edits_.push_back(edit);
      }
    }
  }
  version_ = version;
  ++generation_;
  dirty_ = true;
}

std::shared_ptr<const Snapshot> Document::snapshot(const std::function<void(const Snapshot &)> &onFresh) {
  std::lock_guard<std::mutex> analysisLock(analysisMutex_);
  if (closed_) return nullptr;
  std::shared_ptr<const std::string> text;
  int64_t version;
  syntax::SyntaxTree previous;
  std::vector<syntax::InputEdit> edits;
  uint64_t generation;
  std::shared_ptr<const linter::RuleSelection> lintOverrides;
  {
    std::lock_guard<std::mutex> lock(editMutex_);
    if (!dirty_ && snapshot_) return snapshot_;
    // Shared: an edit made while this version is analysed writes a new text.
    text = text_;
    version = version_;
    previous = copyOf(tree_);
    edits = edits_;
    generation = generation_;
    lintOverrides = lintOverrides_;
  }
  // The edited tree is the last snapshot's: only with it may that snapshot's
  // functions be reused.
  const Snapshot *base = previous.valid() ? snapshot_.get() : nullptr;
  std::shared_ptr<const Snapshot> fresh = buildSnapshot(uri_, version, std::move(text), base, &previous, edits,
                                                              lintOverrides ? *lintOverrides : linter::RuleSelection{});
  {
    std::lock_guard<std::mutex> lock(editMutex_);
    if (generation_ == generation) {
      tree_ = copyOf(fresh->tree);
      edits_.clear();
      dirty_ = false;
    } else if (tree_.valid()) {
      // Edits came during the analysis: the fresh tree becomes the base,
      // with those later edits applied to it.
      tree_ = copyOf(fresh->tree);
      edits_.erase(edits_.begin(), edits_.begin() + static_cast<std::ptrdiff_t>(edits.size()));
      for (const syntax::InputEdit &edit : edits_) tree_.edit(edit);
    }
    // Else a full replacement came: nothing to reuse until it is analysed.
  }
  // The previous snapshot is released after the publication: freeing a
  // large module takes as long as building the diagnostics' JSON.
  std::shared_ptr<const Snapshot> previousSnapshot = std::exchange(snapshot_, fresh);
  if (onFresh) onFresh(*fresh);
  previousSnapshot.reset();
  return fresh;
}

void Document::confirm(const std::function<void(const Snapshot &, const Snapshot &)> &onExact) {
  std::shared_ptr<const Snapshot> provisional;
  std::shared_ptr<const linter::RuleSelection> lintOverrides;
  uint64_t generation;
  {
    std::lock_guard<std::mutex> analysisLock(analysisMutex_);
    if (closed_ || !snapshot_ || !snapshot_->provisional()) return;
    std::lock_guard<std::mutex> lock(editMutex_);
    if (dirty_) return;  // The next analysis is due anyway.
    provisional = snapshot_;
    lintOverrides = lintOverrides_;
    generation = generation_;
  }
  // Outside the locks: the next keystroke's analysis must not wait for it.
  std::shared_ptr<const Snapshot> exact =
      buildSnapshot(uri_, provisional->version, provisional->file.sharedText(), nullptr, nullptr, {},
                    lintOverrides ? *lintOverrides : linter::RuleSelection{});
  std::lock_guard<std::mutex> analysisLock(analysisMutex_);
  if (closed_ || snapshot_ != provisional) return;
  {
    std::lock_guard<std::mutex> lock(editMutex_);
    if (generation_ != generation) return;
    // No edit since: the exact tree is the base of the next parse.
    tree_ = copyOf(exact->tree);
    edits_.clear();
  }
  snapshot_ = exact;
  if (onExact) onExact(*provisional, *exact);
}

void Document::close(const std::function<void()> &then) {
  std::lock_guard<std::mutex> analysisLock(analysisMutex_);
  closed_ = true;
  snapshot_.reset();
  if (then) then();
}

}  // namespace shlo::lsp
