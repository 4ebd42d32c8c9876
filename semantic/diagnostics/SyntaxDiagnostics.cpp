#include "semantic/diagnostics/SyntaxDiagnostics.h"

#include <string>
#include <vector>

#include "semantic/syntax/ErrorNodes.h"

namespace shlo::syntax {

namespace {

std::string humanize(std::string_view kind) {
  std::string out(kind);
  for (char &c : out) {
    if (c == '_') c = ' ';
  }
  return out;
}

/// A short, printable excerpt of the text of an ERROR node: its first line,
/// at most 40 bytes, with control bytes shown as '?'.
std::string excerpt(std::string_view text) {
  size_t newline = text.find('\n');
  std::string_view line = text.substr(0, newline);
  bool truncated = newline != std::string_view::npos || line.size() > 40;
  if (line.size() > 40) line = line.substr(0, 40);
  std::string out;
  for (char c : line) {
    auto byte = static_cast<unsigned char>(c);
    out += (byte < 0x20 || byte == 0x7F) ? '?' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (truncated) out += "...";
  return out;
}

/// The innermost enclosing construct worth naming, e.g. "in operation
/// `stablehlo.add`" or "in tensor type". `ancestors` runs from the root down.
/// (ts_node_parent is not used: for zero-width MISSING nodes it can return a
/// sibling that ends at the same offset.)
std::string context(const std::vector<Node> &ancestors, std::string_view text) {
  for (auto it = ancestors.rbegin(); it != ancestors.rend(); ++it) {
    Node parent = *it;
    std::string_view kind = parent.kind();
    if (kind == "source_file" || kind == "ERROR") continue;
    if (kind == "operation") {
      Node name = fieldOf(parent, "name");
      if (!name.isNull()) return " in operation `" + excerpt(textOf(name, text)) + "`";
    }
    if (!parent.isNamed() || kind[0] == '_') continue;
    return " in " + humanize(kind);
  }
  return "";
}

/// Where, in the first line of an ERROR node's `text`, a type follows a
/// value with no `:` between them (`%a, %b tensor<2xf32>`: the `:` was
/// deleted); npos when nothing there looks so.
size_t typeAfterValue(std::string_view text) {
  std::string_view line = text.substr(0, text.find('\n'));
  for (std::string_view type : {"tensor<", "tuple<", "complex<", "!"}) {
    for (size_t at = line.find(type); at != std::string_view::npos; at = line.find(type, at + 1)) {
      size_t before = line.find_last_not_of(' ', at == 0 ? 0 : at - 1);
      if (at == 0 || before == std::string_view::npos || before + 1 == at) continue;
      size_t word = line.find_last_of(" ,(", before);
      word = word == std::string_view::npos ? 0 : word + 1;
      if (line[word] == '%') return at;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::string describeKind(Node node) {
  std::string_view kind = node.kind();
  if (!node.isNamed()) return "`" + std::string(kind) + "`";
  return humanize(kind);
}

std::vector<Diagnostic> collectSyntaxDiagnostics(const SyntaxTree &tree, std::string_view text) {
  std::vector<Diagnostic> out;
  // An ERROR node is reported once, with what it contains.
  forEachErrorNode(tree, [&](Node node, const std::vector<Node> &ancestors) {
    if (node.isMissing()) {
      Diagnostic d;
      d.range = rangeOf(node);
      d.code = "syntax.missing";
      d.message = "expected " + describeKind(node) + context(ancestors, text);
      out.push_back(std::move(d));
    } else if (isKind(node, "ERROR")) {
      Diagnostic d;
      d.range = rangeOf(node);
      d.code = "syntax.unexpected";
      std::string snippet = excerpt(textOf(node, text));
      d.message = snippet.empty() ? "unexpected input" + context(ancestors, text)
                                  : "unexpected `" + snippet + "`" + context(ancestors, text);
      // The tree does not say what was expected; one common case it
      // shows: a type right after an operand, its `:` deleted.
      // `tensor<` is one token, so after an operand `tensor` may be read
      // as an enum argument and the ERROR hold only the `<...>` after it:
      // then the type starts on the ERROR's line, before it.
      std::string_view scope = textOf(node, text);
      uint32_t scopeBegin = node.begin();
      size_t at = typeAfterValue(scope);
      if (at == std::string_view::npos && scope.starts_with('<')) {
        size_t lineStart = text.rfind('\n', node.begin() == 0 ? 0 : node.begin() - 1);
        lineStart = lineStart == std::string_view::npos || node.begin() == 0 ? 0 : lineStart + 1;
        scope = text.substr(lineStart);
        scopeBegin = static_cast<uint32_t>(lineStart);
        at = typeAfterValue(scope);
        constexpr std::string_view kWord = "tensor";
        bool adjoins = at != std::string_view::npos && scope.substr(at).starts_with(kWord) &&
                       scopeBegin + at + kWord.size() == node.begin();
        if (!adjoins) at = std::string_view::npos;
      }
      if (at != std::string_view::npos) {
        std::string_view rest = scope.substr(at);
        std::string_view type = rest.substr(0, rest.find_first_of(" \n,"));
        d.message = "expected `:` before the type `" + excerpt(type) + "`";
        uint32_t begin = scopeBegin + static_cast<uint32_t>(at);
        d.range = {begin, begin + static_cast<uint32_t>(type.size())};
      }
      out.push_back(std::move(d));
    }
  });
  return out;
}

}  // namespace shlo::syntax
