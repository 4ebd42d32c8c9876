// Control flow (spec: if, case, while, call, async_start, async_done,
// optimization_barrier, custom_call, composite) and the terminators. Branch and
// loop bodies are regions: the entry block's arguments and the types its
// `stablehlo.return` returns are checked against the op's operands and results.
#include <algorithm>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "semantic/verify/Checks.h"
#include "semantic/verify/LinearAlgebraHelpers.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/Regions.h"
#include "semantic/verify/ShapeHelpers.h"

namespace shlo::verify {

namespace {

using namespace linalg;

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
  if (!checkReturnsPredicate(c, regionAt(c.op(), 0), "cond", "C1")) return;
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

/// The text of a type with its blanks dropped, to compare written types.
std::string compact(std::string text) {
  text.erase(std::remove_if(text.begin(), text.end(), [](char ch) { return ch == ' ' || ch == '\n' || ch == '\t'; }),
             text.end());
  return text;
}

/// Reports `constraint` unless `future` is `!stablehlo.future<wrapped...>`.
/// Types with quantized elements are skipped: their scales print in MLIR's
/// form, not as written, so a text comparison would be unsound.
void checkFutureOf(VerifyContext &c, const Type &future, const std::vector<Type> &wrapped, syntax::TextRange range,
                   const char *constraint) {
  if (future.kind() != ir::Type::Kind::Other) return;
  std::string expected = "!stablehlo.future<";
  for (size_t i = 0; i < wrapped.size(); ++i) {
    if (!wrapped[i].valid() || wrapped[i].kind() == ir::Type::Kind::Other) return;
    if (wrapped[i].isTensor() && wrapped[i].element().isQuantized()) return;
    expected += (i ? "," : "") + wrapped[i].str();
  }
  expected += ">";
  if (compact(future.text()) != compact(expected)) {
    c.error(range, constraint, "expected " + expected + ", got " + future.text());
  }
}

/// async_start (C1-C4): the body holds one collective or slice op and a
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
    return;
  }
  // The body's block arguments stand for async_start's operands: one each,
  // of the operand's type (StableHLO's verifier; the spec's C3 assumes it).
  if (!body.arguments.empty() && body.arguments.size() != op.operands.size()) {
    c.error(op.regions[0]->range, "C3",
            "the body takes " + std::to_string(body.arguments.size()) + " arguments, async_start has " +
                std::to_string(op.operands.size()) + " operands");
    return;
  }
  for (size_t i = 0; i < body.arguments.size(); ++i) {
    const Type &argument = body.arguments[i]->type;
    const Type &operand = c.operandType(i);
    if (argument.isTensor() && operand.isTensor() && !ir::isCompatible(argument, operand)) {
      c.error(c.operandRange(i), "C3",
              "operand #" + std::to_string(i) + " has type " + operand.str() + ", the body's argument " +
                  argument.str());
      return;
    }
  }
  // C3: the body's operation takes async_start's operands, in order: the
  // values themselves or the body's block arguments that stand for them.
  bool sameOperands = inner.operands.size() == op.operands.size();
  for (size_t i = 0; sameOperands && i < inner.operands.size(); ++i) {
    sameOperands = inner.operands[i] == op.operands[i] ||
                   (i < body.arguments.size() && inner.operands[i] == body.arguments[i]);
  }
  if (!sameOperands) {
    c.error(inner.nameRange, "C3",
            "the body's " + inner.name + " must take async_start's " + std::to_string(op.operands.size()) +
                " operands, in order");
    return;
  }
  // C4: future<T> where T is the body op's result types.
  std::vector<Type> wrapped;
  for (const ir::Value *v : inner.results) wrapped.push_back(v->type);
  if (c.numResults() == 1) checkFutureOf(c, c.resultType(0), wrapped, c.resultRange(0), "C4");
}

