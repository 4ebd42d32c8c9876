#include "semantic/syntax/SyntaxTree.h"

#include <cstdlib>
#include <string>
#include <unordered_map>

extern "C" const TSLanguage *tree_sitter_stablehlo(void);

namespace shlo::syntax {

Parser::Parser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_, tree_sitter_stablehlo()); }

Parser::~Parser() { ts_parser_delete(parser_); }

SyntaxTree Parser::parse(std::string_view text, const SyntaxTree *old) {
  TSTree *tree = ts_parser_parse_string_encoding(parser_, old && old->valid() ? old->tree_.get() : nullptr,
                                                 text.data(), static_cast<uint32_t>(text.size()), TSInputEncodingUTF8);
  return SyntaxTree(tree);
}

SyntaxTree SyntaxTree::copy() const { return valid() ? SyntaxTree(ts_tree_copy(tree_.get())) : SyntaxTree(); }

void SyntaxTree::edit(const InputEdit &edit) {
  TSInputEdit e;
  e.start_byte = edit.startByte;
  e.old_end_byte = edit.oldEndByte;
  e.new_end_byte = edit.newEndByte;
  e.start_point = {edit.startPoint.row, edit.startPoint.column};
  e.old_end_point = {edit.oldEndPoint.row, edit.oldEndPoint.column};
  e.new_end_point = {edit.newEndPoint.row, edit.newEndPoint.column};
  ts_tree_edit(tree_.get(), &e);
}

std::vector<TextRange> changedRanges(const SyntaxTree &edited, const SyntaxTree &fresh) {
  std::vector<TextRange> out;
  if (!edited.valid() || !fresh.valid()) return out;
  uint32_t count = 0;
  TSRange *ranges = ts_tree_get_changed_ranges(edited.tree_.get(), fresh.tree_.get(), &count);
  out.reserve(count);
  for (uint32_t i = 0; i < count; ++i) out.push_back({ranges[i].start_byte, ranges[i].end_byte});
  free(ranges);
  return out;
}

uint16_t symbolForName(std::string_view name, bool named) {
  return ts_language_symbol_for_name(tree_sitter_stablehlo(), name.data(), static_cast<uint32_t>(name.size()), named);
}

FieldId fieldId(std::string_view name) {
  // tree-sitter's own lookup compares the name against every field name.
  // Callers pass string literals, so the text's address is a good key; the
  // name is compared once on a hit in case an address was reused.
  struct Entry {
    std::string name;
    FieldId id;
  };
  thread_local std::unordered_map<const char *, Entry> cache;
  auto it = cache.find(name.data());
  if (it != cache.end() && it->second.name == name) return it->second.id;
  FieldId id = ts_language_field_id_for_name(tree_sitter_stablehlo(), name.data(), static_cast<uint32_t>(name.size()));
  cache[name.data()] = {std::string(name), id};
  return id;
}

std::vector<FieldChild> Node::namedChildren() const {
  std::vector<FieldChild> out;
  if (isNull()) return out;
  TSTreeCursor cursor = ts_tree_cursor_new(node_);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor);
      if (ts_node_is_named(child) && !ts_node_is_extra(child)) {
        out.push_back({ts_tree_cursor_current_field_name(&cursor), ts_tree_cursor_current_field_id(&cursor), Node(child)});
      }
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

std::vector<Node> Node::children() const {
  std::vector<Node> out;
  if (isNull()) return out;
  uint32_t count = childCount();
  out.reserve(count);
  for (uint32_t i = 0; i < count; ++i) out.push_back(child(i));
  return out;
}

std::vector<Node> Node::fieldChildren(std::string_view name) const {
  std::vector<Node> out;
  if (isNull()) return out;
  FieldId id = fieldId(name);
  TSTreeCursor cursor = ts_tree_cursor_new(node_);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      if (ts_tree_cursor_current_field_id(&cursor) == id) out.push_back(Node(ts_tree_cursor_current_node(&cursor)));
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

}  // namespace shlo::syntax
