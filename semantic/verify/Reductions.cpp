// Ops with reduction bodies (spec: reduce, reduce_window, select_and_scatter,
// sort, map). Each body is a region whose entry block takes the arguments and
// whose last op, a `stablehlo.return`, gives the results; both are checked
// against the op's operands and results.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/Regions.h"

namespace shlo::verify {

namespace {

using ir::ElementType;
using ir::Type;

std::string str(size_t n) { return std::to_string(n); }

// ---------------------------------------------------------------------------
// Regions.


// ---------------------------------------------------------------------------
// Types.

bool isRankedTensor(const Type &t) { return t.isTensor() && t.ranked(); }

bool isScalarTensor(const Type &t) { return t.isTensor() && (!t.ranked() || t.rank() == 0); }

/// Element types between which the spec's `is_promotable` may hold in one
/// direction or the other: the same kind, any width. Quantized types are
/// accepted with anything, as implementations promote them to their
/// expressed types.
bool sameElementKind(const ElementType &a, const ElementType &b) {
  if (a == b) return true;
  if (a.isQuantized() || b.isQuantized()) return true;
  if (a.isBoolean() || b.isBoolean()) return false;
  if (a.isNonBooleanInteger() && b.isNonBooleanInteger()) return true;
  if (a.isFloat() && b.isFloat()) return true;
  return a.isComplex() && b.isComplex();
}

/// The spec's `is_promotable(x, y)`: the same kind of element type, `y` at
/// least as wide (quantized: the same expressed type, storage at least as
/// wide).
bool isPromotable(const ElementType &x, const ElementType &y) {
  if (x == y) return true;
  if (x.isQuantized() || y.isQuantized()) {
    if (!x.isQuantized() || !y.isQuantized()) return false;
    const ir::QuantizedElement &a = *x.quantizedInfo(), &b = *y.quantizedInfo();
    return a.expressedType == b.expressedType && a.storageType.bitWidth() <= b.storageType.bitWidth();
  }
  if (x.isBoolean() || y.isBoolean()) return false;
  bool sameKind = (x.isNonBooleanInteger() && y.isNonBooleanInteger()) || (x.isFloat() && y.isFloat()) ||
                  (x.isComplex() && y.isComplex());
  return sameKind && x.bitWidth() <= y.bitWidth();
}

/// The first ranked tensor among `types`, or an invalid type.
Type firstRanked(const std::vector<Type> &types) {
  for (const Type &t : types) {
    if (isRankedTensor(t)) return t;
  }
  return Type();
}

/// A tensor of `shape` (with `bounds`, if any) and `element`, unranked when
/// `shapeOf` is unranked.
Type tensorLike(const Type &shapeOf, const ElementType &element) {
  if (!shapeOf.ranked()) return Type::unrankedTensor(element);
  return Type::tensor(shapeOf.shape(), element, shapeOf.bounds());
}

/// Checks result `i` against `inferred`: `shapeCode` when the shapes differ,
/// `elementCode` when only the element types do.
void checkResult(VerifyContext &c, size_t i, const Type &inferred, std::string_view shapeCode,
                 std::string_view elementCode) {
  Type result = c.resultType(i);
  if (!inferred.valid() || !result.valid()) return;
  if (inferred.isTensor() && result.isTensor() && ir::isShapeCompatible(inferred, result) &&
      !ir::sameBaselineElementType(inferred.element(), result.element())) {
    c.error(c.resultRange(i), elementCode,
            "result #" + str(i) + " has element type " + result.element().str() + " but the op produces " +
                inferred.element().str());
    return;
  }
  if (inferred.isTensor() && result.isTensor() && ir::sameBaselineElementType(inferred.element(), result.element())) {
    c.checkInferred(i, tensorLike(inferred, result.element()), shapeCode);
    return;
  }
  c.checkInferred(i, inferred, shapeCode);
}

// ---------------------------------------------------------------------------
// Reduction bodies: (tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ...,
// tensor<EN-1>)
// -> (tensor<E0>, ..., tensor<EN-1>).

/// The element type the body of `region` returns at `i` (Ei), if known.
std::optional<ElementType> bodyElement(const ir::Region *region, size_t i) {
  if (!region || region->implicit) return std::nullopt;
  const ir::Operation *term = terminatorOf(region);
  if (!term) return std::nullopt;
  Type t = operandTypeOf(*term, i);
  if (!t.isTensor()) return std::nullopt;
  return t.element();
}

/// True when the dimensions of `argShape` match, in order, a subsequence of
/// `allowed` (dynamic sizes match anything).
bool matchesSubsequence(const std::vector<int64_t> &argShape, const std::vector<int64_t> &allowed) {
  size_t a = 0;
  for (size_t k = 0; k < allowed.size() && a < argShape.size(); ++k) {
    if (allowed[k] == ir::kDynamic || argShape[a] == ir::kDynamic || allowed[k] == argShape[a]) ++a;
  }
  return a == argShape.size();
}

/// Checks a reduction body against the inputs and init values (their
/// element types give E0...EN-1). `allowedShape` is the shape a non-scalar
/// body argument may take a subsequence of.
bool checkReductionBody(VerifyContext &c, size_t regionIndex, std::string_view regionName, std::string_view inputName,
                        const std::vector<Type> &inputs, const std::vector<Type> &inits,
                        const std::vector<int64_t> &allowedShape, std::string_view code) {
  const ir::Region *region = regionAt(c.op(), regionIndex);
  const ir::Block *block = entryBlock(region);
  if (!region) {
    c.error(c.nameRange(), code, "missing the `" + std::string(regionName) + "` region");
    return false;
  }
  if (region->implicit) return true;
  if (!block) {
    c.error(regionRange(c, region), code, "the `" + std::string(regionName) + "` region is empty");
    return false;
  }
  size_t n = inputs.size();
  if (block->arguments.size() != 2 * n) {
    c.error(block->arguments.empty() ? regionRange(c, region) : argumentRange(c, *block, 0), code,
            std::string(regionName) + " takes " + str(block->arguments.size()) + " arguments but must take " +
                str(2 * n) + " (two per input)");
    return false;
  }
  const ir::Operation *term = terminatorOf(region);
  if (!term) return true;
  if (term->operands.size() != n) {
    c.error(term->range, code,
            std::string(regionName) + " returns " + str(term->operands.size()) + " values but must return " + str(n) +
                " (one per input)");
    return false;
  }
  for (size_t i = 0; i < n; ++i) {
    Type acc = operandTypeOf(*term, i);
    if (!acc.valid()) continue;
    if (!acc.isTensor()) {
      c.error(terminatorOperandRange(*term, i), code,
              std::string(regionName) + " must return tensors, but value #" + str(i) + " has type " + acc.str());
      return false;
    }
    Type first = block->arguments[i]->type;
    if (first.valid() && !ir::isCompatible(first, acc)) {
      c.error(argumentRange(c, *block, i), code,
              std::string(regionName) + " argument #" + str(i) + " has type " + first.str() +
                  " but the value it returns at #" + str(i) + " has type " + acc.str());
      return false;
    }
    Type second = block->arguments[n + i]->type;
    if (second.valid()) {
      if (!second.isTensor() || !ir::isShapeCompatible(second, acc) ||
          !sameElementKind(second.element(), acc.element())) {
        c.error(argumentRange(c, *block, n + i), code,
                std::string(regionName) + " argument #" + str(n + i) + " has type " + second.str() +
                    " but the value it returns at #" + str(i) + " has type " + acc.str());
        return false;
      }
      if (inputs[i].isTensor() && !isPromotable(inputs[i].element(), second.element())) {
        c.error(argumentRange(c, *block, n + i), code,
                std::string(regionName) + " argument #" + str(n + i) + " has type " + second.str() +
                    ", but its element type must be promotable from " + std::string(inputName) +
                    (inputName == "input" ? " #" + str(i) : std::string()) + "'s " + inputs[i].element().str());
        return false;
      }
      if (second.ranked() && second.rank() > 0 && !matchesSubsequence(second.shape(), allowedShape)) {
        c.error(argumentRange(c, *block, n + i), code,
                std::string(regionName) + " argument #" + str(n + i) + " has type " + second.str() +
                    " but must be a 0-dimensional tensor (or take its "
                    "dimensions from " +
                    listText(allowedShape) + ")");
        return false;
      }
    }
    const Type &init = inits[i];
    if (init.isTensor() && (!ir::isShapeCompatible(init, acc) || !isPromotable(init.element(), acc.element()))) {
      c.error(terminatorOperandRange(*term, i), code,
              std::string(regionName) + " returns " + acc.str() + " at #" + str(i) +
                  ", which does not match the type of init value #" + str(i) + ", " + init.str());
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------
// Windows (reduce_window, select_and_scatter).

struct Window {
  std::vector<int64_t> size, stride, baseDilation, windowDilation, padLow, padHigh;
};

/// Constraint codes of the window attributes; null where the op has none.
struct WindowCodes {
  const char *sizeCount, *sizePositive, *strideCount, *stridePositive;
  const char *baseCount, *basePositive, *dilationCount, *dilationPositive, *padding;
};

constexpr WindowCodes kReduceWindowCodes = {"C4", "C5", "C6", "C7", "C8", "C9", "C10", "C11", "C12"};
constexpr WindowCodes kSelectAndScatterCodes = {"C4", "C5", "C6", "C7", nullptr, nullptr, nullptr, nullptr, "C8"};

struct WindowError {
  std::string attribute, code, message;
};

/// The padding attribute as (low, high) pairs; nullopt with `error` set
/// when malformed. `rank` is the operand rank, or -1 when unknown.
std::optional<std::vector<std::pair<int64_t, int64_t>>> readPadding(const ir::Attribute &a, int64_t rank,
                                                                    const char *code, WindowError &error) {
  std::vector<std::pair<int64_t, int64_t>> out;
  error = {"padding", code, ""};
  if (a.kind == ir::Attribute::Kind::DenseElements) {
    if (!a.type || !a.type->isTensor() || !a.type->ranked() || a.type->rank() != 2 || a.type->dim(1) != 2 ||
        (rank >= 0 && a.type->dim(0) != rank)) {
      error.message = "padding has type " + (a.type ? a.type->str() : std::string("?")) + " but must be a tensor<" +
                      (rank >= 0 ? std::to_string(rank) : std::string("N")) + "x2xi64> (one pair per dimension)";
      return std::nullopt;
    }
    int64_t rows = a.type->dim(0);
    auto values = ir::decodeDenseIntegers(a.literal(), 64, rows * 2);
    if (!values || static_cast<int64_t>(values->size()) != rows * 2) {
      error.message = "padding must hold " + std::to_string(rows * 2) + " integers";
      return std::nullopt;
    }
    for (int64_t r = 0; r < rows; ++r) out.emplace_back((*values)[2 * r], (*values)[2 * r + 1]);
    return out;
  }
  if (a.kind == ir::Attribute::Kind::Array) {
    for (const ir::Attribute &row : a.elements) {
      auto pair = row.integers();
      if (!pair || pair->size() != 2) {
        error.message = "padding must be a list of (low, high) pairs, got " + a.str();
        return std::nullopt;
      }
      out.emplace_back((*pair)[0], (*pair)[1]);
    }
    if (rank >= 0 && static_cast<int64_t>(out.size()) != rank) {
      error.message = "padding has " + str(out.size()) + " pairs but the operand has rank " + std::to_string(rank);
      return std::nullopt;
    }
    return out;
  }
  error.message = "padding must be a 2-dimensional tensor of integers, got " + a.str();
  return std::nullopt;
}

/// Reads the window attributes; `rank` is the operand rank or -1. nullopt
/// with `error` set when an attribute is missing or malformed.
std::optional<Window> readWindow(const VerifyContext &c, int64_t rank, const WindowCodes &codes, WindowError &error) {
  Window w;
  const ir::Attribute *dims = c.attribute("window_dimensions");
  if (!dims) {
    error = {"window_dimensions", codes.sizeCount, "missing attribute `window_dimensions`"};
    return std::nullopt;
  }
  auto sizes = dims->integers();
  if (!sizes) {
    error = {"window_dimensions", codes.sizeCount, "window_dimensions must be a list of integers, got " + dims->str()};
    return std::nullopt;
  }
  if (rank >= 0 && static_cast<int64_t>(sizes->size()) != rank) {
    error = {"window_dimensions", codes.sizeCount,
             "window_dimensions " + listText(*sizes) + " has " + str(sizes->size()) +
                 " entries but the operand has rank " + std::to_string(rank)};
    return std::nullopt;
  }
  for (int64_t s : *sizes) {
    if (s <= 0) {
      error = {"window_dimensions", codes.sizePositive,
               "window_dimensions " + listText(*sizes) + " has " + std::to_string(s) + ", but sizes must be positive"};
      return std::nullopt;
    }
  }
  w.size = *sizes;
  size_t n = w.size.size();

  auto readList = [&](const char *name, const char *countCode, const char *positiveCode,
                      std::vector<int64_t> &out) -> bool {
    out.assign(n, 1);
    const ir::Attribute *a = c.attribute(name);
    if (!a) return true;
    auto values = a->integers();
    if (!values) {
      error = {name, countCode, std::string(name) + " must be a list of integers, got " + a->str()};
      return false;
    }
    if (values->size() != n) {
      error = {name, countCode,
               std::string(name) + " " + listText(*values) + " has " + str(values->size()) + " entries but " +
                   (rank >= 0 ? "the operand has rank " : "window_dimensions has ") + str(n)};
      return false;
    }
    for (int64_t v : *values) {
      if (v <= 0) {
        error = {name, positiveCode,
                 std::string(name) + " " + listText(*values) + " has " + std::to_string(v) + ", but must be positive"};
        return false;
      }
    }
    out = *values;
    return true;
  };
  if (!readList("window_strides", codes.strideCount, codes.stridePositive, w.stride)) return std::nullopt;
  if (codes.baseCount) {
    if (!readList("base_dilations", codes.baseCount, codes.basePositive, w.baseDilation)) return std::nullopt;
    if (!readList("window_dilations", codes.dilationCount, codes.dilationPositive, w.windowDilation)) {
      return std::nullopt;
    }
  } else {
    w.baseDilation.assign(n, 1);
    w.windowDilation.assign(n, 1);
  }
  w.padLow.assign(n, 0);
  w.padHigh.assign(n, 0);
  if (const ir::Attribute *p = c.attribute("padding")) {
    auto pairs = readPadding(*p, static_cast<int64_t>(n), codes.padding, error);
    if (!pairs) return std::nullopt;
    for (size_t i = 0; i < n; ++i) {
      w.padLow[i] = (*pairs)[i].first;
      w.padHigh[i] = (*pairs)[i].second;
    }
  }
  return w;
}

/// The number of windows along each dimension of `shape` (spec
/// `num_windows`); dynamic sizes stay dynamic.
std::vector<int64_t> windowCounts(const std::vector<int64_t> &shape, const Window &w) {
  std::vector<int64_t> out(shape.size(), ir::kDynamic);
  for (size_t i = 0; i < shape.size() && i < w.size.size(); ++i) {
    if (shape[i] == ir::kDynamic) continue;
    int64_t dilatedInput = shape[i] == 0 ? 0 : (shape[i] - 1) * w.baseDilation[i] + 1;
    int64_t padded = w.padLow[i] + dilatedInput + w.padHigh[i];
    int64_t dilatedWindow = (w.size[i] - 1) * w.windowDilation[i] + 1;
    bool empty = padded <= 0 || dilatedWindow > padded;
    out[i] = empty ? 0 : (padded - dilatedWindow) / w.stride[i] + 1;
  }
  return out;
}

/// The shape of the windows over `input`, bounds included.
Type windowedType(const Type &input, const Window &w, const ElementType &element) {
  if (!input.ranked()) return Type::unrankedTensor(element);
  std::vector<int64_t> bounds;
  if (!input.bounds().empty()) bounds = windowCounts(input.bounds(), w);
  return Type::tensor(windowCounts(input.shape(), w), element, bounds);
}

void reportWindowError(VerifyContext &c, const WindowError &e) {
  c.error(c.attributeRange(e.attribute), e.code, e.message);
}

// ---------------------------------------------------------------------------
// reduce

std::vector<Type> inferReduce(const VerifyContext &c) {
  size_t n = c.numOperands() / 2;
  if (n == 0 || c.numOperands() % 2 != 0) return {};
  std::vector<Type> inputs;
  for (size_t i = 0; i < n; ++i) {
    inputs.push_back(c.operandType(i));
    if (!inputs.back().isTensor()) return {};
  }
  auto dims = c.integers("dimensions");
  if (!dims) return {};
  Type ranked = firstRanked(inputs);
  std::vector<int64_t> shape, bounds;
  if (ranked.valid()) {
    std::set<int64_t> reduced(dims->begin(), dims->end());
    if (reduced.size() != dims->size()) return {};
    for (int64_t d : *dims) {
      if (d < 0 || d >= ranked.rank()) return {};
    }
    for (int64_t i = 0; i < ranked.rank(); ++i) {
      if (reduced.count(i)) continue;
      shape.push_back(ranked.dim(i));
      if (!ranked.bounds().empty()) bounds.push_back(ranked.bounds()[static_cast<size_t>(i)]);
    }
  }
  const ir::Region *body = regionAt(c.op(), 0);
  std::vector<Type> out;
  for (size_t i = 0; i < n; ++i) {
    ElementType element = bodyElement(body, i).value_or(inputs[i].element());
    out.push_back(ranked.valid() ? Type::tensor(shape, element, bounds) : Type::unrankedTensor(element));
  }
  return out;
}

/// Splits reduce-like operands (inputs, then as many init values) and checks
/// their count against the results; false when malformed.
bool splitInputsAndInits(VerifyContext &c, std::string_view countCode, std::vector<Type> &inputs,
                         std::vector<Type> &inits) {
  size_t operands = c.numOperands();
  if (operands == 0 || operands % 2 != 0) {
    c.error(c.nameRange(), countCode,
            "expects at least one input and one init value per input, got " + str(operands) + " operands");
    return false;
  }
  size_t n = operands / 2;
  if (c.numResults() != n) {
    c.error(c.typeRange(), countCode,
            "expects one result per input (" + str(n) + "), got " + str(c.numResults()) + " results");
    return false;
  }
  for (size_t i = 0; i < n; ++i) {
    inputs.push_back(c.operandType(i));
    inits.push_back(c.operandType(n + i));
  }
  return true;
}

/// Inputs are tensors of one shape (`shapeCode`); init values are tensors
/// whose element types match the inputs' (`elementCode`).
bool checkInputsAndInits(VerifyContext &c, const std::vector<Type> &inputs, const std::vector<Type> &inits,
                         std::string_view shapeCode, std::string_view elementCode) {
  size_t n = inputs.size();
  Type reference;
  for (size_t i = 0; i < n; ++i) {
    const Type &t = inputs[i];
    if (!t.isTensor()) {
      c.error(c.operandRange(i), "I1", "input #" + str(i) + " must be a tensor, got " + t.str());
      c.relateOperand(i);
      return false;
    }
    if (!t.ranked()) continue;
    if (!reference.valid()) {
      reference = t;
    } else if (!ir::isShapeCompatible(reference, t)) {
      c.error(c.operandRange(i), shapeCode,
              "input #" + str(i) + " has type " + t.str() + ", whose shape differs from " + reference.str());
      c.relateOperand(i);
      return false;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const Type &t = inits[i];
    // Implementations accept non-scalar init values that match the body's
    // types (checked with the body), so only the kind is checked here.
    if (!t.isTensor()) {
      c.error(c.operandRange(n + i), "I2", "init value #" + str(i) + " must be a tensor, got " + t.str());
      c.relateOperand(n + i);
      return false;
    }
    if (!sameElementKind(inputs[i].element(), t.element())) {
      c.error(c.operandRange(n + i), elementCode,
              "init value #" + str(i) + " has element type " + t.element().str() + " but input #" + str(i) + " has " +
                  inputs[i].element().str());
      c.relateOperand(n + i);
      return false;
    }
  }
  return true;
}

void verifyReduce(VerifyContext &c) {
  std::vector<Type> inputs, inits;
  if (!splitInputsAndInits(c, "C3", inputs, inits)) return;
  auto dims = requireIntegers(c, "dimensions", "C4");
  if (!dims || !c.typesKnown()) return;
  if (!checkInputsAndInits(c, inputs, inits, "C1", "C2")) return;
  Type ranked = firstRanked(inputs);
  if (ranked.valid() && !checkDimensionsInRange(c, "dimensions", *dims, ranked.rank(), "C4")) return;
  for (int64_t d : *dims) {
    if (d < 0) {
      c.error(c.attributeRange("dimensions"), "C4",
              "dimensions " + listText(*dims) + " has " + std::to_string(d) + ", which is negative");
      return;
    }
  }
  if (!checkUnique(c, "dimensions", *dims, "C5")) return;
  std::vector<Type> inferred = inferReduce(c);
  std::vector<int64_t> resultShape;
  if (!inferred.empty() && inferred[0].ranked()) resultShape = inferred[0].shape();
  if (!checkReductionBody(c, 0, "body", "input", inputs, inits, resultShape, "C6")) return;
  for (size_t i = 0; i < inferred.size(); ++i) checkResult(c, i, inferred[i], "C7", "C8");
}

// ---------------------------------------------------------------------------
// reduce_window

std::vector<Type> inferReduceWindow(const VerifyContext &c) {
  size_t n = c.numOperands() / 2;
  if (n == 0 || c.numOperands() % 2 != 0) return {};
  std::vector<Type> inputs;
  for (size_t i = 0; i < n; ++i) {
    inputs.push_back(c.operandType(i));
    if (!inputs.back().isTensor()) return {};
  }
  Type ranked = firstRanked(inputs);
  WindowError error;
  auto window = readWindow(c, ranked.valid() ? ranked.rank() : -1, kReduceWindowCodes, error);
  if (!window) return {};
  const ir::Region *body = regionAt(c.op(), 0);
  std::vector<Type> out;
  for (size_t i = 0; i < n; ++i) {
    ElementType element = bodyElement(body, i).value_or(inputs[i].element());
    if (inputs[i].ranked() && inputs[i].rank() != static_cast<int64_t>(window->size.size())) return {};
    out.push_back(windowedType(inputs[i], *window, element));
  }
  return out;
}

void verifyReduceWindow(VerifyContext &c) {
  std::vector<Type> inputs, inits;
  if (!splitInputsAndInits(c, "C1", inputs, inits) || !c.typesKnown()) return;
  if (!checkInputsAndInits(c, inputs, inits, "C2", "C3")) return;
  Type ranked = firstRanked(inputs);
  WindowError error;
  auto window = readWindow(c, ranked.valid() ? ranked.rank() : -1, kReduceWindowCodes, error);
  if (!window) {
    reportWindowError(c, error);
    return;
  }
  if (!checkReductionBody(c, 0, "body", "input", inputs, inits, window->size, "C13")) return;
  std::vector<Type> inferred = inferReduceWindow(c);
  for (size_t i = 0; i < inferred.size(); ++i) checkResult(c, i, inferred[i], "C15", "C16");
}

// ---------------------------------------------------------------------------
// select_and_scatter

std::vector<Type> inferSelectAndScatter(const VerifyContext &c) {
  if (c.numOperands() != 3) return {};
  Type operand = c.operandType(0);
  if (!operand.isTensor()) return {};
  ElementType element = bodyElement(regionAt(c.op(), 1), 0).value_or(operand.element());
  return {tensorLike(operand, element)};
}

void verifySelectAndScatter(VerifyContext &c) {
  if (!checkArity(c, 3, 1) || !c.typesKnown()) return;
  Type operand = c.operandType(0), source = c.operandType(1), init = c.operandType(2);
  for (size_t i = 0; i < 2; ++i) {
    if (!c.operandType(i).isTensor()) {
      c.error(c.operandRange(i), i == 0 ? "I1" : "I2",
              std::string(i == 0 ? "operand" : "source") + " must be a tensor, got " + c.operandType(i).str());
      c.relateOperand(i);
      return;
    }
  }
  if (!init.isTensor()) {
    c.error(c.operandRange(2), "I3", "init_value must be a tensor, got " + init.str());
    c.relateOperand(2);
    return;
  }
  if (!sameElementKind(operand.element(), source.element())) {
    c.error(c.operandRange(1), "C1",
            "source has element type " + source.element().str() + " but the operand has " + operand.element().str());
    c.relateOperand(1);
    return;
  }
  if (!sameElementKind(operand.element(), init.element())) {
    c.error(c.operandRange(2), "C3",
            "init_value has element type " + init.element().str() + " but the operand has " + operand.element().str());
    c.relateOperand(2);
    return;
  }
  WindowError error;
  auto window = readWindow(c, operand.ranked() ? operand.rank() : -1, kSelectAndScatterCodes, error);
  if (!window) {
    reportWindowError(c, error);
    return;
  }

  // C9: select is (tensor<E>, tensor<E>) -> tensor<i1>.
  const ir::Region *select = regionAt(c.op(), 0);
  const ir::Block *selectBlock = entryBlock(select);
  if (!selectBlock) {
    c.error(regionRange(c, select), "C9", noBlockMessage(select, "select"));
    return;
  }
  if (selectBlock->arguments.size() != 2) {
    c.error(selectBlock->arguments.empty() ? regionRange(c, select) : argumentRange(c, *selectBlock, 0), "C9",
            "select takes " + str(selectBlock->arguments.size()) + " arguments but must take 2");
    return;
  }
  for (size_t i = 0; i < 2; ++i) {
    Type arg = selectBlock->arguments[i]->type;
    if (arg.valid() && (!isScalarTensor(arg) || !sameElementKind(arg.element(), operand.element()))) {
      c.error(argumentRange(c, *selectBlock, i), "C9",
              "select argument #" + str(i) + " has type " + arg.str() + " but must be tensor<" +
                  operand.element().str() + ">");
      return;
    }
  }
  if (!checkReturnsPredicate(c, select, "select", "C9")) return;

  // C10: scatter is a reduction body over the source's elements.
  std::vector<Type> scatterInputs = {Type::tensor({}, source.element())};
  if (!checkReductionBody(c, 1, "scatter", "the source", scatterInputs, {init}, {}, "C10")) return;

  // C2: one source element per window.
  Type windows = windowedType(operand, *window, source.element());
  if (operand.ranked() && operand.rank() == static_cast<int64_t>(window->size.size()) &&
      !ir::isShapeCompatible(windows, source)) {
    c.error(c.operandRange(1), "C2",
            "source has type " + source.str() + " but the windows over the operand have shape " + windows.str());
    c.relateOperand(1);
    return;
  }
  std::vector<Type> inferred = inferSelectAndScatter(c);
  if (!inferred.empty()) checkResult(c, 0, inferred[0], "C11", "C12");
}

// ---------------------------------------------------------------------------
// sort

std::vector<Type> inferSort(const VerifyContext &c) {
  std::vector<Type> out;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    out.push_back(c.operandType(i));
    if (!out.back().valid()) return {};
  }
  return out;
}

void verifySort(VerifyContext &c) {
  size_t n = c.numOperands();
  if (n == 0) {
    c.error(c.nameRange(), "C1", "expects at least one input");
    return;
  }
  if (c.numResults() != n) {
    c.error(c.typeRange(), "C2", "expects one result per input (" + str(n) + "), got " + str(c.numResults()));
    return;
  }
  const ir::Attribute *dimension = c.attribute("dimension");
  if (dimension && !dimension->isInteger()) {
    c.error(c.attributeRange("dimension"), "C4", "dimension must be an integer, got " + dimension->str());
    return;
  }
  if (!c.typesKnown()) return;
  std::vector<Type> inputs = inferSort(c);
  for (size_t i = 0; i < n; ++i) {
    if (!inputs[i].isTensor()) {
      c.error(c.operandRange(i), "I1", "input #" + str(i) + " must be a tensor, got " + inputs[i].str());
      c.relateOperand(i);
      return;
    }
  }
  Type ranked = firstRanked(inputs);
  if (dimension && ranked.valid()) {
    int64_t d = dimension->integer, r = ranked.rank();
    if (d < -r || d >= r) {
      c.error(c.attributeRange("dimension"), "C4",
              "dimension " + std::to_string(d) + " is outside [" + std::to_string(-r) + ", " + std::to_string(r) +
                  ") for inputs of rank " + std::to_string(r));
      return;
    }
  }
  if (!checkSameShapes(c, "C3")) return;
  for (size_t i = 0; i < n; ++i) {
    if (!c.checkInferred(i, inputs[i], "C2")) return;
  }

  // C5: comparator is (tensor<E0>, tensor<E0>, ...) -> tensor<i1>.
  const ir::Region *comparator = regionAt(c.op(), 0);
  const ir::Block *block = entryBlock(comparator);
  if (!block) {
    c.error(regionRange(c, comparator), "C5", noBlockMessage(comparator, "comparator"));
    return;
  }
  if (block->arguments.size() != 2 * n) {
    c.error(block->arguments.empty() ? regionRange(c, comparator) : argumentRange(c, *block, 0), "C5",
            "comparator takes " + str(block->arguments.size()) + " arguments but must take " + str(2 * n) +
                " (two per input)");
    return;
  }
  for (size_t i = 0; i < 2 * n; ++i) {
    Type arg = block->arguments[i]->type;
    Type expected = Type::tensor({}, inputs[i / 2].element());
    if (arg.valid() && (!isRankedTensor(arg) || arg.rank() != 0 || arg.element() != inputs[i / 2].element())) {
      c.error(argumentRange(c, *block, i), "C5",
              "comparator argument #" + str(i) + " has type " + arg.str() + " but must be " + expected.str() +
                  " (the element type of input #" + str(i / 2) + ")");
      return;
    }
  }
  if (!checkReturnsPredicate(c, comparator, "comparator", "C5")) return;
}

// ---------------------------------------------------------------------------
// map

std::vector<Type> inferMap(const VerifyContext &c) {
  if (c.numOperands() == 0) return {};
  std::vector<Type> inputs;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    inputs.push_back(c.operandType(i));
    if (!inputs.back().isTensor()) return {};
  }
  auto element = bodyElement(regionAt(c.op(), 0), 0);
  if (!element) return {};
  Type ranked = firstRanked(inputs);
  if (!ranked.valid()) return {Type::unrankedTensor(*element)};
  return {Type::tensor(ranked.shape(), *element, ranked.bounds())};
}

void verifyMap(VerifyContext &c) {
  size_t n = c.numOperands();
  if (n == 0) {
    c.error(c.nameRange(), "C2", "expects at least one input");
    return;
  }
  if (c.numResults() != 1) {
    c.error(c.typeRange(), "results", "expects 1 result, got " + str(c.numResults()));
    return;
  }
  auto dims = requireIntegers(c, "dimensions", "C3");
  if (!dims || !c.typesKnown()) return;
  std::vector<Type> inputs;
  for (size_t i = 0; i < n; ++i) {
    inputs.push_back(c.operandType(i));
    if (!inputs.back().isTensor()) {
      c.error(c.operandRange(i), "I1", "input #" + str(i) + " must be a tensor, got " + inputs.back().str());
      c.relateOperand(i);
      return;
    }
  }
  if (!checkSameShapes(c, "C1")) return;

  // C4: computation is (tensor<E0>, ..., tensor<EN-1>) -> tensor<E'>.
  const ir::Region *computation = regionAt(c.op(), 0);
  const ir::Block *block = entryBlock(computation);
  if (!block) {
    c.error(regionRange(c, computation), "C4", noBlockMessage(computation, "computation"));
    return;
  }
  if (block->arguments.size() != n) {
    c.error(block->arguments.empty() ? regionRange(c, computation) : argumentRange(c, *block, 0), "C4",
            "computation takes " + str(block->arguments.size()) + " arguments but the op has " + str(n) + " inputs");
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    Type arg = block->arguments[i]->type;
    if (!arg.valid()) continue;
    if (!isRankedTensor(arg) || arg.rank() != 0 || !ir::sameBaselineElementType(arg.element(), inputs[i].element())) {
      c.error(argumentRange(c, *block, i), "C4",
              "computation argument #" + str(i) + " has type " + arg.str() + " but must be " +
                  Type::tensor({}, inputs[i].element()).str() + " (the element type of input #" + str(i) + ")");
      return;
    }
  }
  if (const ir::Operation *term = terminatorOf(computation)) {
    if (term->operands.size() != 1) {
      c.error(term->range, "C4", "computation returns " + str(term->operands.size()) + " values but must return one");
      return;
    }
    Type t = operandTypeOf(*term, 0);
    if (t.valid() && (!isRankedTensor(t) || t.rank() != 0)) {
      c.error(terminatorOperandRange(*term, 0), "C4",
              "computation returns " + t.str() + " but must return a 0-dimensional tensor");
      return;
    }
  }

  // C3: dimensions = range(rank(inputs[0])).
  Type ranked = firstRanked(inputs);
  for (size_t k = 0; k < dims->size(); ++k) {
    if ((*dims)[k] != static_cast<int64_t>(k)) {
      c.error(c.attributeRange("dimensions"), "C3",
              "dimensions " + listText(*dims) + " must be [0, 1, ..., rank - 1], but entry " + str(k) + " is " +
                  std::to_string((*dims)[k]));
      return;
    }
  }
  if (ranked.valid() && static_cast<int64_t>(dims->size()) != ranked.rank()) {
    c.error(c.attributeRange("dimensions"), "C3",
            "dimensions " + listText(*dims) + " has " + str(dims->size()) + " entries but the inputs have rank " +
                std::to_string(ranked.rank()));
    return;
  }
  std::vector<Type> inferred = inferMap(c);
  if (!inferred.empty()) checkResult(c, 0, inferred[0], "C1", "C4");
}

}  // namespace

void registerReductionOps(OpRegistry &r) {
  r.add("stablehlo.reduce", verifyReduce, inferReduce);
  r.add("stablehlo.reduce_window", verifyReduceWindow, inferReduceWindow);
  r.add("stablehlo.select_and_scatter", verifySelectAndScatter, inferSelectAndScatter);
  r.add("stablehlo.sort", verifySort, inferSort);
  r.add("stablehlo.map", verifyMap, inferMap);
}

}  // namespace shlo::verify
