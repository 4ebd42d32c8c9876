#include "lsp/Snapshot.h"

#include <algorithm>

#include "semantic/syntax/SyntaxDiagnostics.h"
#include "semantic/verify/Verifier.h"

namespace shlo::lsp {

std::shared_ptr<const Snapshot> buildSnapshot(std::string uri, int64_t version, std::string text,
                                              const syntax::SyntaxTree *previous) {
  // Parsers are not thread-safe and cheap to keep: one per worker thread.
  thread_local syntax::Parser parser;
  auto snapshot = std::make_shared<Snapshot>(std::move(uri), version, std::move(text));
  std::string_view source = snapshot->file.text();
  // The same pipeline as analysis::analyze, but with the incremental parse.
  snapshot->tree = parser.parse(source, previous);
  snapshot->diagnostics = syntax::collectSyntaxDiagnostics(snapshot->tree, source);
  snapshot->lowered = lower::lowerModule(snapshot->tree, source);
  for (Diagnostic &d : snapshot->lowered.diagnostics) snapshot->diagnostics.push_back(d);
  verify::verifyModule(snapshot->module(), snapshot->diagnostics);
  std::stable_sort(snapshot->diagnostics.begin(), snapshot->diagnostics.end(),
                   [](const Diagnostic &a, const Diagnostic &b) { return a.range.begin < b.range.begin; });
  snapshot->index = SymbolIndex::build(snapshot->module());
  return snapshot;
}

}  // namespace shlo::lsp
