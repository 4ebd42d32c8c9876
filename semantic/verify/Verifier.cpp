#include "semantic/verify/Verifier.h"

#include <algorithm>
#include <set>
#include <unordered_set>

#include "semantic/verify/OpNames.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/DenseLiterals.h"
#include "semantic/verify/TypeLimits.h"

namespace shlo::verify {

namespace {

std::string typeListText(const std::vector<ir::Type> &types) {
  std::string out = "(";
  for (size_t i = 0; i < types.size(); ++i) out += (i ? ", " : "") + types[i].str();
  return out + ")";
}

/// An operand's type as written must be its value's type (MLIR rejects the
/// use otherwise).
void checkWrittenOperandTypes(const ir::Operation &op, std::vector<Diagnostic> &sink) {
  for (size_t i = 0; i < op.operands.size() && i < op.writtenOperandTypes.size(); ++i) {
    const ir::Value *value = op.operands[i];
    const ir::Type &written = op.writtenOperandTypes[i];
    if (!value || !value->type.valid() || !written.valid() || value->type == written) continue;
    Diagnostic d;
    d.range = op.operandRanges[i];
    d.code = "ssa.type-mismatch";
    d.message = "use of `" + value->name + "` as " + written.str() + ", but it has type " + value->type.str();
    d.opRange = op.range;
    d.related.push_back({value->range, "`" + value->name + "` is defined here"});
    sink.push_back(std::move(d));
  }
}

/// func.return's operands against the enclosing function's result types.
void checkFunctionReturn(const ir::Operation &op, std::vector<Diagnostic> &sink) {
  if (op.parentOp() == nullptr || op.parentOp()->name != "func.func") return;
  const ir::Attribute *type = op.parentOp()->attribute("function_type");
  if (!type || !type->type) return;
  const std::vector<ir::Type> &expected = type->type->results();
  std::vector<ir::Type> actual;
  for (const ir::Value *v : op.operands) actual.push_back(v ? v->type : ir::Type());
  bool matches = expected.size() == actual.size();
  for (size_t i = 0; matches && i < actual.size(); ++i) {
    matches = !actual[i].valid() || actual[i] == expected[i];
  }
  if (matches) return;
  Diagnostic d;
  d.range = op.range;
  d.code = "func.return";
  d.message = "returns " + typeListText(actual) + " but the function's results are " + typeListText(expected);
  d.opRange = op.range;
  d.related.push_back({type->range, "function signature"});
  sink.push_back(std::move(d));
}

/// func.call's operands and results against the callee's signature.
void checkCall(const ir::Module &module, const ir::Operation &op, std::vector<Diagnostic> &sink) {
  const ir::Attribute *callee = op.attribute("callee");
  if (!callee || callee->kind != ir::Attribute::Kind::SymbolRef) return;
  auto it = module.functions.find(callee->text);
  if (it == module.functions.end()) {
    Diagnostic d;
    d.range = callee->range;
    d.code = "func.call.undefined";
    d.message = "call to undefined function `@" + callee->text + "`";
    d.opRange = op.range;
    sink.push_back(std::move(d));
    return;
  }
  const ir::Attribute *type = it->second->attribute("function_type");
  if (!type || !type->type) return;
  std::vector<ir::Type> operands, results;
  for (const ir::Value *v : op.operands) operands.push_back(v ? v->type : ir::Type());
  for (const ir::Value *v : op.results) results.push_back(v->type);
  auto same = [](const std::vector<ir::Type> &a, const std::vector<ir::Type> &b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i].valid() && b[i].valid() && a[i] != b[i]) return false;
    }
    return true;
  };
  if (same(operands, type->type->inputs()) && same(results, type->type->results())) return;
  Diagnostic d;
  d.range = op.typeRange.size() ? op.typeRange : op.range;
  d.code = "func.call.signature";
  const std::vector<ir::Type> &inputs = type->type->inputs(), &outputs = type->type->results();
  // Name the first difference: a long signature would not fit one line.
  auto firstDifference = [](const std::vector<ir::Type> &a, const std::vector<ir::Type> &b) {
    for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
      if (a[i].valid() && b[i].valid() && a[i] != b[i]) return i;
    }
    return a.size() == b.size() ? std::string::npos : std::min(a.size(), b.size());
  };
  if (operands.size() != inputs.size()) {
    d.message = "call passes " + std::to_string(operands.size()) + " operands but `@" + callee->text + "` takes " +
                std::to_string(inputs.size());
  } else if (size_t i = firstDifference(operands, inputs); i != std::string::npos) {
    if (i < op.operandRanges.size()) d.range = op.operandRanges[i];
    d.message = "operand #" + std::to_string(i) + " has type " + operands[i].str() + " but `@" + callee->text +
                "` takes " + inputs[i].str();
  } else if (results.size() != outputs.size()) {
    d.message = "call has " + std::to_string(results.size()) + " results but `@" + callee->text + "` returns " +
                std::to_string(outputs.size());
  } else {
    size_t r = firstDifference(results, outputs);
    d.message = "result #" + std::to_string(r) + " has type " + results[r].str() + " but `@" + callee->text +
                "` returns " + outputs[r].str();
  }
  d.opRange = op.range;
  d.related.push_back({it->second->attribute("sym_name")->range, "callee defined here"});
  sink.push_back(std::move(d));
}

