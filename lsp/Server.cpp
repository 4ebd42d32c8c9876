#include "lsp/Server.h"

#include <iostream>
#include <set>

#include "ide/Completion.h"
#include "ide/Features.h"
#include "ide/CallHierarchy.h"
#include "ide/CodeLenses.h"
#include "ide/DocumentLinks.h"
#include "ide/SelectionRanges.h"
#include "lsp/DiagFeatures.h"
#include "lsp/DiagnosticsToProtocol.h"
#include "lsp/LintSettings.h"
#include "lsp/Log.h"
#include "lsp/ToProtocol.h"
#include "lsp/AssistProtocol.h"

namespace shlo::lsp {

namespace {

void log(const std::string &message) { logMessage(LogLevel::Error, message); }

}  // namespace

Server::Server(Transport &transport, ServerOptions options)
    : transport_(transport),
      options_(options),
      workers_(std::make_unique<WorkerPool>(options.workerThreads)),
      debouncer_(std::make_unique<Debouncer>(
          [this](const std::string &uri) { workers_->post([this, uri] { analyzeAndPublish(uri); }); })),
      confirmer_(std::make_unique<Debouncer>(
          [this](const std::string &uri) { workers_->post([this, uri] { confirm(uri); }); },
          /*leadingEdge=*/false)) {
  registerHandlers();
}

Server::~Server() {
  confirmer_->stop();
  debouncer_->stop();
  workers_->stop();
}

int Server::run() {
  std::string body, error;
  // A client that closed its end (a failed write) ends the session as the
  // end of the input does.
  while (!exitRequested_ && !transport_.peerClosed()) {
    Transport::ReadResult result = transport_.read(body, &error);
    if (result == Transport::ReadResult::End) break;
    if (result == Transport::ReadResult::Malformed) {
      // JSON-RPC has no id to answer a message it could not frame; the
      // transport skips to the next header, so later messages are answered.
      log("skipped a message: " + error);
      send(makeErrorResponse(nullptr, ErrorCode::ParseError, "invalid message header: " + error));
      continue;
    }
    handleMessage(body);
  }
  // Stop the timers first: a firing debounce posts to the workers.
  confirmer_->stop();
  debouncer_->stop();
  workers_->stop();
  return state_ == State::ShutDown ? 0 : 1;
}

void Server::handleMessage(const std::string &body) {
  json message;
  try {
    message = json::parse(body);
  } catch (const json::exception &e) {
    send(makeErrorResponse(nullptr, ErrorCode::ParseError, std::string("invalid JSON: ") + e.what()));
    return;
  }
  if (!message.is_object()) {
    send(makeErrorResponse(nullptr, ErrorCode::InvalidRequest, "a message must be a JSON object"));
    return;
  }
  auto idIt = message.find("id");
  bool hasId = idIt != message.end();
  json id = hasId ? *idIt : json();
  if (hasId && !id.is_string() && !id.is_number_integer()) {
    send(makeErrorResponse(nullptr, ErrorCode::InvalidRequest, "`id` must be a string or an integer"));
    return;
  }
  auto methodIt = message.find("method");
  if (methodIt == message.end()) {
    // A response to a request of ours; the server sends none yet.
    if (hasId && (message.contains("result") || message.contains("error"))) return;
    send(makeErrorResponse(id, ErrorCode::InvalidRequest, "missing `method`"));
    return;
  }
  if (!methodIt->is_string()) {
    if (hasId) send(makeErrorResponse(id, ErrorCode::InvalidRequest, "`method` must be a string"));
    return;
  }
  std::string method = methodIt->get<std::string>();
  json params = message.contains("params") ? message["params"] : json::object();
  if (hasId) {
    handleRequest(id, method, params);
  } else {
    handleNotification(method, params);
  }
}

void Server::handleRequest(const json &id, const std::string &method, const json &params) {
  // The lifecycle is answered here, in order; it is never slow.
  if (method == "initialize") {
    if (state_ != State::Uninitialized) {
      send(makeErrorResponse(id, ErrorCode::InvalidRequest, "initialize was already received"));
      return;
    }
    send(makeResponse(id, initialize(params)));
    state_ = State::Running;
    return;
  }
  if (state_ == State::Uninitialized) {
    send(makeErrorResponse(id, ErrorCode::ServerNotInitialized, "the server has not been initialized"));
    return;
  }
  if (state_ == State::ShutDown) {
    send(makeErrorResponse(id, ErrorCode::InvalidRequest, "the server is shut down"));
    return;
  }
  if (method == "shutdown") {
    state_ = State::ShutDown;
    send(makeResponse(id, nullptr));
    return;
  }
  TextHandler run;
  if (auto handler = handlers_.find(method); handler != handlers_.end()) {
    run = [handle = handler->second](const json &params) { return serialize(handle(params)); };
  } else if (auto textHandler = textHandlers_.find(method); textHandler != textHandlers_.end()) {
    run = textHandler->second;
  } else {
    send(makeErrorResponse(id, ErrorCode::MethodNotFound, "method not found: " + method));
    return;
  }
  auto flag = std::make_shared<std::atomic<bool>>(false);
  std::string key = id.dump();
  {
    std::lock_guard<std::mutex> lock(requestsMutex_);
    cancelled_[key] = flag;
  }
  workers_->post([this, id, key, flag, params, method, run = std::move(run)] {
    auto started = std::chrono::steady_clock::now();
    std::string response;
    bool failed = true;
    if (*flag) {
      response = serialize(makeErrorResponse(id, ErrorCode::RequestCancelled, "request cancelled"));
    } else {
      try {
        std::string result = run(params);
        if (*flag) {
          response = serialize(makeErrorResponse(id, ErrorCode::RequestCancelled, "request cancelled"));
        } else {
          response = serializeResponse(id, result);
          failed = false;
        }
      } catch (const LspError &e) {
        response = serialize(makeErrorResponse(id, e.code, e.what()));
      } catch (const std::exception &e) {
        // A bug in a feature must not take the server down.
        response = serialize(makeErrorResponse(id, ErrorCode::InternalError, e.what()));
      }
    }
    {
      std::lock_guard<std::mutex> lock(requestsMutex_);
      cancelled_.erase(key);
    }
    if (logEnabled(LogLevel::Verbose)) {
      auto elapsed = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
      logMessage(LogLevel::Verbose, method + " " + key + ": " + std::to_string(elapsed) + " ms" +
                                        (failed ? " (error)" : ""));
    }
    transport_.write(response);
  });
}

void Server::handleNotification(const std::string &method, const json &params) {
  if (method == "exit") {
    exitRequested_ = true;
    return;
  }
  // Before initialize, notifications other than exit are dropped; after
  // shutdown, so is everything but exit.
  if (state_ != State::Running) return;
  try {
    if (method == "textDocument/didOpen") {
      didOpen(params);
    } else if (method == "textDocument/didChange") {
      didChange(params);
    } else if (method == "textDocument/didClose") {
      didClose(params);
    } else if (method == "$/cancelRequest") {
      cancel(params);
    } else if (method == "workspace/didChangeConfiguration") {
      didChangeConfiguration(params);
    } else if (method == "workspace/didChangeWorkspaceFolders") {
      workspace_.change(requireMember(params, "event", json::value_t::object));
    }
    // `initialized`, `$/setTrace` and unknown notifications need nothing.
  } catch (const std::exception &e) {
    // Notifications have no response to carry an error.
    log(method + ": " + e.what());
  }
}

json Server::initialize(const json &params) {
  encoding_ = negotiatePositionEncoding(params);
  client_ = clientCapabilitiesFromJson(params);
  {
    const json *window = params.is_object() && params.contains("capabilities") && params["capabilities"].is_object() &&
                                 params["capabilities"].contains("window")
                             ? &params["capabilities"]["window"]
                             : nullptr;
    clientCreatesProgress_ = window && window->is_object() && window->contains("workDoneProgress") &&
                             (*window)["workDoneProgress"].is_boolean() && (*window)["workDoneProgress"].get<bool>();
  }
  workspace_.initialize(params);
  if (params.is_object() && params.contains("initializationOptions")) takeLintSettings(params["initializationOptions"]);
  json capabilities = {
      {"positionEncoding", encodingName(encoding_)},
      {"textDocumentSync", {{"openClose", true}, {"change", 2 /* Incremental */}}},
      {"hoverProvider", true},
      {"definitionProvider", true},
      {"declarationProvider", true},
      {"referencesProvider", true},
      {"documentSymbolProvider", true},
      {"documentHighlightProvider", true},
      {"workspaceSymbolProvider", true},
      {"diagnosticProvider", {{"identifier", "shlo"}, {"interFileDependencies", false}, {"workspaceDiagnostics", false}}},
      {"codeLensProvider", {{"resolveProvider", false}}},
      {"callHierarchyProvider", true},
      {"selectionRangeProvider", true},
      {"documentLinkProvider", {{"resolveProvider", false}}},
      {"foldingRangeProvider", true},
      {"semanticTokensProvider", {{"legend", semanticTokensLegend()}, {"range", true}, {"full", {{"delta", true}}}}},
      {"completionProvider", completionCapability()},
      {"signatureHelpProvider", signatureHelpCapability()},
      {"inlayHintProvider", true},
      {"workspace", {{"workspaceFolders", {{"supported", true}, {"changeNotifications", true}}}}},
  };
  capabilities.update(editCapabilities());
  capabilities.update(graphCapabilities());
  return {{"capabilities", capabilities}, {"serverInfo", {{"name", "shlo"}, {"version", SHLO_LSP_VERSION}}}};
}

void Server::registerHandlers() {
  registerEditHandlers();
  registerGraphHandlers();
  handlers_["textDocument/hover"] = [this](const json &params) {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    auto snapshot = snapshotFor(p.uri);
    return hoverToJson(*snapshot, ide::hover(*snapshot, offsetFor(*snapshot, p.position), resolverFor(*snapshot)),
                       encoding_);
  };
  handlers_["textDocument/definition"] = [this](const json &params) {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    auto snapshot = snapshotFor(p.uri);
    return locationsToJson(
        *snapshot, ide::definition(*snapshot, offsetFor(*snapshot, p.position), resolverFor(*snapshot)), encoding_);
  };
  handlers_["textDocument/declaration"] = [this](const json &params) {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    auto snapshot = snapshotFor(p.uri);
    return locationsToJson(
        *snapshot, ide::declaration(*snapshot, offsetFor(*snapshot, p.position), resolverFor(*snapshot)), encoding_);
  };
  handlers_["textDocument/references"] = [this](const json &params) {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    bool includeDeclaration = false;
    if (params.contains("context")) {
      const json &context = requireMember(params, "context", json::value_t::object);
      if (context.contains("includeDeclaration")) {
        includeDeclaration = requireMember(context, "includeDeclaration", json::value_t::boolean).get<bool>();
      }
    }
    auto snapshot = snapshotFor(p.uri);
    return referencesToJson(*snapshot, ide::references(*snapshot, offsetFor(*snapshot, p.position), includeDeclaration),
                            encoding_);
  };
  handlers_["textDocument/documentSymbol"] = [this](const json &params) {
    auto snapshot = snapshotFor(documentUriFromJson(params));
    return documentSymbolsToJson(*snapshot, ide::documentSymbols(*snapshot), encoding_);
  };
  handlers_["textDocument/documentHighlight"] = [this](const json &params) {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    auto snapshot = snapshotFor(p.uri);
    return highlightsToJson(*snapshot, ide::documentHighlights(*snapshot, offsetFor(*snapshot, p.position)), encoding_);
  };
  handlers_["textDocument/foldingRange"] = [this](const json &params) {
    auto snapshot = snapshotFor(documentUriFromJson(params));
    return foldingRangesToJson(snapshot->file, ide::foldingRanges(*snapshot));
  };
  textHandlers_["textDocument/semanticTokens/full"] = [this](const json &params) {
    auto snapshot = snapshotFor(documentUriFromJson(params));
    return semanticTokensFullText(*snapshot);
  };
  handlers_["textDocument/semanticTokens/full/delta"] = [this](const json &params) {
    std::string previous = requireMember(params, "previousResultId", json::value_t::string).get<std::string>();
    auto snapshot = snapshotFor(documentUriFromJson(params));
    return semanticTokensResult(*snapshot, &previous);
  };
  handlers_["textDocument/semanticTokens/range"] = [this](const json &params) {
    Range range = rangeFromJson(requireMember(params, "range", json::value_t::object));
    auto snapshot = snapshotFor(documentUriFromJson(params));
    // The start must lie in the document; the end clamps to its end.
    syntax::TextRange bytes{offsetFor(*snapshot, range.start), snapshot->file.offset(range.end, encoding_)};
    if (bytes.end < bytes.begin) throw LspError(ErrorCode::InvalidParams, "range ends before it starts");
    return json{{"data", encodeSemanticTokens(snapshot->file, ide::semanticTokens(*snapshot, &bytes), encoding_)}};
  };
  handlers_["textDocument/completion"] = [this](const json &params) {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    auto snapshot = snapshotFor(p.uri);
    return completionToJson(*snapshot, ide::complete(*snapshot, offsetFor(*snapshot, p.position)), encoding_,
                            client_.snippetSupport);
  };
  handlers_["completionItem/resolve"] = [](const json &params) { return resolveCompletionItem(params); };
  handlers_["textDocument/signatureHelp"] = [this](const json &params) {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    auto snapshot = snapshotFor(p.uri);
    return signatureHelpToJson(ide::signatureHelp(*snapshot, offsetFor(*snapshot, p.position)));
  };
  handlers_["textDocument/inlayHint"] = [this](const json &params) {
    Range range = rangeFromJson(requireMember(params, "range", json::value_t::object));
    auto snapshot = snapshotFor(documentUriFromJson(params));
    syntax::TextRange bytes{offsetFor(*snapshot, range.start), snapshot->file.offset(range.end, encoding_)};
    if (bytes.end < bytes.begin) throw LspError(ErrorCode::InvalidParams, "range ends before it starts");
    return inlayHintsToJson(*snapshot, ide::inlayHints(*snapshot, bytes), encoding_);
  };
  handlers_["workspace/symbol"] = [this](const json &params) {
    std::string query = requireMember(params, "query", json::value_t::string).get<std::string>();
    std::vector<std::shared_ptr<Document>> open;
    {
      std::lock_guard<std::mutex> lock(documentsMutex_);
      for (const auto &[uri, document] : documents_) open.push_back(document);
    }
    constexpr size_t kLimit = 1000;
    json symbols = json::array();
    std::set<std::string> openUris;
    for (const std::shared_ptr<Document> &document : open) {
      openUris.insert(document->uri());
      if (symbols.size() >= kLimit) continue;
      auto snapshot = document->snapshot([this](const Snapshot &fresh) { publish(fresh); });
      if (!snapshot) continue;  // Closed meanwhile.
      for (const ide::WorkspaceSymbol &symbol : ide::workspaceSymbols(*snapshot, query, kLimit - symbols.size())) {
        symbols.push_back(workspaceSymbolToJson(snapshot->uri, snapshot->file, symbol, encoding_));
      }
    }
    // Then the files under the workspace folders that are not open; the
    // first search parses them all, so it reports its progress.
    WorkDoneProgress progress(params, [this](const json &notification) { send(notification); });
    if (clientCreatesProgress_) progress.createIfNone("shlo/index/" + std::to_string(nextProgressToken_++));
    progress.begin("Indexing the workspace");
    workspace_.diskSymbols(query, encoding_, kLimit, openUris, symbols,
                           [&progress](size_t done, size_t total) { progress.report(done, total); });
    progress.end(std::to_string(symbols.size()) + " symbols");
    return symbols;
  };
  registerDiagHandlers();
}

void Server::registerDiagHandlers() {
  // Pull diagnostics (LSP 3.17): the same list publishDiagnostics pushes.
  handlers_["textDocument/diagnostic"] = [this](const json &params) {
    auto snapshot = snapshotFor(documentUriFromJson(params));
    std::string previous = params.contains("previousResultId") && params["previousResultId"].is_string()
                               ? params["previousResultId"].get<std::string>()
                               : "";
    return documentDiagnosticReport(*snapshot, previous.empty() ? nullptr : &previous, encoding_, client_);
  };
  handlers_["textDocument/codeLens"] = [this](const json &params) {
    auto snapshot = snapshotFor(documentUriFromJson(params));
    return codeLensesToJson(*snapshot, ide::codeLenses(*snapshot), encoding_);
  };
  handlers_["textDocument/prepareCallHierarchy"] = [this](const json &params) -> json {
    TextDocumentPositionParams p = positionParamsFromJson(params);
    auto snapshot = snapshotFor(p.uri);
    std::optional<ide::CallHierarchyItem> item = ide::prepareCallHierarchy(*snapshot, offsetFor(*snapshot, p.position));
    if (!item) return nullptr;
    return json::array({callHierarchyItemToJson(*snapshot, *item, encoding_)});
  };
  auto calls = [this](const json &params, bool incoming) {
    const json &item = requireMember(params, "item", json::value_t::object);
    std::string uri = requireMember(item, "uri", json::value_t::string).get<std::string>();
    std::string name = requireMember(item, "name", json::value_t::string).get<std::string>();
    Range selection = rangeFromJson(requireMember(item, "selectionRange", json::value_t::object));
    auto snapshot = snapshotFor(uri);
    uint32_t offset = offsetFor(*snapshot, selection.start);
    return hierarchyCallsToJson(*snapshot,
                                incoming ? ide::incomingCalls(*snapshot, name, offset)
                                         : ide::outgoingCalls(*snapshot, name, offset),
                                incoming, encoding_);
  };
  handlers_["callHierarchy/incomingCalls"] = [calls](const json &params) { return calls(params, true); };
  handlers_["callHierarchy/outgoingCalls"] = [calls](const json &params) { return calls(params, false); };
  handlers_["textDocument/selectionRange"] = [this](const json &params) {
    const json &positions = requireMember(params, "positions", json::value_t::array);
    auto snapshot = snapshotFor(documentUriFromJson(params));
    json out = json::array();
    for (const json &position : positions) {
      if (!position.is_object()) throw LspError(ErrorCode::InvalidParams, "`positions` must hold Position objects");
      uint32_t offset = offsetFor(*snapshot, positionFromJson(position));
      out.push_back(selectionRangeToJson(*snapshot, ide::selectionRanges(*snapshot, offset), encoding_));
    }
    return out;
  };
  handlers_["textDocument/documentLink"] = [this](const json &params) {
    auto snapshot = snapshotFor(documentUriFromJson(params));
    return documentLinksToJson(*snapshot, ide::documentLinks(*snapshot, resolverFor(*snapshot)), encoding_);
  };
}

json Server::semanticTokensResult(const Snapshot &snapshot, const std::string *previousResultId) {
  std::vector<uint32_t> data = snapshot.semanticTokens(encoding_);
  std::lock_guard<std::mutex> lock(tokensMutex_);
  std::string resultId = std::to_string(nextResultId_++);
  // Closed meanwhile (didClose drops the entry after removing the document,
  // under this lock): answer, but keep nothing.
  if (!findDocument(snapshot.uri)) return {{"resultId", resultId}, {"data", std::move(data)}};
  SentTokens &sent = sentTokens_[snapshot.uri];
  json result;
  if (previousResultId && !sent.resultId.empty() && sent.resultId == *previousResultId) {
    // One edit: what lies between the common prefix and the common suffix.
    const std::vector<uint32_t> &old = sent.data;
    size_t prefix = 0;
    while (prefix < old.size() && prefix < data.size() && old[prefix] == data[prefix]) ++prefix;
    size_t suffix = 0;
    while (suffix < old.size() - prefix && suffix < data.size() - prefix &&
           old[old.size() - 1 - suffix] == data[data.size() - 1 - suffix]) {
      ++suffix;
    }
    json edits = json::array();
    if (prefix + suffix < old.size() || prefix + suffix < data.size()) {
      edits.push_back({{"start", prefix},
                       {"deleteCount", old.size() - prefix - suffix},
                       {"data", std::vector<uint32_t>(data.begin() + static_cast<std::ptrdiff_t>(prefix),
                                                      data.end() - static_cast<std::ptrdiff_t>(suffix))}});
    }
    result = {{"resultId", resultId}, {"edits", std::move(edits)}};
  } else {
    result = {{"resultId", resultId}, {"data", data}};
  }
  sent.resultId = std::move(resultId);
  sent.data = std::move(data);
  return result;
}

std::string Server::semanticTokensFullText(const Snapshot &snapshot) {
  const std::vector<uint32_t> &data = snapshot.semanticTokens(encoding_);
  const std::string &dataText = snapshot.semanticTokensText(encoding_);
  std::string resultId;
  {
    std::lock_guard<std::mutex> lock(tokensMutex_);
    resultId = std::to_string(nextResultId_++);
    // Closed meanwhile (didClose drops the entry after removing the
    // document, under this lock): answer, but keep nothing.
    if (findDocument(snapshot.uri)) {
      SentTokens &sent = sentTokens_[snapshot.uri];
      sent.resultId = resultId;
      sent.data = data;
    }
  }
  // The keys in json::dump's order, as every other result.
  std::string out = R"({"data":)";
  out.reserve(out.size() + dataText.size() + resultId.size() + 16);
  out += dataText;
  out += R"(,"resultId":")";
  out += resultId;
  out += "\"}";
  return out;
}

