#include "semantic/verify/DenseLiterals.h"

#include <optional>

#include "semantic/ir/DenseLiteral.h"
#include "support/CheckedArithmetic.h"

namespace shlo::verify {

namespace {

/// A type whose literal can be read: ranked, static, of a countable size.
bool readable(const ir::Type &type) {
  if (!type.isTensor() || !type.ranked() || !type.hasStaticShape()) return false;
  std::optional<int64_t> count = type.checkedNumElements();
  if (!count) return false;
  std::optional<int64_t> bytes = checked::packedByteSize(*count, type.element().bitWidth());
  return bytes && *bytes <= checked::kMaxByteSize;
}

void checkOne(const ir::Operation &op, const ir::Attribute &a, std::vector<Diagnostic> &sink) {
  if (!a.type || !readable(*a.type)) return;
  std::string_view literal = a.literal();
  std::optional<ir::DenseLiteralProblem> problem = ir::readDenseLiteral(literal, *a.type, nullptr);
  if (!problem) return;
  Diagnostic d;
  d.range = a.range;
  // Inside the literal when its place in the text is known.
  if (a.literalOffset != 0 && a.range.begin + a.literalOffset + literal.size() <= a.range.end) {
    uint32_t begin = a.range.begin + a.literalOffset;
    d.range = {begin + problem->begin, begin + std::min<uint32_t>(problem->end, static_cast<uint32_t>(literal.size()))};
  }
  d.code = problem->code;
  d.message = problem->message;
  d.opRange = op.range;
  sink.push_back(std::move(d));
}

void checkResource(const ir::Module &module, const ir::Operation &op, const ir::Attribute &a,
                   std::vector<Diagnostic> &sink) {
  if (a.text == "__elided__") return;
  const ir::Type *type = a.type ? &*a.type : (op.results.size() == 1 ? &op.results[0]->type : nullptr);
  if (!type || !readable(*type)) return;
  Diagnostic d;
  d.range = a.range;
  d.code = "literal.resource";
  d.opRange = op.range;
  auto blob = module.resources.find(a.text);
  if (blob == module.resources.end()) {
    d.message = "dense_resource<" + a.text + ">: the file has no blob `" + a.text +
                "` in its `{-# dialect_resources: { builtin: {...} } #-}` section";
    sink.push_back(std::move(d));
    return;
  }
  std::optional<ir::DenseLiteralProblem> problem = ir::resourceBlobLiteral(blob->second.hex, *type, nullptr);
  if (!problem) return;
  d.message = "dense_resource<" + a.text + ">: " + problem->message;
  d.related.push_back({blob->second.range, "the blob `" + a.text + "`"});
  sink.push_back(std::move(d));
}

}  // namespace

void checkDenseLiterals(const ir::Module &module, const ir::Operation &op, std::vector<Diagnostic> &sink) {
  std::vector<const ir::Attribute *> pending;
  for (const ir::NamedAttribute &named : op.attributes) {
    const ir::Attribute &a = named.value;
    if (a.kind == ir::Attribute::Kind::DenseElements) {
      checkOne(op, a, sink);
    } else if (a.kind == ir::Attribute::Kind::DenseResource) {
      checkResource(module, op, a, sink);
    } else if (!a.elements.empty() || !a.fields.empty()) {
      pending.push_back(&a);
    }
  }
  // Arrays and dictionaries of literals, without recursion.
  while (!pending.empty()) {
    const ir::Attribute *a = pending.back();
    pending.pop_back();
    for (const ir::Attribute &e : a->elements) {
      if (e.kind == ir::Attribute::Kind::DenseElements) checkOne(op, e, sink);
      else if (!e.elements.empty() || !e.fields.empty()) pending.push_back(&e);
    }
    for (const ir::AttributeField &f : a->fields) {
      if (f.second.kind == ir::Attribute::Kind::DenseElements) checkOne(op, f.second, sink);
      else if (!f.second.elements.empty() || !f.second.fields.empty()) pending.push_back(&f.second);
    }
  }
}

}  // namespace shlo::verify