/// The result types of async_start `op`'s body operation (the T of the
/// future it returns), or nullopt when the body is not one op and a return.
std::optional<std::vector<Type>> asyncBodyResults(const ir::Operation &op) {
  if (op.name != "stablehlo.async_start" || op.regions.size() != 1 || op.regions[0]->blocks.size() != 1)
    return std::nullopt;
  const ir::Block &body = *op.regions[0]->blocks[0];
  if (body.operations.size() != 2 || !body.operations.front()) return std::nullopt;
  std::vector<Type> out;
  for (const ir::Value *v : body.operations.front()->results) {
    if (!v || !v->type.valid()) return std::nullopt;
    out.push_back(v->type);
  }
  return out;
}

/// async_start (C4): `!stablehlo.future<T...>`, T the body op's result
/// types, spelled as MLIR prints it (the written type when it differs only
/// in blanks: futures are opaque text in ir::Type).
std::vector<Type> inferAsyncStart(const VerifyContext &c) {
  auto wrapped = asyncBodyResults(c.op());
  if (!wrapped) return {};
  std::string text = "!stablehlo.future<";
  for (size_t i = 0; i < wrapped->size(); ++i) text += (i ? ", " : "") + (*wrapped)[i].str();
  text += ">";
  if (c.numResults() == 1 && c.resultType(0).kind() == ir::Type::Kind::Other &&
      compact(c.resultType(0).text()) == compact(text)) {
    return {c.resultType(0)};
  }
  return {Type::other(text)};
}

/// async_done (C1): the T of the future, read from the async_start that
/// made it (empty when the future is a block argument).
std::vector<Type> inferAsyncDone(const VerifyContext &c) {
  const ir::Operation &op = c.op();
  if (op.operands.size() != 1 || !op.operands[0] || !op.operands[0]->definingOp) return {};
  auto wrapped = asyncBodyResults(*op.operands[0]->definingOp);
  return wrapped ? *wrapped : std::vector<Type>{};
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
    return;
  }
  // C1: future<T> in, T out.
  std::vector<Type> results;
  for (size_t i = 0; i < c.numResults(); ++i) results.push_back(c.resultType(i));
  if (future.valid()) checkFutureOf(c, future, results, c.typeRange().size() ? c.typeRange() : c.nameRange(), "C1");
}

// ---------------------------------------------------------------------------
// optimization_barrier.

std::vector<Type> inferOptimizationBarrier(const VerifyContext &c) {
  std::vector<Type> types;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (!c.operandType(i).valid()) return {};
    types.push_back(c.operandType(i));
  }
  return types;
}

void verifyOptimizationBarrier(VerifyContext &c) {
  if (c.numOperands() != c.numResults()) {
    c.error(c.nameRange(), "C1",
            "expects as many results as operands, got " + shapes::num(c.numOperands()) + " operands and " +
                shapes::num(c.numResults()) + " results");
    return;
  }
  if (!c.typesKnown()) return;
  auto inferred = inferOptimizationBarrier(c);
  for (size_t i = 0; i < inferred.size(); ++i) {
    if (!c.checkInferred(i, inferred[i], "C1")) return;
  }
}

// ---------------------------------------------------------------------------
// custom_call.

bool isMemref(const Type &t) { return t.kind() == Type::Kind::Other && t.text().rfind("memref<", 0) == 0; }
bool isTuple(const Type &t) { return t.isTuple(); }

/// The api_version as a number (1 original ... 4 typed FFI).
int64_t apiVersion(const VerifyContext &c) {
  const Attribute *a = c.attribute("api_version");
  if (!a) return 1;
  if (a->kind == Attribute::Kind::Integer) return a->integer;
  if (a->kind == Attribute::Kind::Enum) {
    if (a->text == "API_VERSION_UNSPECIFIED") return 0;
    if (a->text == "API_VERSION_ORIGINAL") return 1;
    if (a->text == "API_VERSION_STATUS_RETURNING") return 2;
    if (a->text == "API_VERSION_STATUS_RETURNING_UNIFIED") return 3;
    if (a->text == "API_VERSION_TYPED_FFI") return 4;
  }
  return 1;
}

