// CHLO ops with structure: ragged_dot (a dot_general with one ragged lhs
// dimension), scan (a body run along one dimension), constant_like. The
// rules follow the op descriptions of ../shared/spec/chlo.md and, where it is
// silent (scan is newer than our copy), what StableHLO's CHLO verifier
// rejects; the messages are our own.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

namespace {

using ir::Attribute;
using ir::Type;

std::string num(int64_t v) { return std::to_string(v); }

std::string listText(const std::vector<int64_t> &values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + (values[i] == ir::kDynamic ? std::string("?") : num(values[i]));
  return out + "]";
}

bool contains(const std::vector<int64_t> &values, int64_t v) {
  return std::find(values.begin(), values.end(), v) != values.end();
}

// ---------------------------------------------------------------------------
// chlo.ragged_dot(lhs, rhs, group_sizes)

struct RaggedDims {
  std::vector<int64_t> lhsBatch, rhsBatch, lhsContracting, rhsContracting, lhsRagged, rhsGroup;
};

enum class RaggedMode { NonContracting, Contracting, Batch };

/// Dimension lists in range and without repeats; reports the first problem.
bool checkDimensionList(VerifyContext &c, const std::vector<int64_t> &dims, int64_t rank, const char *what) {
  std::set<int64_t> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank) {
      c.error(c.attributeRange("ragged_dot_dimension_numbers"), "dimension_numbers",
              std::string(what) + " " + listText(dims) + " has dimension " + num(d) + ", outside [0, " + num(rank) + ")");
      return false;
    }
    if (!seen.insert(d).second) {
      c.error(c.attributeRange("ragged_dot_dimension_numbers"), "dimension_numbers",
              std::string(what) + " " + listText(dims) + " names dimension " + num(d) + " twice");
      return false;
    }
  }
  return true;
}

/// The result: [g] in the contracting mode, then the batch dimensions, the
/// lhs non-contracting ones, the rhs non-contracting ones but its group
/// dimension.
Type inferRaggedDot(const Type &lhs, const Type &rhs, const RaggedDims &d, RaggedMode mode, int64_t groups) {
  std::vector<int64_t> shape;
  if (mode == RaggedMode::Contracting) shape.push_back(groups);
  for (int64_t b : d.lhsBatch) shape.push_back(lhs.dim(b));
  for (int64_t i = 0; i < lhs.rank(); ++i) {
    if (!contains(d.lhsBatch, i) && !contains(d.lhsContracting, i)) shape.push_back(lhs.dim(i));
  }
  for (int64_t i = 0; i < rhs.rank(); ++i) {
    if (!contains(d.rhsBatch, i) && !contains(d.rhsContracting, i) && !contains(d.rhsGroup, i)) {
      shape.push_back(rhs.dim(i));
    }
  }
  return Type::tensor(shape, lhs.element());
}