/// Ops whose inputs the spec types as "per-tensor quantized tensor" (never
/// per-axis): the op table's PerTensorQuantization trait.
bool takesOnlyPerTensorQuantization(std::string_view name) {
  const ops::OpDef *def = ops::find(name);
  return def && def->has(ops::Trait::PerTensorQuantization);
}

bool isPerAxisQuantized(const ir::Type &t) {
  return t.isTensor() && t.element().isQuantized() && t.element().quantizedInfo()->quantizationDimension;
}

/// Spec "Types", quantized tensor types (C12): a per-axis quantization
/// dimension names a dimension of the tensor. Checked on the operands and
/// results of the closed dialects' ops, where StableHLO's type constraints
/// apply; a block argument or a function's signature alone is not checked.
void checkQuantizationDimensions(const ir::Operation &op, std::vector<Diagnostic> &sink) {
  if (!ops::find(op.name)) return;
  auto bad = [](const ir::Type &t) {
    if (!isPerAxisQuantized(t) || !t.ranked()) return false;
    int64_t dimension = *t.element().quantizedInfo()->quantizationDimension;
    return dimension < 0 || dimension >= t.rank();
  };
  auto report = [&](syntax::TextRange range, const std::string &what, const ir::Type &type) {
    Diagnostic d;
    d.range = range;
    d.code = "type.C12";
    d.message = what + " has type " + type.str() + ", whose quantization dimension " +
                std::to_string(*type.element().quantizedInfo()->quantizationDimension) +
                " is not a dimension of a rank-" + std::to_string(type.rank()) + " tensor";
    d.opRange = op.range;
    sink.push_back(std::move(d));
  };
  // StableHLO's ops take quantized types of signless or unsigned storage;
  // `si8` parses (the quant dialect prints it as i8) but no op accepts it.
  auto signedStorage = [](const ir::Type &t) {
    return t.isTensor() && t.element().isQuantized() && t.element().quantizedInfo() &&
           t.element().quantizedInfo()->storageType.signedness() == ir::Signedness::Signed;
  };
  for (size_t i = 0; i < op.operands.size(); ++i) {
    if (op.operands[i] && signedStorage(op.operands[i]->type)) {
      Diagnostic d;
      d.range = op.operandRanges[i];
      d.code = "quantized_type.storage";
      d.message = "operand #" + std::to_string(i) + " has type " + op.operands[i]->type.str() +
                  ", whose storage type is an `si` integer; quantized storage is `iN` (signed) or `uiN`";
      d.opRange = op.range;
      sink.push_back(std::move(d));
      return;
    }
  }
  for (size_t i = 0; i < op.operands.size(); ++i) {
    if (op.operands[i] && bad(op.operands[i]->type)) {
      report(op.operandRanges[i], "operand #" + std::to_string(i), op.operands[i]->type);
      return;
    }
  }
  for (size_t i = 0; i < op.results.size(); ++i) {
    if (bad(op.results[i]->type)) {
      report(op.typeRange.size() ? op.typeRange : op.nameRange, "result #" + std::to_string(i), op.results[i]->type);
      return;
    }
  }
}

