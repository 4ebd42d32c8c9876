// LSP shapes of code lenses, call hierarchy, selection ranges, document
// links and work-done progress (the ide/ features CodeLenses, CallHierarchy,
// SelectionRanges, DocumentLinks). Kept apart from ToProtocol so each
// feature's translation sits next to its siblings, not in one long file.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ide/CallHierarchy.h"
#include "ide/CodeLenses.h"
#include "ide/DocumentLinks.h"
#include "lsp/Protocol.h"
#include "lsp/Snapshot.h"

namespace shlo::lsp {

/// The commands the lenses run, with arguments `[uri, functionName]`, and
/// on a `// -----` chunk's lens `[uri, functionName, chunk]` (1-based, as
/// `shlo run --chunk` and the debugger's `chunk` take it;
/// vscode-extension/src/runCommand.ts; any client can run `shlo run FILE
/// --entry NAME [--chunk N]`).
inline constexpr const char *kRunFunctionCommand = "shlo.runFunction";
inline constexpr const char *kDebugFunctionCommand = "shlo.debugFunction";
/// "N uses" lenses: arguments `[uri, Position, Location[]]`, what VS Code's
/// `editor.action.showReferences` takes (in LSP's JSON shapes; the
/// extension converts them).
inline constexpr const char *kShowReferencesCommand = "shlo.showReferences";

/// `textDocument/codeLens`: CodeLens[] (resolved: every lens has its command).
json codeLensesToJson(const Snapshot &snapshot, const std::vector<ide::CodeLens> &lenses,
                      syntax::PositionEncoding encoding);

/// A CallHierarchyItem of the snapshot's document; `data` holds the name.
json callHierarchyItemToJson(const Snapshot &snapshot, const ide::CallHierarchyItem &item,
                             syntax::PositionEncoding encoding);

/// `callHierarchy/incomingCalls` (`from`) or `outgoingCalls` (`to`).
json hierarchyCallsToJson(const Snapshot &snapshot, const std::vector<ide::HierarchyCall> &calls, bool incoming,
                          syntax::PositionEncoding encoding);

/// One SelectionRange: `ranges` innermost first, nested through `parent`.
json selectionRangeToJson(const Snapshot &snapshot, const std::vector<syntax::TextRange> &ranges,
                          syntax::PositionEncoding encoding);

/// `textDocument/documentLink`: DocumentLink[] whose targets are `file:`
/// URIs with a `#L<line>,<column>` fragment (as VS Code opens them).
json documentLinksToJson(const Snapshot &snapshot, const std::vector<ide::DocumentLink> &links,
                         syntax::PositionEncoding encoding);

/// Work-done progress (`$/progress`) under a token the client gave in a
/// request's `workDoneToken` (or one the server created): begin, reports
/// (percentages, at most one per 5%), end. Does nothing without a token.
class WorkDoneProgress {
 public:
  using Sender = std::function<void(const json &notification)>;
  WorkDoneProgress(const json &params, Sender send);
  /// Without a token from the client, asks it to create `token`
  /// (`window/workDoneProgress/create`, for clients announcing
  /// `window.workDoneProgress`) and reports under it. Clients handle
  /// messages in order, so the progress that follows finds the token.
  void createIfNone(const std::string &token);
  void begin(const std::string &title);
  void report(size_t done, size_t total);
  void end(const std::string &message);

 private:
  std::optional<json> token_;
  Sender send_;
  int lastPercentage_ = -1;
};

}  // namespace shlo::lsp