void verifyRaggedDot(VerifyContext &c) {
  if (!checkArity(c, 3, 1) || !c.typesKnown()) return;
  const Attribute *numbers = c.attribute("ragged_dot_dimension_numbers");
  if (!numbers || numbers->kind != Attribute::Kind::Struct) {
    c.error(c.nameRange(), "attributes", "ragged_dot needs `ragged_dot_dimension_numbers = #chlo.ragged_dot<...>`");
    return;
  }
  RaggedDims d;
  if (!integerField(*numbers, "lhs_batching_dimensions", d.lhsBatch) ||
      !integerField(*numbers, "rhs_batching_dimensions", d.rhsBatch) ||
      !integerField(*numbers, "lhs_contracting_dimensions", d.lhsContracting) ||
      !integerField(*numbers, "rhs_contracting_dimensions", d.rhsContracting) ||
      !integerField(*numbers, "lhs_ragged_dimensions", d.lhsRagged) ||
      !integerField(*numbers, "rhs_group_dimensions", d.rhsGroup)) {
    c.error(c.attributeRange("ragged_dot_dimension_numbers"), "dimension_numbers",
            "the fields of ragged_dot_dimension_numbers must be lists of integers");
    return;
  }
  Type lhs = c.operandType(0), rhs = c.operandType(1), groupSizes = c.operandType(2);
  if (!lhs.isTensor() || !rhs.isTensor() || !groupSizes.isTensor() || !lhs.ranked() || !rhs.ranked() ||
      !groupSizes.ranked()) {
    return;
  }
  if (!groupSizes.element().isNonBooleanInteger()) {
    c.error(c.operandRange(2), "operand", "group_sizes must be a tensor of integers, got " + groupSizes.str());
    return;
  }
  if (d.lhsBatch.size() != d.rhsBatch.size() || d.lhsContracting.size() != d.rhsContracting.size()) {
    c.error(c.attributeRange("ragged_dot_dimension_numbers"), "dimension_numbers",
            "lhs and rhs must have as many batching dimensions and as many contracting dimensions");
    return;
  }
  std::vector<int64_t> lhsAll = d.lhsBatch, rhsAll = d.rhsBatch;
  lhsAll.insert(lhsAll.end(), d.lhsContracting.begin(), d.lhsContracting.end());
  rhsAll.insert(rhsAll.end(), d.rhsContracting.begin(), d.rhsContracting.end());
  if (!checkDimensionList(c, lhsAll, lhs.rank(), "lhs batching and contracting dimensions") ||
      !checkDimensionList(c, rhsAll, rhs.rank(), "rhs batching and contracting dimensions") ||
      !checkDimensionList(c, d.lhsRagged, lhs.rank(), "lhs_ragged_dimensions") ||
      !checkDimensionList(c, d.rhsGroup, rhs.rank(), "rhs_group_dimensions")) {
    return;
  }
  auto sizesDiffer = [](int64_t a, int64_t b) { return a != ir::kDynamic && b != ir::kDynamic && a != b; };
  for (size_t i = 0; i < d.lhsBatch.size(); ++i) {
    if (sizesDiffer(lhs.dim(d.lhsBatch[i]), rhs.dim(d.rhsBatch[i]))) {
      c.error(c.operandRange(1), "dimension_numbers",
              "batching dimension sizes differ: lhs dimension " + num(d.lhsBatch[i]) + " has " +
                  num(lhs.dim(d.lhsBatch[i])) + ", rhs dimension " + num(d.rhsBatch[i]) + " has " +
                  num(rhs.dim(d.rhsBatch[i])));
      return;
    }
  }
  for (size_t i = 0; i < d.lhsContracting.size(); ++i) {
    if (sizesDiffer(lhs.dim(d.lhsContracting[i]), rhs.dim(d.rhsContracting[i]))) {
      c.error(c.operandRange(1), "contracting",
              "contracting dimension sizes differ: lhs dimension " + num(d.lhsContracting[i]) + " has " +
                  num(lhs.dim(d.lhsContracting[i])) + ", rhs dimension " + num(d.rhsContracting[i]) + " has " +
                  num(rhs.dim(d.rhsContracting[i])));
      return;
    }
  }
  if (d.lhsRagged.size() != 1) {
    c.error(c.attributeRange("ragged_dot_dimension_numbers"), "dimension_numbers",
            "lhs_ragged_dimensions must name exactly one dimension, got " + listText(d.lhsRagged));
    return;
  }
  if (d.rhsGroup.size() > 1) {
    c.error(c.attributeRange("ragged_dot_dimension_numbers"), "dimension_numbers",
            "rhs_group_dimensions may name at most one dimension, got " + listText(d.rhsGroup));
    return;
  }
  for (int64_t g : d.rhsGroup) {
    if (contains(d.rhsBatch, g) || contains(d.rhsContracting, g)) {
      c.error(c.attributeRange("ragged_dot_dimension_numbers"), "dimension_numbers",
              "rhs group dimension " + num(g) + " is also a " +
                  std::string(contains(d.rhsBatch, g) ? "batching" : "contracting") + " dimension of the rhs");
      return;
    }
  }
  int64_t ragged = d.lhsRagged[0];
  RaggedMode mode = contains(d.lhsBatch, ragged)         ? RaggedMode::Batch
                    : contains(d.lhsContracting, ragged) ? RaggedMode::Contracting
                                                         : RaggedMode::NonContracting;
  if (mode == RaggedMode::NonContracting && d.rhsGroup.size() != 1) {
    c.error(c.attributeRange("ragged_dot_dimension_numbers"), "dimension_numbers",
            "the lhs ragged dimension " + num(ragged) +
                " is a non-contracting dimension, so the rhs needs exactly one group dimension");
    return;
  }
  if (mode != RaggedMode::NonContracting && !d.rhsGroup.empty()) {
    c.error(c.attributeRange("ragged_dot_dimension_numbers"), "dimension_numbers",
            "the lhs ragged dimension " + num(ragged) + " is a " +
                (mode == RaggedMode::Batch ? "batching" : "contracting") +
                " dimension, so the rhs may have no group dimension");
    return;
  }
  // group_sizes: [g], or the lhs dimensions the groups vary over, then [g]:
  // the batching dimensions and the dimensions of the ragged one's kind
  // before it (for a ragged batching dimension, the batching dimensions
  // before it).
  int64_t groups = groupSizes.rank() > 0 ? groupSizes.dim(groupSizes.rank() - 1) : ir::kDynamic;
  if (mode == RaggedMode::NonContracting) {
    int64_t rhsGroups = rhs.dim(d.rhsGroup[0]);
    if (sizesDiffer(groups, rhsGroups)) {
      c.error(c.operandRange(2), "operand",
              "group_sizes counts " + num(groups) + " groups but the rhs group dimension " + num(d.rhsGroup[0]) +
                  " has size " + num(rhsGroups));
      return;
    }
    if (groups == ir::kDynamic) groups = rhsGroups;
  }
  std::vector<int64_t> expected;
  if (mode == RaggedMode::Batch) {
    for (int64_t b : d.lhsBatch) {
      if (b == ragged) break;
      expected.push_back(lhs.dim(b));
    }
  } else {
    for (int64_t b : d.lhsBatch) expected.push_back(lhs.dim(b));
    for (int64_t i = 0; i < ragged; ++i) {
      bool sameKind = mode == RaggedMode::Contracting ? contains(d.lhsContracting, i)
                                                      : !contains(d.lhsBatch, i) && !contains(d.lhsContracting, i);
      if (sameKind) expected.push_back(lhs.dim(i));
    }
  }
  expected.push_back(groups);
  if (groupSizes.rank() != 1) {
    bool matches = groupSizes.rank() == static_cast<int64_t>(expected.size());
    for (int64_t i = 0; matches && i < groupSizes.rank(); ++i) {
      matches = !sizesDiffer(groupSizes.dim(i), expected[size_t(i)]);
    }
    if (!matches) {
      c.error(c.operandRange(2), "operand",
              "group_sizes must have shape [" + num(groups == ir::kDynamic ? -1 : groups) + "] or " +
                  listText(expected) + ", got " + groupSizes.str());
      return;
    }
  }
  c.checkInferred(0, inferRaggedDot(lhs, rhs, d, mode, groups), "result");
}

