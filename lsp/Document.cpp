#include "lsp/Document.h"

#include "lsp/TextEdit.h"

namespace shlo::lsp {

namespace {

syntax::SyntaxTree copyOf(const syntax::SyntaxTree &tree) {
  // ts_tree_copy shares the nodes (reference counted): cheap.
  return tree.valid() ? syntax::SyntaxTree(ts_tree_copy(tree.get())) : syntax::SyntaxTree();
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
    } else {
      TSInputEdit edit = applyChange(text_, *change.range, change.text, encoding);
      if (tree_.valid()) tree_.edit(edit);
    }
  }
  version_ = version;
  ++generation_;
  dirty_ = true;
}

std::shared_ptr<const Snapshot> Document::snapshot(const std::function<void(const Snapshot &)> &onFresh) {
  std::lock_guard<std::mutex> analysisLock(analysisMutex_);
  if (closed_) return nullptr;
  std::string text;
  int64_t version;
  syntax::SyntaxTree previous;
  uint64_t generation;
  {
    std::lock_guard<std::mutex> lock(editMutex_);
    if (!dirty_ && snapshot_) return snapshot_;
    // Copy the text so edits can go on while this version is analysed.
    text = text_;
    version = version_;
    previous = copyOf(tree_);
    generation = generation_;
  }
  std::shared_ptr<const Snapshot> fresh = buildSnapshot(uri_, version, std::move(text), &previous);
  {
    std::lock_guard<std::mutex> lock(editMutex_);
    // When edits came during the parse, the edited old tree stays the base:
    // the new tree does not have them.
    if (generation_ == generation) {
      tree_ = copyOf(fresh->tree);
      dirty_ = false;
    }
  }
  snapshot_ = fresh;
  if (onFresh) onFresh(*fresh);
  return fresh;
}

void Document::close(const std::function<void()> &then) {
  std::lock_guard<std::mutex> analysisLock(analysisMutex_);
  closed_ = true;
  snapshot_.reset();
  if (then) then();
}

}  // namespace shlo::lsp
