// Collectives and communication (spec: all_gather, all_reduce, all_to_all, reduce_scatter, collective_permute, collective_broadcast, collective_reduce, send, recv, infeed, outfeed, after_all, replica_id, partition_id).
#include <set>

#include "semantic/verify/Checks.h"
#include "semantic/verify/OpRegistry.h"
#include "semantic/verify/Regions.h"

namespace shlo::verify {

namespace {

using ir::Attribute;
using ir::ElementType;
using ir::Type;

std::string str(int64_t v) { return std::to_string(v); }

bool isRankedTensor(const Type &t) { return t.isTensor() && t.ranked(); }

// ---------------------------------------------------------------------------
// Attributes shared by the collectives.

/// A unit attribute (`use_global_device_ids`) or a boolean one (`= true`).
bool flag(const VerifyContext &c, std::string_view name) {
  const Attribute *a = c.attribute(name);
  if (!a) return false;
  if (a->kind == Attribute::Kind::Unit) return true;
  if (a->kind == Attribute::Kind::Bool || a->kind == Attribute::Kind::Integer) return a->integer != 0;
  return false;
}

/// A field of `#stablehlo.channel_handle<handle = H, type = T>`.
std::optional<int64_t> channelField(const VerifyContext &c, std::string_view field) {
  const Attribute *a = c.attribute("channel_handle");
  if (!a) return std::nullopt;
  const Attribute *f = a->field(field);
  if (!f || f->kind != Attribute::Kind::Integer) return std::nullopt;
  return f->integer;
}

/// The spec's channel_id: the channel handle, 0 when absent.
int64_t channelId(const VerifyContext &c) { return channelField(c, "handle").value_or(0); }

/// A 2-D integer tensor constant (replica_groups, source_target_pairs).
struct IntMatrix {
  std::vector<int64_t> shape;
  std::vector<int64_t> values;
  int64_t rows() const { return shape.size() > 0 ? shape[0] : 0; }
  int64_t cols() const { return shape.size() > 1 ? shape[1] : 0; }
};

enum class Decoded { Absent, NotDense, Bad, Ok };

/// Decodes a dense integer tensor attribute. Absent when missing, NotDense
/// for other forms (`#stablehlo.replica_group_mesh_axes<...>`), Bad (with an
/// error) when its data cannot be read.
Decoded decodeMatrix(VerifyContext &c, std::string_view name, std::string_view constraint, IntMatrix &out) {
  const Attribute *a = c.attribute(name);
  if (!a) return Decoded::Absent;
  if (a->kind != Attribute::Kind::DenseElements) return Decoded::NotDense;
  if (!a->type || !a->type->isTensor() || !a->type->ranked() || !a->type->hasStaticShape()) {
    c.error(c.attributeRange(name), constraint, std::string(name) + " must be a statically shaped integer tensor");
    return Decoded::Bad;
  }
  if (!a->type->element().isInteger()) {
    c.error(c.attributeRange(name), constraint,
            std::string(name) + " must have an integer element type, got " + a->type->str());
    return Decoded::Bad;
  }
  out.shape = a->type->shape();
  int64_t count = a->type->numElements();
  unsigned width = a->type->element().width();
  if (count == 0) return Decoded::Ok;  // `dense<0> : tensor<0x2xi64>`: no ids.
  auto values = ir::decodeDenseIntegers(a->literal(), width ? width : 64, count);
  if (!values || static_cast<int64_t>(values->size()) != count) {
    c.error(c.attributeRange(name), constraint,
            std::string(name) + " must hold " + str(count) + " integers for its type " + a->type->str());
    return Decoded::Bad;
  }
  out.values = std::move(*values);
  return Decoded::Ok;
}

/// Constraint codes of the replica group checks of one op.
struct GroupCodes {
  const char *rank;    // 2-dimensional
  const char *unique;  // is_unique(replica_groups)
  const char *size;    // size(replica_groups): every id of 0..N-1 present
  const char *range;   // 0 <= replica_groups
};

struct GroupOptions {
  bool uniform = true;                    // -1 padding not allowed
  bool requireContiguous = true;          // ids cover 0..N-1
  bool useGlobalDeviceIds = false;        // groups cannot be empty
  std::optional<int64_t> groupSize;       // dim(replica_groups, 1) required
  const char *groupSizeCode = nullptr;
  const char *groupSizeWhat = nullptr;    // "split_count"
};

/// Checks `replica_groups`; fills `groups` when it is a dense 2-D tensor.
/// Returns false after reporting an error.
bool checkReplicaGroups(VerifyContext &c, const GroupCodes &codes, const GroupOptions &options,
                        std::optional<IntMatrix> &groups) {
  const std::string name = "replica_groups";
  IntMatrix m;
  switch (decodeMatrix(c, name, codes.rank, m)) {
    case Decoded::Absent:
      c.error(c.nameRange(), codes.rank, "missing attribute `replica_groups`");
      return false;
    case Decoded::NotDense:
      return true;
    case Decoded::Bad:
      return false;
    case Decoded::Ok:
      break;
  }
  if (m.shape.size() != 2) {
    c.error(c.attributeRange(name), codes.rank,
            "replica_groups must be a 2-dimensional tensor, got rank " + str(static_cast<int64_t>(m.shape.size())));
    return false;
  }
  if (options.useGlobalDeviceIds && m.values.empty()) {
    c.error(c.attributeRange(name), codes.size,
            "replica_groups must not be empty when use_global_device_ids is set");
    return false;
  }
  std::set<int64_t> seen;
  for (int64_t id : m.values) {
    if (id == -1 && !options.uniform) continue;  // Padding of a shorter group.
    if (id < 0) {
      c.error(c.attributeRange(name), codes.range, "replica_groups contains " + str(id) + ", ids must be >= 0");
      return false;
    }
    if (!seen.insert(id).second) {
      c.error(c.attributeRange(name), codes.unique, "replica_groups contains id " + str(id) + " more than once");
      return false;
    }
  }
  if (options.requireContiguous) {
    int64_t n = static_cast<int64_t>(seen.size());
    for (int64_t id = 0; id < n; ++id) {
      if (!seen.count(id)) {
        c.error(c.attributeRange(name), codes.range,
                "replica_groups has " + str(n) + " ids, which must be 0.." + str(n - 1) + ", but " + str(id) +
                    " is missing (largest id " + str(*seen.rbegin()) + ")");
        return false;
      }
    }
  }
  if (options.groupSize && m.cols() != *options.groupSize) {
    c.error(c.attributeRange(name), options.groupSizeCode,
            "replica_groups has groups of size " + str(m.cols()) + " (shape " + listText(m.shape) + ") but " +
                options.groupSizeWhat + " is " + str(*options.groupSize));
    return false;
  }
  groups = std::move(m);
  return true;
}

/// Checks `source_target_pairs` (collective_permute, send, recv).
bool checkSourceTargetPairs(VerifyContext &c, bool required, const char *rankCode, const char *c1, const char *c2,
                            const char *c3, const char *c4) {
  const std::string name = "source_target_pairs";
  IntMatrix m;
  switch (decodeMatrix(c, name, rankCode, m)) {
    case Decoded::Absent:
      if (required) c.error(c.nameRange(), rankCode, "missing attribute `source_target_pairs`");
      return !required;
    case Decoded::NotDense:
      c.error(c.attributeRange(name), rankCode, "source_target_pairs must be a 2-dimensional integer tensor constant");
      return false;
    case Decoded::Bad:
      return false;
    case Decoded::Ok:
      break;
  }
  if (m.shape.size() != 2) {
    c.error(c.attributeRange(name), rankCode,
            "source_target_pairs must be a 2-dimensional tensor, got rank " +
                str(static_cast<int64_t>(m.shape.size())));
    return false;
  }
  if (m.cols() != 2) {
    c.error(c.attributeRange(name), c1,
            "source_target_pairs must have shape (N, 2), got (" + str(m.rows()) + ", " + str(m.cols()) + ")");
    return false;
  }
  std::set<int64_t> sources, targets;
  for (int64_t i = 0; i < m.rows(); ++i) {
    int64_t source = m.values[static_cast<size_t>(2 * i)], target = m.values[static_cast<size_t>(2 * i + 1)];
    if (source < 0 || target < 0) {
      c.error(c.attributeRange(name), c4,
              "source_target_pairs pair #" + str(i) + " is [" + str(source) + ", " + str(target) +
                  "], process ids must be >= 0");
      return false;
    }
    if (!sources.insert(source).second) {
      c.error(c.attributeRange(name), c2, "source_target_pairs has source " + str(source) + " more than once");
      return false;
    }
    if (!targets.insert(target).second) {
      c.error(c.attributeRange(name), c3, "source_target_pairs has target " + str(target) + " more than once");
      return false;
    }
  }
  return true;
}

/// `use_global_device_ids` requires a positive channel_id.
bool checkGlobalDeviceIds(VerifyContext &c, const char *code) {
  if (!flag(c, "use_global_device_ids")) return true;
  int64_t id = channelId(c);
  if (id > 0) return true;
  c.error(c.attribute("channel_handle") ? c.attributeRange("channel_handle") : c.attributeRange("use_global_device_ids"),
          code, "use_global_device_ids requires channel_id > 0, got " + str(id));
  return false;
}

/// A required non-negative integer attribute (a dimension or a count).
std::optional<int64_t> requireInteger(VerifyContext &c, std::string_view name, const char *code) {
  const Attribute *a = c.attribute(name);
  if (!a) {
    c.error(c.nameRange(), code, "missing attribute `" + std::string(name) + "`");
    return std::nullopt;
  }
  if (a->kind != Attribute::Kind::Integer) {
    c.error(c.attributeRange(name), code, "attribute `" + std::string(name) + "` must be an integer, got " + a->str());
    return std::nullopt;
  }
  return a->integer;
}

/// Same number of operands and results.
bool checkVariadicPairs(VerifyContext &c, const char *code) {
  if (c.numOperands() == c.numResults()) return true;
  c.error(c.nameRange(), code,
          "expects as many results as operands: " + str(static_cast<int64_t>(c.numOperands())) + " operands, " +
              str(static_cast<int64_t>(c.numResults())) + " results");
  return false;
}

// ---------------------------------------------------------------------------
// Reduction regions (all_reduce, reduce_scatter, collective_reduce).

Type valueType(const ir::Operation &op, size_t i) {
  if (i < op.operands.size() && op.operands[i] && op.operands[i]->type.valid()) return op.operands[i]->type;
  if (i < op.writtenOperandTypes.size()) return op.writtenOperandTypes[i];
  return Type();
}

/// is_promotable(x, y) of the spec, for element types.
bool isPromotable(const ElementType &x, const ElementType &y) {
  if (x.isQuantized() || y.isQuantized()) {
    if (!x.isQuantized() || !y.isQuantized()) return false;
    const ir::QuantizedElement *qx = x.quantizedInfo(), *qy = y.quantizedInfo();
    if (!qx || !qy) return true;
    return qx->expressedType == qy->expressedType && qx->storageType.width() <= qy->storageType.width();
  }
  if (x.isInteger() && y.isInteger()) return x.width() <= y.width();
  if (x.isFloat() && y.isFloat()) return ir::bitWidth(x.floatFormat()) <= ir::bitWidth(y.floatFormat());
  if (x.isComplex() && y.isComplex()) return x.bitWidth() <= y.bitWidth();
  return false;
}

/// The element type E of the reduction region `(tensor<E>, tensor<E>) ->
/// tensor<E>`, checked against the operands' element types. nullopt after an
/// error, or when the region cannot be checked (unknown types).
std::optional<ElementType> reductionElement(const VerifyContext &c) {
  const ir::Operation &op = c.op();
  if (op.regions.size() != 1 || op.regions[0]->blocks.empty()) return std::nullopt;
  const ir::Block *block = op.regions[0]->blocks[0];
  if (block->arguments.size() != 2) return std::nullopt;
  Type t = block->arguments[0]->type;
  if (!isRankedTensor(t) || t.rank() != 0) return std::nullopt;
  return t.element();
}

/// Checks the reduction region (constraint `code`) against the element types
/// of operands [0, dataOperands). Returns E, or nullopt after an error.
std::optional<ElementType> checkReductionRegion(VerifyContext &c, size_t dataOperands, const char *code) {
  const ir::Operation &op = c.op();
  if (op.regions.size() != 1 || op.regions[0]->blocks.empty()) {
    c.error(c.nameRange(), code, "expects one computation region with a block");
    return std::nullopt;
  }
  const ir::Block *block = op.regions[0]->blocks[0];
  syntax::TextRange blockRange = op.regions[0]->range.size() > 0 ? op.regions[0]->range : c.nameRange();
  if (block->arguments.size() != 2) {
    c.error(block->labelRange.size() > 0 ? block->labelRange : blockRange, code,
            "computation must take 2 parameters (tensor<E>, tensor<E>), takes " +
                str(static_cast<int64_t>(block->arguments.size())));
    return std::nullopt;
  }
  Type arg0 = block->arguments[0]->type, arg1 = block->arguments[1]->type;
  if (!arg0.valid() || !arg1.valid()) return std::nullopt;
  for (size_t i = 0; i < 2; ++i) {
    const ir::Value *arg = block->arguments[i];
    if (!isRankedTensor(arg->type) || arg->type.rank() != 0) {
      c.error(arg->range, code,
              "computation parameter #" + str(static_cast<int64_t>(i)) + " must be a 0-dimensional tensor, got " +
                  arg->type.str());
      return std::nullopt;
    }
  }
  if (arg0 != arg1) {
    c.error(block->arguments[1]->range, code,
            "computation parameters must have the same type: " + arg0.str() + " vs " + arg1.str());
    return std::nullopt;
  }
  const ir::Operation *terminator = block->operations.empty() ? nullptr : block->operations.back();
  if (!isRegionReturn(terminator)) {
    c.error(blockRange, code, "computation must end with stablehlo.return");
    return std::nullopt;
  }
  if (terminator->operands.size() != 1) {
    c.error(terminator->range, code,
            "computation must return 1 value of type " + arg0.str() + ", returns " +
                str(static_cast<int64_t>(terminator->operands.size())));
    return std::nullopt;
  }
  Type returned = valueType(*terminator, 0);
  if (returned.valid() && returned != arg0) {
    c.error(terminator->range, code,
            "computation returns " + returned.str() + " but its parameters have type " + arg0.str());
    return std::nullopt;
  }
  ElementType e = arg0.element();
  for (size_t i = 0; i < dataOperands && i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (!t.isTensor()) continue;
    if (!isPromotable(t.element(), e)) {
      c.error(block->arguments[0]->range, code,
              "computation element type " + e.str() + " is not promotable from operand #" +
                  str(static_cast<int64_t>(i)) + "'s element type " + t.element().str());
      c.relateOperand(i);
      return std::nullopt;
    }
  }
  return e;
}

/// Operand `i` must be a tensor.
bool checkTensorOperand(VerifyContext &c, size_t i, const char *code) {
  Type t = c.operandType(i);
  if (!t.valid() || t.isTensor()) return true;
  c.error(c.operandRange(i), code, "operand #" + str(static_cast<int64_t>(i)) + " must be a tensor, got " + t.str());
  c.relateOperand(i);
  return false;
}

// ---------------------------------------------------------------------------
// all_gather

void verifyAllGather(VerifyContext &c) {
  if (!checkVariadicPairs(c, "C6")) return;
  auto dim = requireInteger(c, "all_gather_dim", "C1");
  if (!dim) return;
  if (*dim < 0) {
    c.error(c.attributeRange("all_gather_dim"), "C1", "all_gather_dim is " + str(*dim) + ", it must be >= 0");
    return;
  }
  std::optional<IntMatrix> groups;
  if (!checkReplicaGroups(c, {"I3", "C2", "C3", "C4"}, {.uniform = true, .useGlobalDeviceIds = flag(c, "use_global_device_ids")},
                          groups))
    return;
  if (!checkGlobalDeviceIds(c, "C5")) return;
  if (!c.typesKnown()) return;
  // Group size when the process groups are known from replica_groups alone:
  // cross_replica and flattened_ids (not cross_replica_and_partition).
  bool useGlobal = flag(c, "use_global_device_ids");
  std::optional<int64_t> groupSize;
  if (groups && !groups->values.empty() && (useGlobal || channelId(c) <= 0)) groupSize = groups->cols();
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (!checkTensorOperand(c, i, "C6")) return;
    Type operand = c.operandType(i), result = c.resultType(i);
    if (!isRankedTensor(operand)) continue;
    if (*dim >= operand.rank()) {
      c.error(c.attributeRange("all_gather_dim"), "C1",
              "all_gather_dim is " + str(*dim) + " but operand #" + str(static_cast<int64_t>(i)) + " has rank " +
                  str(operand.rank()));
      return;
    }
    if (!isRankedTensor(result)) continue;
    if (result.rank() != operand.rank()) {
      c.error(c.resultRange(i), "C6",
              "result #" + str(static_cast<int64_t>(i)) + " has rank " + str(result.rank()) + " but operand #" +
                  str(static_cast<int64_t>(i)) + " has rank " + str(operand.rank()));
      return;
    }
    if (result.element() != operand.element()) {
      c.error(c.resultRange(i), "C6",
              "result #" + str(static_cast<int64_t>(i)) + " has element type " + result.element().str() +
                  " but operand #" + str(static_cast<int64_t>(i)) + " has " + operand.element().str());
      return;
    }
    for (int64_t d = 0; d < operand.rank(); ++d) {
      int64_t od = operand.dim(d), rd = result.dim(d);
      if (od == ir::kDynamic || rd == ir::kDynamic) continue;
      if (d != *dim) {
        if (od != rd) {
          c.error(c.resultRange(i), "C6",
                  "result #" + str(static_cast<int64_t>(i)) + " " + result.str() + " differs from operand " +
                      operand.str() + " in dimension " + str(d) + ", which is not all_gather_dim");
          return;
        }
        continue;
      }
      // The spec's C6 asks for exactly operand size x group size; StableHLO's
      // verifier (and its own valid tests) accept any multiple, and so do we.
      bool ok = od == 0 ? rd == 0 : rd % od == 0;
      if (!ok) {
        std::string expected = "must be a multiple of the operand's size " + str(od);
        c.error(c.resultRange(i), "C6",
                "result #" + str(static_cast<int64_t>(i)) + " has size " + str(rd) + " at all_gather_dim " +
                    str(*dim) + ", it " + expected);
        return;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// all_reduce

std::vector<Type> inferAllReduce(const VerifyContext &c) {
  auto e = reductionElement(c);
  if (!e || c.numOperands() != c.numResults()) return {};
  std::vector<Type> out;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (!isRankedTensor(t)) return {};
    out.push_back(t.withElement(*e));
  }
  return out;
}

void verifyAllReduce(VerifyContext &c) {
  if (!checkVariadicPairs(c, "C6")) return;
  bool useGlobal = flag(c, "use_global_device_ids");
  std::optional<IntMatrix> groups;
  if (!checkReplicaGroups(c, {"I2", "C1", "C2", "C3"}, {.uniform = false, .useGlobalDeviceIds = useGlobal}, groups))
    return;
  if (!checkGlobalDeviceIds(c, "C4")) return;
  if (!c.typesKnown()) return;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (!checkTensorOperand(c, i, "C5")) return;
  }
  auto e = checkReductionRegion(c, c.numOperands(), "C5");
  if (!e) return;
  for (size_t i = 0; i < c.numResults(); ++i) {
    Type operand = c.operandType(i), result = c.resultType(i);
    if (!operand.isTensor() || !result.isTensor()) continue;
    if (!ir::isShapeCompatible(operand, result)) {
      c.error(c.resultRange(i), "C6",
              "result #" + str(static_cast<int64_t>(i)) + " " + result.str() + " does not have the shape of operand " +
                  operand.str());
      return;
    }
    if (result.element() != *e) {
      c.error(c.resultRange(i), "C7",
              "result #" + str(static_cast<int64_t>(i)) + " has element type " + result.element().str() +
                  " but the computation's element type is " + e->str());
      return;
    }
  }
}

// ---------------------------------------------------------------------------
// reduce_scatter

void verifyReduceScatter(VerifyContext &c) {
  if (!checkArity(c, 1, 1)) return;
  auto dim = requireInteger(c, "scatter_dimension", "C2");
  if (!dim) return;
  if (*dim < 0) {
    c.error(c.attributeRange("scatter_dimension"), "C2", "scatter_dimension is " + str(*dim) + ", it must be >= 0");
    return;
  }
  bool useGlobal = flag(c, "use_global_device_ids");
  std::optional<IntMatrix> groups;
  if (!checkReplicaGroups(c, {"I3", "C3", "C4", "C5"}, {.uniform = true, .useGlobalDeviceIds = useGlobal}, groups))
    return;
  if (!checkGlobalDeviceIds(c, "C6")) return;
  if (!c.typesKnown()) return;
  if (!checkTensorOperand(c, 0, "C7")) return;
  Type operand = c.operandType(0), result = c.resultType(0);
  if (isRankedTensor(operand) && *dim >= operand.rank()) {
    c.error(c.attributeRange("scatter_dimension"), "C2",
            "scatter_dimension is " + str(*dim) + " but the operand has rank " + str(operand.rank()));
    return;
  }
  auto e = checkReductionRegion(c, 1, "C7");
  if (!e) return;
  if (result.isTensor() && result.element() != *e) {
    c.error(c.resultRange(0), "C9",
            "result element type " + result.element().str() + " must be the computation's element type " + e->str());
    return;
  }
  if (!isRankedTensor(operand) || !isRankedTensor(result)) return;
  if (result.rank() != operand.rank()) {
    c.error(c.resultRange(0), "C8",
            "result has rank " + str(result.rank()) + " but the operand has rank " + str(operand.rank()));
    return;
  }
  std::optional<int64_t> groupSize;
  if (groups && !groups->values.empty() && (useGlobal || channelId(c) <= 0)) groupSize = groups->cols();
  for (int64_t d = 0; d < operand.rank(); ++d) {
    int64_t od = operand.dim(d), rd = result.dim(d);
    if (d != *dim) {
      if (od != ir::kDynamic && rd != ir::kDynamic && od != rd) {
        c.error(c.resultRange(0), "C8",
                "result " + result.str() + " differs from the operand " + operand.str() + " in dimension " + str(d) +
                    ", which is not scatter_dimension");
        return;
      }
      continue;
    }
    if (groupSize && od != ir::kDynamic && od % *groupSize != 0) {
      c.error(c.operandRange(0), "C1",
              "operand size " + str(od) + " at scatter_dimension " + str(d) +
                  " is not a multiple of the group size " + str(*groupSize));
      c.relateOperand(0);
      return;
    }
    if (od == ir::kDynamic || rd == ir::kDynamic) continue;
    if (od == 0) {
      c.error(c.operandRange(0), "C8",
              "operand has size 0 at scatter_dimension " + str(d) + ", there is nothing to scatter");
      c.relateOperand(0);
      return;
    }
    // As for all_gather, StableHLO accepts any divisor, not only size / group size.
    bool ok = rd != 0 && od % rd == 0;
    if (!ok) {
      std::string expected = "a positive divisor of the operand's size " + str(od);
      c.error(c.resultRange(0), "C8",
              "result has size " + str(rd) + " at scatter_dimension " + str(d) + ", expected " + expected);
      return;
    }
  }
}

// ---------------------------------------------------------------------------
// all_to_all

std::vector<Type> inferAllToAll(const VerifyContext &c) {
  auto split = c.integer("split_dimension"), concat = c.integer("concat_dimension"), count = c.integer("split_count");
  if (!split || !concat || !count || *count <= 0) return {};
  std::vector<Type> out;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (!isRankedTensor(t) || *split < 0 || *split >= t.rank() || *concat < 0 || *concat >= t.rank()) return {};
    std::vector<int64_t> shape = t.shape();
    if (*split != *concat) {
      int64_t &s = shape[static_cast<size_t>(*split)];
      if (s != ir::kDynamic) {
        if (s % *count != 0) return {};
        s /= *count;
      }
      int64_t &k = shape[static_cast<size_t>(*concat)];
      if (k != ir::kDynamic) k *= *count;
    }
    out.push_back(t.withShape(shape));
  }
  return out;
}

void verifyAllToAll(VerifyContext &c) {
  if (!checkVariadicPairs(c, "C9")) return;
  auto split = requireInteger(c, "split_dimension", "C1");
  auto concat = requireInteger(c, "concat_dimension", "C3");
  auto count = requireInteger(c, "split_count", "C4");
  if (!split || !concat || !count) return;
  if (*split < 0) {
    c.error(c.attributeRange("split_dimension"), "C1", "split_dimension is " + str(*split) + ", it must be >= 0");
    return;
  }
  if (*concat < 0) {
    c.error(c.attributeRange("concat_dimension"), "C3", "concat_dimension is " + str(*concat) + ", it must be >= 0");
    return;
  }
  if (*count <= 0) {
    c.error(c.attributeRange("split_count"), "C4", "split_count is " + str(*count) + ", it must be > 0");
    return;
  }
  std::optional<IntMatrix> groups;
  GroupOptions options{.uniform = true, .groupSize = *count, .groupSizeCode = "C8", .groupSizeWhat = "split_count"};
  if (!checkReplicaGroups(c, {"I5", "C5", "C6", "C7"}, options, groups)) return;
  if (!c.typesKnown()) return;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    if (!checkTensorOperand(c, i, "C9")) return;
    Type t = c.operandType(i);
    if (!isRankedTensor(t)) continue;
    std::string which = "operand #" + str(static_cast<int64_t>(i));
    if (*split >= t.rank()) {
      c.error(c.attributeRange("split_dimension"), "C1",
              "split_dimension is " + str(*split) + " but " + which + " has rank " + str(t.rank()));
      return;
    }
    if (*concat >= t.rank()) {
      c.error(c.attributeRange("concat_dimension"), "C3",
              "concat_dimension is " + str(*concat) + " but " + which + " has rank " + str(t.rank()));
      return;
    }
    int64_t s = t.dim(*split);
    if (s != ir::kDynamic && s % *count != 0) {
      c.error(c.operandRange(i), "C2",
              which + " has size " + str(s) + " at split_dimension " + str(*split) +
                  ", which is not a multiple of split_count " + str(*count));
      c.relateOperand(i);
      return;
    }
  }
  std::vector<Type> inferred = inferAllToAll(c);
  for (size_t i = 0; i < inferred.size(); ++i) {
    if (!c.checkInferred(i, inferred[i], "C9")) return;
  }
}

// ---------------------------------------------------------------------------
// collective_permute

std::vector<Type> inferCollectivePermute(const VerifyContext &c) {
  if (c.numOperands() != 1 || !c.operandType(0).isTensor()) return {};
  return {c.operandType(0)};
}

void verifyCollectivePermute(VerifyContext &c) {
  if (!checkArity(c, 1, 1)) return;
  if (!checkSourceTargetPairs(c, true, "I2", "C1", "C2", "C3", "C4")) return;
  if (!c.typesKnown()) return;
  if (!checkTensorOperand(c, 0, "C5")) return;
  auto inferred = inferCollectivePermute(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "C5");
}

// ---------------------------------------------------------------------------
// collective_broadcast and collective_reduce

/// The dynamic-root operand rules shared by collective_broadcast (C4) and
/// collective_reduce (C3). Returns the number of data operands, or nullopt
/// after an error.
std::optional<size_t> checkDynamicRoot(VerifyContext &c, const char *countCode, const char *rootCode) {
  bool dynamicRoot = flag(c, "has_dynamic_root");
  size_t n = c.numOperands();
  if (!dynamicRoot) {
    if (n < 1) {
      c.error(c.nameRange(), countCode, "expects at least one data operand");
      return std::nullopt;
    }
    return n;
  }
  if (n < 2) {
    c.error(c.nameRange(), rootCode,
            "with has_dynamic_root, expects at least two operands (data and root), got " +
                str(static_cast<int64_t>(n)));
    return std::nullopt;
  }
  size_t data = n - 1;
  Type root = c.operandType(data);
  if (root.valid()) {
    if (!isRankedTensor(root) || root.rank() != 1 || !root.element().isNonBooleanInteger() ||
        root.element().width() != 32) {
      c.error(c.operandRange(data), rootCode,
              "with has_dynamic_root, the last operand must be tensor<" + str(static_cast<int64_t>(data)) +
                  "xi32>, got " + root.str());
      c.relateOperand(data);
      return std::nullopt;
    }
    if (root.dim(0) != ir::kDynamic && root.dim(0) != static_cast<int64_t>(data)) {
      c.error(c.operandRange(data), rootCode,
              "with has_dynamic_root, the last operand must have one root per data operand (" +
                  str(static_cast<int64_t>(data)) + "), got " + root.str());
      c.relateOperand(data);
      return std::nullopt;
    }
  }
  return data;
}

/// Replica groups of collective_broadcast and collective_reduce: unique,
/// non-negative ids; groups need not cover 0..N-1.
bool checkLooseReplicaGroups(VerifyContext &c, const char *uniqueCode, const char *rangeCode) {
  std::optional<IntMatrix> groups;
  GroupOptions options{.uniform = true, .requireContiguous = false,
                       .useGlobalDeviceIds = flag(c, "use_global_device_ids")};
  return checkReplicaGroups(c, {"I2", uniqueCode, rangeCode, rangeCode}, options, groups);
}

std::vector<Type> inferCollectiveBroadcast(const VerifyContext &c) {
  size_t data = c.numOperands();
  if (flag(c, "has_dynamic_root")) {
    if (data < 2) return {};
    --data;
  }
  std::vector<Type> out;
  for (size_t i = 0; i < data; ++i) {
    if (!c.operandType(i).isTensor()) return {};
    out.push_back(c.operandType(i));
  }
  return out;
}

void verifyCollectiveBroadcast(VerifyContext &c) {
  bool dynamicRoot = flag(c, "has_dynamic_root");
  auto data = checkDynamicRoot(c, "C3", "C4");
  if (!data) return;
  if (c.numResults() != *data) {
    c.error(c.nameRange(), "C5",
            "expects " + str(static_cast<int64_t>(*data)) + " results (one per data operand), got " +
                str(static_cast<int64_t>(c.numResults())));
    return;
  }
  if (!checkLooseReplicaGroups(c, "C1", "C2")) return;
  if (!c.typesKnown()) return;
  for (size_t i = 0; i < *data; ++i) {
    if (!checkTensorOperand(c, i, dynamicRoot ? "C4" : "C3")) return;
  }
  std::vector<Type> inferred = inferCollectiveBroadcast(c);
  for (size_t i = 0; i < inferred.size(); ++i) {
    if (!c.checkInferred(i, inferred[i], dynamicRoot ? "C4" : "C3")) return;
  }
}

void verifyCollectiveReduce(VerifyContext &c) {
  auto data = checkDynamicRoot(c, "C3", "C3");
  if (!data) return;
  if (c.numResults() != *data) {
    c.error(c.nameRange(), "C3",
            "expects " + str(static_cast<int64_t>(*data)) + " results (one per data operand), got " +
                str(static_cast<int64_t>(c.numResults())));
    return;
  }
  if (!checkLooseReplicaGroups(c, "C1", "C2")) return;
  if (!checkGlobalDeviceIds(c, "channel_id")) return;
  if (!c.typesKnown()) return;
  for (size_t i = 0; i < *data; ++i) {
    if (!checkTensorOperand(c, i, "C3")) return;
  }
  auto e = checkReductionRegion(c, *data, "C4");
  if (!e) return;
  for (size_t i = 0; i < *data; ++i) {
    Type operand = c.operandType(i), result = c.resultType(i);
    if (!operand.isTensor() || !result.isTensor()) continue;
    if (!ir::isShapeCompatible(operand, result)) {
      c.error(c.resultRange(i), "C3",
              "result #" + str(static_cast<int64_t>(i)) + " " + result.str() + " does not have the shape of operand " +
                  operand.str());
      return;
    }
  }
}

// ---------------------------------------------------------------------------
// send and recv

enum ChannelType : int64_t { kDeviceToDevice = 1, kDeviceToHost = 2, kHostToDevice = 3 };

const char *channelTypeName(int64_t t) {
  switch (t) {
    case 0: return "CHANNEL_TYPE_INVALID";
    case kDeviceToDevice: return "DEVICE_TO_DEVICE";
    case kDeviceToHost: return "DEVICE_TO_HOST";
    case kHostToDevice: return "HOST_TO_DEVICE";
    default: return "an unknown channel type";
  }
}

/// C5 of send/recv: the channel type agrees with is_host_transfer.
bool checkChannelType(VerifyContext &c, int64_t hostType) {
  auto type = channelField(c, "type");
  if (!type) return true;
  bool host = flag(c, "is_host_transfer");
  int64_t expected = host ? hostType : kDeviceToDevice;
  if (*type == expected) return true;
  c.error(c.attributeRange("channel_handle"), "C5",
          std::string("channel type is ") + channelTypeName(*type) + " (" + str(*type) + ") but must be " +
              channelTypeName(expected) + " (" + str(expected) + ") when is_host_transfer is " +
              (host ? "true" : "false"));
  return false;
}

std::vector<Type> inferToken(const VerifyContext &) { return {Type::token()}; }

/// Operands `inputs..., token`: tensors, then a token.
bool checkInputsAndToken(VerifyContext &c, const char *code) {
  size_t n = c.numOperands();
  if (n < 1) {
    c.error(c.nameRange(), code, "expects a token operand");
    return false;
  }
  for (size_t i = 0; i + 1 < n; ++i) {
    Type t = c.operandType(i);
    if (t.valid() && !t.isTensor()) {
      c.error(c.operandRange(i), code,
              "input #" + str(static_cast<int64_t>(i)) + " must be a tensor, got " + t.str());
      c.relateOperand(i);
      return false;
    }
  }
  Type token = c.operandType(n - 1);
  if (token.valid() && !token.isToken()) {
    c.error(c.operandRange(n - 1), code, "the last operand must be a !stablehlo.token, got " + token.str());
    c.relateOperand(n - 1);
    return false;
  }
  return true;
}

/// Results `payload..., token` of infeed and recv.
bool checkPayloadAndToken(VerifyContext &c, const char *sizeCode, const char *tensorCode, const char *tokenCode) {
  size_t n = c.numResults();
  if (n == 0) {
    c.error(c.nameRange(), sizeCode, "expects at least one result (the token), got none");
    return false;
  }
  for (size_t i = 0; i + 1 < n; ++i) {
    Type t = c.resultType(i);
    if (t.valid() && !t.isTensor()) {
      c.error(c.resultRange(i), tensorCode,
              "result #" + str(static_cast<int64_t>(i)) + " must be a tensor (only the last result is a token), got " +
                  t.str());
      return false;
    }
  }
  Type last = c.resultType(n - 1);
  if (last.valid() && !last.isToken()) {
    c.error(c.resultRange(n - 1), tokenCode, "the last result must be a !stablehlo.token, got " + last.str());
    return false;
  }
  return true;
}

/// The token operand of infeed/recv.
bool checkTokenOperand(VerifyContext &c) {
  if (c.numOperands() != 1) {
    c.error(c.nameRange(), "operands",
            "expects 1 operand (a token), got " + str(static_cast<int64_t>(c.numOperands())));
    return false;
  }
  Type t = c.operandType(0);
  if (t.valid() && !t.isToken()) {
    c.error(c.operandRange(0), "I1", "operand must be a !stablehlo.token, got " + t.str());
    c.relateOperand(0);
    return false;
  }
  return true;
}

void verifySend(VerifyContext &c) {
  if (c.numResults() != 1) {
    c.error(c.nameRange(), "results", "expects 1 result (a token), got " + str(static_cast<int64_t>(c.numResults())));
    return;
  }
  if (!checkInputsAndToken(c, "I2")) return;
  if (!checkChannelType(c, kDeviceToHost)) return;
  if (!checkSourceTargetPairs(c, false, "I6", "C1", "C2", "C3", "C4")) return;
  c.checkInferred(0, Type::token(), "result");
}

void verifyRecv(VerifyContext &c) {
  if (!checkTokenOperand(c)) return;
  if (!checkChannelType(c, kHostToDevice)) return;
  if (!checkPayloadAndToken(c, "results", "results", "results")) return;
  checkSourceTargetPairs(c, false, "I5", "C1", "C2", "C3", "C4");
}

// ---------------------------------------------------------------------------
// infeed and outfeed

/// `layout`: one list of integers per payload result.
void checkInfeedLayout(VerifyContext &c) {
  const Attribute *layout = c.attribute("layout");
  if (!layout) return;
  if (layout->kind != Attribute::Kind::Array) {
    c.error(c.attributeRange("layout"), "layout", "layout must be an array of integer arrays, got " + layout->str());
    return;
  }
  size_t payload = c.numResults() - 1;
  if (layout->elements.size() != payload) {
    c.error(c.attributeRange("layout"), "layout",
            "layout has " + str(static_cast<int64_t>(layout->elements.size())) + " entries but there are " +
                str(static_cast<int64_t>(payload)) + " payload results (all results but the token)");
    return;
  }
  for (const Attribute &entry : layout->elements) {
    if (entry.kind != Attribute::Kind::Array) {
      c.error(entry.range.size() ? entry.range : c.attributeRange("layout"), "layout",
              "layout entries must be arrays of integers, got " + entry.str());
      return;
    }
    for (const Attribute &leaf : entry.elements) {
      if (leaf.kind != Attribute::Kind::Integer) {
        c.error(leaf.range.size() ? leaf.range : c.attributeRange("layout"), "layout",
                "layout entries must hold integers, got " + leaf.str());
        return;
      }
    }
  }
}

void verifyInfeed(VerifyContext &c) {
  if (!checkTokenOperand(c)) return;
  if (!checkPayloadAndToken(c, "C1", "C2", "C3")) return;
  checkInfeedLayout(c);
}

void verifyOutfeed(VerifyContext &c) {
  if (c.numResults() != 1) {
    c.error(c.nameRange(), "results", "expects 1 result (a token), got " + str(static_cast<int64_t>(c.numResults())));
    return;
  }
  if (!checkInputsAndToken(c, "I2")) return;
  c.checkInferred(0, Type::token(), "result");
}

// ---------------------------------------------------------------------------
// after_all, create_token, replica_id, partition_id, cross-replica-sum

void verifyAfterAll(VerifyContext &c) {
  if (c.numResults() != 1) {
    c.error(c.nameRange(), "results", "expects 1 result (a token), got " + str(static_cast<int64_t>(c.numResults())));
    return;
  }
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (t.valid() && !t.isToken()) {
      c.error(c.operandRange(i), "I1",
              "input #" + str(static_cast<int64_t>(i)) + " must be a !stablehlo.token, got " + t.str());
      c.relateOperand(i);
      return;
    }
  }
  c.checkInferred(0, Type::token(), "result");
}

