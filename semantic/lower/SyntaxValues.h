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
#include "semantic/ir/Location.h"
#include "semantic/ir/Types.h"
#include "semantic/syntax/SyntaxTree.h"

namespace shlo::lower {

/// Reads types and attributes out of syntax nodes, resolving `!alias` and
/// `#alias` definitions, and reports what it cannot make sense of.
class SyntaxValues {
 public:
  SyntaxValues(std::string_view text, std::vector<Diagnostic> &diagnostics) : text_(text), diagnostics_(diagnostics) {}

  /// Records the file's `!name = type` and `#name = attribute` definitions.
  void collectAliases(syntax::Node root);

  ir::Type type(syntax::Node node);
  ir::ElementType elementType(syntax::Node node);
  /// Any attribute-valued node (typed_attribute included).
  ir::Attribute attribute(syntax::Node node);
  /// The list of types of a `type_list` or a result-type position.
  std::vector<ir::Type> typeList(syntax::Node node);
  /// A `location` node (`loc(...)`) or a location body, `#loc` aliases
  /// resolved; null for a null node. Equal texts share one Location.
  ir::LocationRef location(syntax::Node node);

  std::string_view text(syntax::Node node) const { return syntax::textOf(node, text_); }
  /// A string literal's value with escapes decoded.
  static std::string unquote(std::string_view literal);

  void error(syntax::Node node, std::string code, std::string message);

 private:
  ir::Type parseType(syntax::Node node);
  ir::Attribute dialectAttribute(syntax::Node node);
  ir::Attribute parameters(syntax::Node params, std::string name);
  /// Reads a tensor type's encoding: bounds into `bounds`; any other
  /// encoding is returned as its text to keep (empty for bounds).
  std::string applyEncoding(syntax::Node encoding, std::vector<int64_t> &bounds, size_t rank);
  void checkFutureElements(syntax::Node node, std::string_view spelled);
  void checkQuantizationParameters(syntax::Node node, const ir::QuantizedElement &info);
  void checkStructFields(syntax::Node params, const std::string &name);
  ir::LocationRef locationBody(syntax::Node node);
  /// Counts one level of nesting for the walk at `node`; false (after
  /// reporting `lower.too-deep` there) beyond syntax::kMaxNestingDepth.
  bool enter(syntax::Node node);
  /// Scope of one nesting level taken by enter().
  struct Level {
    int &depth;
    ~Level() { --depth; }
  };

  std::string_view text_;
  std::vector<Diagnostic> &diagnostics_;
  // (begin offset, code) of what error() reported: a type written once is
  // lowered for the signature and again for the block arguments.
  std::set<std::pair<uint32_t, std::string>> reported_;
  std::map<std::string, syntax::Node, std::less<>> typeAliases_;
  std::map<std::string, syntax::Node, std::less<>> attributeAliases_;
  int aliasDepth_ = 0;
  int depth_ = 0;  // Nesting of the attribute, type or location being read.
  std::unordered_map<std::string_view, ir::LocationRef> locationCache_;
  std::map<std::string, ir::LocationRef, std::less<>> aliasLocations_;
  std::unordered_map<std::string_view, ir::Type> typeCache_;
};

/// What is wrong with one side of convolution dimension numbers (`[b, 0, 1,
/// f]`: letters `first` and `second` once each, spatial dimensions 0..n-1
/// once each), named by `side`; empty when it is well formed.
std::string convolutionDimensionsProblem(const ir::Attribute &list, char first, char second, const std::string &side);

/// Convolution dimension numbers from `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`
/// as a `stablehlo.conv` struct attribute.
ir::Attribute convolutionDimensions(const ir::Attribute &input, const ir::Attribute &kernel,
                                    const ir::Attribute &output, syntax::TextRange range);

}  // namespace shlo::lower
