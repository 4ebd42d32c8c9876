#include "ide/CodeLenses.h"

namespace shlo::ide {

namespace {

struct FunctionInfo {
  const ir::Operation *op;
  const Occurrence *name;  // The SymbolDefinition occurrence.
  bool runnable;           // Takes no arguments, or is @main, and has a body.
};

bool hasBody(const ir::Operation &op) { return !op.regions.empty() && !op.regions[0]->blocks.empty(); }

/// Whether `shlo run --entry` can start it: it has a body and takes no
/// arguments (or is @main, whose arguments `--args`/`--input` may supply).
bool runnable(const ir::Operation &op, const std::string &name) {
  if (!hasBody(op)) return false;
  return name == "main" || op.regions[0]->blocks[0]->arguments.empty();
}

}  // namespace

std::vector<CodeLens> codeLenses(const AnalyzedFile &file) {
  std::vector<FunctionInfo> functions;
  for (const Occurrence &occurrence : file.index().all()) {
    if (occurrence.kind != Occurrence::Kind::SymbolDefinition || !occurrence.op) continue;
    functions.push_back({occurrence.op, &occurrence, runnable(*occurrence.op, occurrence.symbol)});
  }
  std::vector<CodeLens> lenses;
  size_t next = 0;  // The next function to emit, in text order.
  auto emitFunctionsBefore = [&](uint32_t offset) {
    for (; next < functions.size() && functions[next].name->range.begin < offset; ++next) {
      const FunctionInfo &function = functions[next];
      const Occurrence &name = *function.name;
      if (function.runnable) {
        lenses.push_back({CodeLens::Kind::Run, name.range, name.symbol, false, 0, {}});
        lenses.push_back({CodeLens::Kind::Debug, name.range, name.symbol, false, 0, {}});
      }
      CodeLens uses{CodeLens::Kind::Uses, name.range, name.symbol, false, 0, {}};
      for (const Occurrence *same : file.index().sameAs(name)) {
        if (!same->isDefinition()) uses.uses.push_back(same->range);
      }
      lenses.push_back(std::move(uses));
    }
  };
  for (uint32_t chunk = 0; chunk < file.chunks.size(); ++chunk) {
    syntax::TextRange range = file.chunks[chunk].range;
    emitFunctionsBefore(range.begin);
    // The chunk's entry: its @main, else its first runnable function.
    const FunctionInfo *entry = nullptr;
    for (size_t i = next; i < functions.size() && functions[i].name->chunk == chunk; ++i) {
      if (!functions[i].runnable) continue;
      if (functions[i].name->symbol == "main") {
        entry = &functions[i];
        break;
      }
      if (!entry) entry = &functions[i];
    }
    if (!entry) continue;
    // On the chunk's first line (an empty range: the lens takes its line).
    syntax::TextRange at{range.begin, range.begin};
    lenses.push_back({CodeLens::Kind::Run, at, entry->name->symbol, true, chunk, {}});
    lenses.push_back({CodeLens::Kind::Debug, at, entry->name->symbol, true, chunk, {}});
  }
  emitFunctionsBefore(UINT32_MAX);
  return lenses;
}

}  // namespace shlo::ide
