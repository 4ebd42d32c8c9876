#include "ide/TextContext.h"

#include <cctype>

namespace shlo::ide {

namespace {

constexpr int kStatementLines = 32;

bool space(char c) { return c == ' ' || c == '\t'; }

bool opener(char c) { return c == '(' || c == '[' || c == '{' || c == '<'; }
bool closer(char c) { return c == ')' || c == ']' || c == '}' || c == '>'; }

/// The op statement starting on the line at `begin`, if the line starts one.
std::optional<Statement> statementOnLine(std::string_view text, uint32_t begin) {
  uint32_t at = begin;
  auto skipSpaces = [&] {
    while (at < text.size() && space(text[at])) ++at;
  };
  skipSpaces();
  if (at < text.size() && text[at] == '%') {
    // Results: `%a, %b:2 =`.
    size_t equals = text.find('=', at);
    size_t newline = text.find('\n', at);
    if (equals == std::string_view::npos || equals > newline) return std::nullopt;
    at = static_cast<uint32_t>(equals + 1);
    skipSpaces();
  }
  Statement statement;
  if (at < text.size() && text[at] == '"') {
    statement.generic = true;
    ++at;
  }
  uint32_t nameBegin = at;
  while (at < text.size() && nameChar(text[at])) ++at;
  if (at == nameBegin) return std::nullopt;
  statement.op = ops::find(ops::canonicalName(text.substr(nameBegin, at - nameBegin)));
  if (!statement.op) return std::nullopt;
  statement.nameBegin = nameBegin;
  statement.nameEnd = at + (statement.generic && at < text.size() && text[at] == '"' ? 1 : 0);
  return statement;
}

}  // namespace

bool nameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }

uint32_t wordStart(std::string_view text, uint32_t offset) {
  uint32_t at = offset;
  while (at > 0 && nameChar(text[at - 1])) --at;
  return at;
}

uint32_t lineStart(std::string_view text, uint32_t offset) {
  size_t newline = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
  return newline == std::string_view::npos ? 0 : static_cast<uint32_t>(newline + 1);
}

std::optional<uint32_t> unclosedBracket(std::string_view text, uint32_t offset, uint32_t limit) {
  int depth = 0;
  uint32_t stop = offset > limit ? offset - limit : 0;
  bool inString = false;
  for (uint32_t at = offset; at > stop; --at) {
    char c = text[at - 1];
    if (c == '"' && (at < 2 || text[at - 2] != '\\')) {
      inString = !inString;
      continue;
    }
    if (inString) continue;
    if (c == '>' && at >= 2 && text[at - 2] == '-') {
      --at;  // `->`
      continue;
    }
    if (closer(c)) ++depth;
    if (opener(c)) {
      if (depth == 0) return at - 1;
      --depth;
    }
  }
  return std::nullopt;
}

std::optional<Statement> statementAt(std::string_view text, uint32_t offset) {
  uint32_t line = lineStart(text, offset);
  std::optional<uint32_t> bracket = unclosedBracket(text, offset);
  for (int n = 0; n < kStatementLines; ++n) {
    if (std::optional<Statement> statement = statementOnLine(text, line)) {
      if (statement->nameEnd > offset) return std::nullopt;  // On the name itself.
      // A statement above counts only while the cursor is inside its brackets.
      if (n == 0 || (bracket && *bracket >= statement->nameEnd)) return statement;
      return std::nullopt;
    }
    if (line == 0) break;
    line = lineStart(text, line - 1);
  }
  return std::nullopt;
}

std::string_view keywordBefore(std::string_view text, uint32_t from, uint32_t offset) {
  // Back to the comma or bracket that starts the item.
  uint32_t at = offset;
  int depth = 0;
  while (at > from) {
    char c = text[at - 1];
    if (closer(c) && !(c == '>' && at >= 2 && text[at - 2] == '-')) ++depth;
    if (opener(c)) {
      if (depth == 0) break;
      --depth;
    }
    if (c == ',' && depth == 0) break;
    --at;
  }
  std::string_view item = text.substr(at, offset - at);
  size_t equals = item.find('=');
  if (equals == std::string_view::npos) return {};
  std::string_view key = item.substr(0, equals);
  while (!key.empty() && space(key.front())) key.remove_prefix(1);
  while (!key.empty() && (space(key.back()) || key.back() == '\n')) key.remove_suffix(1);
  for (char c : key) {
    if (!nameChar(c)) return {};
  }
  return key;
}

size_t topLevelCommas(std::string_view text, uint32_t from, uint32_t offset) {
  size_t commas = 0;
  int depth = 0;
  for (uint32_t at = from; at < offset && at < text.size(); ++at) {
    char c = text[at];
    if (c == '-' && at + 1 < text.size() && text[at + 1] == '>') {
      ++at;
      continue;
    }
    if (opener(c)) ++depth;
    if (closer(c) && depth > 0) --depth;
    if (c == ',' && depth == 0) ++commas;
  }
  return commas;
}

}  // namespace shlo::ide