void Server::didOpen(const json &params) {
  const json &document = requireMember(params, "textDocument", json::value_t::object);
  std::string uri = requireMember(document, "uri", json::value_t::string).get<std::string>();
  std::string text = requireMember(document, "text", json::value_t::string).get<std::string>();
  int64_t version = document.contains("version") && document["version"].is_number_integer()
                        ? document["version"].get<int64_t>()
                        : 0;
  {
    std::lock_guard<std::mutex> lock(documentsMutex_);
    documents_[uri] = std::make_shared<Document>(uri, std::move(text), version, lintOverrides());
  }
  // No debounce on open: the first diagnostics should come at once.
  debouncer_->cancel(uri);
  workers_->post([this, uri] { analyzeAndPublish(uri); });
}

void Server::didChange(const json &params) {
  const json &document = requireMember(params, "textDocument", json::value_t::object);
  std::string uri = requireMember(document, "uri", json::value_t::string).get<std::string>();
  int64_t version = document.contains("version") && document["version"].is_number_integer()
                        ? document["version"].get<int64_t>()
                        : 0;
  std::vector<TextDocumentContentChangeEvent> changes;
  for (const json &change : requireMember(params, "contentChanges", json::value_t::array)) {
    changes.push_back(changeEventFromJson(change));
  }
  std::shared_ptr<Document> target = findDocument(uri);
  if (!target) throw LspError(ErrorCode::InvalidParams, "didChange for a document that is not open: " + uri);
  // Applying the text edits here keeps them in order; they are cheap. The
  // analysis waits for the typing to pause.
  target->applyChanges(version, changes, encoding_);
  confirmer_->cancel(uri);  // This edit's analysis supersedes it.
  debouncer_->schedule(uri, options_.diagnosticsDelay);
}

