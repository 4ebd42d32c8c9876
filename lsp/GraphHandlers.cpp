// `shlo/dataflowGraph`, the custom request behind the editors' graph view:
// params `{textDocument: {uri}, function?: "name", position?: Position}`,
// result `{function, nodes: [{id, label, type, range}], edges: [{from, to,
// operandIndex}], truncated}` (ide/DataflowGraph.h). Advertised as
// `experimental.dataflowGraph`, so a client shows the view only when the
// server offers it.
#include "ide/DataflowGraph.h"
#include "lsp/Server.h"
#include "lsp/ToProtocol.h"

namespace shlo::lsp {

json Server::graphCapabilities() { return {{"experimental", {{"dataflowGraph", true}}}}; }

void Server::registerGraphHandlers() {
  handlers_["shlo/dataflowGraph"] = [this](const json &params) {
    auto snapshot = snapshotFor(documentUriFromJson(params));
    ide::DataflowQuery query;
    if (params.contains("function") && !params["function"].is_null()) {
      std::string name = requireMember(params, "function", json::value_t::string).get<std::string>();
      query.function = !name.empty() && name.front() == '@' ? name.substr(1) : name;
    }
    if (params.contains("position") && !params["position"].is_null()) {
      query.offset = offsetFor(*snapshot, positionFromJson(params["position"]));
    }
    std::optional<ide::DataflowGraph> graph = ide::dataflowGraph(*snapshot, query);
    if (!graph) {
      throw LspError(ErrorCode::InvalidParams, query.function ? "no function @" + *query.function + " in the document"
                                                              : "the document defines no function");
    }
    json nodes = json::array();
    for (const ide::DataflowNode &node : graph->nodes) {
      nodes.push_back({{"id", node.id},
                       {"label", node.label},
                       {"type", node.type},
                       {"range", toJson(toLspRange(snapshot->file, node.range, encoding_))}});
    }
    json edges = json::array();
    for (const ide::DataflowEdge &edge : graph->edges) {
      edges.push_back({{"from", edge.from}, {"to", edge.to}, {"operandIndex", edge.operandIndex}});
    }
    return json{{"function", graph->function},
                {"nodes", std::move(nodes)},
                {"edges", std::move(edges)},
                {"truncated", graph->truncated}};
  };
}

}  // namespace shlo::lsp