void checkPerTensorQuantization(const ir::Operation &op, std::vector<Diagnostic> &sink) {
  if (!takesOnlyPerTensorQuantization(op.name)) return;
  auto report = [&](syntax::TextRange range, const std::string &what, const ir::Type &type) {
    Diagnostic d;
    d.range = range;
    d.code = op.name.substr(10) + ".quantization";
    d.message = what + " has per-axis quantized type " + type.str() + ", but " + op.name +
                " takes only per-tensor quantized tensors";
    d.opRange = op.range;
    sink.push_back(std::move(d));
  };
  for (size_t i = 0; i < op.operands.size(); ++i) {
    if (op.operands[i] && isPerAxisQuantized(op.operands[i]->type)) {
      report(op.operandRanges[i], "operand #" + std::to_string(i), op.operands[i]->type);
      return;
    }
  }
  for (const ir::Value *result : op.results) {
    if (isPerAxisQuantized(result->type)) {
      report(op.typeRange.size() ? op.typeRange : op.nameRange, "the result", result->type);
      return;
    }
  }
}

}  // namespace

void verifyOperation(const ir::Module &module, const ir::Operation &op, std::vector<Diagnostic> &sink) {
  checkOpName(op, sink);
  if (op.form == ir::OpForm::Unknown) return;
  checkTypeLimits(op, sink);
  checkDenseLiterals(module, op, sink);
  checkWrittenOperandTypes(op, sink);
  checkQuantizationDimensions(op, sink);
  checkPerTensorQuantization(op, sink);
  if (ops::hasTrait(op.name, ops::Trait::FunctionReturn)) checkFunctionReturn(op, sink);
  if (op.name == "func.call") checkCall(module, op, sink);
  if (const OpDef *def = OpRegistry::instance().find(op.name); def && def->verify) {
    VerifyContext context(op, sink, &module);
    def->verify(context);
  }
}

bool verifyOperationOnce(const ir::Module &module, const ir::Operation &op, std::unordered_set<const ir::Operation *> &failed,
                         std::vector<Diagnostic> &sink) {
  std::vector<Diagnostic> found;
  verifyOperation(module, op, found);
  bool anyError = std::any_of(found.begin(), found.end(), [](const Diagnostic &d) { return d.severity == Severity::Error; });
  // An undefined operand (lowering reported it) fails the op as an error of
  // its own would: errors at the uses of its results are held back.
  bool undefinedOperand = std::any_of(op.operands.begin(), op.operands.end(), [](const ir::Value *v) { return !v; });
  if (!anyError && undefinedOperand) {
    failed.insert(&op);
    sink.insert(sink.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
    return true;
  }
  if (!anyError) {
    sink.insert(sink.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
    return false;
  }
  failed.insert(&op);
  bool fromFailed = std::any_of(op.operands.begin(), op.operands.end(), [&](const ir::Value *v) {
    return v && v->definingOp && failed.count(v->definingOp);
  });
  // An op in a region of an op with an error (a body whose block
  // arguments take the op's wrong types): as MLIR, which does not verify
  // the regions of an op that failed, the op's error is the one reported.
  // Functions and modules are only containers.
  for (const ir::Operation *parent = op.parentOp(); parent && !fromFailed; parent = parent->parentOp()) {
    if (parent->name == "func.func" || parent->name == "builtin.module" || parent->name == "ml_program.func") break;
    fromFailed = failed.count(parent) > 0;
  }
  for (Diagnostic &d : found) {
    if (!fromFailed || d.severity != Severity::Error) sink.push_back(std::move(d));
  }
  return true;
}

void verifySubtree(const ir::Module &module, const ir::Operation &root, std::vector<Diagnostic> &sink) {
  // Ops with an error, and ops whose errors were held back because an
  // operand came from such an op: one mistake, one error.
  std::unordered_set<const ir::Operation *> failed;
  ir::walk({const_cast<ir::Operation *>(&root)},
           [&](const ir::Operation *op) { verifyOperationOnce(module, *op, failed, sink); });
}

void verifyModule(const ir::Module &module, std::vector<Diagnostic> &sink) {
  for (const ir::Operation *op : module.topLevel) verifySubtree(module, *op, sink);
}

std::vector<ir::Type> inferResultTypes(const ir::Operation &op) {
  const OpDef *def = OpRegistry::instance().find(op.name);
  if (!def || !def->infer) return {};
  std::vector<Diagnostic> scratch;
  VerifyContext context(op, scratch);
  return def->infer(context);
}

}  // namespace shlo::verify