void verifyCreateToken(VerifyContext &c) {
  if (!checkArity(c, 0, 1)) return;
  c.checkInferred(0, Type::token(), "result");
}

std::vector<Type> inferProcessId(const VerifyContext &) {
  return {Type::tensor({}, ElementType::integer(32, ir::Signedness::Unsigned))};
}

void verifyProcessId(VerifyContext &c) {
  if (!checkArity(c, 0, 1)) return;
  c.checkInferred(0, inferProcessId(c)[0], "result");
}

std::vector<Type> inferCrossReplicaSum(const VerifyContext &c) {
  if (c.numOperands() != 1 || !c.operandType(0).isTensor()) return {};
  return {c.operandType(0)};
}

void verifyCrossReplicaSum(VerifyContext &c) {
  if (!checkArity(c, 1, 1)) return;
  IntMatrix m;
  Decoded d = decodeMatrix(c, "replica_groups", "replica_groups", m);
  if (d == Decoded::Bad) return;
  if (d == Decoded::Ok && m.shape.size() != 2) {
    c.error(c.attributeRange("replica_groups"), "replica_groups",
            "replica_groups must be a 2-dimensional tensor, got rank " + str(static_cast<int64_t>(m.shape.size())));
    return;
  }
  if (!c.typesKnown() || !checkTensorOperand(c, 0, "result")) return;
  auto inferred = inferCrossReplicaSum(c);
  if (!inferred.empty()) c.checkInferred(0, inferred[0], "result");
}

}  // namespace

void registerCollectiveOps(OpRegistry &r) {
  r.add("stablehlo.all_gather", verifyAllGather);
  r.add("stablehlo.all_reduce", verifyAllReduce, inferAllReduce);
  r.add("stablehlo.all_to_all", verifyAllToAll, inferAllToAll);
  r.add("stablehlo.reduce_scatter", verifyReduceScatter);
  r.add("stablehlo.collective_permute", verifyCollectivePermute, inferCollectivePermute);
  r.add("stablehlo.collective_broadcast", verifyCollectiveBroadcast, inferCollectiveBroadcast);
  r.add("stablehlo.collective_reduce", verifyCollectiveReduce);
  r.add("stablehlo.send", verifySend, inferToken);
  r.add("stablehlo.recv", verifyRecv);
  r.add("stablehlo.infeed", verifyInfeed);
  r.add("stablehlo.outfeed", verifyOutfeed, inferToken);
  r.add("stablehlo.after_all", verifyAfterAll, inferToken);
  r.add("stablehlo.create_token", verifyCreateToken, inferToken);
  r.add("stablehlo.replica_id", verifyProcessId, inferProcessId);
  r.add("stablehlo.partition_id", verifyProcessId, inferProcessId);
}

}  // namespace shlo::verify
