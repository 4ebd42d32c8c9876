// Control flow (spec: if, case, while, call) and the terminators. Branch and
// loop bodies are regions: the entry block's arguments and the types its
// `stablehlo.return` returns are checked against the op's operands and results.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/Regions.h"

namespace shlo::verify {

namespace {

using ir::Type;

std::string str(size_t n) { return std::to_string(n); }

std::string typesText(const std::vector<Type> &types) {
  std::string out = "(";
  for (size_t i = 0; i < types.size(); ++i) out += (i ? ", " : "") + (types[i].valid() ? types[i].str() : "?");
  return out + ")";
}

/// Unknown types are compatible with anything.
bool compatible(const Type &a, const Type &b) { return !a.valid() || !b.valid() || ir::isCompatible(a, b); }

bool allCompatible(const std::vector<Type> &a, const std::vector<Type> &b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!compatible(a[i], b[i])) return false;
  }
  return true;
}

/// The least specific of compatible types: a dimension stays static only
/// where every type has that size.
Type leastSpecific(const std::vector<Type> &types) {
  Type out;
  for (const Type &t : types) {
    if (!t.valid()) return Type();
    if (!out.valid()) {
      out = t;
      continue;
    }
    if (!out.isTensor() || !t.isTensor()) continue;
    if (!out.ranked() || !t.ranked() || out.rank() != t.rank()) {
      out = Type::unrankedTensor(out.element());
      continue;
    }
    std::vector<int64_t> shape = out.shape();
    for (int64_t d = 0; d < t.rank(); ++d) {
      if (shape[static_cast<size_t>(d)] != t.dim(d)) shape[static_cast<size_t>(d)] = ir::kDynamic;
    }
    out = Type::tensor(shape, out.element());
  }
  return out;
}

// ---------------------------------------------------------------------------
// if, case

std::vector<Type> inferBranches(const VerifyContext &c) {
  const auto &regions = c.op().regions;
  if (regions.empty()) return {};
  std::vector<std::vector<Type>> outputs;
  for (const ir::Region *region : regions) {
    auto types = returnedTypes(region);
    if (!types) return {};
    if (!outputs.empty() && !allCompatible(outputs[0], *types)) return {};
    outputs.push_back(*types);
  }
  std::vector<Type> out;
  for (size_t i = 0; i < outputs[0].size(); ++i) {
    std::vector<Type> column;
    for (const auto &branch : outputs) column.push_back(branch[i]);
    out.push_back(leastSpecific(column));
  }
  return out;
}

std::vector<Type> inferIf(const VerifyContext &c) { return inferBranches(c); }
std::vector<Type> inferCase(const VerifyContext &c) { return inferBranches(c); }

struct BranchCodes {
  const char *noArguments, *sameOutputs, *results;
};

/// Results are tensors or tokens; branches take no arguments and return
/// compatible types, which the results match.
void verifyBranches(VerifyContext &c, const BranchCodes &codes) {
  for (size_t i = 0; i < c.numResults(); ++i) {
    Type t = c.resultType(i);
    if (t.valid() && !t.isTensor() && !t.isToken() && !t.isTuple()) {
      c.error(c.resultRange(i), "results", "result #" + str(i) + " must be a tensor or a token, got " + t.str());
      return;
    }
  }
  const auto &regions = c.op().regions;
  for (size_t b = 0; b < regions.size(); ++b) {
    const ir::Region *region = regions[b];
    if (!region || region->blocks.empty()) {
      c.error(regionRange(c, region), codes.sameOutputs, "branch " + str(b) + " is empty");
      return;
    }
    const ir::Block &entry = *region->blocks.front();
    if (!entry.arguments.empty()) {
      c.error(argumentRange(c, entry, 0), codes.noArguments,
              "branch " + str(b) + " takes " + str(entry.arguments.size()) + " arguments but branches take none");
      return;
    }
  }
  std::optional<std::vector<Type>> first;
  for (size_t b = 0; b < regions.size(); ++b) {
    auto types = returnedTypes(regions[b]);
    if (!types) continue;
    if (!first) {
      first = types;
      continue;
    }
    if (!allCompatible(*first, *types)) {
      const ir::Operation *term = terminatorOf(regions[b]);
      c.error(
          terminatorRange(*term), codes.sameOutputs,
          "branch " + str(b) + " returns " + typesText(*types) + " but the first branch returns " + typesText(*first));
      return;
    }
  }
  std::vector<Type> inferred = inferBranches(c);
  if (inferred.empty()) return;
  if (inferred.size() != c.numResults()) {
    c.error(
        c.typeRange(), codes.results,
        "the op has " + str(c.numResults()) + " results but its branches return " + str(inferred.size()) + " values");
    return;
  }
  for (size_t i = 0; i < inferred.size(); ++i) {
    if (!c.checkInferred(i, inferred[i], codes.results)) return;
  }
}

