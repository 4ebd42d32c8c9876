// Internal to lowering: reading types and attributes from syntax nodes.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "semantic/diagnostics/Diagnostic.h"
#include "semantic/ir/Attribute.h"
#include "semantic/ir/Types.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::lower {

/// Reads types and attributes out of syntax nodes, resolving `!alias` and
/// `#alias` definitions, and reports what it cannot make sense of.
class SyntaxValues {
 public:
  SyntaxValues(std::string_view text, std::vector<Diagnostic> &diagnostics) : text_(text), diagnostics_(diagnostics) {}

  /// Records the file's `!name = type` and `#name = attribute` definitions.
  void collectAliases(TSNode root);

  ir::Type type(TSNode node);
  ir::ElementType elementType(TSNode node);
  /// Any attribute-valued node (typed_attribute included).
  ir::Attribute attribute(TSNode node);
  /// The list of types of a `type_list` or a result-type position.
  std::vector<ir::Type> typeList(TSNode node);

  std::string_view text(TSNode node) const { return syntax::textOf(node, text_); }
  /// A string literal's value with escapes decoded.
  static std::string unquote(std::string_view literal);

  void error(TSNode node, std::string code, std::string message);

 private:
  ir::Type parseType(TSNode node);
  ir::Attribute dialectAttribute(TSNode node);
  ir::Attribute parameters(TSNode params, std::string name);
  void applyEncoding(TSNode encoding, std::vector<int64_t> &bounds, size_t rank);
  void checkStructFields(TSNode params, const std::string &name);

  std::string_view text_;
  std::vector<Diagnostic> &diagnostics_;
  // (begin offset, code) of what error() reported: a type written once is
  // lowered for the signature and again for the block arguments.
  std::set<std::pair<uint32_t, std::string>> reported_;
  std::map<std::string, TSNode, std::less<>> typeAliases_;
  std::map<std::string, TSNode, std::less<>> attributeAliases_;
  int aliasDepth_ = 0;
  std::unordered_map<std::string_view, ir::Type> typeCache_;
};

/// Convolution dimension numbers from `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`
/// as a `stablehlo.conv` struct attribute.
ir::Attribute convolutionDimensions(const ir::Attribute &input, const ir::Attribute &kernel,
                                    const ir::Attribute &output, syntax::TextRange range);

}  // namespace shlo::lower
