// Rename of SSA values, function symbols, block labels and symbols of
// nested symbol tables (ide/RenameScopes.h), refused when the new name
// would clash. MLIR scopes value names by region: a nested region sees the
// names of the regions around it and may not define them again, while
// sibling regions may reuse a name (every reduce body has its `%arg0`).
#include <algorithm>
#include <cctype>
#include <set>

#include "ide/Editing.h"
#include "ide/RenameScopes.h"

namespace shlo::ide {

namespace {

const char *kNothing = "no value or function symbol here to rename";

/// The written name's part a rename replaces, given the occurrence's range
/// in `text`: after `%`/`@`, before a `#N` result suffix; a quoted symbol
/// keeps its quotes out of it only when it stays bare.
syntax::TextRange namePart(std::string_view text, syntax::TextRange range, bool value) {
  std::string_view written = text.substr(range.begin, range.size());
  uint32_t begin = range.begin, end = range.end;
  if (!written.empty() && (written[0] == '%' || written[0] == '@')) ++begin;
  if (value) {
    size_t hash = written.find('#');
    if (hash != std::string_view::npos) end = range.begin + static_cast<uint32_t>(hash);
  }
  return {begin, end};
}

bool isValueSuffix(std::string_view name) {
  if (name.empty()) return false;
  if (std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isdigit(c); })) return true;
  auto first = [](unsigned char c) { return std::isalpha(c) || c == '$' || c == '.' || c == '_' || c == '-'; };
  if (!first(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(),
                     [&](unsigned char c) { return first(c) || std::isdigit(c); });
}

bool isBareSymbol(std::string_view name) {
  if (name.empty()) return false;
  auto first = [](unsigned char c) { return std::isalpha(c) || c == '_'; };
  if (!first(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [&](unsigned char c) {
    return first(c) || std::isdigit(c) || c == '$' || c == '.' || c == '-';
  });
}

std::string quoted(std::string_view name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

/// The base name of a value: `%r` for `%r#1`, without the `%`.
std::string baseName(const ir::Value &value) {
  std::string name = value.name;
  if (!name.empty() && name[0] == '%') name.erase(0, 1);
  size_t hash = name.find('#');
  if (hash != std::string::npos) name.resize(hash);
  return name;
}

const ir::Region *regionOf(const ir::Value &value) {
  if (value.ownerBlock) return value.ownerBlock->parent;
  if (value.definingOp && value.definingOp->parentBlock) return value.definingOp->parentBlock->parent;
  return nullptr;
}

/// The regions around `region`, itself included, up to the enclosing
/// function (names do not cross an isolated-from-above op).
std::set<const ir::Region *> enclosingRegions(const ir::Region *region) {
  std::set<const ir::Region *> out;
  while (region) {
    out.insert(region);
    const ir::Operation *op = region->parent;
    if (!op || op->name == "func.func" || op->name == "builtin.module") break;
    region = op->parentBlock ? op->parentBlock->parent : nullptr;
  }
  return out;
}

/// The func.func (or top-level op) that holds `region`.
const ir::Operation *scopeOf(const ir::Region *region) {
  const ir::Operation *op = region ? region->parent : nullptr;
  while (op && op->name != "func.func" && op->parentBlock && op->parentBlock->parent) {
    op = op->parentBlock->parent->parent;
  }
  return op;
}

/// A value of `scope` named `name` that would clash with `renamed`: one
/// defined in a region that sees `renamed` or that `renamed` sees.
const ir::Value *clash(const ir::Operation *scope, const ir::Value &renamed, const std::string &name) {
  std::set<const ir::Value *> group;
  if (renamed.definingOp) {
    for (const ir::Value *r : renamed.definingOp->results) group.insert(r);
  } else {
    group.insert(&renamed);
  }
  const ir::Region *home = regionOf(renamed);
  std::set<const ir::Region *> around = enclosingRegions(home);
  const ir::Value *found = nullptr;
  auto check = [&](const ir::Value *v) {
    if (found || group.count(v) || baseName(*v) != name) return;
    const ir::Region *region = regionOf(*v);
    if (around.count(region) || enclosingRegions(region).count(home)) found = v;
  };
  auto visitRegions = [&](const ir::Operation *op) {
    for (const ir::Region *region : op->regions) {
      for (const ir::Block *block : region->blocks) {
        for (const ir::Value *argument : block->arguments) check(argument);
      }
    }
  };
  if (!scope) return nullptr;
  visitRegions(scope);
  for (const ir::Region *region : scope->regions) {
    for (const ir::Block *block : region->blocks) {
      ir::walk(block->operations, [&](const ir::Operation *op) {
        for (const ir::Value *result : op->results) check(result);
        visitRegions(op);
      });
    }
  }
  return found;
}

/// Every symbol name (functions, named modules) the `// -----` chunk of
/// `offset` defines: chunks are separate programs.
std::set<std::string> definedSymbols(const AnalyzedFile &file, uint32_t offset) {
  std::set<std::string> out;
  uint32_t chunk = file.chunkAt(offset);
  ir::walk(file.module().topLevel, [&](const ir::Operation *op) {
    const ir::Attribute *name = op->attribute("sym_name");
    if (name && file.chunkAt(op->range.begin) == chunk) out.insert(name->text);
  });
  return out;
}

/// A new symbol name as the user may type it (`@f`, `@"f"`, `f`), bare.
std::string bareSymbolName(std::string name) {
  if (!name.empty() && name[0] == '@') name.erase(0, 1);
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
  return name;
}

}  // namespace

std::optional<RenameTarget> prepareRename(const AnalyzedFile &file, uint32_t offset, std::string *why) {
  if (std::optional<ScopedRenameSite> site = scopedRenameSite(file, offset)) {
    return RenameTarget{site->name, site->placeholder};
  }
  const Occurrence *at = file.index().at(offset);
  if (!at || (at->isValue() && !at->value)) {
    if (why) *why = kNothing;
    return std::nullopt;
  }
  std::string_view text = file.file.text();
  syntax::TextRange part = namePart(text, at->range, at->isValue());
  if (!at->isValue() && !file.function(at->symbol, offset)) {
    if (why) *why = "`@" + at->symbol + "` is not a function of this file";
    return std::nullopt;
  }
  RenameTarget target{part, std::string(text.substr(part.begin, part.size()))};
  // A quoted symbol: the placeholder is the name itself.
  if (!at->isValue()) target.placeholder = at->symbol;
  return target;
}

namespace {

/// A block label's or a nested symbol's rename.
RenameResult renameScoped(const ScopedRenameSite &site, std::string name) {
  RenameResult out;
  std::string written;
  if (site.kind == ScopedRenameSite::Kind::BlockLabel) {
    if (!name.empty() && name[0] == '^') name.erase(0, 1);
    bool valid = !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
      return std::isalnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
    });
    if (!valid) {
      out.error = "`^" + name + "` is not a valid block label (letters, digits or `_$.-`)";
      return out;
    }
    if (name == site.placeholder) return out;
    if (site.taken.count(name)) {
      out.error = "`^" + name + "` already labels a block of this region; choose another name";
      return out;
    }
    written = name;
  } else {
    name = bareSymbolName(std::move(name));
    if (name.empty()) {
      out.error = "a symbol name cannot be empty";
      return out;
    }
    if (name == site.placeholder) return out;
    if (site.taken.count(name)) {
      out.error = "`@" + name + "` is already a symbol of the same symbol table; choose another name";
      return out;
    }
    written = isBareSymbol(name) ? name : quoted(name);
  }
  for (syntax::TextRange place : site.places) out.edits.push_back({place, written});
  return out;
}

}  // namespace

