#include "lsp/Snapshot.h"

#include "linter/Config.h"
#include "lsp/ToProtocol.h"
#include "lsp/Uri.h"
#include "semantic/analysis/SplitInput.h"
#include "semantic/syntax/EditedRanges.h"

#include <algorithm>

namespace shlo::lsp {

namespace {

/// The lint options of the document at `uri`: its nearest `shlo.toml` (or
/// `pyproject.toml`), as `shlo lint` reads it, the defaults otherwise; then
/// the client's `overrides`.
linter::LintOptions lintOptionsFor(const std::string &uri, const linter::RuleSelection &overrides) {
  std::optional<std::string> path = pathFromFileUri(uri);
  std::optional<std::filesystem::path> config = path ? linter::findConfigFile(*path) : std::nullopt;
  if (!config) return linter::LintConfig{}.optionsFor(path.value_or(""), overrides);
  return linter::loadConfig(*config).optionsFor(*path, overrides);
}

constexpr std::string_view kSeparator = "// -----";
constexpr std::string_view kSuppressionMarker = "shlo-lint:";  // linter/Suppressions.cpp

/// Whether `text` holds `word`. When `base` did not (`inBase` false: the
/// text before `edits`), only the bytes the edits wrote can start one: the
/// search looks around them alone (a 40 MB file was scanned whole per
/// keystroke).
bool written(std::string_view word, std::string_view text, bool carried, bool inBase,
             const std::vector<syntax::InputEdit> &edits) {
  if (!carried || inBase) return text.find(word) != std::string_view::npos;
  for (syntax::TextRange range : syntax::editedRanges(edits)) {
    size_t begin = range.begin >= word.size() ? range.begin - word.size() : 0;
    size_t end = std::min(text.size(), size_t{range.end} + word.size());
    if (begin < end && text.substr(begin, end - begin).find(word) != std::string_view::npos) return true;
  }
  return false;
}

/// Whether `edits` lead from `base`'s text to one of `size` bytes: what
/// carrying anything over from `base` relies on.
bool editsLeadTo(const Snapshot &base, const std::vector<syntax::InputEdit> &edits, size_t size) {
  int64_t length = static_cast<int64_t>(base.file.text().size());
  for (const syntax::InputEdit &edit : edits) {
    if (edit.startByte > edit.oldEndByte || edit.oldEndByte > length || edit.startByte > edit.newEndByte) return false;
    length += int64_t{edit.newEndByte} - int64_t{edit.oldEndByte};
  }
  return length == static_cast<int64_t>(size);
}

/// [start of the line of range.begin, just past the line break after
/// range.end): what a lint fix on the range may read and rewrite.
syntax::TextRange wholeLines(std::string_view text, syntax::TextRange range) {
  size_t before = range.begin == 0 ? std::string_view::npos : text.rfind('\n', range.begin - 1);
  uint32_t begin = before == std::string_view::npos ? 0 : static_cast<uint32_t>(before + 1);
  if (range.end > 0 && text[range.end - 1] == '\n') return {begin, range.end};
  size_t after = text.find('\n', range.end);
  return {begin, after == std::string_view::npos ? static_cast<uint32_t>(text.size()) : static_cast<uint32_t>(after + 1)};
}

/// Which functions of `snapshot` may take their lint findings from
/// `base`'s (ide::AnalyzedFile::LintCarry).
void carryLint(Snapshot &snapshot, const Snapshot &base, const std::vector<syntax::InputEdit> &edits) {
  std::shared_ptr<const ide::AnalyzedFile::LintRecord> record = base.lintRecord();
  if (!record) return;
  snapshot.lintCarry.record = record;
  for (const analysis::FunctionAnalysis &function : snapshot.analysis.functions) {
    if (function.lowered || function.verified || !function.copiedFrom) continue;
    syntax::TextRange lines = wholeLines(base.file.text(), *function.copiedFrom);
    if (!analysis::movedRange(lines, edits)) continue;
    int64_t shift = int64_t{function.range.begin} - int64_t{function.copiedFrom->begin};
    snapshot.lintCarry.functions[function.range.key()] = {*function.copiedFrom, lines, shift};
  }
}

}  // namespace

const std::vector<uint32_t> &Snapshot::semanticTokens(syntax::PositionEncoding encoding) const {
  std::call_once(tokensOnce_, [&] { tokens_ = encodeSemanticTokens(file, ide::semanticTokens(*this), encoding); });
  return tokens_;
}

const std::string &Snapshot::semanticTokensText(syntax::PositionEncoding encoding) const {
  std::call_once(tokensTextOnce_, [&] { tokensText_ = jsonArrayText(semanticTokens(encoding)); });
  return tokensText_;
}

std::shared_ptr<const Snapshot> buildSnapshot(std::string uri, int64_t version, std::string text,
                                              const Snapshot *base, const syntax::SyntaxTree *edited,
                                              const std::vector<syntax::InputEdit> &edits,
                                              const linter::RuleSelection &lintOverrides) {
  return buildSnapshot(std::move(uri), version, std::make_shared<const std::string>(std::move(text)), base, edited,
                       edits, lintOverrides);
}

std::shared_ptr<const Snapshot> buildSnapshot(std::string uri, int64_t version, std::shared_ptr<const std::string> text,
                                              const Snapshot *base, const syntax::SyntaxTree *edited,
                                              const std::vector<syntax::InputEdit> &edits,
                                              const linter::RuleSelection &lintOverrides) {
  // Parsers are not thread-safe and cheap to keep: one per worker thread.
  thread_local syntax::Parser parser;
  if (base && !editsLeadTo(*base, edits, text->size())) base = nullptr;
  const Snapshot *carried = base && edited && edited->valid() ? base : nullptr;
  syntax::SourceFile file = carried ? syntax::SourceFile(uri, std::move(text), carried->file, edits)
                                    : syntax::SourceFile(uri, std::move(text));
  auto snapshot = std::make_shared<Snapshot>(std::move(uri), version, std::move(file));
  std::string_view source = snapshot->file.text();
  // A text of `// -----` chunks is analysed chunk by chunk, from scratch
  // (such files are tests, small).
  snapshot->separatorWritten =
      written(kSeparator, source, carried, carried && carried->separatorWritten, edits);
  snapshot->suppressionWritten =
      written(kSuppressionMarker, source, carried, carried && carried->suppressionWritten, edits);
  bool chunked = snapshot->separatorWritten && analysis::splitInput(source).size() > 1;
  if (base && edited && edited->valid() && !chunked && base->chunks.empty()) {
    snapshot->analysis = analysis::reanalyze(parser, source, base->analysis, *edited, edits, &snapshot->stats,
                                             analysis::kExactRecoveryLimit, analysis::Exactness::Provisional);
    // What it copied from a provisional snapshot may be wrong too.
    if (base->provisional() && snapshot->stats.incremental) snapshot->stats.provisional = true;
  } else {
    snapshot->analysis = analysis::analyze(parser, source);
  }
  if (chunked) snapshot->splitChunks(parser);
  snapshot->lintOptions = lintOptionsFor(snapshot->uri, lintOverrides);
  if (carried && !chunked && snapshot->stats.incremental) carryLint(*snapshot, *carried, edits);
  // Without a marker there is nothing to honour: the linter need not scan
  // the text for one (Suppressions::parse finds none).
  if (!snapshot->suppressionWritten) snapshot->lintOptions.suppressions = false;
  return snapshot;
}

}  // namespace shlo::lsp
