#include "linter/Patterns.h"

#include <cctype>
#include <cstdlib>
#include <string>

#include "linter/FixBuilder.h"
#include "semantic/ops/Ops.h"

namespace shlo::linter {

const ir::Operation *constantOf(const ir::Value *value) {
  if (!value || !value->definingOp) return nullptr;
  return ops::hasTrait(value->definingOp->name, ops::Trait::Constant) ? value->definingOp : nullptr;
}

const ir::Value *throughShapeOps(const ir::Value *value) {
  for (int depth = 0; depth < 16 && value && value->definingOp; ++depth) {
    const ir::Operation *op = value->definingOp;
    if (op->operands.empty() || (op->name != "stablehlo.broadcast_in_dim" && op->name != "stablehlo.reshape" &&
                                 op->name != "stablehlo.convert")) {
      break;
    }
    value = op->operands[0];
  }
  return value;
}

const ir::Operation *underlyingConstant(const ir::Value *value) { return constantOf(throughShapeOps(value)); }

namespace {

/// Calls `visit` on each element of a list-form dense literal, in order;
/// false when the literal is a hex blob, malformed or empty (then `visit`
/// may have seen some elements), or when `visit` returns false.
template <typename Visit>
bool forEachDenseElement(std::string_view literal, Visit visit) {
  size_t i = 0, count = 0;
  auto blank = [](char c) { return c == '[' || c == ']' || c == ',' || std::isspace(static_cast<unsigned char>(c)); };
  while (i < literal.size()) {
    if (blank(literal[i])) {
      ++i;
      continue;
    }
    size_t start = i;
    if (literal[i] == '"') return false;  // Hex blob: not decoded here.
    if (literal[i] == '(') {
      size_t close = literal.find(')', i);
      if (close == std::string_view::npos) return false;
      i = close + 1;
    } else {
      while (i < literal.size() && !blank(literal[i])) ++i;
    }
    ++count;
    if (!visit(literal.substr(start, i - start))) return false;
  }
  return count > 0;
}

std::optional<double> numberOf(std::string_view token) {
  if (token == "true") return 1.0;
  if (token == "false") return 0.0;
  if (token.empty() || token[0] == '(') return std::nullopt;
  // strtod needs a terminated string; most tokens fit on the stack.
  char small[64];
  std::string large;
  const char *begin = small;
  if (token.size() < sizeof small) {
    token.copy(small, token.size());
    small[token.size()] = '\0';
  } else {
    large = std::string(token);
    begin = large.c_str();
  }
  char *end = nullptr;
  double value = std::strtod(begin, &end);
  if (end != begin + token.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::vector<std::string_view>> denseElements(std::string_view literal) {
  std::vector<std::string_view> out;
  if (!forEachDenseElement(literal, [&](std::string_view element) {
        out.push_back(element);
        return true;
      })) {
    return std::nullopt;
  }
  return out;
}

std::optional<double> uniformValue(const ir::Operation &constant) {
  const ir::Attribute *value = constant.attribute("value");
  if (!value || value->kind != ir::Attribute::Kind::DenseElements) return std::nullopt;
  std::string_view firstText;
  std::optional<double> first;
  bool uniform = forEachDenseElement(value->literal(), [&](std::string_view element) {
    if (!first) {
      first = numberOf(element);
      firstText = element;
      // NaN equals nothing, itself included: never uniform.
      return first && *first == *first;
    }
    // The same text is the same number: only other spellings are parsed.
    if (element == firstText) return true;
    std::optional<double> number = numberOf(element);
    return number && *number == *first;
  });
  if (!uniform) return std::nullopt;
  return first;
}

bool isConstantEqualTo(const ir::Value *value, double x) {
  const ir::Operation *constant = underlyingConstant(value);
  if (!constant) return false;
  std::optional<double> uniform = uniformValue(*constant);
  return uniform && *uniform == x;
}

namespace {
bool isBlank(char c) { return c == ' ' || c == '\t'; }
}  // namespace

syntax::TextRange deletionRange(syntax::TextRange range, std::string_view text) {
  uint32_t begin = range.begin, end = range.end;
  while (begin > 0 && isBlank(text[begin - 1])) --begin;
  if (begin > 0 && text[begin - 1] != '\n') return range;
  while (end < text.size() && isBlank(text[end])) ++end;
  if (end < text.size() && text[end] == '\r') ++end;
  if (end < text.size() && text[end] == '\n') return {begin, end + 1};
  return end == text.size() ? syntax::TextRange{begin, end} : range;
}

std::optional<Fix> deleteOpFix(const ir::Operation &op, std::string_view text, std::string title, FixSafety safety) {
  FixBuilder builder(text);
  builder.remove(op);
  return builder.build(std::move(title), safety);
}

std::optional<Fix> forwardOperandFix(const ir::Operation &op, const ir::Value &replacement, std::string_view text,
                                     FixSafety safety) {
  if (op.results.size() != 1 || !op.results[0] || op.range.end > text.size() || op.range.size() == 0) {
    return std::nullopt;
  }
  if (deletionRange(op.range, text) == op.range) return std::nullopt;  // Shares its line: leave it to the author.
  FixBuilder builder(text);
  builder.remove(op);
  builder.replaceUses(*op.results[0], replacement);
  return builder.build("Remove `" + op.name + "` and use `" + replacement.name + "` instead of `" +
                           op.results[0]->name + "`",
                       safety);
}

syntax::TextRange nameRangeOf(const ir::Operation &op) { return op.nameRange.size() > 0 ? op.nameRange : op.range; }

bool isFloatTensor(const ir::Type &type) { return type.isTensor() && type.element().isFloat(); }

}  // namespace shlo::linter
