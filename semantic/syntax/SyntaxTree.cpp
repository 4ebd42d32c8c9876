#include "semantic/syntax/SyntaxTree.h"

#include <string>
#include <unordered_map>

namespace shlo::syntax {

Parser::Parser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_, tree_sitter_stablehlo()); }

Parser::~Parser() { ts_parser_delete(parser_); }

SyntaxTree Parser::parse(std::string_view text, const SyntaxTree *old) {
  TSTree *tree = ts_parser_parse_string_encoding(parser_, old && old->valid() ? old->get() : nullptr, text.data(),
                                                 static_cast<uint32_t>(text.size()), TSInputEncodingUTF8);
  return SyntaxTree(tree);
}

TSFieldId fieldId(std::string_view name) {
  // tree-sitter's own lookup compares the name against every field name.
  // Callers pass string literals, so the text's address is a good key; the
  // name is compared once on a hit in case an address was reused.
  struct Entry {
    std::string name;
    TSFieldId id;
  };
  thread_local std::unordered_map<const char *, Entry> cache;
  auto it = cache.find(name.data());
  if (it != cache.end() && it->second.name == name) return it->second.id;
  TSFieldId id = ts_language_field_id_for_name(tree_sitter_stablehlo(), name.data(), static_cast<uint32_t>(name.size()));
  cache[name.data()] = {std::string(name), id};
  return id;
}

std::vector<FieldChild> namedChildren(TSNode node) {
  std::vector<FieldChild> out;
  if (ts_node_is_null(node)) return out;
  TSTreeCursor cursor = ts_tree_cursor_new(node);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor);
      if (ts_node_is_named(child) && !ts_node_is_extra(child)) {
        out.push_back({ts_tree_cursor_current_field_name(&cursor), ts_tree_cursor_current_field_id(&cursor), child});
      }
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

}  // namespace shlo::syntax
