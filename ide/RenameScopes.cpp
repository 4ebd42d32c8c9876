#include "ide/RenameScopes.h"

#include <algorithm>
#include <map>
#include <utility>

namespace shlo::ide {

namespace {

/// Symbol tables: each `// -----` chunk's top level is one (its index),
/// each module's body another (from kFirstModule on).
constexpr int kFirstModule = 1 << 24;
constexpr int kNoTable = -1;

using SymbolKey = std::pair<int, std::string>;  // Table, name.

struct Definition {
  SymbolKey key;
  syntax::TextRange range;  // The `@name` token.
  int body = kNoTable;      // A module: the table its body is.
};

struct Reference {
  int table;  // Where its first name resolves.
  std::vector<std::pair<syntax::TextRange, std::string>> parts;  // `@m`, `@f` of `@m::@f`.
};

struct Label {
  uint32_t region;  // The begin of the region holding it: its scope.
  syntax::TextRange range;  // The `^name` token.
  std::string name;
};

/// The name a symbol token writes, without `@` and quotes.
std::string symbolName(std::string_view written) {
  if (!written.empty() && written[0] == '@') written.remove_prefix(1);
  if (written.size() < 2 || written.front() != '"') return std::string(written);
  std::string out;
  for (size_t i = 1; i + 1 < written.size(); ++i) {
    if (written[i] == '\\' && i + 2 < written.size()) ++i;
    out += written[i];
  }
  return out;
}

/// Every definition, symbol reference and block label of the tree.
struct Names {
  std::vector<Definition> definitions;
  std::vector<Reference> references;
  std::vector<Label> labels;
  std::map<SymbolKey, const Definition *> byKey;

