#include "ide/DataflowGraph.h"

#include <map>

namespace shlo::ide {

namespace {

std::string symbolOf(const ir::Operation &function) {
  const ir::Attribute *name = function.attribute("sym_name");
  return name ? name->text : std::string();
}

/// The module's `func.func` ops, in text order.
std::vector<const ir::Operation *> functionsOf(const AnalyzedFile &file) {
  std::vector<const ir::Operation *> out;
  ir::walk(file.module().topLevel, [&](const ir::Operation *op) {
    if (op->name == "func.func") out.push_back(op);
  });
  return out;
}

const ir::Operation *pickFunction(const AnalyzedFile &file, const DataflowQuery &query) {
  uint32_t offset = query.offset.value_or(0);
  if (query.function) return file.function(*query.function, offset);
  std::vector<const ir::Operation *> functions = functionsOf(file);
  if (query.offset) {
    for (const ir::Operation *function : functions) {
      if (function->range.begin <= offset && offset <= function->range.end) return function;
    }
  }
  if (const ir::Operation *main = file.function("main", offset)) return main;
  return functions.empty() ? nullptr : functions.front();
}

std::string resultTypes(const ir::Operation &op) {
  std::string out;
  for (const ir::Value *result : op.results) {
    if (!out.empty()) out += ", ";
    out += result->type.valid() ? result->type.str() : "?";
  }
  return out;
}

}  // namespace

std::optional<DataflowGraph> dataflowGraph(const AnalyzedFile &file, const DataflowQuery &query) {
  const ir::Operation *function = pickFunction(file, query);
  if (!function) return std::nullopt;
  DataflowGraph graph;
  graph.function = symbolOf(*function);
  if (function->regions.empty() || function->regions.front()->blocks.empty()) return graph;
  const ir::Region &body = *function->regions.front();

  // The node id of each value a node defines.
  std::map<const ir::Value *, std::string> producer;
  auto full = [&] {
    if (graph.nodes.size() < query.maxNodes) return false;
    graph.truncated = true;
    return true;
  };
  const std::vector<ir::Value *> &arguments = body.blocks.front()->arguments;
  for (size_t i = 0; i < arguments.size() && !full(); ++i) {
    const ir::Value &argument = *arguments[i];
    std::string id = "arg" + std::to_string(i);
    producer[&argument] = id;
    graph.nodes.push_back(
        {id, argument.name, argument.type.valid() ? argument.type.str() : "?", argument.range});
  }
  size_t index = 0;
  for (const ir::Block *block : body.blocks) {
    for (const ir::Operation *op : block->operations) {
      if (full()) return graph;
      std::string id = "op" + std::to_string(index++);
      for (const ir::Value *result : op->results) producer[result] = id;
      for (unsigned i = 0; i < op->operands.size(); ++i) {
        auto from = producer.find(op->operands[i]);
        if (op->operands[i] && from != producer.end()) graph.edges.push_back({from->second, id, i});
      }
      graph.nodes.push_back({id, op->name, resultTypes(*op), op->range});
    }
  }
  return graph;
}

}  // namespace shlo::ide
