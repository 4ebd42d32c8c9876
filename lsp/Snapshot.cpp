#include "lsp/Snapshot.h"

#include "lsp/ToProtocol.h"

namespace shlo::lsp {

const std::vector<uint32_t> &Snapshot::semanticTokens(syntax::PositionEncoding encoding) const {
  std::call_once(tokensOnce_, [&] { tokens_ = encodeSemanticTokens(file, ide::semanticTokens(*this), encoding); });
  return tokens_;
}

std::shared_ptr<const Snapshot> buildSnapshot(std::string uri, int64_t version, std::string text,
                                              const Snapshot *base, const syntax::SyntaxTree *edited,
                                              const std::vector<syntax::InputEdit> &edits) {
  // Parsers are not thread-safe and cheap to keep: one per worker thread.
  thread_local syntax::Parser parser;
  auto snapshot = std::make_shared<Snapshot>(std::move(uri), version, std::move(text));
  std::string_view source = snapshot->file.text();
  if (base && edited && edited->valid()) {
    snapshot->analysis = analysis::reanalyze(parser, source, base->analysis, *edited, edits, &snapshot->stats);
  } else {
    snapshot->analysis = analysis::analyze(parser, source);
  }
  snapshot->buildIndex();
  return snapshot;
}

}  // namespace shlo::lsp