void verifyIf(VerifyContext &c) {
  if (c.numOperands() != 1) {
    c.error(c.nameRange(), "operands", "expects 1 operand (pred), got " + str(c.numOperands()));
    return;
  }
  if (c.op().regions.size() != 2) {
    c.error(c.nameRange(), "regions",
            "expects 2 regions (true_branch, false_branch), got " + str(c.op().regions.size()));
    return;
  }
  Type pred = c.operandType(0);
  if (pred.valid() && (!pred.isTensor() || (pred.ranked() && pred.rank() != 0) || !pred.element().isBoolean())) {
    c.error(c.operandRange(0), "I1", "pred must be a 0-dimensional tensor of i1, got " + pred.str());
    c.relateOperand(0);
    return;
  }
  verifyBranches(c, {"C1", "C2", "C3"});
}

void verifyCase(VerifyContext &c) {
  if (c.numOperands() != 1) {
    c.error(c.nameRange(), "operands", "expects 1 operand (index), got " + str(c.numOperands()));
    return;
  }
  if (c.op().regions.empty()) {
    c.error(c.nameRange(), "C1", "expects at least one branch");
    return;
  }
  Type index = c.operandType(0);
  if (index.valid() && (!index.isTensor() || (index.ranked() && index.rank() != 0) ||
                        !index.element().isSignedInteger() || index.element().width() != 32)) {
    c.error(c.operandRange(0), "I1", "index must be a 0-dimensional tensor of si32, got " + index.str());
    c.relateOperand(0);
    return;
  }
  verifyBranches(c, {"C2", "C3", "C4"});
}

// ---------------------------------------------------------------------------
// while

std::vector<Type> inferWhile(const VerifyContext &c) {
  std::vector<Type> out;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    out.push_back(c.operandType(i));
    if (!out.back().valid()) return {};
  }
  return out;
}

/// The region at `index` takes arguments of the operands' types.
bool checkLoopArguments(VerifyContext &c, size_t index, std::string_view name, std::string_view code) {
  const ir::Region *region = regionAt(c.op(), index);
  if (!region || region->blocks.empty()) {
    c.error(regionRange(c, region), code, noBlockMessage(region, name));
    return false;
  }
  const ir::Block &entry = *region->blocks.front();
  size_t n = c.numOperands();
  if (entry.arguments.size() != n) {
    c.error(entry.arguments.empty() ? regionRange(c, region) : argumentRange(c, entry, 0), code,
            std::string(name) + " takes " + str(entry.arguments.size()) + " arguments but the op has " + str(n) +
                " operands");
    return false;
  }
  for (size_t i = 0; i < n; ++i) {
    Type arg = entry.arguments[i]->type, operand = c.operandType(i);
    if (!compatible(arg, operand)) {
      c.error(argumentRange(c, entry, i), code,
              std::string(name) + " argument #" + str(i) + " has type " + arg.str() + " but operand #" + str(i) +
                  " has type " + operand.str());
      c.relateOperand(i);
      return false;
    }
  }
  return true;
}

