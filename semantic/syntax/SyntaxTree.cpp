#include "semantic/syntax/SyntaxTree.h"

namespace shlo::syntax {

Parser::Parser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_, tree_sitter_stablehlo()); }

Parser::~Parser() { ts_parser_delete(parser_); }

SyntaxTree Parser::parse(std::string_view text, const SyntaxTree *old) {
  TSTree *tree = ts_parser_parse_string_encoding(parser_, old && old->valid() ? old->get() : nullptr, text.data(),
                                                 static_cast<uint32_t>(text.size()), TSInputEncodingUTF8);
  return SyntaxTree(tree);
}

std::vector<FieldChild> namedChildren(TSNode node) {
  std::vector<FieldChild> out;
  if (ts_node_is_null(node)) return out;
  TSTreeCursor cursor = ts_tree_cursor_new(node);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor);
      if (ts_node_is_named(child) && !ts_node_is_extra(child)) {
        out.push_back({ts_tree_cursor_current_field_name(&cursor), child});
      }
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

}  // namespace shlo::syntax
