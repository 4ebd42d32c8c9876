// Source locations written in the text: `loc("model.py":12:5)`, the aliases
// `#loc3 = loc(...)` at the end of a file, and the nested forms
// (`callsite(... at ...)`, `fused[...]`, `"name"(...)`). Definition jumps to
// the files they name; declaration jumps to an alias's definition.
#include "ide/Features.h"

#include <algorithm>
#include <map>

#include "semantic/syntax/Limits.h"

namespace shlo::ide {

namespace {

constexpr size_t kMaxTargets = 32;
constexpr int kMaxAliasDepth = 8;

/// The value of an MLIR string literal: quotes removed, `\"`, `\\`, `\n`,
/// `\t` and two-digit hex escapes decoded.
std::string stringValue(std::string_view literal) {
  if (literal.size() >= 2 && literal.front() == '"' && literal.back() == '"') literal = literal.substr(1, literal.size() - 2);
  std::string out;
  auto hex = [](char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
  };
  for (size_t i = 0; i < literal.size(); ++i) {
    if (literal[i] != '\\' || i + 1 == literal.size()) {
      out += literal[i];
      continue;
    }
    char next = literal[++i];
    if (i + 1 < literal.size() && hex(next) >= 0 && hex(literal[i + 1]) >= 0) {
      out += static_cast<char>(hex(next) * 16 + hex(literal[i + 1]));
      ++i;
    } else {
      out += next == 'n' ? '\n' : next == 't' ? '\t' : next;
    }
  }
  return out;
}

uint32_t integerValue(syntax::Node node, std::string_view text) {
  std::string_view digits = syntax::textOf(node, text);
  uint64_t value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') break;
    value = std::min<uint64_t>(value * 10 + static_cast<uint64_t>(c - '0'), UINT32_MAX);
  }
  return static_cast<uint32_t>(value);
}

class LocationReader {
 public:
  explicit LocationReader(const AnalyzedFile &file) : file_(file), text_(file.file.text()) {}

  /// The top-level `#alias = value` definitions, by name.
  const std::map<std::string, syntax::Node, std::less<>> &aliases() {
    if (!aliasesRead_) {
      aliasesRead_ = true;
      syntax::Node root = file_.tree.root();
      uint32_t count = root.namedChildCount();
      for (uint32_t i = 0; i < count; ++i) {
        syntax::Node item = root.namedChild(i);
        if (!syntax::isKind(item, "attribute_alias_definition")) continue;
        syntax::Node name = syntax::fieldOf(item, "name");
        if (!name.isNull()) aliases_.emplace(std::string(syntax::textOf(name, text_)), item);
      }
    }
    return aliases_;
  }

  /// Appends the file locations `node` denotes, following aliases.
  void collect(syntax::Node node, std::vector<SourceLocation> &out, int depth = 0, int nesting = 0) {
    // Nesting beyond the limit (lowering reports it) is not followed: the
    // recursion would overflow the stack on 100k nested names.
    if (out.size() >= kMaxTargets || node.isNull() || nesting > syntax::kMaxNestingDepth) return;
    if (syntax::isKind(node, "file_line_col_location")) {
      out.push_back(read(node));
      return;
    }
    if (syntax::isKind(node, "attribute_alias")) {
      // A chain of aliases ends; a cycle is cut by the depth.
      if (depth >= kMaxAliasDepth) return;
      auto it = aliases().find(syntax::textOf(node, text_));
      if (it != aliases().end()) collect(syntax::fieldOf(it->second, "value"), out, depth + 1, nesting + 1);
      return;
    }
    uint32_t count = node.namedChildCount();
    for (uint32_t i = 0; i < count; ++i) collect(node.namedChild(i), out, depth, nesting + 1);
  }

  SourceLocation read(syntax::Node fileLineCol) {
    return {stringValue(syntax::textOf(syntax::fieldOf(fileLineCol, "file"), text_)),
            integerValue(syntax::fieldOf(fileLineCol, "line"), text_),
            integerValue(syntax::fieldOf(fileLineCol, "column"), text_)};
  }