// ---------------------------------------------------------------------------
// chlo.scan (inputs) inits (inits) dimension = d { body } : (...) -> (outputs, carries)

/// `type` without dimension `dim` (its bound too).
Type withoutDimension(const Type &type, int64_t dim) {
  std::vector<int64_t> shape = type.shape(), bounds = type.bounds();
  shape.erase(shape.begin() + dim);
  if (!bounds.empty()) bounds.erase(bounds.begin() + dim);
  return Type::tensor(shape, type.element(), bounds);
}

/// `type` with a dimension of `size` (bound `bound`) inserted at `dim`.
Type withDimension(const Type &type, int64_t dim, int64_t size, int64_t bound) {
  std::vector<int64_t> shape = type.shape(), bounds = type.bounds();
  if (bounds.empty() && bound != ir::kDynamic) bounds.assign(shape.size(), ir::kDynamic);
  shape.insert(shape.begin() + dim, size);
  if (!bounds.empty()) bounds.insert(bounds.begin() + dim, bound);
  return Type::tensor(shape, type.element(), bounds);
}

void verifyScan(VerifyContext &c) {
  if (!c.typesKnown()) return;
  const ir::Operation &op = c.op();
  size_t operands = op.operands.size();
  size_t inputs = operands;  // Without segment sizes: every operand an input.
  if (auto segments = c.integers("operandSegmentSizes")) {
    if (segments->size() != 2 || (*segments)[0] < 0 || (*segments)[1] < 0 ||
        static_cast<size_t>((*segments)[0] + (*segments)[1]) != operands) {
      c.error(c.attributeRange("operandSegmentSizes"), "operands",
              "operandSegmentSizes must split the " + num(int64_t(operands)) + " operands into inputs and inits");
      return;
    }
    inputs = static_cast<size_t>((*segments)[0]);
  }
  size_t inits = operands - inputs;
  auto dimension = c.integer("dimension");
  if (!dimension) {
    c.error(c.nameRange(), "attributes", "scan needs an integer `dimension`");
    return;
  }
  if (op.regions.size() != 1 || op.regions[0]->blocks.empty()) {
    c.error(c.nameRange(), "regions", "scan takes one body region");
    return;
  }
  const ir::Block &body = *op.regions[0]->blocks[0];
  if (body.arguments.size() != operands) {
    c.error(c.nameRange(), "regions",
            "the body must take " + num(int64_t(operands)) + " arguments (a slice of each input, then each init), got " +
                num(int64_t(body.arguments.size())));
    return;
  }
  std::optional<int64_t> explicitSize = c.integer("scan_dim_size");
  int64_t length = ir::kDynamic, lengthBound = ir::kDynamic;
  for (size_t i = 0; i < inputs; ++i) {
    Type input = c.operandType(i);
    if (!input.isTensor() || !input.ranked()) continue;
    if (*dimension < 0 || *dimension >= input.rank()) {
      c.error(c.operandRange(i), "dimension",
              "scan dimension " + num(*dimension) + " is outside input #" + num(int64_t(i)) + " of rank " +
                  num(input.rank()));
      return;
    }
    int64_t size = input.dim(*dimension);
    if (explicitSize && size != ir::kDynamic && size != *explicitSize) {
      c.error(c.operandRange(i), "dimension",
              "input #" + num(int64_t(i)) + " has " + num(size) + " elements along the scan dimension but scan_dim_size is " +
                  num(*explicitSize));
      return;
    }
    if (size != ir::kDynamic) length = size;
    if (size == ir::kDynamic && *dimension < static_cast<int64_t>(input.bounds().size())) {
      lengthBound = input.bounds()[size_t(*dimension)];
    }
    Type expected = withoutDimension(input, *dimension);
    if (!ir::isCompatible(expected, body.arguments[i]->type)) {
      c.error(c.operandRange(i), "regions",
              "body argument " + num(int64_t(i)) + " has type " + body.arguments[i]->type.str() + ", but a slice of input #" +
                  num(int64_t(i)) + " is " + expected.str());
      return;
    }
  }
  if (explicitSize) length = *explicitSize;
  for (size_t j = 0; j < inits; ++j) {
    Type init = c.operandType(inputs + j);
    const Type &argument = body.arguments[inputs + j]->type;
    if (!ir::isCompatible(init, argument)) {
      c.error(c.operandRange(inputs + j), "regions",
              "body argument " + num(int64_t(inputs + j)) + " has type " + argument.str() + ", but init #" + num(int64_t(j)) +
                  " is " + init.str());
      return;
    }
  }
  // Results: an output per value the body yields beyond the carries (the
  // yielded slice stacked along the scan dimension), then the carries.
  if (op.results.size() < inits) {
    c.error(c.nameRange(), "results", "scan has " + num(int64_t(op.results.size())) + " results but " + num(int64_t(inits)) + " inits");
    return;
  }
  size_t outputs = op.results.size() - inits;
  const ir::Operation *terminator = body.operations.empty() ? nullptr : body.operations.back();
  if (!terminator || terminator->operands.size() != op.results.size()) return;  // The region checks report it.
  std::vector<Type> inferred;
  for (size_t k = 0; k < outputs; ++k) {
    if (terminator->operands[k] == nullptr) return;  // An undefined value: reported where it is used.
    const Type &slice = terminator->operands[k]->type;
    if (!slice.isTensor() || !slice.ranked() || *dimension > slice.rank()) return;
    inferred.push_back(withDimension(slice, *dimension, length, length == ir::kDynamic ? lengthBound : ir::kDynamic));
  }
  for (size_t j = 0; j < inits; ++j) inferred.push_back(c.operandType(inputs + j));
  for (size_t r = 0; r < inferred.size(); ++r) {
    if (!c.checkInferred(r, inferred[r], "result")) return;
  }
}

// ---------------------------------------------------------------------------
// chlo.constant_like(operand) {value}: a splat of `value` shaped like the operand.

void verifyConstantLike(VerifyContext &c) {
  if (!checkArity(c, 1, 1) || !c.typesKnown()) return;
  const Attribute *value = c.attribute("value");
  if (!value) {
    c.error(c.nameRange(), "value", "constant_like needs a `value`");
    return;
  }
  Type result = c.resultType(0);
  if (!result.isTensor()) return;
  if (value->type && value->type->kind() == Type::Kind::Scalar && !(value->type->element() == result.element())) {
    c.error(c.attributeRange("value"), "value",
            "value has type " + value->type->str() + " but the result's element type is " + result.element().str());
    return;
  }
  checkSameShapes(c, "shape");
}

}  // namespace

void registerChloStructuredOps(OpRegistry &r) {
  r.add("chlo.ragged_dot", verifyRaggedDot);
  r.add("chlo.scan", verifyScan);
  r.add("chlo.constant_like", verifyConstantLike);
}

}  // namespace shlo::verify