const char *apiVersionName(int64_t v) {
  switch (v) {
    case 0: return "API_VERSION_UNSPECIFIED";
    case 1: return "API_VERSION_ORIGINAL";
    case 2: return "API_VERSION_STATUS_RETURNING";
    case 3: return "API_VERSION_STATUS_RETURNING_UNIFIED";
    case 4: return "API_VERSION_TYPED_FFI";
    default: return "an unknown api_version";
  }
}

/// The results as one list of types (a single tuple result is flattened).
std::vector<Type> flatResults(const VerifyContext &c) {
  std::vector<Type> out;
  if (c.numResults() == 1 && c.resultType(0).isTuple()) return c.resultType(0).elements();
  for (size_t i = 0; i < c.numResults(); ++i) out.push_back(c.resultType(i));
  return out;
}

bool checkLayouts(VerifyContext &c) {
  const Attribute *operandLayouts = c.attribute("operand_layouts");
  const Attribute *resultLayouts = c.attribute("result_layouts");
  if (!operandLayouts && !resultLayouts) return true;
  if (!operandLayouts || !resultLayouts) {
    c.error(c.attributeRange(operandLayouts ? "operand_layouts" : "result_layouts"), "layouts",
            "operand_layouts and result_layouts must be given together, or neither");
    return false;
  }
  if (operandLayouts->kind != Attribute::Kind::Array || resultLayouts->kind != Attribute::Kind::Array) return true;
  if (operandLayouts->elements.size() != c.numOperands()) {
    c.error(c.attributeRange("operand_layouts"), "layouts",
            "operand_layouts has " + std::to_string(operandLayouts->elements.size()) + " layouts but the op has " +
                std::to_string(c.numOperands()) + " operands");
    return false;
  }
  std::vector<Type> results = flatResults(c);
  if (resultLayouts->elements.size() != results.size()) {
    c.error(c.attributeRange("result_layouts"), "layouts",
            "result_layouts has " + std::to_string(resultLayouts->elements.size()) + " layouts but the op has " +
                std::to_string(results.size()) + " results");
    return false;
  }
  auto check = [&](const Type &t, const Attribute &layout, const char *attr, const std::string &what) {
    if (!t.valid()) return true;
    if (isTuple(t)) {
      c.error(c.attributeRange(attr), "layouts",
              what + " has tuple type " + t.str() + "; layouts of tuple types are not supported");
      return false;
    }
    auto dims = layout.integers();
    if (!dims) return true;
    if (t.isToken()) {
      if (!dims->empty()) {
        c.error(c.attributeRange(attr), "layouts",
                what + " is a token but has the non-empty layout " + listText(*dims));
        return false;
      }
      return true;
    }
    if (!isRanked(t)) return true;
    std::vector<int64_t> sorted = *dims;
    std::sort(sorted.begin(), sorted.end());
    bool permutation = static_cast<int64_t>(sorted.size()) == t.rank();
    for (size_t i = 0; permutation && i < sorted.size(); ++i) permutation = sorted[i] == static_cast<int64_t>(i);
    if (!permutation) {
      c.error(c.attributeRange(attr), "layouts",
              "layout " + listText(*dims) + " of " + what + " (" + t.str() + ") must be a permutation of [0, " +
                  std::to_string(t.rank()) + ")");
      return false;
    }
    return true;
  };
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (!check(c.operandType(i), operandLayouts->elements[i], "operand_layouts", "operand #" + std::to_string(i))) {
      return false;
    }
  }
  for (size_t i = 0; i < results.size(); ++i) {
    if (!check(results[i], resultLayouts->elements[i], "result_layouts", "result #" + std::to_string(i))) return false;
  }
  return true;
}

/// Follows tuple indices into `t`; invalid Type when out of bounds.
Type followTuple(Type t, const std::vector<int64_t> &indices) {
  for (int64_t i : indices) {
    if (!t.isTuple() || i < 0 || i >= static_cast<int64_t>(t.elements().size())) return Type();
    Type next = t.elements()[static_cast<size_t>(i)];
    t = next;
  }
  return t;
}

bool sameAliasType(const Type &a, const Type &b) {
  if (a.isTensor() && b.isTensor()) return ir::isCompatible(a, b);
  return a == b;
}

