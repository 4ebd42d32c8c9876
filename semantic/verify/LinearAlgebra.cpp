// Linear algebra and the remaining ops (spec: dot_general, convolution, fft,
// triangular_solve, cholesky, batch_norm_*, rng, custom_call, composite), and
// the deprecated dot, einsum and unary_einsum.
#include <algorithm>
#include <functional>
#include <set>

#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/Regions.h"

namespace shlo::verify {

namespace {

using ir::Attribute;
using ir::ElementType;
using ir::Type;

// ---------------------------------------------------------------------------
// Shared helpers.

bool isRanked(const Type &t) { return t.isTensor() && t.ranked(); }
bool isDynamic(int64_t d) { return d == ir::kDynamic; }
bool dimsCompatible(int64_t a, int64_t b) { return isDynamic(a) || isDynamic(b) || a == b; }
std::string dimText(int64_t d) { return isDynamic(d) ? "?" : std::to_string(d); }
std::string shapeText(const std::vector<int64_t> &shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + dimText(shape[i]);
  return out + "]";
}
bool contains(const std::vector<int64_t> &v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

/// checkInferred, but quantization parameters may differ when the baseline
/// element types agree (quantized ops may requantize their results).
bool checkResult(VerifyContext &c, size_t i, Type inferred, std::string_view constraint) {
  Type actual = c.resultType(i);
  if (inferred.isTensor() && actual.isTensor() &&
      (inferred.element().isQuantized() || actual.element().isQuantized()) &&
      ir::sameBaselineElementType(inferred.element(), actual.element())) {
    inferred = inferred.withElement(actual.element());
  }
  return c.checkInferred(i, inferred, constraint);
}

/// Compares only the shape of result `i` with `shape` (the element type is
/// not inferred by the op).
bool checkResultShape(VerifyContext &c, size_t i, const std::vector<int64_t> &shape, std::string_view constraint) {
  Type actual = c.resultType(i);
  if (!isRanked(actual)) return true;
  return c.checkInferred(i, Type::tensor(shape, actual.element()), constraint);
}

/// The element type to give an inferred result whose element type the op
/// does not determine: the written result's, else `fallback`'s.
ElementType resultElementOr(const VerifyContext &c, size_t i, const Type &fallback) {
  Type r = c.resultType(i);
  return r.isTensor() ? r.element() : fallback.element();
}

/// The value of a boolean attribute (`true`, `1 : i1`), or nullopt.
std::optional<bool> boolAttribute(const VerifyContext &c, std::string_view name) {
  const Attribute *a = c.attribute(name);
  if (!a) return std::nullopt;
  if (a->kind == Attribute::Kind::Bool || a->kind == Attribute::Kind::Integer) return a->integer != 0;
  return std::nullopt;
}

/// precision_config: an array of at most two `precision` enums.
bool checkPrecisionConfig(VerifyContext &c, std::string_view constraint) {
  const Attribute *a = c.attribute("precision_config");
  if (!a) return true;
  if (a->kind != Attribute::Kind::Array) {
    c.error(c.attributeRange("precision_config"), constraint,
            "precision_config must be an array of precision enums, got " + a->str());
    return false;
  }
  for (const Attribute &e : a->elements) {
    if (e.kind != Attribute::Kind::Enum || (e.text != "DEFAULT" && e.text != "HIGH" && e.text != "HIGHEST")) {
      c.error(e.range.size() ? e.range : c.attributeRange("precision_config"), constraint,
              "precision_config entries must be DEFAULT, HIGH or HIGHEST, got " + e.str());
      return false;
    }
  }
  if (a->elements.size() > 2) {
    c.error(c.attributeRange("precision_config"), constraint,
            "precision_config has " + std::to_string(a->elements.size()) +
                " entries but at most 2 are allowed (one for lhs, one for rhs)");
    return false;
  }
  return true;
}

/// The integer constant an operand is defined by (`stablehlo.constant`).
std::optional<std::vector<int64_t>> constantOperand(const VerifyContext &c, size_t i) {
  const ir::Operation &op = c.op();
  if (i >= op.operands.size() || !op.operands[i] || !op.operands[i]->definingOp) return std::nullopt;
  const ir::Operation *def = op.operands[i]->definingOp;
  if (!isConstantOp(def) && def->name != "arith.constant") return std::nullopt;
  const Attribute *value = def->attribute("value");
  if (!value || value->kind != Attribute::Kind::DenseElements) return std::nullopt;
  int64_t count = value->type && value->type->isTensor() && value->type->hasStaticShape() ? value->type->numElements()
                                                                                          : -1;
  return ir::decodeDenseIntegers(value->literal(), 64, count);
}

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
  checkResultShape(c, 0, dotGeneralShape(lhs, rhs, *d), "C12");
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
// convolution and dynamic_conv.

struct ConvDimensions {
  int64_t inputBatch = -1, inputFeature = -1, kernelInputFeature = -1, kernelOutputFeature = -1, outputBatch = -1,
          outputFeature = -1;
  std::vector<int64_t> inputSpatial, kernelSpatial, outputSpatial;
};

std::optional<ConvDimensions> convDimensions(const VerifyContext &c) {
  const Attribute *a = c.attribute("dimension_numbers");
  if (!a || a->kind != Attribute::Kind::Struct) return std::nullopt;
  ConvDimensions d;
  bool ok = true;
  auto scalar = [&](const char *name, int64_t &out) {
    const Attribute *f = a->field(name);
    if (!f || f->kind != Attribute::Kind::Integer) {
      ok = false;
      return;
    }
    out = f->integer;
  };
  auto list = [&](const char *name, std::vector<int64_t> &out) {
    const Attribute *f = a->field(name);
    if (!f) return;  // Absent: no spatial dimensions.
    auto v = f->integers();
    if (!v) {
      ok = false;
      return;
    }
    out = *v;
  };
  scalar("input_batch_dimension", d.inputBatch);
  scalar("input_feature_dimension", d.inputFeature);
  list("input_spatial_dimensions", d.inputSpatial);
  scalar("kernel_input_feature_dimension", d.kernelInputFeature);
  scalar("kernel_output_feature_dimension", d.kernelOutputFeature);
  list("kernel_spatial_dimensions", d.kernelSpatial);
  scalar("output_batch_dimension", d.outputBatch);
  scalar("output_feature_dimension", d.outputFeature);
  list("output_spatial_dimensions", d.outputSpatial);
  if (!ok) return std::nullopt;
  return d;
}

/// The padding attribute as (low, high) pairs. nullopt with a `problem` when
/// malformed, nullopt without one when it cannot be decoded.
std::optional<std::vector<std::pair<int64_t, int64_t>>> paddingPairs(const Attribute &a, std::string &problem) {
  std::vector<std::pair<int64_t, int64_t>> out;
  if (a.kind == Attribute::Kind::Array) {
    for (const Attribute &row : a.elements) {
      auto v = row.integers();
      if (!v || v->size() != 2) {
        problem = "each padding entry must be a [low, high] pair, got " + row.str();
        return std::nullopt;
      }
      out.emplace_back((*v)[0], (*v)[1]);
    }
    return out;
  }
  if (a.kind == Attribute::Kind::DenseElements) {
    if (!a.type || !a.type->isTensor() || !a.type->ranked() || !a.type->hasStaticShape()) {
      problem.clear();
      return std::nullopt;  // Unknown: not checked.
    }
    const Type &t = *a.type;
    if (t.rank() != 2 || t.dim(1) != 2) {
      problem = "padding must have shape [N, 2], got " + t.str();
      return std::nullopt;
    }
    auto v = ir::decodeDenseIntegers(a.literal(), 64, t.numElements());
    if (!v || static_cast<int64_t>(v->size()) != t.numElements()) {
      problem.clear();
      return std::nullopt;
    }
    for (int64_t i = 0; i < t.dim(0); ++i) out.emplace_back((*v)[2 * i], (*v)[2 * i + 1]);
    return out;
  }
  problem = "padding must be a 2-dimensional integer tensor, got " + a.str();
  return std::nullopt;
}

int64_t dilatedBound(int64_t size, int64_t dilation) { return size == 0 ? 0 : (size - 1) * dilation + 1; }
int64_t stridedBound(int64_t padded, int64_t window, int64_t stride) {
  if (padded <= 0 || window > padded) return 0;
  return (padded - window) / stride + 1;
}

/// Shared by convolution and dynamic_conv (whose padding is operand
/// `padOperand`; 0 for convolution).
void verifyConvolutionCommon(VerifyContext &c, size_t padOperand) {
  bool dynamicConv = padOperand != 0;
  if (!checkArity(c, dynamicConv ? 3 : 2, 1)) return;
  if (!checkPrecisionConfig(c, "C24")) return;
  const Attribute *dimsAttr = c.attribute("dimension_numbers");
  syntax::TextRange dimsRange = c.attributeRange("dimension_numbers");
  if (!dimsAttr) {
    c.error(c.nameRange(), "C13", "missing attribute `dimension_numbers`");
    return;
  }
  auto d = convDimensions(c);
  if (!d) {
    c.error(dimsRange, "C13", "dimension_numbers must be a #stablehlo.conv<...>, got " + dimsAttr->str());
    return;
  }
  auto group = [&](const char *name, const char *constraint) -> std::optional<int64_t> {
    const Attribute *a = c.attribute(name);
    if (!a) return 1;
    if (a->kind != Attribute::Kind::Integer) {
      c.error(c.attributeRange(name), constraint, std::string(name) + " must be an integer, got " + a->str());
      return std::nullopt;
    }
    if (a->integer <= 0) {
      c.error(c.attributeRange(name), constraint,
              std::string(name) + " must be positive, got " + std::to_string(a->integer));
      return std::nullopt;
    }
    return a->integer;
  };
  auto featureGroups = group("feature_group_count", "C21");
  if (!featureGroups) return;
  auto batchGroups = group("batch_group_count", "C22");
  if (!batchGroups) return;
  if (*featureGroups != 1 && *batchGroups != 1) {
    c.error(c.attributeRange("batch_group_count"), "C23",
            "feature_group_count (" + std::to_string(*featureGroups) + ") or batch_group_count (" +
                std::to_string(*batchGroups) + ") must be 1");
    return;
  }
  if (!c.typesKnown()) return;
  Type lhs = c.operandType(0), rhs = c.operandType(1);
  if (!isRanked(lhs) || !isRanked(rhs)) return;
  int64_t n = lhs.rank();
  if (n < 2) {
    c.error(c.operandRange(0), "C1", "convolution operands must have rank >= 2, got " + lhs.str());
    return;
  }
  if (rhs.rank() != n) {
    c.error(c.operandRange(1), "C1",
            "lhs has rank " + std::to_string(n) + " but rhs has rank " + std::to_string(rhs.rank()) + " (" +
                lhs.str() + " and " + rhs.str() + ")");
    return;
  }
  if (!lhs.element().isQuantized() && !rhs.element().isQuantized() && lhs.element() != rhs.element()) {
    c.error(c.operandRange(1), "C27",
            "lhs has element type " + lhs.element().str() + " but rhs has " + rhs.element().str());
    return;
  }
  // C12, C13, C17-C20: the dimension numbers.
  size_t spatial = static_cast<size_t>(n - 2);
  auto checkSide = [&](const char *side, std::vector<int64_t> dims, const char *sizeConstraint,
                       const char *constraint, const std::vector<int64_t> &spatialDims) {
    if (spatialDims.size() != spatial) {
      c.error(dimsRange, sizeConstraint,
              std::string(side) + " spatial dimensions " + listText(spatialDims) + " has " +
                  std::to_string(spatialDims.size()) + " entries but the operands have rank " + std::to_string(n) +
                  " (expected " + std::to_string(spatial) + ")");
      return false;
    }
    std::set<int64_t> seen;
    for (int64_t v : dims) {
      if (v < 0 || v >= n) {
        c.error(dimsRange, constraint,
                std::string(side) + " dimensions " + listText(dims) + " has " + std::to_string(v) + ", outside [0, " +
                    std::to_string(n) + ")");
        return false;
      }
      if (!seen.insert(v).second) {
        c.error(dimsRange, constraint,
                std::string(side) + " dimensions " + listText(dims) + " repeat " + std::to_string(v));
        return false;
      }
    }
    return true;
  };
  std::vector<int64_t> inputDims = {d->inputBatch};
  inputDims.insert(inputDims.end(), d->inputSpatial.begin(), d->inputSpatial.end());
  inputDims.push_back(d->inputFeature);
  std::vector<int64_t> kernelDims = d->kernelSpatial;
  kernelDims.push_back(d->kernelInputFeature);
  kernelDims.push_back(d->kernelOutputFeature);
  std::vector<int64_t> outputDims = {d->outputBatch};
  outputDims.insert(outputDims.end(), d->outputSpatial.begin(), d->outputSpatial.end());
  outputDims.push_back(d->outputFeature);
  if (!checkSide("input", inputDims, "C12", "C13", d->inputSpatial) ||
      !checkSide("kernel", kernelDims, "C17", "C18", d->kernelSpatial) ||
      !checkSide("output", outputDims, "C19", "C20", d->outputSpatial)) {
    return;
  }
  // C2-C9: the window attributes.
  bool windowKnown = true;
  auto windowList = [&](const char *name, const char *sizeConstraint, const char *positiveConstraint,
                        std::vector<int64_t> &out) {
    const Attribute *a = c.attribute(name);
    if (!a) {
      out.assign(spatial, 1);
      return true;
    }
    auto v = a->integers();
    if (!v) {
      c.error(c.attributeRange(name), sizeConstraint,
              std::string(name) + " must be a list of integers, got " + a->str());
      return false;
    }
    if (v->size() != spatial && dynamicConv) {
      // StableHLO's own dynamic_conv tests write window_strides longer than
      // the spatial rank: accept them and infer no spatial sizes.
      windowKnown = false;
      out.assign(spatial, 1);
      return true;
    }
    if (v->size() != spatial) {
      c.error(c.attributeRange(name), sizeConstraint,
              std::string(name) + " " + listText(*v) + " has " + std::to_string(v->size()) + " entries but " +
                  std::to_string(spatial) + " spatial dimensions are convolved");
      return false;
    }
    for (int64_t x : *v) {
      if (positiveConstraint && x <= 0) {
        c.error(c.attributeRange(name), positiveConstraint,
                std::string(name) + " " + listText(*v) + " has " + std::to_string(x) + ", which is not positive");
        return false;
      }
    }
    out = *v;
    return true;
  };
  std::vector<int64_t> strides, lhsDilation, rhsDilation, reversal;
  if (!windowList("window_strides", "C2", "C3", strides) || !windowList("lhs_dilation", "C5", "C6", lhsDilation) ||
      !windowList("rhs_dilation", "C7", "C8", rhsDilation)) {
    return;
  }
  if (const Attribute *rev = c.attribute("window_reversal")) {
    auto b = rev->booleans();
    size_t size = b ? b->size() : 0;
    if (!b) {
      if (auto v = rev->integers()) size = v->size();
    }
    if ((b || rev->integers()) && size != spatial && !dynamicConv) {
      c.error(c.attributeRange("window_reversal"), "C9",
              "window_reversal has " + std::to_string(size) + " entries but " + std::to_string(spatial) +
                  " spatial dimensions are convolved");
      return;
    }
  }
  // C4: padding.
  std::optional<std::vector<std::pair<int64_t, int64_t>>> padding;
  if (!dynamicConv) {
    if (const Attribute *p = c.attribute("padding")) {
      std::string problem;
      padding = paddingPairs(*p, problem);
      if (!padding && !problem.empty()) {
        c.error(c.attributeRange("padding"), "C4", problem);
        return;
      }
      if (padding && padding->size() != spatial) {
        c.error(c.attributeRange("padding"), "C4",
                "padding has " + std::to_string(padding->size()) + " [low, high] pairs but " +
                    std::to_string(spatial) + " spatial dimensions are convolved");
        return;
      }
    } else {
      padding = std::vector<std::pair<int64_t, int64_t>>(spatial, {0, 0});
    }
  } else {
    Type padType = c.operandType(padOperand);
    if (isRanked(padType)) {
      if (padType.rank() != 2 || !dimsCompatible(padType.dim(0), static_cast<int64_t>(spatial)) ||
          !dimsCompatible(padType.dim(1), 2)) {
        c.error(c.operandRange(padOperand), "C4",
                "padding must have shape [" + std::to_string(spatial) + ", 2], got " + padType.str());
        return;
      }
    }
    if (auto v = constantOperand(c, padOperand); v && v->size() == 2 * spatial) {
      padding.emplace();
      for (size_t i = 0; i < spatial; ++i) padding->emplace_back((*v)[2 * i], (*v)[2 * i + 1]);
    }
  }
  // C10, C11, C14-C16: feature and batch groups.
  int64_t inBatch = lhs.dim(d->inputBatch), inFeature = lhs.dim(d->inputFeature);
  int64_t kInFeature = rhs.dim(d->kernelInputFeature), kOutFeature = rhs.dim(d->kernelOutputFeature);
  if (!isDynamic(inBatch) && inBatch % *batchGroups != 0) {
    c.error(c.operandRange(0), "C10",
            "input batch dimension size " + std::to_string(inBatch) + " is not a multiple of batch_group_count " +
                std::to_string(*batchGroups));
    return;
  }
  if (!isDynamic(inFeature) && inFeature % *featureGroups != 0) {
    c.error(c.operandRange(0), "C11",
            "input feature dimension size " + std::to_string(inFeature) +
                " is not a multiple of feature_group_count " + std::to_string(*featureGroups));
    return;
  }
  if (!isDynamic(inFeature) && !isDynamic(kInFeature) && inFeature / *featureGroups != kInFeature) {
    c.error(c.operandRange(1), "C14",
            "kernel input feature dimension has size " + std::to_string(kInFeature) +
                " but the input feature dimension size / feature_group_count is " + std::to_string(inFeature) +
                " / " + std::to_string(*featureGroups) + " = " + std::to_string(inFeature / *featureGroups));
    return;
  }
  if (!isDynamic(kOutFeature) && kOutFeature % *batchGroups != 0) {
    c.error(c.operandRange(1), "C15",
            "kernel output feature dimension size " + std::to_string(kOutFeature) +
                " is not a multiple of batch_group_count " + std::to_string(*batchGroups));
    return;
  }
  if (!isDynamic(kOutFeature) && kOutFeature % *featureGroups != 0) {
    c.error(c.operandRange(1), "C16",
            "kernel output feature dimension size " + std::to_string(kOutFeature) +
                " is not a multiple of feature_group_count " + std::to_string(*featureGroups));
    return;
  }
  // C25, C26: the result shape.
  Type result = c.resultType(0);
  if (!isRanked(result)) return;
  if (result.rank() != n) {
    c.error(c.resultRange(0), "C26",
            "result has rank " + std::to_string(result.rank()) + " but the operands have rank " + std::to_string(n));
    return;
  }
  std::vector<int64_t> shape(static_cast<size_t>(n), ir::kDynamic);
  shape[d->outputBatch] = isDynamic(inBatch) ? ir::kDynamic : inBatch / *batchGroups;
  shape[d->outputFeature] = kOutFeature;
  for (size_t i = 0; i < spatial; ++i) {
    int64_t base = lhs.dim(d->inputSpatial[i]), window = rhs.dim(d->kernelSpatial[i]);
    if (isDynamic(base) || isDynamic(window) || !padding || !windowKnown) continue;
    int64_t padded = (*padding)[i].first + dilatedBound(base, lhsDilation[i]) + (*padding)[i].second;
    shape[d->outputSpatial[i]] = stridedBound(padded, dilatedBound(window, rhsDilation[i]), strides[i]);
  }
  checkResultShape(c, 0, shape, "C25");
}

void verifyConvolution(VerifyContext &c) { verifyConvolutionCommon(c, 0); }
void verifyDynamicConv(VerifyContext &c) { verifyConvolutionCommon(c, 2); }

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
// batch_norm_*.

/// Operands [0, multi) ∪ extra are multi-dimensional; the others are 1-D.
/// Checks C1 (feature_index), the shapes and the feature size.
bool verifyBatchNormOperands(VerifyContext &c, const std::vector<size_t> &multi, const std::vector<size_t> &single,
                             const char *shapeConstraint, const char *sizeConstraint) {
  const Attribute *fi = c.attribute("feature_index");
  if (!fi) {
    c.error(c.nameRange(), "C1", "missing attribute `feature_index`");
    return false;
  }
  if (fi->kind != Attribute::Kind::Integer) {
    c.error(c.attributeRange("feature_index"), "C1", "feature_index must be an integer, got " + fi->str());
    return false;
  }
  if (fi->integer < 0) {
    c.error(c.attributeRange("feature_index"), "C1",
            "feature_index must be non-negative, got " + std::to_string(fi->integer));
    return false;
  }
  if (!c.typesKnown()) return false;
  Type operand = c.operandType(multi[0]);
  if (!isRanked(operand)) return false;
  // C2: one baseline element type.
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (t.isTensor() && !ir::sameBaselineElementType(t.element(), operand.element())) {
      c.error(c.operandRange(i), "C2",
              "operand #" + std::to_string(i) + " has element type " + t.element().str() + " but operand has " +
                  operand.element().str());
      c.relateOperand(i);
      return false;
    }
  }
  for (size_t i : multi) {
    Type t = c.operandType(i);
    if (t.isTensor() && !ir::isShapeCompatible(t, operand)) {
      c.error(c.operandRange(i), shapeConstraint,
              "operand #" + std::to_string(i) + " has type " + t.str() + ", whose shape differs from the operand's " +
                  operand.str());
      c.relateOperand(i);
      return false;
    }
  }
  Type first = c.operandType(single[0]);
  for (size_t i : single) {
    Type t = c.operandType(i);
    if (!isRanked(t)) continue;
    if (t.rank() != 1) {
      c.error(c.operandRange(i), sizeConstraint, "operand #" + std::to_string(i) + " must be 1-dimensional, got " + t.str());
      return false;
    }
    if (isRanked(first) && !ir::isShapeCompatible(t, first)) {
      c.error(c.operandRange(i), sizeConstraint,
              "operand #" + std::to_string(i) + " has type " + t.str() + " but operand #" +
                  std::to_string(single[0]) + " has " + first.str() + "; the 1-dimensional operands must agree");
      c.relateOperand(i);
      return false;
    }
  }
  if (fi->integer >= operand.rank()) {
    c.error(c.attributeRange("feature_index"), "C1",
            "feature_index " + std::to_string(fi->integer) + " is outside [0, " + std::to_string(operand.rank()) +
                ") for operand of type " + operand.str());
    return false;
  }
  int64_t features = operand.dim(fi->integer);
  for (size_t i : single) {
    Type t = c.operandType(i);
    if (isRanked(t) && t.rank() == 1 && !dimsCompatible(t.dim(0), features)) {
      c.error(c.operandRange(i), sizeConstraint,
              "operand #" + std::to_string(i) + " has " + dimText(t.dim(0)) + " elements but dimension " +
                  std::to_string(fi->integer) + " (feature_index) of the operand has size " + dimText(features));
      c.relateOperand(i);
      return false;
    }
  }
  return true;
}

std::vector<Type> inferBatchNorm(const VerifyContext &c, size_t operands, bool inference) {
  if (c.numOperands() != operands) return {};
  Type operand = c.operandType(0);
  auto fi = c.integer("feature_index");
  if (!isRanked(operand) || !fi || *fi < 0 || *fi >= operand.rank()) return {};
  if (inference) return {operand};
  Type single = Type::tensor({operand.dim(*fi)}, operand.element());
  return {operand, single, single};
}

std::vector<Type> inferBatchNormGrad(const VerifyContext &c) { return inferBatchNorm(c, 5, false); }
std::vector<Type> inferBatchNormInference(const VerifyContext &c) { return inferBatchNorm(c, 5, true); }
std::vector<Type> inferBatchNormTraining(const VerifyContext &c) { return inferBatchNorm(c, 3, false); }

void checkBatchNormResults(VerifyContext &c, const std::vector<Type> &inferred, const char *firstConstraint,
                           const char *otherConstraint) {
  for (size_t i = 0; i < inferred.size() && i < c.numResults(); ++i) {
    if (!checkResult(c, i, inferred[i], i == 0 ? firstConstraint : otherConstraint)) return;
  }
}

void verifyBatchNormGrad(VerifyContext &c) {
  if (!checkArity(c, 5, 3)) return;
  // operand, scale, mean, variance, grad_output.
  if (!verifyBatchNormOperands(c, {0, 4}, {1, 2, 3}, "C3", "C4")) return;
  checkBatchNormResults(c, inferBatchNormGrad(c), "C3", "C4");
}

void verifyBatchNormInference(VerifyContext &c) {
  if (!checkArity(c, 5, 1)) return;
  // operand, scale, offset, mean, variance.
  if (!verifyBatchNormOperands(c, {0}, {1, 2, 3, 4}, "C7", "C3")) return;
  checkBatchNormResults(c, inferBatchNormInference(c), "C7", "C3");
}

void verifyBatchNormTraining(VerifyContext &c) {
  if (!checkArity(c, 3, 3)) return;
  // operand, scale, offset.
  if (!verifyBatchNormOperands(c, {0}, {1, 2}, "C7", "C3")) return;
  checkBatchNormResults(c, inferBatchNormTraining(c), "C7", "C5");
}

// ---------------------------------------------------------------------------
// rng and rng_bit_generator.

std::vector<Type> inferRng(const VerifyContext &c) {
  if (c.numOperands() != 3) return {};
  Type a = c.operandType(0), shapeType = c.operandType(2);
  if (!a.isTensor()) return {};
  if (auto shape = constantOperand(c, 2)) return {Type::tensor(*shape, a.element())};
  if (isRanked(shapeType) && shapeType.rank() == 1 && !isDynamic(shapeType.dim(0))) {
    return {Type::tensor(std::vector<int64_t>(static_cast<size_t>(shapeType.dim(0)), ir::kDynamic), a.element())};
  }
  return {};
}

void verifyRng(VerifyContext &c) {
  if (!checkArity(c, 3, 1)) return;
  auto distribution = c.enumCase("rng_distribution");
  if (!distribution || (*distribution != "UNIFORM" && *distribution != "NORMAL")) {
    c.error(c.attribute("rng_distribution") ? c.attributeRange("rng_distribution") : c.nameRange(), "C2",
            "rng_distribution must be UNIFORM or NORMAL");
    return;
  }
  if (!c.typesKnown()) return;
  for (size_t i = 0; i < 2; ++i) {
    Type t = c.operandType(i);
    if (!t.isTensor()) continue;
    bool okElement = t.element().isInteger() || t.element().isFloat();
    if (!okElement || (t.ranked() && t.rank() != 0)) {
      c.error(c.operandRange(i), "C1",
              std::string(i == 0 ? "a" : "b") + " must be a 0-dimensional tensor of integer, boolean or "
                                                "floating-point type, got " + t.str());
      c.relateOperand(i);
      return;
    }
  }
  Type shape = c.operandType(2);
  if (shape.isTensor() && (!shape.ranked() || shape.rank() != 1 || !shape.hasStaticShape() ||
                           !shape.element().isNonBooleanInteger())) {
    c.error(c.operandRange(2), "C3",
            "shape must be a statically shaped 1-dimensional integer tensor, got " + shape.str());
    c.relateOperand(2);
    return;
  }
  Type a = c.operandType(0), b = c.operandType(1), result = c.resultType(0);
  if (a.isTensor() && b.isTensor() && a.element() != b.element()) {
    c.error(c.operandRange(1), "C1", "a has element type " + a.element().str() + " but b has " + b.element().str());
    return;
  }
  if (a.isTensor() && result.isTensor() && a.element() != result.element()) {
    c.error(c.resultRange(0), "C1",
            "result has element type " + result.element().str() + " but a and b have " + a.element().str());
    return;
  }
  if (*distribution == "NORMAL" && a.isTensor() && !a.element().isFloat()) {
    c.error(c.operandRange(0), "C2", "NORMAL distribution needs floating-point a and b, got " + a.str());
    return;
  }
  auto inferred = inferRng(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C3");
}

void verifyRngBitGenerator(VerifyContext &c) {
  if (!checkArity(c, 1, 2)) return;
  auto algorithm = c.enumCase("rng_algorithm");
  if (!algorithm || (*algorithm != "DEFAULT" && *algorithm != "THREE_FRY" && *algorithm != "PHILOX")) {
    c.error(c.attribute("rng_algorithm") ? c.attributeRange("rng_algorithm") : c.nameRange(), "C2",
            "rng_algorithm must be DEFAULT, THREE_FRY or PHILOX");
    return;
  }
  if (!c.typesKnown()) return;
  Type initial = c.operandType(0), state = c.resultType(0);
  if (initial.isTensor() && state.isTensor() && !ir::isCompatible(initial, state)) {
    c.error(c.resultRange(0), "C1",
            "output_state has type " + state.str() + " but initial_state has type " + initial.str());
    return;
  }
  if (isRanked(initial) && initial.rank() == 1 && !isDynamic(initial.dim(0)) && initial.element().isUnsigned() &&
      initial.element().width() == 64) {
    int64_t size = initial.dim(0);
    if ((*algorithm == "THREE_FRY" && size != 2) || (*algorithm == "PHILOX" && size != 2 && size != 3)) {
      c.error(c.operandRange(0), "C2",
              *algorithm + " needs an initial_state of " + (*algorithm == "THREE_FRY" ? "2" : "2 or 3") +
                  " elements, got " + initial.str());
    }
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
  r.add("stablehlo.convolution", verifyConvolution);
  r.add("stablehlo.dynamic_conv", verifyDynamicConv);
  r.add("stablehlo.fft", verifyFft, inferFft);
  r.add("stablehlo.triangular_solve", verifyTriangularSolve, inferTriangularSolve);
  r.add("stablehlo.cholesky", verifyCholesky, inferCholesky);
  r.add("stablehlo.batch_norm_grad", verifyBatchNormGrad, inferBatchNormGrad);
  r.add("stablehlo.batch_norm_inference", verifyBatchNormInference, inferBatchNormInference);
  r.add("stablehlo.batch_norm_training", verifyBatchNormTraining, inferBatchNormTraining);
  r.add("stablehlo.rng", verifyRng, inferRng);
  r.add("stablehlo.rng_bit_generator", verifyRngBitGenerator);
  r.add("stablehlo.custom_call", verifyCustomCall);
  r.add("stablehlo.composite", verifyComposite);
  r.add("stablehlo.einsum", verifyEinsum);
  r.add("stablehlo.unary_einsum", verifyUnaryEinsum);
}

}  // namespace shlo::verify
