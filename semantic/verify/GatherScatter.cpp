// Gather and scatter (spec: gather, dynamic_gather, scatter; the deprecated
// torch_index_select). Dimension numbers are `#stablehlo.gather<...>` and
// `#stablehlo.scatter<...>` structs; absent fields are empty lists (and
// `index_vector_dim` 0), as StableHLO's printer omits them.
#include <algorithm>
#include <iterator>
#include <set>

#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/Regions.h"

namespace shlo::verify {

namespace {

using ir::Attribute;
using ir::ElementType;
using ir::kDynamic;
using ir::Type;

std::string dimText(int64_t d) { return d == kDynamic ? "?" : std::to_string(d); }

/// `1 entry`, `3 entries`.
std::string entries(size_t n) { return std::to_string(n) + (n == 1 ? " entry" : " entries"); }

bool isRankedTensor(const Type &t) { return t.isTensor() && t.ranked(); }

bool contains(const std::vector<int64_t> &values, int64_t v) {
  return std::find(values.begin(), values.end(), v) != values.end();
}

/// Reads and checks the fields of a dimension-numbers struct attribute,
/// reporting against the field's own range when it has one. `codes` maps
/// the gather numbering to the op's own constraint codes.
class DimensionNumbers {
 public:
  DimensionNumbers(VerifyContext &c, std::string_view attrName, std::string_view structName,
                   std::initializer_list<std::string_view> fieldNames)
      : c_(c), attrName_(attrName) {
    attr_ = c.attribute(attrName);
    if (!attr_) {
      c.error(c.nameRange(), "attributes", "missing attribute `" + std::string(attrName) + "`");
      ok_ = false;
    } else if (attr_->kind != Attribute::Kind::Struct || attr_->name != structName) {
      c.error(c.attributeRange(attrName), "attributes",
              "attribute `" + std::string(attrName) + "` must be a #" + std::string(structName) +
                  "<...> attribute, got " + attr_->str());
      ok_ = false;
    }
    if (!ok_) return;
    // Each field at most once, and only the fields of the struct.
    std::set<std::string_view> seen;
    for (const auto &[name, value] : attr_->fields) {
      if (std::find(fieldNames.begin(), fieldNames.end(), name) == fieldNames.end()) {
        c.error(value.range.size() > 0 ? value.range : c.attributeRange(attrName), "attributes",
                "#" + std::string(structName) + " has no field `" + name + "`");
        ok_ = false;
        return;
      }
      if (!seen.insert(name).second) {
        c.error(value.range.size() > 0 ? value.range : c.attributeRange(attrName), "attributes",
                "#" + std::string(structName) + " sets `" + name + "` more than once");
        ok_ = false;
        return;
      }
    }
  }

  bool ok() const { return ok_; }

  /// An integer-list field; absent means empty.
  std::vector<int64_t> list(std::string_view field) {
    if (!ok_) return {};
    const Attribute *f = attr_->field(field);
    if (!f) return {};
    auto values = f->integers();
    if (!values) {
      c_.error(range(field), "attributes", std::string(field) + " must be a list of integers, got " + f->str());
      ok_ = false;
      return {};
    }
    return *values;
  }

  /// An integer field; absent means 0.
  int64_t integer(std::string_view field) {
    if (!ok_) return 0;
    const Attribute *f = attr_->field(field);
    if (!f) return 0;
    if (f->kind != Attribute::Kind::Integer) {
      c_.error(range(field), "attributes", std::string(field) + " must be an integer, got " + f->str());
      ok_ = false;
      return 0;
    }
    return f->integer;
  }

  syntax::TextRange range(std::string_view field) const {
    const Attribute *f = attr_ ? attr_->field(field) : nullptr;
    if (f && f->range.size() > 0) return f->range;
    return c_.attributeRange(attrName_);
  }

  // Checks; each reports and returns false on failure.
  bool sortedUnique(std::string_view field, const std::vector<int64_t> &v, bool sorted, bool unique,
                    std::string_view code) {
    if (unique) {
      std::set<int64_t> seen;
      for (int64_t x : v) {
        if (!seen.insert(x).second) {
          c_.error(range(field), code, std::string(field) + " " + listText(v) + " repeats " + std::to_string(x));
          return false;
        }
      }
    }
    if (sorted && !std::is_sorted(v.begin(), v.end())) {
      c_.error(range(field), code, std::string(field) + " " + listText(v) + " is not sorted");
      return false;
    }
    return true;
  }

  /// Every value in [0, bound); bound kDynamic checks only the lower end.
  bool inRange(std::string_view field, const std::vector<int64_t> &v, int64_t bound, std::string_view what,
               std::string_view code) {
    for (int64_t x : v) {
      if (x < 0 || (bound != kDynamic && x >= bound)) {
        std::string limit =
            bound == kDynamic ? "must not be negative" : "must lie in [0, " + std::to_string(bound) + ")";
        c_.error(range(field), code,
                 std::string(field) + " " + listText(v) + " has " + std::to_string(x) + ", but each entry " + limit +
                     (bound == kDynamic ? "" : " (" + std::string(what) + ")"));
        return false;
      }
    }
    return true;
  }