 private:
  const AnalyzedFile &file_;
  std::string_view text_;
  bool aliasesRead_ = false;
  std::map<std::string, syntax::Node, std::less<>> aliases_;
};

/// True when the alias `definition` (`#name = value`) defines a location.
bool definesLocation(syntax::Node definition) {
  syntax::Node value = syntax::fieldOf(definition, "value");
  return !value.isNull() && syntax::isKind(value, "location");
}

}  // namespace

std::optional<LocationAtCursor> locationAt(const AnalyzedFile &file, uint32_t offset) {
  if (!file.tree.valid()) return std::nullopt;
  syntax::Node node = file.tree.root().namedDescendantFor(offset, offset);
  syntax::Node fileNode{}, aliasNode{}, locationNode{}, definitionNode{};
  bool haveFile = false, haveAlias = false, haveLocation = false, haveDefinition = false;
  // Each parent() costs the depth: past the nesting limit, nothing.
  int ancestors = 0;
  for (syntax::Node at = node; !at.isNull(); at = at.parent()) {
    if (++ancestors > 4 * syntax::kMaxNestingDepth) return std::nullopt;
    if (!haveFile && syntax::isKind(at, "file_line_col_location")) fileNode = at, haveFile = true;
    if (!haveAlias && syntax::isKind(at, "attribute_alias")) aliasNode = at, haveAlias = true;
    if (!haveLocation && syntax::isKind(at, "location")) locationNode = at, haveLocation = true;
    if (syntax::isKind(at, "attribute_alias_definition")) {
      definitionNode = at, haveDefinition = true;
      break;
    }
    if (syntax::isKind(at, "operation")) break;  // Locations do not hold ops.
  }
  LocationReader reader(file);
  LocationAtCursor result;
  if (haveFile) {
    result.range = syntax::rangeOf(fileNode);
    result.targets.push_back(reader.read(fileNode));
    return result;
  }
  if (haveAlias && haveLocation) {
    // `loc(#loc3)`: the alias stands for the location it is defined as.
    result.range = syntax::rangeOf(aliasNode);
    result.alias = std::string(syntax::textOf(aliasNode, file.file.text()));
    auto it = reader.aliases().find(result.alias);
    if (it != reader.aliases().end()) result.aliasDefinition = syntax::rangeOf(syntax::fieldOf(it->second, "name"));
    reader.collect(aliasNode, result.targets);
    return result;
  }
  if (haveAlias && haveDefinition && definesLocation(definitionNode)) {
    // The name of `#loc3 = loc(...)` itself.
    result.range = syntax::rangeOf(aliasNode);
    result.alias = std::string(syntax::textOf(aliasNode, file.file.text()));
    result.aliasDefinition = result.range;
    reader.collect(syntax::fieldOf(definitionNode, "value"), result.targets);
    return result;
  }
  if (haveLocation) {
    // On `loc`, `callsite`, `fused`, ...: everything the location names.
    result.range = syntax::rangeOf(locationNode);
    reader.collect(locationNode, result.targets);
    return result;
  }
  return std::nullopt;
}

std::vector<NavigationTarget> resolveLocations(const LocationAtCursor &at, const FileResolver &resolve) {
  std::vector<NavigationTarget> locations;
  for (const SourceLocation &target : at.targets) {
    std::optional<std::string> path = resolve(target.file);
    if (!path) continue;
    // MLIR counts lines and columns from 1; 0 means unknown. The column is
    // taken as a character count without reading the file.
    NavigationTarget location{*path, {}, target.line > 0 ? target.line - 1 : 0,
                              target.column > 0 ? target.column - 1 : 0};
    if (std::find(locations.begin(), locations.end(), location) == locations.end()) locations.push_back(location);
  }
  return locations;
}

}  // namespace shlo::ide