bool checkAliases(VerifyContext &c) {
  const Attribute *aliases = c.attribute("output_operand_aliases");
  if (!aliases || aliases->kind != Attribute::Kind::Array) return true;
  syntax::TextRange range = c.attributeRange("output_operand_aliases");
  bool buffers = false;
  std::set<std::pair<int64_t, std::vector<int64_t>>> usedOperands;
  std::set<std::vector<int64_t>> usedOutputs;
  for (const Attribute &alias : aliases->elements) {
    if (alias.kind != Attribute::Kind::Struct) continue;
    syntax::TextRange at = alias.range.size() ? alias.range : range;
    const Attribute *operandIndex = alias.field("operand_index");
    std::vector<int64_t> outputIndices, operandIndices;
    if (const Attribute *f = alias.field("output_tuple_indices")) outputIndices = f->integers().value_or(outputIndices);
    if (const Attribute *f = alias.field("operand_tuple_indices")) {
      operandIndices = f->integers().value_or(operandIndices);
    }
    if (!operandIndex || operandIndex->kind != Attribute::Kind::Integer) continue;
    int64_t index = operandIndex->integer;
    if (index < 0 || index >= static_cast<int64_t>(c.numOperands())) {
      c.error(at, "aliases",
              "output_operand_alias operand_index " + std::to_string(index) + " is outside [0, " +
                  std::to_string(c.numOperands()) + ")");
      return false;
    }
    Type operand = c.operandType(static_cast<size_t>(index));
    if (!operand.valid()) continue;
    Type operandPart = followTuple(operand, operandIndices);
    if (!operandPart.valid()) {
      c.error(at, "aliases",
              "operand_tuple_indices " + listText(operandIndices) + " do not select a part of operand #" +
                  std::to_string(index) + " (" + operand.str() + ")");
      return false;
    }
    Type outputPart;
    if (c.numResults() == 1) {
      outputPart = followTuple(c.resultType(0), outputIndices);
    } else if (!outputIndices.empty() && outputIndices[0] >= 0 &&
               outputIndices[0] < static_cast<int64_t>(c.numResults())) {
      outputPart = followTuple(c.resultType(static_cast<size_t>(outputIndices[0])),
                               std::vector<int64_t>(outputIndices.begin() + 1, outputIndices.end()));
    }
    if (!outputPart.valid()) {
      c.error(at, "aliases",
              "output_tuple_indices " + listText(outputIndices) + " do not select a part of the results");
      return false;
    }
    if (!sameAliasType(operandPart, outputPart)) {
      c.error(at, "aliases",
              "aliased operand part has type " + operandPart.str() + " but output part has type " + outputPart.str());
      return false;
    }
    if (isMemref(operandPart)) {
      buffers = true;
      if (!usedOperands.insert({index, operandIndices}).second) {
        c.error(at, "aliases",
                "buffer operand " + std::to_string(index) + listText(operandIndices) +
                    " is aliased by more than one output");
        return false;
      }
    }
    if (isMemref(outputPart)) {
      if (!usedOutputs.insert(outputIndices).second) {
        c.error(at, "aliases", "buffer output " + listText(outputIndices) + " is aliased more than once");
        return false;
      }
    }
  }
  (void)buffers;
  return true;
}

/// Every buffer (memref) output must be aliased to an operand.
bool checkBufferOutputsAliased(VerifyContext &c) {
  std::set<std::vector<int64_t>> aliased;
  if (const Attribute *aliases = c.attribute("output_operand_aliases");
      aliases && aliases->kind == Attribute::Kind::Array) {
    for (const Attribute &alias : aliases->elements) {
      if (const Attribute *f = alias.field("output_tuple_indices")) {
        if (auto v = f->integers()) aliased.insert(*v);
      }
    }
  }
  std::optional<std::vector<int64_t>> missing;
  std::function<void(const Type &, std::vector<int64_t> &)> walk = [&](const Type &t, std::vector<int64_t> &path) {
    if (missing) return;
    if (isMemref(t)) {
      if (!aliased.count(path)) missing = path;
      return;
    }
    if (!t.isTuple()) return;
    for (size_t i = 0; i < t.elements().size(); ++i) {
      path.push_back(static_cast<int64_t>(i));
      walk(t.elements()[i], path);
      path.pop_back();
    }
  };
  std::vector<int64_t> path;
  if (c.numResults() == 1) {
    walk(c.resultType(0), path);
  } else {
    for (size_t i = 0; i < c.numResults(); ++i) {
      path = {static_cast<int64_t>(i)};
      walk(c.resultType(i), path);
    }
  }
  if (missing) {
    c.error(c.typeRange(), "aliases",
            "buffer output " + listText(*missing) + " must be aliased to an operand in output_operand_aliases");
    return false;
  }
  return true;
}

