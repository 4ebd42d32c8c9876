#include "semantic/verify/Checks.h"

#include <set>

namespace shlo::verify {

using ir::ElementType;
using ir::Type;

bool isIntegerOrBoolean(const ElementType &e) { return e.isInteger(); }
bool isFloatOrComplex(const ElementType &e) { return e.isFloat() || e.isComplex(); }
bool isNumeric(const ElementType &e) {
  return e.isInteger() ? !e.isBoolean() : e.isFloat() || e.isComplex() || e.isQuantized();
}

std::string listText(const std::vector<int64_t> &values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
  return out + "]";
}

bool checkArity(VerifyContext &c, size_t operands, size_t results) {
  if (c.numOperands() != operands) {
    c.error(c.nameRange(), "operands",
            "expects " + std::to_string(operands) + " operands, got " + std::to_string(c.numOperands()));
    return false;
  }
  if (c.numResults() != results) {
    c.error(c.nameRange(), "results",
            "expects " + std::to_string(results) + " results, got " + std::to_string(c.numResults()));
    return false;
  }
  return true;
}

bool checkSameShapes(VerifyContext &c, std::string_view constraint) {
  Type reference;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (!t.isTensor()) continue;
    if (!reference.valid()) {
      reference = t;
      continue;
    }
    if (!ir::isShapeCompatible(reference, t)) {
      c.error(c.operandRange(i), constraint,
              "operand #" + std::to_string(i) + " has type " + t.str() + ", whose shape differs from operand #0's " +
                  reference.str());
      c.relateOperand(i);
      return false;
    }
  }
  for (size_t i = 0; i < c.numResults(); ++i) {
    Type t = c.resultType(i);
    if (reference.valid() && t.isTensor() && !ir::isShapeCompatible(reference, t)) {
      c.error(c.resultRange(i), constraint,
              "result type " + t.str() + " does not have the operands' shape (" + reference.str() + ")");
      return false;
    }
  }
  return true;
}

bool checkSameElementTypes(VerifyContext &c, std::string_view constraint) {
  std::optional<ElementType> reference;
  auto check = [&](const Type &t, syntax::TextRange range, const std::string &what) {
    if (!t.isTensor()) return true;
    if (!reference) {
      reference = t.element();
      return true;
    }
    if (ir::sameBaselineElementType(t.element(), *reference)) return true;
    c.error(range, constraint,
            what + " has element type " + t.element().str() + " but the op requires " + reference->str() +
                " for all operands and results");
    return false;
  };
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (!check(c.operandType(i), c.operandRange(i), "operand #" + std::to_string(i))) return false;
  }
  for (size_t i = 0; i < c.numResults(); ++i) {
    if (!check(c.resultType(i), c.resultRange(i), "result")) return false;
  }
  return true;
}

bool checkElementClass(VerifyContext &c, size_t operand, bool (*ok)(const ElementType &), std::string_view what,
                       std::string_view constraint) {
  Type t = c.operandType(operand);
  if (!t.isTensor() || t.element().isQuantized() || ok(t.element())) return true;
  c.error(c.operandRange(operand), constraint,
          "operand #" + std::to_string(operand) + " must be a tensor of " + std::string(what) + ", got " + t.str());
  c.relateOperand(operand);
  return false;
}

bool checkDimensionsInRange(VerifyContext &c, std::string_view name, const std::vector<int64_t> &dims, int64_t bound,
                            std::string_view constraint) {
  for (int64_t d : dims) {
    if (d < 0 || d >= bound) {
      c.error(c.attributeRange(name), constraint,
              std::string(name) + " " + listText(dims) + " has " + std::to_string(d) + ", outside [0, " +
                  std::to_string(bound) + ")");
      return false;
    }
  }
  return true;
}

bool checkUnique(VerifyContext &c, std::string_view name, const std::vector<int64_t> &values,
                 std::string_view constraint) {
  std::set<int64_t> seen;
  for (int64_t v : values) {
    if (!seen.insert(v).second) {
      c.error(c.attributeRange(name), constraint,
              std::string(name) + " " + listText(values) + " repeats " + std::to_string(v));
      return false;
    }
  }
  return true;
}

bool integerField(const ir::Attribute &structAttribute, std::string_view name, std::vector<int64_t> &out) {
  const ir::Attribute *field = structAttribute.field(name);
  if (!field) return true;
  auto values = field->integers();
  if (!values) return false;
  out = *values;
  return true;
}

std::optional<std::vector<int64_t>> requireIntegers(VerifyContext &c, std::string_view name,
                                                    std::string_view constraint) {
  const ir::Attribute *a = c.attribute(name);
  if (!a) {
    c.error(c.nameRange(), constraint, "missing attribute `" + std::string(name) + "`");
    return std::nullopt;
  }
  auto values = a->integers();
  if (!values) {
    c.error(c.attributeRange(name), constraint,
            "attribute `" + std::string(name) + "` must be a list of integers, got " + a->str());
  }
  return values;
}

}  // namespace shlo::verify
