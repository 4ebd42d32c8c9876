// Convolution ops (spec: convolution, dynamic_conv).
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
    if (v->empty()) {
      // StableHLO reads an empty array as the attribute left out (its
      // printer writes `array<i64>` for it); so do we.
      out.assign(spatial, 1);
      return true;
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
    const Attribute *p = c.attribute("padding");
    // An empty padding (`dense<> : tensor<0xi64>`) is the default, as for
    // the window arrays above.
    if (p && p->type && p->type->isTensor() && p->type->ranked() && p->type->hasStaticShape() &&
        p->type->numElements() == 0) {
      p = nullptr;
    }
    if (p) {
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
  if (!checkResultShape(c, 0, shape, "C25")) return;
  ProductQuantizationRules rules{"I1", "C28", nullptr, "C31", "C32", "C33", "C34"};
  rules.rhsAxis = d->kernelOutputFeature;
  rules.rhsAxisCode = "C29";
  rules.resultAxis = d->outputFeature;
  rules.resultAxisCode = "C30";
  checkProductQuantization(c, rules);
}

/// convolution's result type (C25, C26) for hover and inlay hints; empty
/// when an operand or attribute is malformed (the verifier says why). The
/// element type is the written result's (the spec does not fix it for
/// non-quantized tensors), else lhs's, as for dot_general.
std::vector<Type> inferConvolution(const VerifyContext &c) {
  if (c.numOperands() != 2) return {};
  Type lhs = c.operandType(0), rhs = c.operandType(1);
  if (!isRanked(lhs) || !isRanked(rhs) || lhs.rank() != rhs.rank() || lhs.rank() < 2) return {};
  auto d = convDimensions(c);
  if (!d) return {};
  int64_t n = lhs.rank();
  size_t spatial = static_cast<size_t>(n - 2);
  if (d->inputSpatial.size() != spatial || d->kernelSpatial.size() != spatial || d->outputSpatial.size() != spatial)
    return {};
  auto inRange = [n](int64_t x) { return x >= 0 && x < n; };
  std::vector<int64_t> used = {d->inputBatch, d->inputFeature, d->kernelInputFeature, d->kernelOutputFeature,
                               d->outputBatch, d->outputFeature};
  for (const auto *list : {&d->inputSpatial, &d->kernelSpatial, &d->outputSpatial}) used.insert(used.end(), list->begin(), list->end());
  if (!std::all_of(used.begin(), used.end(), inRange)) return {};
  auto window = [&](const char *name) -> std::optional<std::vector<int64_t>> {
    const Attribute *a = c.attribute(name);
    if (!a) return std::vector<int64_t>(spatial, 1);
    auto v = a->integers();
    if (!v) return std::nullopt;
    if (v->empty()) return std::vector<int64_t>(spatial, 1);
    if (v->size() != spatial || std::any_of(v->begin(), v->end(), [](int64_t x) { return x <= 0; }))
      return std::nullopt;
    return *v;
  };
  auto strides = window("window_strides"), lhsDilation = window("lhs_dilation"), rhsDilation = window("rhs_dilation");
  if (!strides || !lhsDilation || !rhsDilation) return {};
  std::vector<std::pair<int64_t, int64_t>> padding(spatial, {0, 0});
  if (const Attribute *p = c.attribute("padding")) {
    bool empty = p->type && p->type->isTensor() && p->type->ranked() && p->type->hasStaticShape() &&
                 p->type->numElements() == 0;
    if (!empty) {
      std::string problem;
      auto pairs = paddingPairs(*p, problem);
      if (!pairs || pairs->size() != spatial) return {};
      padding = *pairs;
    }
  }
  auto group = [&](const char *name) -> int64_t {
    const Attribute *a = c.attribute(name);
    if (!a) return 1;
    return a->kind == Attribute::Kind::Integer && a->integer > 0 ? a->integer : 0;
  };
  int64_t batchGroups = group("batch_group_count");
  if (batchGroups == 0 || group("feature_group_count") == 0) return {};
  std::vector<int64_t> shape(static_cast<size_t>(n), ir::kDynamic);
  int64_t inBatch = lhs.dim(d->inputBatch);
  if (!isDynamic(inBatch)) {
    if (inBatch % batchGroups != 0) return {};
    shape[d->outputBatch] = inBatch / batchGroups;
  }
  shape[d->outputFeature] = rhs.dim(d->kernelOutputFeature);
  for (size_t i = 0; i < spatial; ++i) {
    int64_t base = lhs.dim(d->inputSpatial[i]), kernel = rhs.dim(d->kernelSpatial[i]);
    if (isDynamic(base) || isDynamic(kernel)) continue;
    int64_t padded = padding[i].first + dilatedBound(base, (*lhsDilation)[i]) + padding[i].second;
    shape[d->outputSpatial[i]] = stridedBound(padded, dilatedBound(kernel, (*rhsDilation)[i]), (*strides)[i]);
  }
  return {Type::tensor(shape, resultElementOr(c, 0, lhs))};
}

void verifyConvolution(VerifyContext &c) { verifyConvolutionCommon(c, 0); }
void verifyDynamicConv(VerifyContext &c) { verifyConvolutionCommon(c, 2); }

}  // namespace

void registerConvolutionOps(OpRegistry &r) {
  r.add("stablehlo.convolution", verifyConvolution, inferConvolution);
  r.add("stablehlo.dynamic_conv", verifyDynamicConv);
}

}  // namespace shlo::verify
