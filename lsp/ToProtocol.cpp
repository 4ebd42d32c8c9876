#include "lsp/ToProtocol.h"

#include <charconv>

#include "lsp/DiagnosticsToProtocol.h"
#include "lsp/Uri.h"

namespace shlo::lsp {

namespace {

json locationToJson(const Snapshot &snapshot, const ide::NavigationTarget &target,
                    syntax::PositionEncoding encoding) {
  if (target.path.empty()) return makeLocation(snapshot.uri, toLspRange(snapshot.file, target.range, encoding));
  Position position{target.line, target.column};
  return makeLocation(fileUriFromPath(target.path), Range{position, position});
}

int symbolKind(ide::SymbolKind kind) {
  // LSP SymbolKind values.
  switch (kind) {
    case ide::SymbolKind::Module: return 2;
    case ide::SymbolKind::Function: return 12;
    case ide::SymbolKind::Operator: return 25;
  }
  return 25;
}

json documentSymbolToJson(const Snapshot &snapshot, const ide::DocumentSymbol &symbol,
                          syntax::PositionEncoding encoding) {
  json out = {{"name", symbol.name},
              {"kind", symbolKind(symbol.kind)},
              {"range", toJson(toLspRange(snapshot.file, symbol.range, encoding))},
              {"selectionRange", toJson(toLspRange(snapshot.file, symbol.selectionRange, encoding))}};
  if (!symbol.detail.empty()) out["detail"] = symbol.detail;
  out["children"] = documentSymbolsToJson(snapshot, symbol.children, encoding);
  return out;
}

/// Units of `text[begin, end)` in `encoding`.
uint32_t unitsBetween(std::string_view text, uint32_t begin, uint32_t end, syntax::PositionEncoding encoding) {
  if (encoding == syntax::PositionEncoding::UTF8) return end - begin;
  uint32_t units = 0;
  for (size_t i = begin; i < end;) {
    size_t length = syntax::utf8SequenceLength(text, i);
    units += length == 4 ? 2 : 1;
    i += length;
  }
  return units;
}

}  // namespace

Range toLspRange(const syntax::SourceFile &file, syntax::TextRange range, syntax::PositionEncoding encoding) {
  return {file.position(range.begin, encoding), file.position(range.end, encoding)};
}

json hoverToJson(const Snapshot &snapshot, const std::optional<ide::HoverResult> &hover,
                 syntax::PositionEncoding encoding) {
  if (!hover) return nullptr;
  return {{"contents", {{"kind", "markdown"}, {"value", hover->markdown}}},
          {"range", toJson(toLspRange(snapshot.file, hover->range, encoding))}};
}

json locationsToJson(const Snapshot &snapshot, const std::vector<ide::NavigationTarget> &targets,
                     syntax::PositionEncoding encoding) {
  if (targets.empty()) return nullptr;
  if (targets.size() == 1) return locationToJson(snapshot, targets[0], encoding);
  json out = json::array();
  for (const ide::NavigationTarget &target : targets) out.push_back(locationToJson(snapshot, target, encoding));
  return out;
}

json referencesToJson(const Snapshot &snapshot, const std::optional<std::vector<syntax::TextRange>> &ranges,
                      syntax::PositionEncoding encoding) {
  if (!ranges) return nullptr;
  json out = json::array();
  for (syntax::TextRange range : *ranges) out.push_back(makeLocation(snapshot.uri, toLspRange(snapshot.file, range, encoding)));
  return out;
}

json highlightsToJson(const Snapshot &snapshot, const std::optional<std::vector<ide::Highlight>> &highlights,
                      syntax::PositionEncoding encoding) {
  if (!highlights) return nullptr;
  // LSP DocumentHighlightKind: Read = 2, Write = 3.
  json out = json::array();
  for (const ide::Highlight &highlight : *highlights) {
    out.push_back({{"range", toJson(toLspRange(snapshot.file, highlight.range, encoding))},
                   {"kind", highlight.write ? 3 : 2}});
  }
  return out;
}

json documentSymbolsToJson(const Snapshot &snapshot, const std::vector<ide::DocumentSymbol> &symbols,
                           syntax::PositionEncoding encoding) {
  json out = json::array();
  for (const ide::DocumentSymbol &symbol : symbols) out.push_back(documentSymbolToJson(snapshot, symbol, encoding));
  return out;
}

json workspaceSymbolToJson(const std::string &uri, const syntax::SourceFile &file,
                           const ide::WorkspaceSymbol &symbol, syntax::PositionEncoding encoding) {
  json out = {{"name", symbol.name},
              {"kind", symbolKind(ide::SymbolKind::Function)},
              {"location", makeLocation(uri, toLspRange(file, symbol.range, encoding))}};
  if (!symbol.containerName.empty()) out["containerName"] = symbol.containerName;
  return out;
}

json semanticTokensLegend() {
  return {{"tokenTypes", ide::tokenTypeNames()}, {"tokenModifiers", ide::tokenModifierNames()}};
}

std::vector<uint32_t> encodeSemanticTokens(const syntax::SourceFile &file,
                                           const std::vector<ide::SemanticToken> &tokens,
                                           syntax::PositionEncoding encoding) {
  std::vector<uint32_t> data;
  std::string_view text = file.text();
  data.reserve(tokens.size() * 5);
  // Positions are relative to the previous token: walk the text once,
  // tracking the line and the column of the last token in `encoding`.
  uint32_t previousLine = 0, previousColumn = 0, previousOffset = 0;
  uint32_t line = 0;
  auto emit = [&](uint32_t begin, uint32_t end, const ide::SemanticToken &token) {
    while (line + 1 < file.lineCount() && file.lineStart(line + 1) <= begin) ++line;
    uint32_t column = line == previousLine && begin >= previousOffset
                          ? previousColumn + unitsBetween(text, previousOffset, begin, encoding)
                          : unitsBetween(text, file.lineStart(line), begin, encoding);
    uint32_t length = unitsBetween(text, begin, end, encoding);
    if (length == 0) return;
    data.push_back(line - previousLine);
    data.push_back(line == previousLine ? column - previousColumn : column);
    data.push_back(length);
    data.push_back(token.type);
    data.push_back(token.modifiers);
    previousLine = line;
    previousColumn = column;
    previousOffset = begin;
  };
  for (const ide::SemanticToken &token : tokens) {
    uint32_t end = std::min<uint32_t>(token.range.end, static_cast<uint32_t>(text.size()));
    for (uint32_t begin = token.range.begin; begin < end;) {
      size_t newline = text.find('\n', begin);
      uint32_t lineEnd = newline == std::string_view::npos || newline >= end ? end : static_cast<uint32_t>(newline);
      uint32_t pieceEnd = lineEnd;
      if (pieceEnd > begin && lineEnd != end && text[pieceEnd - 1] == '\r') --pieceEnd;
      emit(begin, pieceEnd, token);
      begin = lineEnd == end ? end : lineEnd + 1;
    }
  }
  return data;
}

std::string jsonArrayText(const std::vector<uint32_t> &values) {
  std::string out;
  out.resize(2 + values.size() * 11);  // Ten digits and a comma at most per value.
  char *at = out.data();
  *at++ = '[';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) *at++ = ',';
    at = std::to_chars(at, out.data() + out.size(), values[i]).ptr;
  }
  *at++ = ']';
  out.resize(static_cast<size_t>(at - out.data()));
  return out;
}

json foldingRangesToJson(const syntax::SourceFile &file, const std::vector<ide::Fold> &folds) {
  json out = json::array();
  for (const ide::Fold &fold : folds) {
    json range = {{"startLine", file.position(fold.range.begin, syntax::PositionEncoding::UTF8).line},
                  {"endLine", file.position(fold.range.end, syntax::PositionEncoding::UTF8).line}};
    if (fold.kind == ide::Fold::Kind::Comment) range["kind"] = "comment";
    out.push_back(std::move(range));
  }
  return out;
}

json publishDiagnosticsParams(const Snapshot &snapshot, syntax::PositionEncoding encoding,
                              const ClientCapabilities &client) {
  return {{"uri", snapshot.uri}, {"version", snapshot.version}, {"diagnostics", diagnosticsToJson(snapshot, encoding, client)}};
}

}  // namespace shlo::lsp
