// The server core: reads messages on the calling thread, answers the
// lifecycle itself, keeps the open documents, and hands every other request
// to the worker pool. Follows clangd's split: the shared Transport below
// (protocol/), Protocol for the messages; the work itself is the IDE layer's
// (ide/Features.h), whose values ToProtocol turns into LSP results. A handler
// reads the LSP params, calls one ide function and translates its result.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ide/Features.h"
#include "lsp/Document.h"
#include "lsp/Protocol.h"
#include "lsp/Workspace.h"
#include "protocol/Debouncer.h"
#include "protocol/Transport.h"
#include "protocol/WorkerPool.h"

namespace shlo::lsp {

using protocol::Debouncer;
using protocol::Transport;
using protocol::WorkerPool;

struct ServerOptions {
  unsigned workerThreads = 4;
  /// Quiet time after the last edit before a document is re-analysed.
  // Short: an analysis of a large file takes ~20 ms, and a newer edit
  // supersedes an analysis still running.
  std::chrono::milliseconds diagnosticsDelay{10};
  /// Quiet time after a provisional analysis (an edit that left a syntax
  /// error, Snapshot::provisional) before the text is analysed from scratch
  /// to confirm or correct it. A keystroke within it postpones that work.
  std::chrono::milliseconds confirmDelay{150};
};

class Server {
 public:
  Server(Transport &transport, ServerOptions options = {});
  ~Server();

  /// Serves until `exit` or the end of the input. Returns the process exit
  /// code: 0 when `shutdown` came before, 1 otherwise (as LSP asks).
  int run();

 private:
  enum class State { Uninitialized, Running, ShutDown };
  /// A request handler, run on a worker. Throws LspError to answer with an
  /// error.
  using Handler = std::function<json(const json &params)>;
  /// A handler whose result is JSON text already (serialised once and
  /// kept, as semantic tokens are); same errors as Handler.
  using TextHandler = std::function<std::string(const json &params)>;

  void registerHandlers();
  /// Diagnostics (pull), code lenses, call hierarchy, selection ranges and
  /// document links (Server.cpp's end).
  void registerDiagHandlers();
  /// Formatting, code actions and rename (lsp/EditHandlers.cpp).
  void registerEditHandlers();
  static json editCapabilities();
  /// `shlo/dataflowGraph` (lsp/GraphHandlers.cpp).
  void registerGraphHandlers();
  static json graphCapabilities();
  void handleMessage(const std::string &body);
  void handleRequest(const json &id, const std::string &method, const json &params);
  void handleNotification(const std::string &method, const json &params);
  json initialize(const json &params);

  void didOpen(const json &params);
  void didChange(const json &params);
  void didClose(const json &params);
  void cancel(const json &params);
  /// `workspace/didChangeConfiguration`: the client's lint settings.
  void didChangeConfiguration(const json &params);
  /// Takes the lint settings in `settings` (initializationOptions or a
  /// configuration change), if it has any; true when they changed.
  bool takeLintSettings(const json &settings);
  std::shared_ptr<const linter::RuleSelection> lintOverrides();

  std::shared_ptr<Document> findDocument(const std::string &uri);
  /// The up-to-date snapshot of an open document; throws InvalidParams when
  /// it is not open.
  std::shared_ptr<const Snapshot> snapshotFor(const std::string &uri);
  /// The byte offset of `position`; throws InvalidParams when its line is
  /// past the end (a character past the line's end clamps, as LSP says).
  uint32_t offsetFor(const Snapshot &snapshot, Position position) const;
  /// Resolves the files `loc(...)` locations of the snapshot name: against
  /// the workspace folders, then the document's directory.
  ide::FileResolver resolverFor(const Snapshot &snapshot) const;
  /// Analyses the document now if it changed, publishing its diagnostics.
  void analyzeAndPublish(const std::string &uri);
  /// Publishes the snapshot's diagnostics; a provisional one is confirmed
  /// once the typing pauses (confirm).
  void publish(const Snapshot &snapshot);
  /// Analyses a document whose last snapshot is provisional from scratch,
  /// publishing again when the diagnostics differ.
  void confirm(const std::string &uri);

  void send(const json &message) { transport_.write(serialize(message)); }

  /// `textDocument/semanticTokens/full` and `/full/delta`: the tokens of the
  /// snapshot, as an edit of the last result sent for the document when
  /// `previousResultId` names it.
  json semanticTokensResult(const Snapshot &snapshot, const std::string *previousResultId);
  /// `textDocument/semanticTokens/full` as JSON text, the snapshot's
  /// pre-serialised data array spliced in.
  std::string semanticTokensFullText(const Snapshot &snapshot);

  Transport &transport_;
  ServerOptions options_;
  std::atomic<State> state_{State::Uninitialized};
  bool exitRequested_ = false;
  std::atomic<syntax::PositionEncoding> encoding_{syntax::PositionEncoding::UTF16};
  std::map<std::string, Handler> handlers_;
  std::map<std::string, TextHandler> textHandlers_;
  /// Set by initialize, before any worker reads them.
  ClientCapabilities client_;
  /// `window.workDoneProgress`: the server may create progress tokens.
  bool clientCreatesProgress_ = false;
  std::atomic<uint64_t> nextProgressToken_{1};
  Workspace workspace_;

  /// The client's `shlo.lint.rules`, as given (to tell a change) and read.
  std::mutex settingsMutex_;
  json lintRules_;
  std::shared_ptr<const linter::RuleSelection> lintOverrides_;

  std::mutex documentsMutex_;
  std::map<std::string, std::shared_ptr<Document>> documents_;

  /// Requests queued or running, by their id's JSON text: `$/cancelRequest`
  /// sets the flag, the worker checks it before and after the work.
  std::mutex requestsMutex_;
  std::map<std::string, std::shared_ptr<std::atomic<bool>>> cancelled_;

  /// The last semantic tokens sent per document, for deltas.
  struct SentTokens {
    std::string resultId;
    std::vector<uint32_t> data;
  };
  std::mutex tokensMutex_;
  std::map<std::string, SentTokens> sentTokens_;
  uint64_t nextResultId_ = 1;

  // Declared last: destroyed (joined) first, while the state above lives.
  std::unique_ptr<WorkerPool> workers_;
  std::unique_ptr<Debouncer> debouncer_;
  /// Schedules `confirm`, trailing edge only.
  std::unique_ptr<Debouncer> confirmer_;
};

}  // namespace shlo::lsp
