// Collectives (spec: all_gather, all_reduce, all_to_all, reduce_scatter,
// collective_permute, collective_broadcast, collective_reduce, replica_id,
// partition_id) and the deprecated cross-replica-sum.
#include <set>

#include "semantic/verify/CollectiveHelpers.h"
#include "semantic/verify/OpRegistry.h"

namespace shlo::verify {

namespace {

using namespace collectives;

// ---------------------------------------------------------------------------
// Inference (hover, inlay hints): the result types the spec's constraints fix.

/// dim(replica_groups, 1) when replica_groups alone gives the process
/// groups' size (cross_replica and flattened_ids, as the verifiers read it),
/// else nullopt (empty groups mean every process: a count the module does
/// not state).
std::optional<int64_t> knownGroupSize(const VerifyContext &c) {
  const Attribute *a = c.attribute("replica_groups");
  if (!a || a->kind != Attribute::Kind::DenseElements || !a->type || !a->type->isTensor() || !a->type->ranked() ||
      !a->type->hasStaticShape() || a->type->rank() != 2 || a->type->numElements() == 0)
    return std::nullopt;
  if (!flag(c, "use_global_device_ids") && channelId(c) > 0) return std::nullopt;
  return a->type->dim(1);
}

/// all_gather (C6): each operand's type with all_gather_dim multiplied by
/// the group size.
std::vector<Type> inferAllGather(const VerifyContext &c) {
  auto dim = c.integer("all_gather_dim");
  auto size = knownGroupSize(c);
  if (!dim || !size || *dim < 0 || c.numOperands() != c.numResults()) return {};
  std::vector<Type> out;
  for (size_t i = 0; i < c.numOperands(); ++i) {
    Type t = c.operandType(i);
    if (!isRankedTensor(t) || *dim >= t.rank()) return {};
    std::vector<int64_t> shape = t.shape();
    int64_t &d = shape[static_cast<size_t>(*dim)];
    if (d != ir::kDynamic) d *= *size;
    out.push_back(t.withShape(shape));
  }
  return out;
}

/// reduce_scatter (C8, C9): the operand's shape with scatter_dimension
/// divided by the group size, of the computation's element type.
std::vector<Type> inferReduceScatter(const VerifyContext &c) {
  auto dim = c.integer("scatter_dimension");
  auto size = knownGroupSize(c);
  auto e = reductionElement(c);
  if (!dim || !size || !e || *size <= 0 || *dim < 0 || c.numOperands() != 1) return {};
  Type t = c.operandType(0);
  if (!isRankedTensor(t) || *dim >= t.rank()) return {};
  std::vector<int64_t> shape = t.shape();
  int64_t &d = shape[static_cast<size_t>(*dim)];
  if (d != ir::kDynamic) {
    if (d % *size != 0) return {};
    d /= *size;
  }
  return {t.withShape(shape).withElement(*e)};
}

/// collective_reduce without a dynamic root (C3, C4): each operand's shape,
/// of the computation's element type.
std::vector<Type> inferAllReduce(const VerifyContext &c);

std::vector<Type> inferCollectiveReduce(const VerifyContext &c) {
  if (flag(c, "has_dynamic_root")) return {};
  return inferAllReduce(c);  // Each operand's shape, of the reduction's element type.
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
// replica_id, partition_id, cross-replica-sum

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
  r.add("stablehlo.all_gather", verifyAllGather, inferAllGather);
  r.add("stablehlo.all_reduce", verifyAllReduce, inferAllReduce);
  r.add("stablehlo.all_to_all", verifyAllToAll, inferAllToAll);
  r.add("stablehlo.reduce_scatter", verifyReduceScatter, inferReduceScatter);
  r.add("stablehlo.collective_permute", verifyCollectivePermute, inferCollectivePermute);
  r.add("stablehlo.collective_broadcast", verifyCollectiveBroadcast, inferCollectiveBroadcast);
  r.add("stablehlo.collective_reduce", verifyCollectiveReduce, inferCollectiveReduce);
  r.add("stablehlo.replica_id", verifyProcessId, inferProcessId);
  r.add("stablehlo.partition_id", verifyProcessId, inferProcessId);
}

}  // namespace shlo::verify
