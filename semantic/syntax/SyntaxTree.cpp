#include "semantic/syntax/SyntaxTree.h"

namespace shlo::syntax {

Parser::Parser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_, tree_sitter_stablehlo()); }

Parser::~Parser() { ts_parser_delete(parser_); }

SyntaxTree Parser::parse(std::string_view text, const SyntaxTree *old) {
  TSTree *tree = ts_parser_parse_string_encoding(parser_, old && old->valid() ? old->get() : nullptr, text.data(),
                                                 static_cast<uint32_t>(text.size()), TSInputEncodingUTF8);
  return SyntaxTree(tree);
}

}  // namespace shlo::syntax
