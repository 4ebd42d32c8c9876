// External scanner for tree-sitter-stablehlo.
//
// MLIR's text gives a pretty op of an unknown dialect no end marker: its own
// C++ parser knows where it stops. The only boundary we can see is the end of
// the line, so `_fallback_end` is produced at a newline (or end of file) that
// is not followed by a token which can only continue the op: a line that
// starts with `:`, `,`, `->`, `=`, `)`, `]`, `>` or `{` continues it.
#include <tree_sitter/parser.h>

enum TokenType { FALLBACK_END, ERROR_SENTINEL };

void *tree_sitter_stablehlo_external_scanner_create(void) { return 0; }
void tree_sitter_stablehlo_external_scanner_destroy(void *payload) { (void)payload; }
unsigned tree_sitter_stablehlo_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}
void tree_sitter_stablehlo_external_scanner_deserialize(void *payload, const char *buffer,
                                                        unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

static int continues_op(int32_t c) {
  switch (c) {
    case ':': case ',': case '-': case '=': case ')': case ']': case '>': case '{':
      return 1;
    default:
      return 0;
  }
}

bool tree_sitter_stablehlo_external_scanner_scan(void *payload, TSLexer *lexer,
                                                 const bool *valid_symbols) {
  (void)payload;
  // During error recovery every symbol is valid; never invent an op end then.
  if (valid_symbols[ERROR_SENTINEL] || !valid_symbols[FALLBACK_END]) return false;

  while (lexer->lookahead == ' ' || lexer->lookahead == '\t' || lexer->lookahead == '\r') {
    lexer->advance(lexer, true);
  }
  if (lexer->eof(lexer) || lexer->lookahead == '}') {
    lexer->result_symbol = FALLBACK_END;
    lexer->mark_end(lexer);
    return true;
  }
  if (lexer->lookahead != '\n') return false;

  // The token is zero-width: the newline stays whitespace for the lexer.
  lexer->mark_end(lexer);
  while (lexer->lookahead == ' ' || lexer->lookahead == '\t' || lexer->lookahead == '\r' ||
         lexer->lookahead == '\n') {
    lexer->advance(lexer, true);
  }
  if (!lexer->eof(lexer) && continues_op(lexer->lookahead)) return false;
  lexer->result_symbol = FALLBACK_END;
  return true;
}
