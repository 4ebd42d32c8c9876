#include "ide/AnalyzedFile.h"

#include <algorithm>

#include "semantic/analysis/SplitInput.h"

namespace shlo::ide {

std::unique_ptr<AnalyzedFile> AnalyzedFile::analyze(std::string path, std::string text) {
  // Parsers are not thread-safe and cheap to keep: one per thread.
  thread_local syntax::Parser parser;
  auto file = std::make_unique<AnalyzedFile>(std::move(path), std::move(text));
  file->analysis = analysis::analyze(parser, file->file.text());
  file->splitChunks(parser);
  return file;
}

void AnalyzedFile::splitChunks(syntax::Parser &parser) {
  std::string_view text = file.text();
  std::vector<analysis::Chunk> pieces = analysis::splitInput(text);
  chunks.clear();
  if (pieces.size() <= 1) return;
  std::vector<Diagnostic> found;
  for (const analysis::Chunk &piece : pieces) {
    Chunk &chunk = chunks.emplace_back();
    chunk.range = {piece.offset, piece.offset + static_cast<uint32_t>(piece.text.size())};
    chunk.analysis = analysis::analyze(parser, piece.text);
    std::vector<Diagnostic> shifted = chunk.analysis.diagnostics;
    analysis::shiftDiagnostics(shifted, piece.offset);
    for (Diagnostic &d : shifted) found.push_back(std::move(d));
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const Diagnostic &a, const Diagnostic &b) { return a.range.begin < b.range.begin; });
  analysis.diagnostics = std::move(found);
}

uint32_t AnalyzedFile::chunkAt(uint32_t offset) const {
  // The last chunk starting at or before `offset` (separator lines belong
  // to the chunk before them).
  uint32_t index = 0;
  for (uint32_t i = 0; i < chunks.size(); ++i) {
    if (chunks[i].range.begin <= offset) index = i;
  }
  return index;
}

std::shared_ptr<const AnalyzedFile::LintRecord> AnalyzedFile::lintRecord() const {
  std::lock_guard<std::mutex> lock(lintRecordMutex_);
  return lintRecord_;
}

void AnalyzedFile::setLintRecord(std::shared_ptr<const LintRecord> record) const {
  std::lock_guard<std::mutex> lock(lintRecordMutex_);
  lintRecord_ = std::move(record);
}

const SymbolIndex &AnalyzedFile::index() const {
  std::call_once(indexOnce_, [this] {
    std::vector<uint32_t> starts;
    for (const Chunk &chunk : chunks) starts.push_back(chunk.range.begin);
    index_ = SymbolIndex::build(module(), starts);
  });
  return index_;
}

const ir::Operation *AnalyzedFile::function(std::string_view name, uint32_t offset) const {
  if (chunks.empty()) {
    auto it = module().functions.find(name);
    return it == module().functions.end() ? nullptr : it->second;
  }
  uint32_t chunk = chunkAt(offset);
  for (const Occurrence &occurrence : index().all()) {
    if (occurrence.kind == Occurrence::Kind::SymbolDefinition && occurrence.chunk == chunk &&
        occurrence.symbol == name) {
      return occurrence.op;
    }
  }
  return nullptr;
}

}  // namespace shlo::ide