/// `memref<2xf32>` and `tensor<2xf32>` hold the same shape and element type.
bool sameBufferContents(const Type &buffer, const Type &tensor) {
  if (!isMemref(buffer) || !tensor.isTensor()) return false;
  std::string inner = buffer.text().substr(std::string("memref").size());
  std::string tensorText = tensor.str().substr(std::string("tensor").size());
  return inner == tensorText;
}

void verifyCustomCall(VerifyContext &c) {
  const Attribute *target = c.attribute("call_target_name");
  if (!target) {
    c.error(c.nameRange(), "call_target_name", "missing attribute `call_target_name`");
    return;
  }
  int64_t version = apiVersion(c);
  if (const Attribute *config = c.attribute("backend_config")) {
    if (version == 4 && config->kind != Attribute::Kind::Dictionary) {
      c.error(c.attributeRange("backend_config"), "backend_config",
              "backend_config must be a dictionary with api_version API_VERSION_TYPED_FFI, got " + config->str());
      return;
    }
    if (version != 4 && config->kind != Attribute::Kind::String) {
      c.error(c.attributeRange("backend_config"), "backend_config",
              std::string("backend_config must be a string with api_version ") + apiVersionName(version) + ", got " +
                  config->str());
      return;
    }
  }
  if (!c.typesKnown()) return;
  if (!checkLayouts(c)) return;
  if (!checkAliases(c)) return;
  const std::string &name = target->text;
  if (name == "CreateBuffer") {
    if (c.numOperands() != 0) {
      c.error(c.operandRange(0), "buffer", "CreateBuffer takes no operands, got " + std::to_string(c.numOperands()));
      return;
    }
    if (c.numResults() != 1 || !isMemref(c.resultType(0))) {
      c.error(c.typeRange(), "buffer", "CreateBuffer must have one memref result");
    }
    return;
  }
  if (name == "Pin") {
    if (c.numOperands() != 1 || c.numResults() != 1 || !isMemref(c.resultType(0))) {
      c.error(c.typeRange(), "buffer", "Pin must take one tensor and have one memref result");
    } else if (!sameBufferContents(c.resultType(0), c.operandType(0))) {
      c.error(c.typeRange(), "buffer",
              "Pin's result " + c.resultType(0).str() + " must hold the operand's type " + c.operandType(0).str());
    }
    return;
  }
  if (name == "Unpin") {
    if (c.numOperands() != 1 || c.numResults() != 1 || !isMemref(c.operandType(0))) {
      c.error(c.typeRange(), "buffer", "Unpin must take one memref and have one tensor result");
    } else if (!sameBufferContents(c.operandType(0), c.resultType(0))) {
      c.error(c.typeRange(), "buffer",
              "Unpin's result " + c.resultType(0).str() + " must have the buffer's type " + c.operandType(0).str());
    }
    return;
  }
  checkBufferOutputsAliased(c);
}

// ---------------------------------------------------------------------------
// composite.

/// `namespace.op`: two or more dot-separated parts of letters, digits, `_`
/// and `$`, the first starting with a letter or `_`.
bool isNamespacedOpName(const std::string &name) {
  size_t parts = 0, start = 0;
  while (true) {
    size_t dot = name.find('.', start);
    std::string part = name.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (part.empty()) return false;
    if (parts == 0 && !(std::isalpha(static_cast<unsigned char>(part[0])) || part[0] == '_')) return false;
    for (char ch : part) {
      if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '$')) return false;
    }
    ++parts;
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return parts >= 2;
}

