// The protocol layer: JSON-RPC 2.0 messages and the LSP structures the server
// reads, translated between JSON and C++. Names follow the LSP specification.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "semantic/syntax/TextRange.h"

namespace shlo::lsp {

using json = nlohmann::json;

/// JSON-RPC and LSP error codes.
enum class ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestFailed = -32803,
  RequestCancelled = -32800,
};

/// Thrown by handlers and by the JSON readers below; becomes an error
/// response with this code.
struct LspError : std::runtime_error {
  LspError(ErrorCode code, const std::string &message) : std::runtime_error(message), code(code) {}
  ErrorCode code;
};

// JSON-RPC messages.
json makeResponse(const json &id, json result);
json makeErrorResponse(const json &id, ErrorCode code, const std::string &message);
json makeNotification(const std::string &method, json params);
/// Serialises a message; invalid UTF-8 in strings is replaced, never thrown.
std::string serialize(const json &message);
/// The text of a response whose result is JSON text already (`resultText`,
/// spliced in unchanged): large results serialised once and kept.
std::string serializeResponse(const json &id, std::string_view resultText);

// LSP structures.
using Position = syntax::Position;

struct Range {
  Position start;
  Position end;
};

struct TextDocumentContentChangeEvent {
  std::optional<Range> range;  // Absent: `text` replaces the whole document.
  std::string text;
};

struct TextDocumentPositionParams {
  std::string uri;
  Position position;
};

/// Readers: each throws LspError(InvalidParams) naming what is missing or
/// of the wrong type.
Position positionFromJson(const json &value);
Range rangeFromJson(const json &value);
TextDocumentContentChangeEvent changeEventFromJson(const json &value);
TextDocumentPositionParams positionParamsFromJson(const json &params);
/// `params.textDocument.uri`.
std::string documentUriFromJson(const json &params);
/// The member `key` of `object`, required to be present and of `type`.
const json &requireMember(const json &object, const char *key, json::value_t type);

json toJson(Position position);
json toJson(const Range &range);
json makeLocation(const std::string &uri, const Range &range);

/// What the client said it supports, of what the server adapts to.
struct ClientCapabilities {
  /// `textDocument.publishDiagnostics.tagSupport.valueSet` holds 1 / 2.
  bool unnecessaryTag = false;
  bool deprecatedTag = false;
  /// `textDocument.completion.completionItem.snippetSupport`.
  bool snippetSupport = false;
  /// `textDocument.semanticTokens` is present: the client asks for them
  /// after every edit, so they are worth computing ahead.
  bool semanticTokens = false;
  /// `workspace.workspaceEdit.documentChanges`: a WorkspaceEdit may carry
  /// versioned TextDocumentEdits.
  bool documentChanges = false;
};
/// Reads `capabilities` of `initialize` params; missing or malformed parts
/// read as unsupported.
ClientCapabilities clientCapabilitiesFromJson(const json &initializeParams);

/// The encoding to use: UTF-8 when the client lists it in
/// `capabilities.general.positionEncodings`, else UTF-16 (LSP's default).
syntax::PositionEncoding negotiatePositionEncoding(const json &initializeParams);
const char *encodingName(syntax::PositionEncoding encoding);

}  // namespace shlo::lsp
