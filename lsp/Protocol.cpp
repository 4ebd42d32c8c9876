#include "lsp/Protocol.h"

#include "lsp/AssistProtocol.h"

#include <limits>

namespace shlo::lsp {

json makeResponse(const json &id, json result) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json makeErrorResponse(const json &id, ErrorCode code, const std::string &message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", static_cast<int>(code)}, {"message", message}}}};
}

json makeNotification(const std::string &method, json params) {
  return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

std::string serialize(const json &message) {
  return message.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string serializeResponse(const json &id, std::string_view resultText) {
  // The keys in the order json::dump writes an object's (sorted).
  std::string out = R"({"id":)" + serialize(id) + R"(,"jsonrpc":"2.0","result":)";
  out.reserve(out.size() + resultText.size() + 1);
  out += resultText;
  out += '}';
  return out;
}

namespace {

bool hasType(const json &value, json::value_t type) {
  if (type == json::value_t::number_unsigned) return value.is_number_unsigned();
  if (type == json::value_t::number_integer) return value.is_number_integer();
  return value.type() == type;
}

const char *typeName(json::value_t type) {
  switch (type) {
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::number_unsigned: return "a non-negative integer";
    case json::value_t::number_integer: return "an integer";
    case json::value_t::boolean: return "a boolean";
    default: return "a value";
  }
}

uint32_t uintFromJson(const json &object, const char *key) {
  const json &value = requireMember(object, key, json::value_t::number_unsigned);
  uint64_t number = value.get<uint64_t>();
  // Larger values are out of range anyway; clamping keeps them out of range
  // without overflowing.
  return static_cast<uint32_t>(std::min<uint64_t>(number, std::numeric_limits<uint32_t>::max()));
}

}  // namespace

const json &requireMember(const json &object, const char *key, json::value_t type) {
  if (!object.is_object()) throw LspError(ErrorCode::InvalidParams, std::string("expected an object holding `") + key + "`");
  auto it = object.find(key);
  if (it == object.end()) throw LspError(ErrorCode::InvalidParams, std::string("missing `") + key + "`");
  if (!hasType(*it, type)) {
    throw LspError(ErrorCode::InvalidParams, std::string("`") + key + "` must be " + typeName(type));
  }
  return *it;
}

Position positionFromJson(const json &value) {
  return {uintFromJson(value, "line"), uintFromJson(value, "character")};
}

Range rangeFromJson(const json &value) {
  return {positionFromJson(requireMember(value, "start", json::value_t::object)),
          positionFromJson(requireMember(value, "end", json::value_t::object))};
}

TextDocumentContentChangeEvent changeEventFromJson(const json &value) {
  TextDocumentContentChangeEvent event;
  event.text = requireMember(value, "text", json::value_t::string).get<std::string>();
  if (value.contains("range")) event.range = rangeFromJson(requireMember(value, "range", json::value_t::object));
  return event;
}

std::string documentUriFromJson(const json &params) {
  const json &document = requireMember(params, "textDocument", json::value_t::object);
  return requireMember(document, "uri", json::value_t::string).get<std::string>();
}

TextDocumentPositionParams positionParamsFromJson(const json &params) {
  return {documentUriFromJson(params), positionFromJson(requireMember(params, "position", json::value_t::object))};
}

json toJson(Position position) { return {{"line", position.line}, {"character", position.character}}; }

json toJson(const Range &range) { return {{"start", toJson(range.start)}, {"end", toJson(range.end)}}; }

json makeLocation(const std::string &uri, const Range &range) { return {{"uri", uri}, {"range", toJson(range)}}; }

syntax::PositionEncoding negotiatePositionEncoding(const json &initializeParams) {
  // Walk by hand: any level may be missing or of the wrong type.
  const json *node = &initializeParams;
  for (const char *key : {"capabilities", "general", "positionEncodings"}) {
    if (!node->is_object()) return syntax::PositionEncoding::UTF16;
    auto it = node->find(key);
    if (it == node->end()) return syntax::PositionEncoding::UTF16;
    node = &*it;
  }
  const json &offered = *node;
  if (!offered.is_array()) return syntax::PositionEncoding::UTF16;
  for (const json &encoding : offered) {
    if (encoding == "utf-8") return syntax::PositionEncoding::UTF8;
  }
  return syntax::PositionEncoding::UTF16;
}

const char *encodingName(syntax::PositionEncoding encoding) {
  return encoding == syntax::PositionEncoding::UTF8 ? "utf-8" : "utf-16";
}

}  // namespace shlo::lsp

namespace shlo::lsp {

ClientCapabilities clientCapabilitiesFromJson(const json &initializeParams) {
  ClientCapabilities client;
  client.snippetSupport = snippetSupportFromJson(initializeParams);
  auto member = [](const json &from, std::initializer_list<const char *> path) -> const json * {
    const json *node = &from;
    for (const char *key : path) {
      if (!node->is_object()) return nullptr;
      auto it = node->find(key);
      if (it == node->end()) return nullptr;
      node = &*it;
    }
    return node;
  };
  client.semanticTokens = member(initializeParams, {"capabilities", "textDocument", "semanticTokens"}) != nullptr;
  const json *documentChanges =
      member(initializeParams, {"capabilities", "workspace", "workspaceEdit", "documentChanges"});
  client.documentChanges = documentChanges && documentChanges->is_boolean() && documentChanges->get<bool>();
  const json *node = &initializeParams;
  for (const char *key : {"capabilities", "textDocument", "publishDiagnostics", "tagSupport", "valueSet"}) {
    if (!node->is_object()) return client;
    auto it = node->find(key);
    if (it == node->end()) return client;
    node = &*it;
  }
  if (!node->is_array()) return client;
  for (const json &tag : *node) {
    client.unnecessaryTag |= tag == 1;
    client.deprecatedTag |= tag == 2;
  }
  return client;
}

}  // namespace shlo::lsp
