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

Document::Document(std::string uri, std::string text, int64_t version)
    : uri_(std::move(uri)), text_(std::move(text)), version_(version) {}

void Document::applyChanges(int64_t version, const std::vector<TextDocumentContentChangeEvent> &changes,
                            syntax::PositionEncoding encoding) {
  std::lock_guard<std::mutex> lock(editMutex_);
  for (const TextDocumentContentChangeEvent &change : changes) {
    if (!change.range) {
      text_ = change.text;
      tree_ = syntax::SyntaxTree();  // Nothing to reuse.
      edits_.clear();
    } else {
      syntax::InputEdit edit = applyChange(text_, *change.range, change.text, encoding);
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
  {
    std::lock_guard<std::mutex> lock(editMutex_);
    if (!dirty_ && snapshot_) return snapshot_;
    // Copy the text so edits can go on while this version is analysed.
    text = copyText(text_);
    version = version_;
    previous = copyOf(tree_);
    edits = edits_;
    generation = generation_;
  }
  // The edited tree is the last snapshot's: only with it may that snapshot's
  // functions be reused.
  const Snapshot *base = previous.valid() ? snapshot_.get() : nullptr;
  std::shared_ptr<const Snapshot> fresh = buildSnapshot(uri_, version, std::move(text), base, &previous, edits);
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

void Document::close(const std::function<void()> &then) {
  std::lock_guard<std::mutex> analysisLock(analysisMutex_);
  closed_ = true;
  snapshot_.reset();
  if (then) then();
}

}  // namespace shlo::lsp
