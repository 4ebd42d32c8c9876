#include "semantic/verify/VerifyContext.h"

#include "semantic/ops/SpecTables.h"

namespace shlo::verify {

VerifyContext::VerifyContext(const ir::Operation &op, std::vector<Diagnostic> &sink, const ir::Module *module)
    : op_(op), sink_(sink), module_(module) {}

ir::Type VerifyContext::operandType(size_t i) const {
  if (i < op_.operands.size() && op_.operands[i] && op_.operands[i]->type.valid()) return op_.operands[i]->type;
  if (i < op_.writtenOperandTypes.size()) return op_.writtenOperandTypes[i];
  return ir::Type();
}

ir::Type VerifyContext::resultType(size_t i) const {
  return i < op_.results.size() ? op_.results[i]->type : ir::Type();
}

bool VerifyContext::typesKnown() const {
  for (size_t i = 0; i < numOperands(); ++i) {
    if (!operandType(i).valid()) return false;
  }
  for (size_t i = 0; i < numResults(); ++i) {
    if (!resultType(i).valid()) return false;
  }
  return true;
}

std::optional<std::vector<int64_t>> VerifyContext::integers(std::string_view name) const {
  const ir::Attribute *a = attribute(name);
  return a ? a->integers() : std::nullopt;
}

std::optional<int64_t> VerifyContext::integer(std::string_view name) const {
  const ir::Attribute *a = attribute(name);
  if (!a || a->kind != ir::Attribute::Kind::Integer) return std::nullopt;
  return a->integer;
}

std::optional<std::string> VerifyContext::enumCase(std::string_view name) const {
  const ir::Attribute *a = attribute(name);
  if (!a || a->kind != ir::Attribute::Kind::Enum) return std::nullopt;
  return a->text;
}

syntax::TextRange VerifyContext::operandRange(size_t i) const {
  return i < op_.operandRanges.size() ? op_.operandRanges[i] : op_.nameRange;
}

syntax::TextRange VerifyContext::resultRange(size_t i) const {
  if (i < op_.results.size() && op_.results[i]->range.size() > 0 && op_.results[i]->range.begin < op_.nameRange.begin) {
    return op_.results[i]->range;
  }
  return typeRange();
}

syntax::TextRange VerifyContext::attributeRange(std::string_view name) const {
  const ir::NamedAttribute *a = op_.namedAttribute(name);
  if (a && a->value.range.size() > 0) return a->value.range;
  if (a && a->nameRange.size() > 0) return a->nameRange;
  return op_.nameRange;
}

syntax::TextRange VerifyContext::typeRange() const {
  return op_.typeRange.size() > 0 ? op_.typeRange : op_.nameRange;
}

std::string_view VerifyContext::shortName() const {
  std::string_view name = op_.name;
  size_t dot = name.find('.');
  return dot == std::string_view::npos ? name : name.substr(dot + 1);
}

void VerifyContext::error(syntax::TextRange range, std::string_view constraint, std::string message) {
  Diagnostic d;
  d.range = range;
  d.code = std::string(shortName()) + "." + std::string(constraint);
  d.message = std::move(message);
  // Quote the spec's constraint, so the message says what must hold.
  if (const ops::SpecOp *spec = ops::specOp(op_.name)) {
    std::string_view text = spec->constraint(constraint);
    if (!text.empty()) d.note = "spec (" + std::string(constraint) + "): " + std::string(text);
    for (const ops::SpecInput &input : spec->inputs) {
      if (d.note.empty() && input.label == "(" + std::string(constraint) + ")") {
        d.note = "spec (" + std::string(constraint) + "): `" + std::string(input.name) + "` is a " +
                 std::string(input.type);
      }
    }
  }
  d.opRange = op_.range;
  sink_.push_back(std::move(d));
  failed_ = true;
  // An error on an operand always points to where that value is defined.
  for (size_t i = 0; i < op_.operandRanges.size(); ++i) {
    if (op_.operandRanges[i] == range) {
      relateOperand(i);
      break;
    }
  }
}

void VerifyContext::relateOperand(size_t i) {
  if (sink_.empty() || i >= op_.operands.size() || !op_.operands[i]) return;
  const ir::Value &v = *op_.operands[i];
  for (const RelatedInformation &r : sink_.back().related) {
    if (r.range == v.range) return;  // Already related.
  }
  sink_.back().related.push_back({v.range, "`" + v.name + "` is defined here with type " + v.type.str()});
}

bool VerifyContext::checkInferred(size_t i, const ir::Type &inferred, std::string_view constraint) {
  if (i >= numResults() || !inferred.valid() || !resultType(i).valid()) return true;
  if (ir::isCompatible(inferred, resultType(i))) return true;
  error(resultRange(i), constraint,
        "result type " + resultType(i).str() + " does not match the inferred type " + inferred.str());
  return false;
}

}  // namespace shlo::verify
