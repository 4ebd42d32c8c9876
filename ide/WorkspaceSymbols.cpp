// Workspace symbols: the functions of one file whose names match the query;
// the front end gathers them over every file.
#include <cctype>
#include <functional>

#include "ide/Features.h"

namespace shlo::ide {

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

std::vector<WorkspaceSymbol> workspaceSymbols(const AnalyzedFile &file, std::string_view query, size_t limit) {
  std::vector<WorkspaceSymbol> out;
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
            const ir::Attribute *moduleName = module ? module->attribute("sym_name") : nullptr;
            out.push_back({name->text, moduleName ? "@" + moduleName->text : std::string(), range});
            continue;  // Functions hold no functions.
          }
          const ir::Operation *inner = op->name == "builtin.module" ? op : module;
          for (const ir::Region *region : op->regions) {
            if (region->implicit) continue;
            for (const ir::Block *block : region->blocks) visit(block->operations, inner);
          }
        }
      };
  visit(file.module().topLevel, nullptr);
  return out;
}

}  // namespace shlo::ide
