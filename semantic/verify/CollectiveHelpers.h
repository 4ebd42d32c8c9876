// Helpers shared by the verifiers of the collective and communication ops:
// flags, channel handles, replica group matrices, reduction regions.
#pragma once

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "semantic/verify/Checks.h"
#include "semantic/verify/MeshAxes.h"
#include "semantic/verify/Regions.h"
#include "semantic/verify/VerifyContext.h"

namespace shlo::verify::collectives {

using ir::Attribute;
using ir::ElementType;
using ir::Type;

inline std::string str(int64_t v) { return std::to_string(v); }

inline bool isRankedTensor(const Type &t) { return t.isTensor() && t.ranked(); }

// ---------------------------------------------------------------------------
// Attributes shared by the collectives.

/// A unit attribute (`use_global_device_ids`) or a boolean one (`= true`).
inline bool flag(const VerifyContext &c, std::string_view name) {
  const Attribute *a = c.attribute(name);
  if (!a) return false;
  if (a->kind == Attribute::Kind::Unit) return true;
  if (a->kind == Attribute::Kind::Bool || a->kind == Attribute::Kind::Integer) return a->integer != 0;
  return false;
}

/// A field of `#stablehlo.channel_handle<handle = H, type = T>`.
inline std::optional<int64_t> channelField(const VerifyContext &c, std::string_view field) {
  const Attribute *a = c.attribute("channel_handle");
  if (!a) return std::nullopt;
  const Attribute *f = a->field(field);
  if (!f || f->kind != Attribute::Kind::Integer) return std::nullopt;
  return f->integer;
}

/// The spec's channel_id: the channel handle, 0 when absent.
inline int64_t channelId(const VerifyContext &c) { return channelField(c, "handle").value_or(0); }

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
inline Decoded decodeMatrix(VerifyContext &c, std::string_view name, std::string_view constraint, IntMatrix &out) {
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
inline bool checkReplicaGroups(VerifyContext &c, const GroupCodes &codes, const GroupOptions &options,
                               std::optional<IntMatrix> &groups) {
  const std::string name = "replica_groups";
  IntMatrix m;
  switch (decodeMatrix(c, name, codes.rank, m)) {
    case Decoded::Absent:
      c.error(c.nameRange(), codes.rank, "missing attribute `replica_groups`");
      return false;
    case Decoded::NotDense: {
      const Attribute *a = c.attribute(name);
      return !isMeshAxesReplicaGroups(*a) || checkMeshAxesReplicaGroups(c, *a);
    }
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
inline bool checkSourceTargetPairs(VerifyContext &c, bool required, const char *rankCode, const char *c1,
                                   const char *c2, const char *c3, const char *c4) {
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
  // StableHLO accepts an empty pairs tensor of any rank (`dense<> :
  // tensor<0xi64>` on host-transfer send/recv): no pairs.
  if (m.shape.size() != 2 && std::find(m.shape.begin(), m.shape.end(), 0) != m.shape.end()) return true;
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
inline bool checkGlobalDeviceIds(VerifyContext &c, const char *code) {
  if (!flag(c, "use_global_device_ids")) return true;
  int64_t id = channelId(c);
  if (id > 0) return true;
  c.error(
      c.attribute("channel_handle") ? c.attributeRange("channel_handle") : c.attributeRange("use_global_device_ids"),
      code, "use_global_device_ids requires channel_id > 0, got " + str(id));
  return false;
}

/// A required non-negative integer attribute (a dimension or a count).
inline std::optional<int64_t> requireInteger(VerifyContext &c, std::string_view name, const char *code) {
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
inline bool checkVariadicPairs(VerifyContext &c, const char *code) {
  if (c.numOperands() == c.numResults()) return true;
  c.error(c.nameRange(), code,
          "expects as many results as operands: " + str(static_cast<int64_t>(c.numOperands())) + " operands, " +
              str(static_cast<int64_t>(c.numResults())) + " results");
  return false;
}

// ---------------------------------------------------------------------------
// Reduction regions (all_reduce, reduce_scatter, collective_reduce).

inline Type valueType(const ir::Operation &op, size_t i) {
  if (i < op.operands.size() && op.operands[i] && op.operands[i]->type.valid()) return op.operands[i]->type;
  if (i < op.writtenOperandTypes.size()) return op.writtenOperandTypes[i];
  return Type();
}

/// is_promotable(x, y) of the spec, for element types.
inline bool isPromotable(const ElementType &x, const ElementType &y) {
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
inline std::optional<ElementType> reductionElement(const VerifyContext &c) {
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
inline std::optional<ElementType> checkReductionRegion(VerifyContext &c, size_t dataOperands, const char *code) {
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
inline bool checkTensorOperand(VerifyContext &c, size_t i, const char *code) {
  Type t = c.operandType(i);
  if (!t.valid() || t.isTensor()) return true;
  c.error(c.operandRange(i), code, "operand #" + str(static_cast<int64_t>(i)) + " must be a tensor, got " + t.str());
  c.relateOperand(i);
  return false;
}

}  // namespace shlo::verify::collectives