  /// What each part of `reference` resolves to, as far as it resolves.
  std::vector<SymbolKey> resolve(const Reference &reference) const {
    std::vector<SymbolKey> out;
    int table = reference.table;
    for (const auto &[range, name] : reference.parts) {
      if (table == kNoTable) break;
      SymbolKey key{table, name};
      out.push_back(key);
      auto found = byKey.find(key);
      table = found == byKey.end() ? kNoTable : found->second->body;
    }
    return out;
  }
};

Names collectNames(const AnalyzedFile &file) {
  Names names;
  std::string_view text = file.file.text();
  struct Frame {
    int table;        // kNoTable at the top level: the chunk's.
    uint32_t region;  // The nearest region's begin.
  };
  int nextModule = kFirstModule;
  std::vector<Frame> frames;  // One per visible ancestor of the cursor's node.
  syntax::TreeCursor cursor(file.tree.root());
  syntax::Node node = cursor.node();
  for (;;) {
    Frame here = frames.empty() ? Frame{kNoTable, 0} : frames.back();
    int table = here.table == kNoTable ? static_cast<int>(file.chunkAt(node.begin())) : here.table;
    Frame inner = here;
    bool descend = true;
    if (node.is("operation")) {
      std::string_view op = node.field("name").text(text);
      bool module = op == "module" || op == "builtin.module";
      // A module's body is a symbol table of its own (an unnamed one's
      // symbols cannot be named from outside, but still shadow); a
      // top-level module's is the chunk's, as top-level functions are
      // implicitly in one.
      int body = kNoTable;
      if (module) {
        body = here.table == kNoTable ? table : nextModule++;
        inner.table = body;
      }
      syntax::Node symbol = node.field("symbol");
      if (!symbol.isNull() && symbol.is("symbol")) {
        names.definitions.push_back({{table, symbolName(symbol.text(text))}, symbol.range(), body});
      }
    } else if (node.is("symbol_ref")) {
      Reference reference{table, {}};
      for (uint32_t i = 0; i < node.namedChildCount(); ++i) {
        syntax::Node part = node.namedChild(i);
        if (part.is("symbol")) reference.parts.push_back({part.range(), symbolName(part.text(text))});
      }
      names.references.push_back(std::move(reference));
      descend = false;
    } else if (node.is("block_id")) {
      names.labels.push_back({here.region, node.range(), std::string(node.text(text).substr(1))});
      descend = false;
    } else if (node.is("region")) {
      inner.region = node.begin();
    }
    if (descend && cursor.gotoFirstChild()) {
      frames.push_back(inner);
      node = cursor.node();
      continue;
    }
    bool moved = false;
    while (!(moved = cursor.gotoNextSibling())) {
      if (frames.empty() || !cursor.gotoParent()) break;
      frames.pop_back();
    }
    if (!moved) break;
    node = cursor.node();
  }
  for (const Definition &definition : names.definitions) names.byKey.emplace(definition.key, &definition);
  return names;
}

/// The token's range without its one-character sigil.
syntax::TextRange withoutSigil(syntax::TextRange range) { return {range.begin + 1, range.end}; }

/// The `symbol` or `block_id` token at `offset`, or just before it.
syntax::Node nameTokenAt(const AnalyzedFile &file, uint32_t offset) {
  for (uint32_t at : {offset, offset > 0 ? offset - 1 : offset}) {
    syntax::Node node = file.tree.root().descendantFor(at, at);
    // A token's own children (a quoted symbol's pieces) are no names.
    for (int up = 0; up < 2 && !node.isNull(); ++up, node = node.parent()) {
      if (node.is("symbol") || node.is("block_id")) return node;
    }
  }
  return {};
}

}  // namespace

std::optional<ScopedRenameSite> scopedRenameSite(const AnalyzedFile &file, uint32_t offset) {
  if (!file.tree.valid()) return std::nullopt;
  syntax::Node token = nameTokenAt(file, offset);
  if (token.isNull()) return std::nullopt;
  // Only now is the whole tree walked: most renames are of values.
  Names names = collectNames(file);
  syntax::TextRange at = token.range();
  ScopedRenameSite site;
  site.name = withoutSigil(at);
  if (token.is("block_id")) {
    const Label *label = nullptr;
    for (const Label &l : names.labels) {
      if (l.range == at) label = &l;
    }
    if (!label) return std::nullopt;
    site.kind = ScopedRenameSite::Kind::BlockLabel;
    site.placeholder = label->name;
    for (const Label &l : names.labels) {
      if (l.region != label->region) continue;
      if (l.name == label->name) {
        site.places.push_back(withoutSigil(l.range));
      } else {
        site.taken.insert(l.name);
      }
    }
    return site;
  }
  // A symbol: which definition it names, and whether it is one the flat
  // name index does not scope (a module, a nested table, `@m::@f`).
  std::optional<SymbolKey> target;
  bool nested = false;
  for (const Definition &definition : names.definitions) {
    if (definition.range == at) {
      target = definition.key;
      nested = definition.body != kNoTable || definition.key.first >= kFirstModule;
    }
  }
  for (const Reference &reference : names.references) {
    std::vector<SymbolKey> keys = names.resolve(reference);
    for (size_t i = 0; i < keys.size(); ++i) {
      if (reference.parts[i].first != at) continue;
      target = keys[i];
      auto found = names.byKey.find(keys[i]);
      nested = reference.parts.size() > 1 || keys[i].first >= kFirstModule ||
               (found != names.byKey.end() && found->second->body != kNoTable);
    }
  }
  if (!target || !nested || !names.byKey.count(*target)) return std::nullopt;
  site.kind = ScopedRenameSite::Kind::Symbol;
  site.placeholder = target->second;
  for (const Definition &definition : names.definitions) {
    if (definition.key == *target) {
      site.places.push_back(withoutSigil(definition.range));
    } else if (definition.key.first == target->first) {
      site.taken.insert(definition.key.second);
    }
  }
  for (const Reference &reference : names.references) {
    std::vector<SymbolKey> keys = names.resolve(reference);
    for (size_t i = 0; i < keys.size(); ++i) {
      if (keys[i] == *target) site.places.push_back(withoutSigil(reference.parts[i].first));
    }
  }
  std::sort(site.places.begin(), site.places.end(),
            [](syntax::TextRange a, syntax::TextRange b) { return a.begin < b.begin; });
  return site;
}

}  // namespace shlo::ide