  /// No value is shared between `a` and `b` (and neither repeats).
  bool disjoint(std::string_view fieldA, const std::vector<int64_t> &a, std::string_view fieldB,
                const std::vector<int64_t> &b, std::string_view code) {
    std::set<int64_t> seen;
    for (int64_t x : a) {
      if (!seen.insert(x).second) {
        c_.error(range(fieldA), code, std::string(fieldA) + " " + listText(a) + " repeats " + std::to_string(x));
        return false;
      }
    }
    for (int64_t x : b) {
      if (!seen.insert(x).second) {
        bool inA = contains(a, x);
        c_.error(range(fieldB), code,
                 inA ? std::string(fieldB) + " " + listText(b) + " and " + std::string(fieldA) + " " + listText(a) +
                           " both contain " + std::to_string(x)
                     : std::string(fieldB) + " " + listText(b) + " repeats " + std::to_string(x));
        return false;
      }
    }
    return true;
  }

 private:
  VerifyContext &c_;
  std::string_view attrName_;
  const Attribute *attr_ = nullptr;
  bool ok_ = true;
};

// ---------------------------------------------------------------------------
// gather, dynamic_gather

struct GatherDims {
  std::vector<int64_t> offsetDims, collapsedSliceDims, operandBatchingDims, startIndicesBatchingDims, startIndexMap;
  int64_t indexVectorDim = 0;
};

std::optional<GatherDims> readGatherDims(const Attribute *a) {
  if (!a || a->kind != Attribute::Kind::Struct) return std::nullopt;
  GatherDims d;
  auto read = [&](std::string_view name, std::vector<int64_t> &out) { return integerField(*a, name, out); };
  if (!read("offset_dims", d.offsetDims) || !read("collapsed_slice_dims", d.collapsedSliceDims) ||
      !read("operand_batching_dims", d.operandBatchingDims) ||
      !read("start_indices_batching_dims", d.startIndicesBatchingDims) || !read("start_index_map", d.startIndexMap)) {
    return std::nullopt;
  }
  if (const Attribute *f = a->field("index_vector_dim")) {
    if (f->kind != Attribute::Kind::Integer) return std::nullopt;
    d.indexVectorDim = f->integer;
  }
  return d;
}

bool isDynamicGather(const VerifyContext &c) { return c.op().name == "stablehlo.dynamic_gather"; }

/// The constant values of dynamic_gather's slice_sizes operand, when it is
/// defined by a constant.
std::optional<std::vector<int64_t>> constantOperand(const VerifyContext &c, size_t i) {
  if (i >= c.numOperands() || !c.op().operands[i]) return std::nullopt;
  const ir::Operation *def = c.op().operands[i]->definingOp;
  if (!isConstantOp(def)) return std::nullopt;
  const Attribute *value = def->attribute("value");
  return value ? value->integers() : std::nullopt;
}

/// The slice sizes: one entry per operand dimension, kDynamic where unknown
/// (dynamic_gather with a non-constant operand). nullopt when even the count
/// is unknown or the attribute is malformed.
std::optional<std::vector<int64_t>> gatherSliceSizes(const VerifyContext &c) {
  if (!isDynamicGather(c)) {
    const Attribute *a = c.attribute("slice_sizes");
    return a ? a->integers() : std::nullopt;
  }
  if (auto values = constantOperand(c, 2)) return values;
  Type t = c.operandType(2);
  if (isRankedTensor(t) && t.rank() == 1 && t.dim(0) != kDynamic) {
    return std::vector<int64_t>(static_cast<size_t>(t.dim(0)), kDynamic);
  }
  Type operand = c.operandType(0);
  if (isRankedTensor(operand)) return std::vector<int64_t>(static_cast<size_t>(operand.rank()), kDynamic);
  return std::nullopt;
}

std::vector<Type> inferGather(const VerifyContext &c) {
  size_t arity = isDynamicGather(c) ? 3 : 2;
  if (c.numOperands() != arity) return {};
  Type operand = c.operandType(0), start = c.operandType(1);
  if (!operand.isTensor() || !start.isTensor()) return {};
  auto dims = readGatherDims(c.attribute("dimension_numbers"));
  if (!dims) return {};
  if (!start.ranked()) return {Type::unrankedTensor(operand.element())};
  auto sliceSizes = gatherSliceSizes(c);
  if (!sliceSizes) return {};
  int64_t startRank = start.rank();
  int64_t ivd = dims->indexVectorDim;
  if (ivd < 0 || ivd > startRank) return {};
  int64_t batchRank = ivd == startRank ? startRank : startRank - 1;
  int64_t resultRank = batchRank + static_cast<int64_t>(dims->offsetDims.size());
  // offset_dims must be sorted, unique and inside the result.
  for (size_t i = 0; i < dims->offsetDims.size(); ++i) {
    int64_t d = dims->offsetDims[i];
    if (d < 0 || d >= resultRank || (i > 0 && d <= dims->offsetDims[i - 1])) return {};
  }
  std::vector<int64_t> offsetSizes;
  int64_t sliceRank = static_cast<int64_t>(sliceSizes->size());
  for (int64_t d : dims->collapsedSliceDims) {
    if (d < 0 || d >= sliceRank) return {};
  }
  for (int64_t d : dims->operandBatchingDims) {
    if (d < 0 || d >= sliceRank) return {};
  }
  for (int64_t i = 0; i < sliceRank; ++i) {
    if (contains(dims->collapsedSliceDims, i) || contains(dims->operandBatchingDims, i)) continue;
    offsetSizes.push_back((*sliceSizes)[static_cast<size_t>(i)]);
  }
  if (offsetSizes.size() != dims->offsetDims.size()) return {};
  std::vector<int64_t> shape;
  size_t nextOffset = 0;
  int64_t nextBatch = 0;
  for (int64_t axis = 0; axis < resultRank; ++axis) {
    if (nextOffset < dims->offsetDims.size() && dims->offsetDims[nextOffset] == axis) {
      shape.push_back(offsetSizes[nextOffset++]);
      continue;
    }
    int64_t startDim = nextBatch < ivd ? nextBatch : nextBatch + 1;
    ++nextBatch;
    if (startDim >= startRank) return {};
    shape.push_back(start.dim(startDim));
  }
  return {Type::tensor(shape, operand.element())};
}

void verifyGatherOp(VerifyContext &c) {
  const bool dynamic = isDynamicGather(c);
  // Constraint codes follow gather's numbering; dynamic_gather's spec
  // numbers them differently and has no batching dimensions.
  auto code = [&](int n) -> std::string {
    if (!dynamic) return "C" + std::to_string(n);
    static const int map[] = {0, 1, 2, 3, 4, 5, 6, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 0, 9, 10, 11, 12, 13, 14};
    int m = n >= 0 && n < static_cast<int>(std::size(map)) ? map[n] : 0;
    return m ? "C" + std::to_string(m) : std::string("batching_dims");
  };
  if (!checkArity(c, dynamic ? 3 : 2, 1)) return;
  DimensionNumbers dn(c, "dimension_numbers", "stablehlo.gather",
                      {"offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims",
                       "start_index_map", "index_vector_dim"});
  if (!dn.ok()) return;
  GatherDims d;
  d.offsetDims = dn.list("offset_dims");
  d.collapsedSliceDims = dn.list("collapsed_slice_dims");
  d.operandBatchingDims = dn.list("operand_batching_dims");
  d.startIndicesBatchingDims = dn.list("start_indices_batching_dims");
  d.startIndexMap = dn.list("start_index_map");
  d.indexVectorDim = dn.integer("index_vector_dim");
  if (!dn.ok()) return;

  std::optional<std::vector<int64_t>> sliceSizes;  // Values, kDynamic where unknown.
  if (!dynamic) {
    sliceSizes = requireIntegers(c, "slice_sizes", "C20");
    if (!sliceSizes) return;
  }

  Type operand = c.operandType(0), start = c.operandType(1), result = c.resultType(0);
  if (!c.typesKnown()) return;
  if (!operand.isTensor() || !start.isTensor() || !result.isTensor()) {
    c.error(c.typeRange(), "types", "operands and result must be tensors");
    return;
  }
  const bool operandRanked = operand.ranked(), startRanked = start.ranked();
  const int64_t operandRank = operandRanked ? operand.rank() : kDynamic;
  const int64_t startRank = startRanked ? start.rank() : kDynamic;

  // start_indices: tensor of integer type.
  if (!start.element().isNonBooleanInteger()) {
    c.error(c.operandRange(1), "start_indices", "start_indices must be a tensor of integer type, got " + start.str());
    c.relateOperand(1);
    return;
  }
  if (dynamic) {
    Type sizes = c.operandType(2);
    if (!sizes.isTensor() || !sizes.element().isNonBooleanInteger() || (sizes.ranked() && sizes.rank() != 1)) {
      c.error(c.operandRange(2), "slice_sizes",
              "slice_sizes must be a 1-dimensional tensor of integer type, got " + sizes.str());
      c.relateOperand(2);
      return;
    }
    if (auto values = constantOperand(c, 2)) {
      sliceSizes = values;
    } else if (sizes.ranked() && sizes.dim(0) != kDynamic) {
      sliceSizes = std::vector<int64_t>(static_cast<size_t>(sizes.dim(0)), kDynamic);
    }
  }

  const int64_t ivd = d.indexVectorDim;
  // C2: 0 <= index_vector_dim <= rank(start_indices).
  if (ivd < 0 || (startRanked && ivd > startRank)) {
    c.error(dn.range("index_vector_dim"), code(2),
            "index_vector_dim is " + std::to_string(ivd) + " but must lie in [0, " +
                (startRanked ? std::to_string(startRank) : std::string("rank(start_indices)")) + "]");
    return;
  }
  // C4: offset_dims unique and sorted.
  if (!dn.sortedUnique("offset_dims", d.offsetDims, true, true, code(4))) return;
  // C6, C7, C10: collapsed and batching dims.
  if (!dn.disjoint("collapsed_slice_dims", d.collapsedSliceDims, "operand_batching_dims", d.operandBatchingDims,
                   code(6)))
    return;
  if (!dn.sortedUnique("collapsed_slice_dims", d.collapsedSliceDims, true, false, code(7))) return;
  if (!dn.sortedUnique("operand_batching_dims", d.operandBatchingDims, true, false, code(10))) return;
  // C13-C15: start_indices_batching_dims.
  if (!dn.sortedUnique("start_indices_batching_dims", d.startIndicesBatchingDims, false, true, code(13))) return;
  if (!dn.inRange("start_indices_batching_dims", d.startIndicesBatchingDims, startRank, "the rank of start_indices",
                  code(14)))
    return;
  if (contains(d.startIndicesBatchingDims, ivd)) {
    c.error(dn.range("start_indices_batching_dims"), code(15),
            "start_indices_batching_dims " + listText(d.startIndicesBatchingDims) + " contains index_vector_dim " +
                std::to_string(ivd));
    return;
  }
  // C16
  if (d.operandBatchingDims.size() != d.startIndicesBatchingDims.size()) {
    c.error(dn.range("start_indices_batching_dims"), code(16),
            "operand_batching_dims has " + entries(d.operandBatchingDims.size()) +
                " but start_indices_batching_dims has " + entries(d.startIndicesBatchingDims.size()));
    return;
  }
  // C18: start_index_map and operand_batching_dims are disjoint and unique.
  if (!dn.disjoint("start_index_map", d.startIndexMap, "operand_batching_dims", d.operandBatchingDims, code(18)))
    return;
  // C3: size(start_index_map) matches the index vector's size.
  if (startRanked) {
    int64_t indexSize = ivd == startRank ? 1 : start.dim(ivd);
    if (indexSize != kDynamic && indexSize != static_cast<int64_t>(d.startIndexMap.size())) {
      c.error(dn.range("start_index_map"), code(3),
              "start_index_map has " + entries(d.startIndexMap.size()) +
                  " but the index vector of start_indices (dimension " + std::to_string(ivd) + ") has " +
                  std::to_string(indexSize));
      return;
    }
  }
  // C1: rank(operand) = offset + collapsed + batching.
  const int64_t impliedRank =
      static_cast<int64_t>(d.offsetDims.size() + d.collapsedSliceDims.size() + d.operandBatchingDims.size());
  if (operandRanked && operandRank != impliedRank) {
    c.error(c.attributeRange("dimension_numbers"), code(1),
            "offset_dims (" + std::to_string(d.offsetDims.size()) + "), collapsed_slice_dims (" +
                std::to_string(d.collapsedSliceDims.size()) + ") and operand_batching_dims (" +
                std::to_string(d.operandBatchingDims.size()) + ") have " + std::to_string(impliedRank) +
                " entries in all, but the operand has rank " + std::to_string(operandRank));
    c.relateOperand(0);
    return;
  }
  // C8, C11, C19: dimensions of the operand.
  if (!dn.inRange("collapsed_slice_dims", d.collapsedSliceDims, operandRank, "the rank of the operand", code(8)))
    return;
  if (!dn.inRange("operand_batching_dims", d.operandBatchingDims, operandRank, "the rank of the operand", code(11)))
    return;
  if (!dn.inRange("start_index_map", d.startIndexMap, operandRank, "the rank of the operand", code(19))) return;
  // C17: batching dimension sizes agree.
  if (operandRanked && startRanked) {
    for (size_t i = 0; i < d.operandBatchingDims.size(); ++i) {
      int64_t a = operand.dim(d.operandBatchingDims[i]), b = start.dim(d.startIndicesBatchingDims[i]);
      if (a != kDynamic && b != kDynamic && a != b) {
        c.error(dn.range("start_indices_batching_dims"), code(17),
                "operand dimension " + std::to_string(d.operandBatchingDims[i]) + " has size " + std::to_string(a) +
                    " but start_indices dimension " + std::to_string(d.startIndicesBatchingDims[i]) + " has size " +
                    std::to_string(b));
        return;
      }
    }
  }
  // C20: size(slice_sizes) = rank(operand).
  auto sliceRange = [&] { return dynamic ? c.operandRange(2) : c.attributeRange("slice_sizes"); };
  if (sliceSizes) {
    int64_t count = static_cast<int64_t>(sliceSizes->size());
    int64_t expected = operandRanked ? operandRank : impliedRank;
    if (count != expected) {
      c.error(sliceRange(), code(20),
              "slice_sizes has " + entries(static_cast<size_t>(count)) + " but the operand has rank " +
                  std::to_string(expected));
      return;
    }
    // C9, C12: collapsed and batching dimensions take slices of size <= 1.
    auto atMostOne = [&](std::string_view field, const std::vector<int64_t> &dims, int n) {
      for (int64_t dim : dims) {
        if (dim < 0 || dim >= count) continue;
        int64_t size = (*sliceSizes)[static_cast<size_t>(dim)];
        if (size != kDynamic && size > 1) {
          c.error(sliceRange(), code(n),
                  "slice_sizes[" + std::to_string(dim) + "] is " + std::to_string(size) + " but must be <= 1 as " +
                      std::string(field) + " contains " + std::to_string(dim));
          if (dynamic) c.relateOperand(2);
          return false;
        }
      }
      return true;
    };
    if (!atMostOne("collapsed_slice_dims", d.collapsedSliceDims, 9)) return;
    if (!atMostOne("operand_batching_dims", d.operandBatchingDims, 12)) return;
    // C21: 0 <= slice_sizes <= shape(operand).
    for (int64_t i = 0; i < count; ++i) {
      int64_t size = (*sliceSizes)[static_cast<size_t>(i)];
      if (size == kDynamic) continue;
      int64_t dimSize = operandRanked ? operand.dim(i) : kDynamic;
      if (size < 0 || (dimSize != kDynamic && size > dimSize)) {
        c.error(sliceRange(), code(21),
                "slice_sizes[" + std::to_string(i) + "] is " + std::to_string(size) + " but must lie in [0, " +
                    dimText(dimSize) + "], the operand's dimension " + std::to_string(i));
        c.relateOperand(0);
        if (dynamic) c.relateOperand(2);
        return;
      }
    }
  }
  // C5: offset_dims inside the result.
  int64_t resultRank = kDynamic;
  if (startRanked) {
    resultRank = (ivd == startRank ? startRank : startRank - 1) + static_cast<int64_t>(d.offsetDims.size());
  } else if (result.ranked()) {
    resultRank = result.rank();
  }
  if (!dn.inRange("offset_dims", d.offsetDims, resultRank, "the rank of the result", code(5))) return;
  // C23: element types.
  if (result.element() != operand.element()) {
    c.error(c.resultRange(0), code(23),
            "result element type " + result.element().str() + " differs from the operand's " + operand.element().str());
    return;
  }
  // C22: result shape.
  std::vector<Type> inferred = inferGather(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], code(22));
}

void verifyGather(VerifyContext &c) { verifyGatherOp(c); }
void verifyDynamicGather(VerifyContext &c) { verifyGatherOp(c); }
std::vector<Type> inferDynamicGather(const VerifyContext &c) { return inferGather(c); }

// ---------------------------------------------------------------------------
// scatter

/// is_promotable(x, y) of the spec. Integer kinds are compared by width only
/// (booleans count as 1-bit integers, as StableHLO's verifier does).
bool isPromotable(const ElementType &x, const ElementType &y) {
  if (x.isInteger() && y.isInteger()) return x.width() <= y.width();
  if (x.isFloat() && y.isFloat()) return ir::bitWidth(x.floatFormat()) <= ir::bitWidth(y.floatFormat());
  if (x.isComplex() && y.isComplex()) return ir::bitWidth(x.floatFormat()) <= ir::bitWidth(y.floatFormat());
  if (x.isQuantized() && y.isQuantized()) {
    const ir::QuantizedElement *a = x.quantizedInfo(), *b = y.quantizedInfo();
    if (!a || !b) return x == y;
    return a->expressedType == b->expressedType && a->storageType.width() <= b->storageType.width();
  }
  return x == y;
}

/// The scatter body's block, or null.
const ir::Block *scatterBody(const VerifyContext &c) {
  if (c.op().regions.empty() || !c.op().regions[0] || c.op().regions[0]->blocks.empty()) return nullptr;
  return c.op().regions[0]->blocks[0];
}

std::vector<Type> inferScatter(const VerifyContext &c) {
  size_t n = c.numOperands();
  if (n < 3 || n % 2 == 0) return {};
  size_t count = (n - 1) / 2;
  const ir::Block *body = scatterBody(c);
  std::vector<Type> out;
  for (size_t i = 0; i < count; ++i) {
    Type input = c.operandType(i);
    if (!input.isTensor()) return {};
    if (body && body->arguments.size() == 2 * count && body->arguments[i] && body->arguments[i]->type.isTensor()) {
      out.push_back(input.withElement(body->arguments[i]->type.element()));
    } else {
      out.push_back(input);
    }
  }
  return out;
}

void verifyScatter(VerifyContext &c) {
  size_t n = c.numOperands();
  if (n < 3 || n % 2 == 0) {
    c.error(
        c.nameRange(), "C5",
        "expects inputs, scatter_indices and as many updates as inputs (an odd number of at least 3 operands), got " +
            std::to_string(n) + " operands");
    return;
  }
  const size_t count = (n - 1) / 2;
  if (c.numResults() != count) {
    c.error(c.nameRange(), "C5",
            "expects " + std::to_string(count) + " results (one per input), got " + std::to_string(c.numResults()));
    return;
  }
  DimensionNumbers dn(c, "scatter_dimension_numbers", "stablehlo.scatter",
                      {"update_window_dims", "inserted_window_dims", "input_batching_dims",
                       "scatter_indices_batching_dims", "scatter_dims_to_operand_dims", "index_vector_dim"});
  if (!dn.ok()) return;
  std::vector<int64_t> updateWindowDims = dn.list("update_window_dims");
  std::vector<int64_t> insertedWindowDims = dn.list("inserted_window_dims");
  std::vector<int64_t> inputBatchingDims = dn.list("input_batching_dims");
  std::vector<int64_t> indicesBatchingDims = dn.list("scatter_indices_batching_dims");
  std::vector<int64_t> toOperandDims = dn.list("scatter_dims_to_operand_dims");
  const int64_t ivd = dn.integer("index_vector_dim");
  if (!dn.ok()) return;

  // The body's shape is checked before types are known to be usable.
  const ir::Block *body = scatterBody(c);
  if (!body) {
    c.error(c.nameRange(), "C23", "expects an update_computation region with one block");
    return;
  }
  if (!c.typesKnown()) return;

  for (size_t i = 0; i < n; ++i) {
    if (!c.operandType(i).isTensor()) {
      c.error(c.operandRange(i), "types",
              "operand #" + std::to_string(i) + " must be a tensor, got " + c.operandType(i).str());
      return;
    }
  }
  for (size_t i = 0; i < count; ++i) {
    if (!c.resultType(i).isTensor()) {
      c.error(c.resultRange(i), "types",
              "result #" + std::to_string(i) + " must be a tensor, got " + c.resultType(i).str());
      return;
    }
  }
  const size_t indicesIndex = count;
  const Type input0 = c.operandType(0), indices = c.operandType(indicesIndex), update0 = c.operandType(count + 1);
  if (!indices.element().isNonBooleanInteger()) {
    c.error(c.operandRange(indicesIndex), "scatter_indices",
            "scatter_indices must be a tensor of integer type, got " + indices.str());
    c.relateOperand(indicesIndex);
    return;
  }
  // C1, C3: inputs share a shape; updates share a shape.
  for (size_t i = 1; i < count; ++i) {
    if (!ir::isShapeCompatible(c.operandType(i), input0)) {
      c.error(c.operandRange(i), "C1",
              "input #" + std::to_string(i) + " has type " + c.operandType(i).str() + ", whose shape differs from " +
                  input0.str() + " of input #0");
      c.relateOperand(i);
      return;
    }
    if (!ir::isShapeCompatible(c.operandType(count + 1 + i), update0)) {
      c.error(c.operandRange(count + 1 + i), "C3",
              "update #" + std::to_string(i) + " has type " + c.operandType(count + 1 + i).str() +
                  ", whose shape differs from " + update0.str() + " of update #0");
      c.relateOperand(count + 1 + i);
      return;
    }
  }

  const bool inputRanked = input0.ranked(), indicesRanked = indices.ranked(), updateRanked = update0.ranked();
  const int64_t inputRank = inputRanked ? input0.rank() : kDynamic;
  const int64_t indicesRank = indicesRanked ? indices.rank() : kDynamic;
  const int64_t updateRank = updateRanked ? update0.rank() : kDynamic;

  // C22
  if (ivd < 0 || (indicesRanked && ivd > indicesRank)) {
    c.error(dn.range("index_vector_dim"), "C22",
            "index_vector_dim is " + std::to_string(ivd) + " but must lie in [0, " +
                (indicesRanked ? std::to_string(indicesRank) : std::string("rank(scatter_indices)")) + "]");
    return;
  }
  // C7, C8
  if (!dn.sortedUnique("update_window_dims", updateWindowDims, true, true, "C7")) return;
  if (!dn.inRange("update_window_dims", updateWindowDims, updateRank, "the rank of the updates", "C8")) return;
  // C9, C10, C12
  if (!dn.disjoint("inserted_window_dims", insertedWindowDims, "input_batching_dims", inputBatchingDims, "C9")) return;
  if (!dn.sortedUnique("inserted_window_dims", insertedWindowDims, true, false, "C10")) return;
  if (!dn.sortedUnique("input_batching_dims", inputBatchingDims, true, false, "C12")) return;
  // C14-C16
  if (!dn.sortedUnique("scatter_indices_batching_dims", indicesBatchingDims, false, true, "C14")) return;
  if (!dn.inRange("scatter_indices_batching_dims", indicesBatchingDims, indicesRank, "the rank of scatter_indices",
                  "C15"))
    return;
  if (contains(indicesBatchingDims, ivd)) {
    c.error(dn.range("scatter_indices_batching_dims"), "C16",
            "scatter_indices_batching_dims " + listText(indicesBatchingDims) + " contains index_vector_dim " +
                std::to_string(ivd));
    return;
  }
  // C17
  if (inputBatchingDims.size() != indicesBatchingDims.size()) {
    c.error(dn.range("scatter_indices_batching_dims"), "C17",
            "input_batching_dims has " + entries(inputBatchingDims.size()) + " but scatter_indices_batching_dims has " +
                entries(indicesBatchingDims.size()));
    return;
  }
  // C20
  if (!dn.disjoint("scatter_dims_to_operand_dims", toOperandDims, "input_batching_dims", inputBatchingDims, "C20"))
    return;
  // C19
  if (indicesRanked) {
    int64_t indexSize = ivd == indicesRank ? 1 : indices.dim(ivd);
    if (indexSize != kDynamic && indexSize != static_cast<int64_t>(toOperandDims.size())) {
      c.error(dn.range("scatter_dims_to_operand_dims"), "C19",
              "scatter_dims_to_operand_dims has " + entries(toOperandDims.size()) +
                  " but the index vector of scatter_indices (dimension " + std::to_string(ivd) + ") has " +
                  std::to_string(indexSize));
      return;
    }
  }
  // C2
  const int64_t impliedRank =
      static_cast<int64_t>(updateWindowDims.size() + insertedWindowDims.size() + inputBatchingDims.size());
  if (inputRanked && inputRank != impliedRank) {
    c.error(c.attributeRange("scatter_dimension_numbers"), "C2",
            "update_window_dims (" + std::to_string(updateWindowDims.size()) + "), inserted_window_dims (" +
                std::to_string(insertedWindowDims.size()) + ") and input_batching_dims (" +
                std::to_string(inputBatchingDims.size()) + ") have " + std::to_string(impliedRank) +
                " entries in all, but the inputs have rank " + std::to_string(inputRank));
    c.relateOperand(0);
    return;
  }
  // C11, C13, C21
  if (!dn.inRange("inserted_window_dims", insertedWindowDims, inputRank, "the rank of the inputs", "C11")) return;
  if (!dn.inRange("input_batching_dims", inputBatchingDims, inputRank, "the rank of the inputs", "C13")) return;
  if (!dn.inRange("scatter_dims_to_operand_dims", toOperandDims, inputRank, "the rank of the inputs", "C21")) return;
  // C18
  if (inputRanked && indicesRanked) {
    for (size_t i = 0; i < inputBatchingDims.size(); ++i) {
      int64_t a = input0.dim(inputBatchingDims[i]), b = indices.dim(indicesBatchingDims[i]);
      if (a != kDynamic && b != kDynamic && a != b) {
        c.error(dn.range("scatter_indices_batching_dims"), "C18",
                "input dimension " + std::to_string(inputBatchingDims[i]) + " has size " + std::to_string(a) +
                    " but scatter_indices dimension " + std::to_string(indicesBatchingDims[i]) + " has size " +
                    std::to_string(b));
        return;
      }
    }
  }
  // C4: the updates' shape.
  if (indicesRanked && updateRanked) {
    int64_t scatterRank = ivd == indicesRank ? indicesRank : indicesRank - 1;
    int64_t expectedRank = scatterRank + static_cast<int64_t>(updateWindowDims.size());
    if (updateRank != expectedRank) {
      c.error(c.operandRange(count + 1), "C4",
              "updates have rank " + std::to_string(updateRank) + " but must have rank " +
                  std::to_string(expectedRank) + " (" + std::to_string(scatterRank) +
                  " scatter dimensions from scatter_indices plus " + std::to_string(updateWindowDims.size()) +
                  " update_window_dims)");
      c.relateOperand(count + 1);
      return;
    }
    int64_t scatterDim = 0;
    for (int64_t axis = 0; axis < updateRank; ++axis) {
      if (contains(updateWindowDims, axis)) continue;
      int64_t indicesDim = scatterDim < ivd ? scatterDim : scatterDim + 1;
      ++scatterDim;
      int64_t a = update0.dim(axis), b = indices.dim(indicesDim);
      if (a != kDynamic && b != kDynamic && a != b) {
        c.error(c.operandRange(count + 1), "C4",
                "updates dimension " + std::to_string(axis) + " has size " + std::to_string(a) +
                    " but the matching scatter_indices dimension " + std::to_string(indicesDim) + " has size " +
                    std::to_string(b));
        c.relateOperand(count + 1);
        return;
      }
    }
  }
  if (inputRanked && updateRanked) {
    size_t window = 0;
    for (int64_t axis = 0; axis < inputRank && window < updateWindowDims.size(); ++axis) {
      if (contains(insertedWindowDims, axis) || contains(inputBatchingDims, axis)) continue;
      int64_t updateAxis = updateWindowDims[window++];
      int64_t a = update0.dim(updateAxis), b = input0.dim(axis);
      if (a != kDynamic && b != kDynamic && a > b) {
        c.error(c.operandRange(count + 1), "C4",
                "updates window dimension " + std::to_string(updateAxis) + " has size " + std::to_string(a) +
                    ", larger than the matching input dimension " + std::to_string(axis) + " (" + std::to_string(b) +
                    ")");
        c.relateOperand(count + 1);
        return;
      }
    }
  }

  // C23: update_computation takes (tensor<E0>, ..., tensor<EN-1>) twice and
  // returns (tensor<E0>, ..., tensor<EN-1>).
  const auto &args = body->arguments;
  if (args.size() != 2 * count) {
    c.error(c.op().regions[0]->range.size() > 0 ? c.op().regions[0]->range : c.nameRange(), "C23",
            "update_computation has " + std::to_string(args.size()) + (args.size() == 1 ? " argument" : " arguments") +
                " but must have " + std::to_string(2 * count) + " (two per input)");
    return;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const Type &t = args[i]->type;
    if (!t.valid()) return;
    if (!t.isTensor() || (t.ranked() && t.rank() != 0)) {
      c.error(args[i]->range, "C23",
              "update_computation argument #" + std::to_string(i) + " has type " + t.str() +
                  " but must be a rank-0 tensor");
      return;
    }
  }
  for (size_t i = 0; i < count; ++i) {
    const Type &a = args[i]->type, &b = args[count + i]->type;
    if (a.element() != b.element()) {
      c.error(args[count + i]->range, "C23",
              "update_computation argument #" + std::to_string(count + i) + " has type " + b.str() +
                  " but must match argument #" + std::to_string(i) + " (" + a.str() + ")");
      return;
    }
    const ElementType &e = a.element();
    const Type input = c.operandType(i), update = c.operandType(count + 1 + i);
    if (!isPromotable(input.element(), e)) {
      c.error(args[i]->range, "C23",
              "update_computation argument #" + std::to_string(i) + " has element type " + e.str() +
                  ", to which input #" + std::to_string(i) + "'s element type " + input.element().str() +
                  " cannot be promoted");
      c.relateOperand(i);
      return;
    }
    // C6: the updates agree with the inputs (both promotable to Ei).
    if (!isPromotable(update.element(), e)) {
      c.error(c.operandRange(count + 1 + i), "C6",
              "update #" + std::to_string(i) + " has element type " + update.element().str() +
                  ", which differs from input #" + std::to_string(i) + "'s " + input.element().str() +
                  " (update_computation takes " + e.str() + ")");
      c.relateOperand(count + 1 + i);
      return;
    }
  }
  if (!body->operations.empty()) {
    const ir::Operation *ret = body->operations.back();
    if (isRegionReturn(ret)) {
      if (ret->operands.size() != count) {
        c.error(ret->nameRange, "C23",
                "update_computation returns " + std::to_string(ret->operands.size()) + " values but must return " +
                    std::to_string(count) + " (one per input)");
        return;
      }
      for (size_t i = 0; i < count; ++i) {
        if (!ret->operands[i]) continue;
        const Type &t = ret->operands[i]->type;
        if (!t.valid()) continue;
        const Type &expected = args[i]->type;
        if (!t.isTensor() || !ir::isCompatible(t, expected)) {
          c.error(i < ret->operandRanges.size() ? ret->operandRanges[i] : ret->nameRange, "C23",
                  "update_computation returns " + t.str() + " as result #" + std::to_string(i) + " but must return " +
                      expected.str() + ", the type of argument #" + std::to_string(i));
          return;
        }
      }
    }
  }
  // C24, C25: results.
  std::vector<Type> inferred = inferScatter(c);
  for (size_t i = 0; i < inferred.size() && i < count; ++i) {
    const Type result = c.resultType(i);
    if (!ir::isShapeCompatible(result, inferred[i])) {
      c.error(c.resultRange(i), "C24",
              "result #" + std::to_string(i) + " has type " + result.str() + ", whose shape differs from input #" +
                  std::to_string(i) + "'s " + c.operandType(i).str());
      return;
    }
    if (result.element() != inferred[i].element()) {
      c.error(c.resultRange(i), "C25",
              "result #" + std::to_string(i) + " has element type " + result.element().str() +
                  " but update_computation works on " + inferred[i].element().str());
      return;
    }
  }
}

// ---------------------------------------------------------------------------
// torch_index_select (deprecated, not in the spec): basic checks only.

void verifyTorchIndexSelect(VerifyContext &c) {
  if (!checkArity(c, 2, 1)) return;
  for (std::string_view name : {"dim", "batch_dims"}) {
    if (!c.attribute(name)) {
      c.error(c.nameRange(), "attributes", "missing attribute `" + std::string(name) + "`");
      return;
    }
    if (!c.integer(name)) {
      c.error(c.attributeRange(name), "attributes",
              "attribute `" + std::string(name) + "` must be an integer, got " + c.attribute(name)->str());
      return;
    }
  }
  if (!c.typesKnown()) return;
  Type operand = c.operandType(0), index = c.operandType(1), result = c.resultType(0);
  if (!operand.isTensor() || !index.isTensor() || !result.isTensor()) return;
  if (!index.element().isInteger()) {
    c.error(c.operandRange(1), "index", "index must be a tensor of integer type, got " + index.str());
    c.relateOperand(1);
    return;
  }
  if (result.element() != operand.element()) {
    c.error(c.resultRange(0), "result",
            "result element type " + result.element().str() + " differs from the operand's " + operand.element().str());
  }
}

}  // namespace

void registerGatherScatterOps(OpRegistry &r) {
  r.add("stablehlo.gather", verifyGather, inferGather);
  r.add("stablehlo.dynamic_gather", verifyDynamicGather, inferDynamicGather);
  r.add("stablehlo.scatter", verifyScatter, inferScatter);
  r.add("stablehlo.torch_index_select", verifyTorchIndexSelect);
}

}  // namespace shlo::verify
