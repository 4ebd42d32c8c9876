// Signature help: the op being typed, its operands and attributes from the
// op table and the spec, and which one the cursor is on.
#include "ide/Completion.h"
#include "ide/Features.h"
#include "ide/OpSyntax.h"
#include "ide/TextContext.h"

namespace shlo::ide {

namespace {

std::optional<size_t> attributeIndex(const std::vector<OpParameter> &parameters, std::string_view name) {
  for (size_t i = 0; i < parameters.size(); ++i) {
    if (parameters[i].attribute && parameters[i].name == name) return i;
  }
  return std::nullopt;
}

/// A `:` outside brackets between `from` and `to`: the types have begun.
bool inTypes(std::string_view text, uint32_t from, uint32_t to) {
  int depth = 0;
  for (uint32_t at = from; at < to && at < text.size(); ++at) {
    char c = text[at];
    if (c == '(' || c == '[' || c == '{' || c == '<') ++depth;
    if ((c == ')' || c == ']' || c == '}' || (c == '>' && (at == 0 || text[at - 1] != '-'))) && depth > 0) --depth;
    if (c == ':' && depth == 0) return true;
  }
  return false;
}

std::optional<size_t> activeParameter(std::string_view text, uint32_t offset, const Statement &statement,
                                      const std::vector<OpParameter> &parameters) {
  const ops::OpDef &op = *statement.op;
  std::optional<uint32_t> bracket = unclosedBracket(text, offset);
  if (bracket && text[*bracket] == '{' && *bracket >= statement.nameEnd) {
    // In the attribute dictionary: the attribute named before `=`, or being typed.
    std::string_view key = keywordBefore(text, *bracket + 1, offset);
    if (key.empty()) key = text.substr(wordStart(text, offset), offset - wordStart(text, offset));
    return attributeIndex(parameters, key);
  }
  if (inTypes(text, statement.nameEnd, offset)) return std::nullopt;
  std::string_view key = keywordBefore(text, statement.nameEnd, offset);
  if (!key.empty()) return attributeIndex(parameters, op.attributeForKeyword(key));
  std::vector<size_t> operands;
  for (size_t i = 0; i < parameters.size(); ++i) {
    if (!parameters[i].attribute) operands.push_back(i);
  }
  std::vector<size_t> slots = statement.generic ? operands : prettySlots(op, parameters);
  uint32_t from = statement.nameEnd;
  if (statement.generic || (bracket && text[*bracket] == '(' && *bracket >= statement.nameEnd)) {
    if (!bracket || text[*bracket] != '(') return std::nullopt;
    from = *bracket + 1;
    if (!statement.generic) slots = operands;  // `@callee(%a, %b)`, `($operands)`.
  }
  size_t slot = topLevelCommas(text, from, offset);
  if (slots.empty()) return std::nullopt;
  if (slot < slots.size()) return slots[slot];
  // Past the last slot: a variadic operand list goes on.
  return parameters[slots.back()].attribute ? std::nullopt : std::optional<size_t>(slots.back());
}

}  // namespace

std::optional<SignatureHelp> signatureHelp(const AnalyzedFile &file, uint32_t offset) {
  std::string_view text = file.file.text();
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text.size()));
  std::optional<Statement> statement = statementAt(text, offset);
  if (!statement) return std::nullopt;
  std::vector<OpParameter> parameters = opParameters(*statement->op);
  SignatureHelp help;
  help.label = std::string(statement->op->name) + "(";
  for (size_t i = 0; i < parameters.size(); ++i) {
    if (i) help.label += ", ";
    SignatureParameter parameter;
    parameter.label = parameters[i].name;
    parameter.documentation = parameters[i].documentation;
    parameter.labelBegin = static_cast<uint32_t>(help.label.size());
    help.label += parameters[i].name;
    parameter.labelEnd = static_cast<uint32_t>(help.label.size());
    help.parameters.push_back(std::move(parameter));
  }
  help.label += ")";
  help.documentation = std::string(statement->op->summary);
  help.activeParameter = activeParameter(text, offset, *statement, parameters);
  return help;
}

}  // namespace shlo::ide
