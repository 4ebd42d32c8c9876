#include "lsp/DiagFeatures.h"

#include "lsp/ToProtocol.h"
#include "lsp/Uri.h"

namespace shlo::lsp {

json codeLensesToJson(const Snapshot &snapshot, const std::vector<ide::CodeLens> &lenses,
                      syntax::PositionEncoding encoding) {
  json out = json::array();
  for (const ide::CodeLens &lens : lenses) {
    json command;
    switch (lens.kind) {
      case ide::CodeLens::Kind::Run:
      case ide::CodeLens::Kind::Debug: {
        bool run = lens.kind == ide::CodeLens::Kind::Run;
        std::string title = std::string(run ? "Run" : "Debug") + (lens.chunk ? " chunk (@" + lens.function + ")" : "");
        json arguments = {snapshot.uri, lens.function};
        if (lens.chunk) arguments.push_back(lens.chunkIndex + 1);
        command = {{"title", title},
                   {"command", run ? kRunFunctionCommand : kDebugFunctionCommand},
                   {"arguments", std::move(arguments)}};
        break;
      }
      case ide::CodeLens::Kind::Uses: {
        size_t n = lens.uses.size();
        json locations = json::array();
        for (syntax::TextRange use : lens.uses) {
          locations.push_back({{"uri", snapshot.uri}, {"range", toJson(toLspRange(snapshot.file, use, encoding))}});
        }
        json at = toJson(toLspRange(snapshot.file, lens.range, encoding))["start"];
        command = {{"title", std::to_string(n) + (n == 1 ? " use" : " uses")},
                   {"command", kShowReferencesCommand},
                   {"arguments", {snapshot.uri, std::move(at), std::move(locations)}}};
        break;
      }
    }
    out.push_back({{"range", toJson(toLspRange(snapshot.file, lens.range, encoding))}, {"command", command}});
  }
  return out;
}

json callHierarchyItemToJson(const Snapshot &snapshot, const ide::CallHierarchyItem &item,
                             syntax::PositionEncoding encoding) {
  json out = {{"name", item.name},
              {"kind", 12},  // SymbolKind.Function
              {"uri", snapshot.uri},
              {"range", toJson(toLspRange(snapshot.file, item.range, encoding))},
              {"selectionRange", toJson(toLspRange(snapshot.file, item.selectionRange, encoding))},
              {"data", {{"name", item.name}}}};
  if (!item.detail.empty()) out["detail"] = item.detail;
  return out;
}

json hierarchyCallsToJson(const Snapshot &snapshot, const std::vector<ide::HierarchyCall> &calls, bool incoming,
                          syntax::PositionEncoding encoding) {
  json out = json::array();
  for (const ide::HierarchyCall &call : calls) {
    json ranges = json::array();
    for (syntax::TextRange range : call.fromRanges) ranges.push_back(toJson(toLspRange(snapshot.file, range, encoding)));
    out.push_back({{incoming ? "from" : "to", callHierarchyItemToJson(snapshot, call.function, encoding)},
                   {"fromRanges", std::move(ranges)}});
  }
  return out;
}

json selectionRangeToJson(const Snapshot &snapshot, const std::vector<syntax::TextRange> &ranges,
                          syntax::PositionEncoding encoding) {
  json out;
  // Built outside in: each range is the parent of the next one inwards.
  for (auto it = ranges.rbegin(); it != ranges.rend(); ++it) {
    json range = {{"range", toJson(toLspRange(snapshot.file, *it, encoding))}};
    if (!out.is_null()) range["parent"] = std::move(out);
    out = std::move(range);
  }
  return out;
}

json documentLinksToJson(const Snapshot &snapshot, const std::vector<ide::DocumentLink> &links,
                         syntax::PositionEncoding encoding) {
  json out = json::array();
  for (const ide::DocumentLink &link : links) {
    std::string target = fileUriFromPath(link.path);
    if (link.line > 0) target += "#L" + std::to_string(link.line) + (link.column > 0 ? "," + std::to_string(link.column) : "");
    out.push_back({{"range", toJson(toLspRange(snapshot.file, link.range, encoding))},
                   {"target", target},
                   {"tooltip", link.path + (link.line > 0 ? ":" + std::to_string(link.line) : "")}});
  }
  return out;
}

WorkDoneProgress::WorkDoneProgress(const json &params, Sender send) : send_(std::move(send)) {
  auto it = params.find("workDoneToken");
  if (it != params.end() && (it->is_string() || it->is_number_integer())) token_ = *it;
}

void WorkDoneProgress::createIfNone(const std::string &token) {
  if (token_) return;
  token_ = token;
  // The client's response is not awaited: the server ignores responses.
  send_({{"jsonrpc", "2.0"}, {"id", token}, {"method", "window/workDoneProgress/create"}, {"params", {{"token", token}}}});
}

void WorkDoneProgress::begin(const std::string &title) {
  if (!token_) return;
  send_(makeNotification("$/progress", {{"token", *token_},
                                        {"value", {{"kind", "begin"}, {"title", title}, {"cancellable", false}, {"percentage", 0}}}}));
  lastPercentage_ = 0;
}

void WorkDoneProgress::report(size_t done, size_t total) {
  if (!token_ || total == 0) return;
  int percentage = static_cast<int>(done * 100 / total);
  if (percentage < lastPercentage_ + 5 && done != total) return;
  lastPercentage_ = percentage;
  send_(makeNotification("$/progress", {{"token", *token_},
                                        {"value",
                                         {{"kind", "report"},
                                          {"message", std::to_string(done) + "/" + std::to_string(total) + " files"},
                                          {"percentage", percentage}}}}));
}

void WorkDoneProgress::end(const std::string &message) {
  if (!token_) return;
  send_(makeNotification("$/progress", {{"token", *token_}, {"value", {{"kind", "end"}, {"message", message}}}}));
}

}  // namespace shlo::lsp