void verifyWhile(VerifyContext &c) {
  size_t n = c.numOperands();
  if (c.numResults() != n) {
    c.error(c.typeRange(), "C3", "expects one result per operand (" + str(n) + "), got " + str(c.numResults()));
    return;
  }
  if (c.op().regions.size() != 2) {
    c.error(c.nameRange(), "regions", "expects 2 regions (cond, body), got " + str(c.op().regions.size()));
    return;
  }
  // C1: cond is (T0, ..., TN-1) -> tensor<i1>.
  if (!checkLoopArguments(c, 0, "cond", "C1")) return;
  if (const ir::Operation *term = terminatorOf(regionAt(c.op(), 0))) {
    if (term->operands.size() != 1) {
      c.error(terminatorRange(*term), "C1",
              "cond returns " + str(term->operands.size()) + " values but must return one tensor<i1>");
      return;
    }
    Type t = operandTypeOf(*term, 0);
    if (t.valid() && (!t.isTensor() || (t.ranked() && t.rank() != 0) || !t.element().isBoolean())) {
      c.error(terminatorOperandRange(*term, 0), "C1", "cond returns " + t.str() + " but must return tensor<i1>");
      return;
    }
  }
  // C2: body is (T0, ..., TN-1) -> (T0, ..., TN-1).
  if (!checkLoopArguments(c, 1, "body", "C2")) return;
  if (const ir::Operation *term = terminatorOf(regionAt(c.op(), 1))) {
    if (term->operands.size() != n) {
      c.error(terminatorRange(*term), "C2",
              "body returns " + str(term->operands.size()) + " values but the op has " + str(n) + " operands");
      return;
    }
    for (size_t i = 0; i < n; ++i) {
      Type t = operandTypeOf(*term, i), operand = c.operandType(i);
      if (!compatible(t, operand)) {
        c.error(
            terminatorOperandRange(*term, i), "C2",
            "body returns " + t.str() + " at #" + str(i) + " but operand #" + str(i) + " has type " + operand.str());
        return;
      }
    }
  }
  // C3: type(results...) = type(operand...).
  std::vector<Type> inferred = inferWhile(c);
  for (size_t i = 0; i < inferred.size(); ++i) {
    if (!c.checkInferred(i, inferred[i], "C3")) return;
  }
}

/// async_start (C1, C2, C4): the body holds one collective or slice op and a
/// return; the result is a future of that op's result types.
void verifyAsyncStart(VerifyContext &c) {
  const ir::Operation &op = c.op();
  if (op.regions.size() != 1 || op.regions[0]->blocks.size() != 1) {
    c.error(c.nameRange(), "C1", "async_start needs a body region with one block");
    return;
  }
  const ir::Block &body = *op.regions[0]->blocks[0];
  if (body.operations.size() != 2 || !isRegionReturn(body.operations.back())) {
    c.error(op.regions[0]->range, "C1",
            "the body must hold exactly one operation and a return, it holds " +
                std::to_string(body.operations.size()) + " operations");
    return;
  }
  const ir::Operation &inner = *body.operations.front();
  const ops::OpDef *innerDef = ops::find(inner.name);
  if (!innerDef || !innerDef->has(ops::Trait::AsyncWrappable)) {
    c.error(inner.nameRange, "C2",
            "the body's operation must be a collective or a slice, got " + inner.name);
    return;
  }
  if (c.numResults() == 1 && c.resultType(0).kind() == ir::Type::Kind::Other &&
      c.resultType(0).text().rfind("!stablehlo.future<", 0) != 0) {
    c.error(c.resultRange(0), "C4", "async_start returns a !stablehlo.future, got " + c.resultType(0).str());
  }
}

/// async_done: one future in, its wrapped values out.
void verifyAsyncDone(VerifyContext &c) {
  if (c.numOperands() != 1) {
    c.error(c.nameRange(), "operands", "async_done takes one future, got " + std::to_string(c.numOperands()) +
                                           " operands");
    return;
  }
  ir::Type future = c.operandType(0);
  if (future.valid() && (future.kind() != ir::Type::Kind::Other || future.text().rfind("!stablehlo.future<", 0) != 0)) {
    c.error(c.operandRange(0), "operands", "async_done takes a !stablehlo.future, got " + future.str());
    c.relateOperand(0);
  }
}

}  // namespace

void registerControlFlowOps(OpRegistry &r) {
  r.add("stablehlo.return", nullptr);
  r.add("func.return", nullptr);
  r.add("func.call", nullptr);
  r.add("stablehlo.async_start", verifyAsyncStart);
  r.add("stablehlo.async_done", verifyAsyncDone);
  r.add("stablehlo.if", verifyIf, inferIf);
  r.add("stablehlo.case", verifyCase, inferCase);
  r.add("stablehlo.while", verifyWhile, inferWhile);
}

}  // namespace shlo::verify
