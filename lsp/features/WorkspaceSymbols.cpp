// workspace/symbol: the functions of one open document whose names match
// the query; the server gathers them over every open document.
#include <cctype>
#include <functional>

#include "lsp/features/Features.h"

namespace shlo::lsp {

namespace {

constexpr int kFunction = 12;  // LSP SymbolKind.

}  // namespace

bool fuzzyMatches(std::string_view query, std::string_view name) {
  size_t at = 0;
  for (char q : query) {
    auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
    while (at < name.size() && lower(name[at]) != lower(q)) ++at;
    if (at == name.size()) return false;
    ++at;
  }
  return true;
}

void workspaceSymbols(const Snapshot &snapshot, const std::string &query, syntax::PositionEncoding encoding,
                      size_t limit, json &out) {
  // Walks modules and ops with regions, passing down the innermost module
  // (its name is the functions' containerName).
  std::function<void(const std::vector<ir::Operation *> &, const ir::Operation *)> visit =
      [&](const std::vector<ir::Operation *> &ops, const ir::Operation *module) {
        for (const ir::Operation *op : ops) {
          if (out.size() >= limit) return;
          if (op->name == "func.func") {
            const ir::Attribute *name = op->attribute("sym_name");
            if (!name || !fuzzyMatches(query, name->text)) continue;
            syntax::TextRange range = name->range.size() > 0 ? name->range : op->range;
            json symbol = {{"name", name->text},
                           {"kind", kFunction},
                           {"location", makeLocation(snapshot.uri, toLspRange(snapshot, range, encoding))}};
            const ir::Attribute *moduleName = module ? module->attribute("sym_name") : nullptr;
            if (moduleName) symbol["containerName"] = "@" + moduleName->text;
            out.push_back(std::move(symbol));
            continue;  // Functions hold no functions.
          }
          const ir::Operation *inner = op->name == "builtin.module" ? op : module;
          for (const ir::Region *region : op->regions) {
            if (region->implicit) continue;
            for (const ir::Block *block : region->blocks) visit(block->operations, inner);
          }
        }
      };
  visit(snapshot.module().topLevel, nullptr);
}

}  // namespace shlo::lsp