/// composite (C4): the decomposition function's result types; empty without
/// a module to look the function up in.
std::vector<Type> inferComposite(const VerifyContext &c) {
  const Attribute *decomposition = c.attribute("decomposition");
  if (!decomposition || decomposition->kind != Attribute::Kind::SymbolRef || !c.module()) return {};
  auto found = c.module()->functions.find(decomposition->text);
  if (found == c.module()->functions.end()) return {};
  const Attribute *type = found->second->attribute("function_type");
  if (!type || !type->type || !type->type->isFunction()) return {};
  return type->type->results();
}

void verifyComposite(VerifyContext &c) {
  const Attribute *name = c.attribute("name");
  if (!name || name->kind != Attribute::Kind::String) {
    c.error(name ? c.attributeRange("name") : c.nameRange(), "C1", "composite needs a string `name`");
    return;
  }
  if (!isNamespacedOpName(name->text)) {
    c.error(c.attributeRange("name"), "C1",
            "name \"" + name->text + "\" must be a namespaced op name like \"my_namespace.my_op\"");
    return;
  }
  const Attribute *decomposition = c.attribute("decomposition");
  if (!decomposition || decomposition->kind != Attribute::Kind::SymbolRef) {
    c.error(decomposition ? c.attributeRange("decomposition") : c.nameRange(), "C2",
            "composite needs a symbol `decomposition`");
    return;
  }
  if (!c.module()) return;  // Checked on its own: no symbols to look up.
  auto found = c.module()->functions.find(decomposition->text);
  if (found == c.module()->functions.end()) {
    c.error(c.attributeRange("decomposition"), "C2",
            "decomposition @" + decomposition->text + " does not name a function");
    return;
  }
  const ir::Operation *function = found->second;
  const Attribute *type = function->attribute("function_type");
  if (!type || !type->type || !type->type->isFunction() || !c.typesKnown()) return;
  const std::vector<Type> &inputs = type->type->inputs();
  const std::vector<Type> &outputs = type->type->results();
  if (inputs.size() != c.numOperands()) {
    c.error(c.nameRange(), "C3",
            "composite has " + std::to_string(c.numOperands()) + " operands but @" + decomposition->text + " takes " +
                std::to_string(inputs.size()));
    return;
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (c.operandType(i) != inputs[i]) {
      c.error(c.operandRange(i), "C3",
              "operand #" + std::to_string(i) + " has type " + c.operandType(i).str() + " but @" +
                  decomposition->text + " takes " + inputs[i].str());
      return;
    }
  }
  if (outputs.size() != c.numResults()) {
    c.error(c.typeRange(), "C4",
            "composite has " + std::to_string(c.numResults()) + " results but @" + decomposition->text + " returns " +
                std::to_string(outputs.size()));
    return;
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (c.resultType(i) != outputs[i]) {
      c.error(c.resultRange(i), "C4",
              "result #" + std::to_string(i) + " has type " + c.resultType(i).str() + " but @" + decomposition->text +
                  " returns " + outputs[i].str());
      return;
    }
  }
}

}  // namespace

void registerControlFlowOps(OpRegistry &r) {
  r.add("stablehlo.return", nullptr);
  r.add("func.return", nullptr);
  r.add("func.call", nullptr);
  r.add("stablehlo.async_start", verifyAsyncStart, inferAsyncStart);
  r.add("stablehlo.async_done", verifyAsyncDone, inferAsyncDone);
  r.add("stablehlo.if", verifyIf, inferIf);
  r.add("stablehlo.case", verifyCase, inferCase);
  r.add("stablehlo.while", verifyWhile, inferWhile);
  r.add("stablehlo.optimization_barrier", verifyOptimizationBarrier, inferOptimizationBarrier);
  r.add("stablehlo.custom_call", verifyCustomCall);
  r.add("stablehlo.composite", verifyComposite, inferComposite);
}

}  // namespace shlo::verify
