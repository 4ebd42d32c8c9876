#include "semantic/syntax/SyntaxTree.h"

#include "semantic/syntax/Limits.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <unordered_map>

extern "C" const TSLanguage *tree_sitter_stablehlo(void);

namespace shlo::syntax {

Parser::Parser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_, tree_sitter_stablehlo()); }

Parser::~Parser() { ts_parser_delete(parser_); }

namespace {

/// Bytes that may appear in a list-form dense literal's body: numbers,
/// booleans, `inf`/`nan`, complex pairs, brackets, commas and whitespace.
bool isDenseBodyByte(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == ',' ||
         c == '+' || c == '-' || c == '(' || c == ')' || c == '[' || c == ']' || c == ' ' || c == '\t' ||
         c == '\n' || c == '\r';
}

/// The text tree-sitter reads, with opaque ranges served as spaces (line
/// breaks kept, so tree-sitter's rows stay right).
struct MaskedInput {
  std::string_view text;
  const std::vector<TextRange> *masks;
  std::string scratch;

  static const char *read(void *payload, uint32_t byte, TSPoint, uint32_t *bytesRead) {
    auto *in = static_cast<MaskedInput *>(payload);
    if (byte >= in->text.size()) {
      *bytesRead = 0;
      return "";
    }
    auto it = std::upper_bound(in->masks->begin(), in->masks->end(), byte,
                               [](uint32_t at, const TextRange &r) { return at < r.end; });
    if (it != in->masks->end() && it->begin <= byte) {
      size_t n = std::min<size_t>(it->end - byte, 1 << 16);
      in->scratch.assign(in->text.substr(byte, n));
      for (char &c : in->scratch) {
        if (c != '\n' && c != '\r') c = ' ';
      }
      *bytesRead = static_cast<uint32_t>(n);
      return in->scratch.data();
    }
    size_t stop = it != in->masks->end() ? it->begin : in->text.size();
    *bytesRead = static_cast<uint32_t>(stop - byte);
    return in->text.data() + byte;
  }
};

}  // namespace

std::vector<TextRange> opaqueDenseBodies(std::string_view text) {
  std::vector<TextRange> out;
  for (size_t at = text.find("dense<"); at != std::string_view::npos; at = text.find("dense<", at + 1)) {
    size_t open = at + 6;
    while (open < text.size() && (text[open] == ' ' || text[open] == '\t')) ++open;
    if (open >= text.size() || text[open] != '[') continue;
    // Up to the `]` closing the outermost list; anything but the literal's
    // own bytes (a quote, a `>`, a comment) and it stays as it is.
    int depth = 0;
    size_t i = open;
    for (; i < text.size() && isDenseBodyByte(static_cast<unsigned char>(text[i])); ++i) {
      if (text[i] == '[') {
        ++depth;
      } else if (text[i] == ']' && --depth == 0) {
        break;
      }
    }
    if (i >= text.size() || text[i] != ']' || depth != 0) continue;
    if (i - open - 1 >= kOpaqueDenseLiteralBytes) out.push_back({static_cast<uint32_t>(open + 1), static_cast<uint32_t>(i)});
    at = i;
  }
  return out;
}

SyntaxTree Parser::parse(std::string_view text, const SyntaxTree *old) {
  TSTree *oldTree = old && old->valid() ? old->tree_.get() : nullptr;
  std::vector<TextRange> masks = opaqueDenseBodies(text);
  if (masks.empty()) {
    return SyntaxTree(ts_parser_parse_string_encoding(parser_, oldTree, text.data(), static_cast<uint32_t>(text.size()),
                                                      TSInputEncodingUTF8));
  }
  // A node per element of a dense literal of many MB takes GBs and tens of
  // seconds (5 million floats: 1.2 GB, 30 s): long literal bodies are read
  // as blanks, so the literal is one empty `dense_list` whose range still
  // covers the text. Lowering reads the literal from the text, and the
  // literal decoder (semantic/ir/DenseLiteral.h) checks what is inside.
  MaskedInput input{text, &masks, {}};
  TSInput source{&input, &MaskedInput::read, TSInputEncodingUTF8};
  return SyntaxTree(ts_parser_parse(parser_, oldTree, source));
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

namespace {

/// A cursor reset for each walk of a node's children: a new cursor
/// allocates its stack, and lowering walks the children of every node.
TSTreeCursor &childCursor(TSNode node) {
  struct Cached {
    TSTreeCursor cursor;
    bool made = false;
    ~Cached() {
      if (made) ts_tree_cursor_delete(&cursor);
    }
  };
  thread_local Cached cached;
  if (!cached.made) {
    cached.cursor = ts_tree_cursor_new(node);
    cached.made = true;
  } else {
    ts_tree_cursor_reset(&cached.cursor, node);
  }
  return cached.cursor;
}

}  // namespace

std::vector<FieldChild> Node::namedChildren() const {
  std::vector<FieldChild> out;
  if (isNull()) return out;
  // The field's name comes from its id: the cursor's own name lookup
  // searches the field map a second time (measured: 1.3% of `shlo fmt`).
  const TSLanguage *language = tree_sitter_stablehlo();
  out.reserve(8);
  TSTreeCursor &cursor = childCursor(node_);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor);
      if (ts_node_is_named(child) && !ts_node_is_extra(child)) {
        FieldId id = ts_tree_cursor_current_field_id(&cursor);
        out.push_back({id == 0 ? nullptr : ts_language_field_name_for_id(language, id), id, Node(child)});
      }
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
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
  TSTreeCursor &cursor = childCursor(node_);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      if (ts_tree_cursor_current_field_id(&cursor) == id) out.push_back(Node(ts_tree_cursor_current_node(&cursor)));
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  return out;
}

}  // namespace shlo::syntax
