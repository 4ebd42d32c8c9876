#include "semantic/verify/TypeLimits.h"

#include <optional>
#include <string>

#include "support/CheckedArithmetic.h"

namespace shlo::verify {

namespace {

/// Why one tensor type is too large, or nullopt when it is within limits.
std::optional<std::string> tensorProblem(const ir::Type &type) {
  if (!type.isTensor() || !type.ranked()) return std::nullopt;
  // Runs on every type of every op: no allocation on the way.
  std::optional<int64_t> count = 1;
  for (int64_t d : type.shape()) {
    if (d != ir::kDynamic && d >= 0) count = checked::mul(*count, d);
    if (!count) return type.str() + " has more elements than a 64-bit integer can count";
  }
  std::optional<int64_t> bytes = checked::packedByteSize(*count, type.element().bitWidth());
  if (!bytes || *bytes > checked::kMaxByteSize) {
    return type.str() + " needs more than 2^48 bytes (256 TiB), the largest tensor size supported";
  }
  return std::nullopt;
}

/// The first problem in `type` or in the types inside it (tuple elements,
/// function inputs and results). Iterative: nested tuple types can be deep.
std::optional<std::string> typeProblem(const ir::Type &type) {
  if (!type.isTuple() && !type.isFunction()) return tensorProblem(type);
  std::vector<const ir::Type *> pending = {&type};
  while (!pending.empty()) {
    const ir::Type *t = pending.back();
    pending.pop_back();
    if (std::optional<std::string> problem = tensorProblem(*t)) return problem;
    if (t->isTuple() || t->isFunction()) {
      for (const ir::Type &e : t->elements()) pending.push_back(&e);
      if (t->isFunction()) {
        for (const ir::Type &r : t->results()) pending.push_back(&r);
      }
    }
  }
  return std::nullopt;
}

/// The first problem in an attribute's type or in those of its elements
/// and fields (arrays of typed literals, dictionaries of dense constants).
std::optional<std::string> attributeProblem(const ir::Attribute &attribute) {
  if (attribute.elements.empty() && attribute.fields.empty()) {
    return attribute.type ? typeProblem(*attribute.type) : std::nullopt;
  }
  std::vector<const ir::Attribute *> pending = {&attribute};
  while (!pending.empty()) {
    const ir::Attribute *a = pending.back();
    pending.pop_back();
    if (a->type) {
      if (std::optional<std::string> problem = typeProblem(*a->type)) return problem;
    }
    for (const ir::Attribute &e : a->elements) pending.push_back(&e);
    for (const ir::AttributeField &f : a->fields) pending.push_back(&f.second);
  }
  return std::nullopt;
}

void report(syntax::TextRange range, const ir::Operation &op, std::string message, std::vector<Diagnostic> &sink) {
  Diagnostic d;
  d.range = range;
  d.code = "type.too-large";
  d.message = std::move(message);
  d.opRange = op.range;
  sink.push_back(std::move(d));
}

}  // namespace

void checkTypeLimits(const ir::Operation &op, std::vector<Diagnostic> &sink) {
  // One diagnostic per op: a function's argument type is also in its
  // `function_type`, a result type often in a constant's attribute too.
  // Block arguments first: their ranges are the most precise.
  for (const ir::Region *region : op.regions) {
    for (const ir::Block *block : region->blocks) {
      for (const ir::Value *argument : block->arguments) {
        if (std::optional<std::string> problem = typeProblem(argument->type)) {
          return report(argument->range, op, "argument `" + argument->name + "`: " + *problem, sink);
        }
      }
    }
  }
  for (const ir::Value *result : op.results) {
    if (std::optional<std::string> problem = typeProblem(result->type)) {
      return report(op.typeRange.size() ? op.typeRange : result->range, op, "result type " + *problem, sink);
    }
  }
  for (const ir::NamedAttribute &named : op.attributes) {
    if (std::optional<std::string> problem = attributeProblem(named.value)) {
      syntax::TextRange range = named.value.range.size() ? named.value.range : named.nameRange;
      return report(range, op, "attribute `" + named.name + "`: " + *problem, sink);
    }
  }
}

}  // namespace shlo::verify