RenameResult rename(const AnalyzedFile &file, uint32_t offset, std::string_view requested) {
  if (std::optional<ScopedRenameSite> site = scopedRenameSite(file, offset)) {
    return renameScoped(*site, std::string(requested));
  }
  RenameResult out;
  std::string why;
  if (!prepareRename(file, offset, &why)) {
    out.error = why;
    return out;
  }
  const Occurrence *at = file.index().at(offset);
  std::string_view text = file.file.text();
  std::string name(requested);
  if (at->isValue()) {
    if (!name.empty() && name[0] == '%') name.erase(0, 1);
    if (!isValueSuffix(name)) {
      out.error = "`%" + name + "` is not a valid SSA value name (digits, or a letter or one of `$._-` followed by "
                  "letters, digits or `$._-`)";
      return out;
    }
    const ir::Value &value = *at->value;
    if (name == baseName(value)) return out;
    const ir::Region *home = regionOf(value);
    if (const ir::Value *other = clash(scopeOf(home), value, name)) {
      out.error = "`%" + name + "` is already defined (" + other->name + ") where `" + value.name +
                  "` is visible; choose another name";
      return out;
    }
    // Every result of the op: `%r#0`, `%r#1` share the written name `%r`.
    std::vector<const ir::Value *> group;
    if (value.definingOp && value.name.find('#') != std::string::npos) {
      group.assign(value.definingOp->results.begin(), value.definingOp->results.end());
    } else {
      group.push_back(&value);
    }
    std::set<uint32_t> seen;
    for (const ir::Value *v : group) {
      auto add = [&](syntax::TextRange range) {
        if (range.size() == 0 || !seen.insert(range.begin).second) return;
        out.edits.push_back({namePart(text, range, true), name});
      };
      add(v->range);
      for (const ir::Use &use : v->uses) add(use.range);
    }
    // The definition of `%r:2` is written once but each result's range may
    // cover it: `seen` keeps one edit per place.
  } else {
    name = bareSymbolName(std::move(name));
    if (name.empty()) {
      out.error = "a symbol name cannot be empty";
      return out;
    }
    if (name == at->symbol) return out;
    if (definedSymbols(file, offset).count(name)) {
      out.error = "`@" + name + "` is already a symbol of this file; choose another name";
      return out;
    }
    std::string written = isBareSymbol(name) ? name : quoted(name);
    for (const Occurrence *o : file.index().sameAs(*at)) {
      std::string_view w = text.substr(o->range.begin, o->range.size());
      if (!w.empty() && w[0] == '@') {
        // Of `@f::@g`, only the first name is `@f`.
        size_t nested = w.size() > 1 && w[1] == '"' ? std::string_view::npos : w.find("::");
        uint32_t end = nested == std::string_view::npos ? o->range.end : o->range.begin + static_cast<uint32_t>(nested);
        out.edits.push_back({{o->range.begin + 1, end}, written});
      } else {
        // The generic form's `sym_name = "main"`: a string attribute.
        out.edits.push_back({o->range, quoted(name)});
      }
    }
  }
  std::sort(out.edits.begin(), out.edits.end(),
            [](const TextEdit &a, const TextEdit &b) { return a.range.begin < b.range.begin; });
  return out;
}

}  // namespace shlo::ide
