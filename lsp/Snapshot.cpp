#include "lsp/Snapshot.h"

#include "linter/Config.h"
#include "lsp/ToProtocol.h"
#include "lsp/Uri.h"
#include "semantic/analysis/SplitInput.h"

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

bool hasChunks(std::string_view text) {
  // Cheap test first: most documents have no separator at all.
  return text.find("// -----") != std::string_view::npos && analysis::splitInput(text).size() > 1;
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
  // Parsers are not thread-safe and cheap to keep: one per worker thread.
  thread_local syntax::Parser parser;
  auto snapshot = std::make_shared<Snapshot>(std::move(uri), version, std::move(text));
  std::string_view source = snapshot->file.text();
  // A text of `// -----` chunks is analysed chunk by chunk, from scratch
  // (such files are tests, small).
  bool chunked = hasChunks(source);
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
  snapshot->buildIndex();
  return snapshot;
}

}  // namespace shlo::lsp
