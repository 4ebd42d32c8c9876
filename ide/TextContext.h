// Reading the text around the cursor while it is being typed (it may not
// parse yet): the word typed so far, the innermost unclosed bracket, the op
// statement the cursor is in. Shared by completion and signature help.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "semantic/ops/Ops.h"

namespace shlo::ide {

/// True for the characters of op names, value and symbol names and bare
/// words: letters, digits, `_`, `.`, `$`.
bool nameChar(char c);

/// The start of the word that ends at `offset`.
uint32_t wordStart(std::string_view text, uint32_t offset);

/// The start of the line holding `offset`.
uint32_t lineStart(std::string_view text, uint32_t offset);

/// The innermost bracket (`(`, `[`, `{`, `<`) opened before `offset` and not
/// closed before it, looking back at most `limit` bytes; `->` is no
/// bracket, strings are skipped. nullopt when none.
std::optional<uint32_t> unclosedBracket(std::string_view text, uint32_t offset, uint32_t limit = 8192);

/// The op statement the cursor is in: its op, where its name ends, and
/// whether it is written in the generic form (`"stablehlo.add"(...)`).
struct Statement {
  const ops::OpDef *op = nullptr;
  uint32_t nameBegin = 0;
  uint32_t nameEnd = 0;
  bool generic = false;
};

/// The statement on the cursor's line, or the nearest one above whose
/// brackets the cursor is still inside (an attribute dictionary spanning
/// lines). nullopt outside ops of the table.
std::optional<Statement> statementAt(std::string_view text, uint32_t offset);

/// The `word =` of the comma-separated item the cursor is in, between
/// `from` and `offset` (`dims` in `dims = [0, |`), or empty.
std::string_view keywordBefore(std::string_view text, uint32_t from, uint32_t offset);

/// How many commas outside brackets lie between `from` and `offset`.
size_t topLevelCommas(std::string_view text, uint32_t from, uint32_t offset);

}  // namespace shlo::ide
