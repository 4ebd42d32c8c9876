// Linear algebra ops (spec: dot_general, fft, triangular_solve, cholesky)
// and the deprecated dot, einsum and unary_einsum.
#include <algorithm>
#include <functional>
#include <set>

#include "semantic/verify/LinearAlgebraHelpers.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/QuantizedProducts.h"

namespace shlo::verify {

namespace {

using namespace linalg;

// ---------------------------------------------------------------------------
// dot_general and dot.

struct DotDimensions {
  std::vector<int64_t> lhsBatching, rhsBatching, lhsContracting, rhsContracting;
};

std::optional<DotDimensions> dotDimensions(const VerifyContext &c) {
  const Attribute *a = c.attribute("dot_dimension_numbers");
  if (!a || a->kind != Attribute::Kind::Struct) return std::nullopt;
  DotDimensions d;
  auto get = [&](std::string_view name, std::vector<int64_t> &out) { return integerField(*a, name, out); };
  if (!get("lhs_batching_dimensions", d.lhsBatching) || !get("rhs_batching_dimensions", d.rhsBatching) ||
      !get("lhs_contracting_dimensions", d.lhsContracting) || !get("rhs_contracting_dimensions", d.rhsContracting)) {
    return std::nullopt;
  }
  return d;
}

bool allInRange(const std::vector<int64_t> &dims, int64_t rank) {
  return std::all_of(dims.begin(), dims.end(), [&](int64_t d) { return d >= 0 && d < rank; });
}

std::vector<int64_t> dotGeneralShape(const Type &lhs, const Type &rhs, const DotDimensions &d) {
  std::vector<int64_t> shape;
  for (int64_t b : d.lhsBatching) shape.push_back(lhs.dim(b));
  for (int64_t i = 0; i < lhs.rank(); ++i) {
    if (!contains(d.lhsBatching, i) && !contains(d.lhsContracting, i)) shape.push_back(lhs.dim(i));
  }
  for (int64_t i = 0; i < rhs.rank(); ++i) {
    if (!contains(d.rhsBatching, i) && !contains(d.rhsContracting, i)) shape.push_back(rhs.dim(i));
  }
  return shape;
}

std::vector<Type> inferDotGeneral(const VerifyContext &c) {
  if (c.numOperands() != 2) return {};
  Type lhs = c.operandType(0), rhs = c.operandType(1);
  auto d = dotDimensions(c);
  if (!isRanked(lhs) || !isRanked(rhs) || !d) return {};
  if (d->lhsBatching.size() != d->rhsBatching.size() || d->lhsContracting.size() != d->rhsContracting.size()) return {};
  if (!allInRange(d->lhsBatching, lhs.rank()) || !allInRange(d->lhsContracting, lhs.rank()) ||
      !allInRange(d->rhsBatching, rhs.rank()) || !allInRange(d->rhsContracting, rhs.rank())) {
    return {};
  }
  return {Type::tensor(dotGeneralShape(lhs, rhs, *d), resultElementOr(c, 0, lhs))};
}

/// The name of a type-valued attribute (`tf32`), or its text.
std::string typeName(const Attribute &a) {
  if (a.type) return a.type->str();
  return a.text.empty() ? a.str() : a.text;
}

bool isKnownDotAlgorithm(const std::string &lhs, const std::string &rhs, const std::string &acc, int64_t lhsCount,
                         int64_t rhsCount, int64_t ops, bool imprecise) {
  if (lhsCount != 1 || rhsCount != 1) return false;
  static const std::set<std::string> f8 = {"f8E3M4",     "f8E4M3",        "f8E4M3FN",  "f8E5M2",
                                           "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E5M2FNUZ"};
  if (f8.count(lhs) && f8.count(rhs) && acc == "f32" && ops == 1) return true;
  if (imprecise) return false;
  struct Known {
    const char *lhs, *rhs, *acc;
    int64_t ops;
  };
  static const Known known[] = {
      {"f16", "f16", "f16", 1},  {"f16", "f16", "f32", 1},   {"bf16", "bf16", "bf16", 1},
      {"bf16", "bf16", "f32", 1}, {"bf16", "bf16", "f32", 3}, {"bf16", "bf16", "f32", 6},
      {"tf32", "tf32", "f32", 1}, {"tf32", "tf32", "f32", 3}, {"f32", "f32", "f32", 1},
      {"f64", "f64", "f64", 1},
  };
  for (const Known &k : known) {
    if (lhs == k.lhs && rhs == k.rhs && acc == k.acc && ops == k.ops) return true;
  }
  return false;
}

void checkDotAlgorithm(VerifyContext &c) {
  const Attribute *a = c.attribute("algorithm");
  if (!a || a->kind != Attribute::Kind::Struct || a->fields.empty()) return;
  syntax::TextRange range = c.attributeRange("algorithm");
  // C21: the algorithm fixes the precision.
  if (const Attribute *p = c.attribute("precision_config"); p && p->kind == Attribute::Kind::Array) {
    for (const Attribute &e : p->elements) {
      if (e.kind == Attribute::Kind::Enum && e.text != "DEFAULT") {
        c.error(c.attributeRange("precision_config"), "C21",
                "precision_config must be DEFAULT when an algorithm is set, got " + e.text);
        return;
      }
    }
  }
  auto count = [&](const char *name) -> std::optional<int64_t> {
    const Attribute *f = a->field(name);
    if (!f || f->kind != Attribute::Kind::Integer) return std::nullopt;
    return f->integer;
  };
  auto lhsCount = count("lhs_component_count"), rhsCount = count("rhs_component_count"),
       ops = count("num_primitive_operations");
  if (lhsCount && *lhsCount <= 0) {
    c.error(range, "C22", "lhs_component_count must be positive, got " + std::to_string(*lhsCount));
    return;
  }
  if (rhsCount && *rhsCount <= 0) {
    c.error(range, "C23", "rhs_component_count must be positive, got " + std::to_string(*rhsCount));
    return;
  }
  if (ops && *ops <= 0) {
    c.error(range, "C24", "num_primitive_operations must be positive, got " + std::to_string(*ops));
    return;
  }
  const Attribute *lhs = a->field("lhs_precision_type"), *rhs = a->field("rhs_precision_type"),
                  *acc = a->field("accumulation_type"), *imprecise = a->field("allow_imprecise_accumulation");
  if (!lhs || !rhs || !acc || !lhsCount || !rhsCount || !ops) return;
  bool impreciseValue = imprecise && (imprecise->kind == Attribute::Kind::Bool ||
                                      imprecise->kind == Attribute::Kind::Integer) &&
                        imprecise->integer != 0;
  std::string l = typeName(*lhs), r = typeName(*rhs), ac = typeName(*acc);
  if (!isKnownDotAlgorithm(l, r, ac, *lhsCount, *rhsCount, *ops, impreciseValue)) {
    c.error(range, "algorithm",
            "dot algorithm {lhs " + l + ", rhs " + r + ", accumulation " + ac + ", components " +
                std::to_string(*lhsCount) + "x" + std::to_string(*rhsCount) + ", " + std::to_string(*ops) +
                " primitive operations" + (impreciseValue ? ", imprecise accumulation" : "") +
                "} is not known to be supported on any hardware");
  }
}

void verifyDotGeneral(VerifyContext &c) {
  if (!checkArity(c, 2, 1)) return;
  if (!checkPrecisionConfig(c, "C11")) return;
  const Attribute *attr = c.attribute("dot_dimension_numbers");
  syntax::TextRange range = c.attributeRange("dot_dimension_numbers");
  if (!attr) {
    c.error(c.nameRange(), "C1", "missing attribute `dot_dimension_numbers`");
    return;
  }
  auto d = dotDimensions(c);
  if (!d) {
    c.error(range, "C1", "dot_dimension_numbers must be a #stablehlo.dot<...> of integer lists, got " + attr->str());
    return;
  }
  if (d->lhsBatching.size() != d->rhsBatching.size()) {
    c.error(range, "C1",
            "lhs_batching_dimensions " + listText(d->lhsBatching) + " and rhs_batching_dimensions " +
                listText(d->rhsBatching) + " have different sizes");
    return;
  }
  if (d->lhsContracting.size() != d->rhsContracting.size()) {
    c.error(range, "C2",
            "lhs_contracting_dimensions " + listText(d->lhsContracting) + " and rhs_contracting_dimensions " +
                listText(d->rhsContracting) + " have different sizes");
    return;
  }
  auto distinct = [&](const std::vector<int64_t> &batching, const std::vector<int64_t> &contracting,
                      const char *side, const char *constraint) {
    std::vector<int64_t> all = batching;
    all.insert(all.end(), contracting.begin(), contracting.end());
    std::set<int64_t> seen;
    for (int64_t v : all) {
      if (!seen.insert(v).second) {
        c.error(range, constraint,
                std::string(side) + "_batching_dimensions " + listText(batching) + " and " + side +
                    "_contracting_dimensions " + listText(contracting) + " repeat dimension " + std::to_string(v));
        return false;
      }
    }
    return true;
  };
  if (!distinct(d->lhsBatching, d->lhsContracting, "lhs", "C3")) return;
  if (!distinct(d->rhsBatching, d->rhsContracting, "rhs", "C4")) return;
  checkDotAlgorithm(c);
  if (c.failed() || !c.typesKnown()) return;
  Type lhs = c.operandType(0), rhs = c.operandType(1);
  if (!isRanked(lhs) || !isRanked(rhs)) return;
  auto inRange = [&](const std::vector<int64_t> &dims, int64_t rank, const char *name, const char *constraint,
                     size_t operand) {
    for (int64_t v : dims) {
      if (v < 0 || v >= rank) {
        c.error(range, constraint,
                std::string(name) + " " + listText(dims) + " has " + std::to_string(v) + ", outside [0, " +
                    std::to_string(rank) + ") for operand #" + std::to_string(operand) + " of rank " +
                    std::to_string(rank));
        return false;
      }
    }
    return true;
  };
  if (!inRange(d->lhsBatching, lhs.rank(), "lhs_batching_dimensions", "C5", 0) ||
      !inRange(d->lhsContracting, lhs.rank(), "lhs_contracting_dimensions", "C6", 0) ||
      !inRange(d->rhsBatching, rhs.rank(), "rhs_batching_dimensions", "C7", 1) ||
      !inRange(d->rhsContracting, rhs.rank(), "rhs_contracting_dimensions", "C8", 1)) {
    return;
  }
  auto sameSizes = [&](const std::vector<int64_t> &l, const std::vector<int64_t> &r, const char *what,
                       const char *constraint) {
    for (size_t i = 0; i < l.size(); ++i) {
      if (!dimsCompatible(lhs.dim(l[i]), rhs.dim(r[i]))) {
        c.error(range, constraint,
                std::string(what) + " dimension " + std::to_string(l[i]) + " of lhs has size " +
                    dimText(lhs.dim(l[i])) + " but dimension " + std::to_string(r[i]) + " of rhs has size " +
                    dimText(rhs.dim(r[i])));
        return false;
      }
    }
    return true;
  };
  if (!sameSizes(d->lhsBatching, d->rhsBatching, "batching", "C9")) return;
  if (!sameSizes(d->lhsContracting, d->rhsContracting, "contracting", "C10")) return;
  // C12: the result's shape (its element type may differ from the operands').
  if (!checkResultShape(c, 0, dotGeneralShape(lhs, rhs, *d), "C12")) return;
  ProductQuantizationRules rules{"I1", "C14", "C15", "C17", "C18", "C19", "C20", d->rhsContracting, "C16"};
  checkProductQuantization(c, rules);
}

/// dot: vector/matrix products of rank 1 or 2 operands.
std::optional<std::vector<int64_t>> dotShape(const Type &lhs, const Type &rhs) {
  if (lhs.rank() < 1 || lhs.rank() > 2 || rhs.rank() < 1 || rhs.rank() > 2) return std::nullopt;
  if (!dimsCompatible(lhs.dim(lhs.rank() - 1), rhs.dim(0))) return std::nullopt;
  std::vector<int64_t> shape;
  if (lhs.rank() == 2) shape.push_back(lhs.dim(0));
  if (rhs.rank() == 2) shape.push_back(rhs.dim(1));
  return shape;
}

std::vector<Type> inferDot(const VerifyContext &c) {
  if (c.numOperands() != 2) return {};
  Type lhs = c.operandType(0), rhs = c.operandType(1);
  if (!isRanked(lhs) || !isRanked(rhs)) return {};
  auto shape = dotShape(lhs, rhs);
  if (!shape) return {};
  return {Type::tensor(*shape, resultElementOr(c, 0, lhs))};
}

void verifyDot(VerifyContext &c) {
  if (!checkArity(c, 2, 1)) return;
  if (!checkPrecisionConfig(c, "precision_config")) return;
  if (!c.typesKnown()) return;
  Type lhs = c.operandType(0), rhs = c.operandType(1);
  if (!isRanked(lhs) || !isRanked(rhs)) return;
  if (lhs.rank() < 1 || lhs.rank() > 2 || rhs.rank() < 1 || rhs.rank() > 2) {
    c.error(c.typeRange(), "rank",
            "dot expects operands of rank 1 or 2, got " + lhs.str() + " and " + rhs.str());
    return;
  }
  if (!dimsCompatible(lhs.dim(lhs.rank() - 1), rhs.dim(0))) {
    c.error(c.typeRange(), "contracting",
            "dot contracts dimension " + std::to_string(lhs.rank() - 1) + " of lhs (size " +
                dimText(lhs.dim(lhs.rank() - 1)) + ") with dimension 0 of rhs (size " + dimText(rhs.dim(0)) + ")");
    return;
  }
  checkResultShape(c, 0, *dotShape(lhs, rhs), "result");
}

// ---------------------------------------------------------------------------
// fft.

bool isF32OrF64(const ElementType &e) {
  return e.isFloat() && (e.floatFormat() == ir::FloatFormat::F32 || e.floatFormat() == ir::FloatFormat::F64);
}

std::vector<Type> inferFft(const VerifyContext &c) {
  if (c.numOperands() != 1) return {};
  Type operand = c.operandType(0);
  auto type = c.enumCase("fft_type");
  auto length = c.integers("fft_length");
  if (!isRanked(operand) || !type || !length || length->empty() || length->size() > 3 ||
      static_cast<int64_t>(length->size()) > operand.rank()) {
    return {};
  }
  const ElementType &e = operand.element();
  std::vector<int64_t> shape = operand.shape();
  if (*type == "FFT" || *type == "IFFT") {
    if (!e.isComplex()) return {};
    return {operand};
  }
  if (*type == "RFFT") {
    if (!isF32OrF64(e)) return {};
    int64_t last = length->back();
    shape.back() = last == 0 ? 0 : last / 2 + 1;
    return {Type::tensor(shape, ElementType::complex(e.floatFormat()))};
  }
  if (*type == "IRFFT") {
    if (!e.isComplex()) return {};
    shape.back() = length->back();
    return {Type::tensor(shape, ElementType::floating(e.floatFormat()))};
  }
  return {};
}

void verifyFft(VerifyContext &c) {
  if (!checkArity(c, 1, 1)) return;
  auto type = c.enumCase("fft_type");
  if (!type) {
    c.error(c.attribute("fft_type") ? c.attributeRange("fft_type") : c.nameRange(), "C2",
            "fft_type must be one of FFT, IFFT, RFFT, IRFFT");
    return;
  }
  if (*type != "FFT" && *type != "IFFT" && *type != "RFFT" && *type != "IRFFT") {
    c.error(c.attributeRange("fft_type"), "C2", "fft_type must be one of FFT, IFFT, RFFT, IRFFT, got " + *type);
    return;
  }
  auto length = requireIntegers(c, "fft_length", "C3");
  if (!length) return;
  if (length->empty() || length->size() > 3) {
    c.error(c.attributeRange("fft_length"), "C3",
            "fft_length " + listText(*length) + " has " + std::to_string(length->size()) +
                " entries but must have 1 to 3");
    return;
  }
  if (!c.typesKnown()) return;
  Type operand = c.operandType(0);
  if (!isRanked(operand)) return;
  int64_t rank = operand.rank(), n = static_cast<int64_t>(length->size());
  if (n > rank) {
    c.error(c.operandRange(0), "C1",
            "fft_length " + listText(*length) + " has " + std::to_string(n) + " entries but the operand " +
                operand.str() + " has rank " + std::to_string(rank));
    return;
  }
  const ElementType &e = operand.element();
  if (*type == "RFFT") {
    if (!isF32OrF64(e)) {
      c.error(c.operandRange(0), "C2", "RFFT takes an f32 or f64 operand, got " + operand.str());
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      if (!dimsCompatible(operand.dim(rank - n + i), (*length)[i])) {
        c.error(c.operandRange(0), "C4",
                "RFFT operand's trailing dimensions " +
                    shapeText(std::vector<int64_t>(operand.shape().end() - n, operand.shape().end())) +
                    " must equal fft_length " + listText(*length));
        return;
      }
    }
  } else {
    if (!e.isComplex()) {
      c.error(c.operandRange(0), "C2", *type + " takes a complex operand, got " + operand.str());
      return;
    }
    if (*type == "IRFFT") {
      for (int64_t i = 0; i + 1 < n; ++i) {
        if (!dimsCompatible(operand.dim(rank - n + i), (*length)[i])) {
          c.error(c.operandRange(0), "C5",
                  "IRFFT operand's dimension " + std::to_string(rank - n + i) + " has size " +
                      dimText(operand.dim(rank - n + i)) + " but fft_length has " + std::to_string((*length)[i]));
          return;
        }
      }
      int64_t last = length->back(), expected = last == 0 ? 0 : last / 2 + 1;
      if (!dimsCompatible(operand.dim(rank - 1), expected)) {
        c.error(c.operandRange(0), "C5",
                "IRFFT operand's last dimension has size " + dimText(operand.dim(rank - 1)) +
                    " but fft_length[-1] / 2 + 1 is " + std::to_string(expected));
        return;
      }
    }
  }
  auto inferred = inferFft(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], *type == "FFT" || *type == "IFFT" ? "C5" : "C2");
}

// ---------------------------------------------------------------------------
// triangular_solve and cholesky.

void verifyTriangularSolve(VerifyContext &c) {
  if (!checkArity(c, 2, 1)) return;
  if (const Attribute *t = c.attribute("transpose_a")) {
    if (t->kind != Attribute::Kind::Enum ||
        (t->text != "NO_TRANSPOSE" && t->text != "TRANSPOSE" && t->text != "ADJOINT")) {
      c.error(c.attributeRange("transpose_a"), "transpose_a",
              "transpose_a must be NO_TRANSPOSE, TRANSPOSE or ADJOINT, got " + t->str());
      return;
    }
  }
  if (!c.typesKnown()) return;
  Type a = c.operandType(0), b = c.operandType(1);
  if (!checkElementClass(c, 0, isFloatOrComplex, "floating-point or complex type", "C1")) return;
  if (!checkElementClass(c, 1, isFloatOrComplex, "floating-point or complex type", "C1")) return;
  if (!isRanked(a) || !isRanked(b)) return;
  if (!ir::sameBaselineElementType(a.element(), b.element())) {
    c.error(c.operandRange(1), "C1", "a has element type " + a.element().str() + " but b has " + b.element().str());
    return;
  }
  if (a.rank() < 2) {
    c.error(c.operandRange(0), "C2", "operand a must have rank >= 2, got " + a.str());
    return;
  }
  if (a.rank() != b.rank()) {
    c.error(c.operandRange(1), "C2",
            "a has rank " + std::to_string(a.rank()) + " but b has rank " + std::to_string(b.rank()) + " (" + a.str() +
                " and " + b.str() + ")");
    return;
  }
  int64_t r = a.rank();
  if (!dimsCompatible(a.dim(r - 2), a.dim(r - 1))) {
    c.error(c.operandRange(0), "C3", "the two minor dimensions of a must be equal, got " + a.str());
    return;
  }
  bool left = boolAttribute(c, "left_side").value_or(false);
  int64_t shared = b.dim(left ? r - 2 : r - 1);
  if (!dimsCompatible(a.dim(r - 1), shared)) {
    c.error(c.operandRange(1), "C3",
            std::string("dimension ") + (left ? "-2" : "-1") + " of b (" + dimText(shared) +
                ") must equal the size of the square matrices of a (" + dimText(a.dim(r - 1)) + "), got " + a.str() +
                " and " + b.str());
    return;
  }
  for (int64_t i = 0; i + 2 < r; ++i) {
    if (!dimsCompatible(a.dim(i), b.dim(i))) {
      c.error(c.operandRange(1), "C3",
              "batch dimension " + std::to_string(i) + " of a (" + dimText(a.dim(i)) + ") and b (" +
                  dimText(b.dim(i)) + ") differ");
      return;
    }
  }
  checkResult(c, 0, b, "C4");
}

std::vector<Type> inferTriangularSolve(const VerifyContext &c) {
  if (c.numOperands() != 2 || !c.operandType(1).valid()) return {};
  return {c.operandType(1)};
}

void verifyCholesky(VerifyContext &c) {
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  if (!checkElementClass(c, 0, isFloatOrComplex, "floating-point or complex type", "C1")) return;
  Type a = c.operandType(0);
  if (!isRanked(a)) return;
  if (a.rank() < 2) {
    c.error(c.operandRange(0), "C2", "operand a must have rank >= 2, got " + a.str());
    c.relateOperand(0);
    return;
  }
  if (!dimsCompatible(a.dim(a.rank() - 2), a.dim(a.rank() - 1))) {
    c.error(c.operandRange(0), "C3", "the two minor dimensions of a must be equal, got " + a.str());
    c.relateOperand(0);
    return;
  }
  checkResult(c, 0, a, "C1");
}

std::vector<Type> inferCholesky(const VerifyContext &c) {
  if (c.numOperands() != 1 || !c.operandType(0).valid()) return {};
  return {c.operandType(0)};
}

// ---------------------------------------------------------------------------
// einsum and unary_einsum (deprecated): `ab,bc->ac`.

void verifyEinsumCommon(VerifyContext &c, size_t operands) {
  if (!checkArity(c, operands, 1)) return;
  const Attribute *config = c.attribute("einsum_config");
  if (!config || config->kind != Attribute::Kind::String) {
    c.error(config ? c.attributeRange("einsum_config") : c.nameRange(), "einsum_config",
            "einsum needs a string `einsum_config` like \"ab,bc->ac\"");
    return;
  }
  const std::string &text = config->text;
  size_t arrow = text.find("->");
  if (arrow == std::string::npos) {
    c.error(c.attributeRange("einsum_config"), "einsum_config",
            "einsum_config \"" + text + "\" has no `->`");
    return;
  }
  std::string inputs = text.substr(0, arrow);
  size_t commas = static_cast<size_t>(std::count(inputs.begin(), inputs.end(), ','));
  if (commas + 1 != operands) {
    c.error(c.attributeRange("einsum_config"), "einsum_config",
            "einsum_config \"" + text + "\" lists " + std::to_string(commas + 1) + " inputs but the op has " +
                std::to_string(operands) + " operands");
    return;
  }
  if (text.find('.') != std::string::npos || !c.typesKnown()) return;  // Ellipses: ranks vary.
  std::vector<std::string> terms;
  size_t start = 0;
  for (size_t i = 0; i <= inputs.size(); ++i) {
    if (i == inputs.size() || inputs[i] == ',') {
      terms.push_back(inputs.substr(start, i - start));
      start = i + 1;
    }
  }
  terms.push_back(text.substr(arrow + 2));
  for (size_t i = 0; i < terms.size(); ++i) {
    Type t = i < operands ? c.operandType(i) : c.resultType(0);
    if (!isRanked(t)) continue;
    int64_t letters = static_cast<int64_t>(std::count_if(
        terms[i].begin(), terms[i].end(), [](char ch) { return std::isalpha(static_cast<unsigned char>(ch)); }));
    if (letters != t.rank()) {
      c.error(c.attributeRange("einsum_config"), "einsum_config",
              "einsum_config term \"" + terms[i] + "\" has " + std::to_string(letters) + " labels but " +
                  (i < operands ? "operand #" + std::to_string(i) : std::string("the result")) + " has rank " +
                  std::to_string(t.rank()));
      return;
    }
  }
}

void verifyEinsum(VerifyContext &c) { verifyEinsumCommon(c, 2); }
void verifyUnaryEinsum(VerifyContext &c) { verifyEinsumCommon(c, 1); }

}  // namespace

void registerLinearAlgebraOps(OpRegistry &r) {
  r.add("stablehlo.dot_general", verifyDotGeneral, inferDotGeneral);
  r.add("stablehlo.dot", verifyDot, inferDot);
  r.add("stablehlo.fft", verifyFft, inferFft);
  r.add("stablehlo.triangular_solve", verifyTriangularSolve, inferTriangularSolve);
  r.add("stablehlo.cholesky", verifyCholesky, inferCholesky);
  r.add("stablehlo.einsum", verifyEinsum);
  r.add("stablehlo.unary_einsum", verifyUnaryEinsum);
}

}  // namespace shlo::verify