void Server::didClose(const json &params) {
  std::string uri = documentUriFromJson(params);
  std::shared_ptr<Document> target;
  {
    std::lock_guard<std::mutex> lock(documentsMutex_);
    auto it = documents_.find(uri);
    if (it == documents_.end()) return;
    target = it->second;
    documents_.erase(it);
  }
  debouncer_->cancel(uri);
  confirmer_->cancel(uri);
  {
    std::lock_guard<std::mutex> lock(tokensMutex_);
    sentTokens_.erase(uri);
  }
  workers_->post([this, target, uri] {
    // After any running analysis of it, so the empty list is published last.
    target->close([this, &uri] {
      send(makeNotification("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}}));
    });
  });
}

bool Server::takeLintSettings(const json &settings) {
  std::optional<ClientLintSettings> read = clientLintSettings(settings);
  if (!read) return false;
  {
    std::lock_guard<std::mutex> lock(settingsMutex_);
    if (lintOverrides_ && read->rules == lintRules_) return false;
    lintRules_ = std::move(read->rules);
    lintOverrides_ = std::make_shared<const linter::RuleSelection>(std::move(read->overrides));
  }
  for (const std::string &problem : read->problems) {
    logMessage(LogLevel::Info, problem);
    send(makeNotification("window/showMessage", {{"type", 2 /* Warning */}, {"message", problem}}));
  }
  return true;
}

std::shared_ptr<const linter::RuleSelection> Server::lintOverrides() {
  std::lock_guard<std::mutex> lock(settingsMutex_);
  return lintOverrides_;
}

void Server::didChangeConfiguration(const json &params) {
  // Clients of the pull model send `settings: null` and wait for
  // workspace/configuration requests; this server takes pushed settings only.
  if (!params.is_object() || !params.contains("settings") || !takeLintSettings(params["settings"])) return;
  std::shared_ptr<const linter::RuleSelection> overrides = lintOverrides();
  std::vector<std::shared_ptr<Document>> open;
  {
    std::lock_guard<std::mutex> lock(documentsMutex_);
    for (const auto &[uri, document] : documents_) open.push_back(document);
  }
  // Every open document's lint findings may change: publish them again.
  for (const std::shared_ptr<Document> &document : open) {
    document->setLintOverrides(overrides);
    debouncer_->cancel(document->uri());
    workers_->post([this, uri = document->uri()] { analyzeAndPublish(uri); });
  }
}

void Server::cancel(const json &params) {
  auto it = params.find("id");
  if (it == params.end()) return;
  std::lock_guard<std::mutex> lock(requestsMutex_);
  auto request = cancelled_.find(it->dump());
  if (request != cancelled_.end()) *request->second = true;
}

std::shared_ptr<Document> Server::findDocument(const std::string &uri) {
  std::lock_guard<std::mutex> lock(documentsMutex_);
  auto it = documents_.find(uri);
  return it == documents_.end() ? nullptr : it->second;
}

std::shared_ptr<const Snapshot> Server::snapshotFor(const std::string &uri) {
  std::shared_ptr<Document> document = findDocument(uri);
  std::shared_ptr<const Snapshot> snapshot =
      document ? document->snapshot([this](const Snapshot &fresh) { publish(fresh); }) : nullptr;
  if (!snapshot) throw LspError(ErrorCode::InvalidParams, "document is not open: " + uri);
  return snapshot;
}

ide::FileResolver Server::resolverFor(const Snapshot &snapshot) const {
  return [this, uri = snapshot.uri](const std::string &file) { return workspace_.resolve(file, uri); };
}

uint32_t Server::offsetFor(const Snapshot &snapshot, Position position) const {
  if (position.line >= snapshot.file.lineCount()) {
    throw LspError(ErrorCode::InvalidParams, "position out of range: line " + std::to_string(position.line) +
                                                 " of a document with " +
                                                 std::to_string(snapshot.file.lineCount()) + " lines");
  }
  return snapshot.file.offset(position, encoding_);
}

void Server::analyzeAndPublish(const std::string &uri) {
  if (std::shared_ptr<Document> document = findDocument(uri)) {
    bool fresh = false;
    std::shared_ptr<const Snapshot> snapshot = document->snapshot([&](const Snapshot &analysed) {
      publish(analysed);
      fresh = true;
    });
    // Editors ask for the tokens of every new version: have them ready
    // (made once per snapshot, after its diagnostics went out).
    if (fresh && snapshot && client_.semanticTokens) snapshot->semanticTokensText(encoding_);
  }
}

void Server::publish(const Snapshot &snapshot) {
  // Written as text: the edit's latency bar counts it (DiagnosticsToProtocol.h).
  transport_.write(publishDiagnosticsText(snapshot, encoding_, client_));
  if (snapshot.provisional()) confirmer_->schedule(snapshot.uri, options_.confirmDelay);
}

void Server::confirm(const std::string &uri) {
  std::shared_ptr<Document> document = findDocument(uri);
  if (!document) return;
  document->confirm([this](const Snapshot &provisional, const Snapshot &exact) {
    // Usually the same: then the client hears nothing more. The texts hold
    // the same fields in the same order, versions aside.
    if (diagnosticsText(provisional, encoding_, client_) != diagnosticsText(exact, encoding_, client_)) publish(exact);
  });
}

}  // namespace shlo::lsp
