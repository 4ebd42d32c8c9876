// Collective ops over the process grid, per the spec: each process finds its
// process group (cross_replica, cross_partition, cross_replica_and_partition
// or flattened_ids, chosen by channel_id and use_global_device_ids), meets
// the other members at the grid's rendezvous, and computes its results from
// every member's operands. A process in no group gets zeros where the spec
// says so. Empty replica groups mean one group of all replicas (partitions,
// processes); -1 entries are padding and ignored.
#include <algorithm>
#include <cstring>

#include "interpreter/Errors.h"
#include "interpreter/Ops.h"

namespace shlo::interpreter {

namespace {

const ProcessGrid &gridOf(const ProcessContext &ctx, const char *op) {
  if (!ctx.grid) throw RuntimeError(std::string(op) + ": no process grid");
  return *ctx.grid;
}

/// Flattened ids of `process`'s group, in group order; empty when it is in none.
std::vector<int64_t> groupOf(const ProcessContext &ctx, GroupMode mode, const ReplicaGroups &groupsIn, const char *op) {
  const ProcessGrid &grid = gridOf(ctx, op);
  int64_t R = grid.numReplicas(), P = grid.numPartitions(), r = ctx.replicaId, p = ctx.partitionId;
  ReplicaGroups groups;
  for (const std::vector<int64_t> &g : groupsIn) {
    std::vector<int64_t> kept;
    for (int64_t x : g) {
      if (x >= 0) kept.push_back(x);
    }
    if (!kept.empty()) groups.push_back(std::move(kept));
  }
  int64_t limit = mode == GroupMode::CrossPartition ? P : mode == GroupMode::FlattenedIds ? R * P : R;
  if (groups.empty()) {
    groups.emplace_back();
    for (int64_t i = 0; i < limit; ++i) groups[0].push_back(i);
  }
  for (const std::vector<int64_t> &g : groups) {
    for (int64_t x : g) {
      if (x >= limit) {
        throw RuntimeError(std::string(op) + ": a process group names " +
                           (mode == GroupMode::CrossPartition ? "partition " : mode == GroupMode::FlattenedIds ? "process " : "replica ") +
                           std::to_string(x) + ", outside the " + std::to_string(R) + "x" + std::to_string(P) + " grid");
      }
    }
  }
  auto has = [](const std::vector<int64_t> &g, int64_t x) { return std::find(g.begin(), g.end(), x) != g.end(); };
  for (const std::vector<int64_t> &g : groups) {
    std::vector<int64_t> out;
    switch (mode) {
      case GroupMode::CrossReplica:
        if (!has(g, r)) continue;
        for (int64_t ri : g) out.push_back(ri * P + p);
        break;
      case GroupMode::CrossPartition:
        if (!has(g, p)) continue;
        for (int64_t pi : g) out.push_back(r * P + pi);
        break;
      case GroupMode::CrossReplicaAndPartition:
        if (!has(g, r)) continue;
        for (int64_t pi = 0; pi < P; ++pi) {
          for (int64_t ri : g) out.push_back(ri * P + pi);
        }
        break;
      case GroupMode::FlattenedIds:
        if (!has(g, r * P + p)) continue;
        out = g;
        break;
    }
    return out;
  }
  return {};
}

size_t indexIn(const std::vector<int64_t> &group, int64_t self) {
  return static_cast<size_t>(std::find(group.begin(), group.end(), self) - group.begin());
}

Tensor scalarAt(const Tensor &t, int64_t i) {
  Tensor s(t.type().withShape({}));
  size_t es = storageSize(t.kind());
  std::memcpy(s.bytes(), t.bytes() + i * es, es);
  return s;
}

/// Part `index` of `count` equal parts of `t` along `dim`.
Tensor part(const char *op, const Tensor &t, int64_t dim, int64_t count, int64_t index) {
  if (dim < 0 || dim >= t.rank() || count <= 0 || t.shape()[dim] % count != 0) {
    throw RuntimeError(std::string(op) + ": dimension " + std::to_string(dim) + " of " + t.type().str() +
                       " does not split into " + std::to_string(count) + " parts");
  }
  int64_t size = t.shape()[dim] / count;
  Shape start(t.rank(), 0), limit = t.shape(), strides(t.rank(), 1), shape = t.shape();
  start[dim] = index * size;
  limit[dim] = (index + 1) * size;
  shape[dim] = size;
  return evalSlice(t, start, limit, strides, t.type().withShape(shape));
}

/// Folds every member's operands with the body, in group order.
std::vector<Tensor> combine(const char *op, const std::vector<std::vector<Tensor>> &values, const BodyFn &body,
                            const std::string &fastBody, const std::vector<ir::Type> &resultTypes) {
  size_t n = values.at(0).size();
  if (resultTypes.size() != n) throw RuntimeError(std::string(op) + ": operands and results differ in number");
  for (const std::vector<Tensor> &v : values) {
    if (v.size() != n) throw RuntimeError(std::string(op) + ": processes passed different numbers of operands");
    for (size_t k = 0; k < n; ++k) {
      if (v[k].shape() != values[0][k].shape()) throw RuntimeError(std::string(op) + ": operand shapes differ between processes");
    }
  }
  // A body that is one elementwise fold combines whole tensors at once.
  if (BinaryKernel fn = binaryKernelOf(binaryFoldOf(fastBody))) {
    std::vector<Tensor> results;
    for (size_t k = 0; k < n; ++k) {
      if (values[0][k].type().element() != resultTypes[k].element()) break;
      Tensor acc = values[0][k];
      for (size_t j = 1; j < values.size(); ++j) acc = fn(acc, values[j][k], resultTypes[k].withShape(acc.shape()));
      results.push_back(std::move(acc));
    }
    if (results.size() == n) return results;
  }
  // The body is (tensor<E>, tensor<E>) -> tensor<E>, applied to each
  // operand on its own.
  std::vector<Tensor> results;
  for (size_t k = 0; k < n; ++k) {
    Tensor result(resultTypes[k], values[0][k].shape());
    size_t es = storageSize(result.kind());
    for (int64_t i = 0; i < result.numElements(); ++i) {
      Tensor acc = scalarAt(values[0][k], i);
      for (size_t j = 1; j < values.size(); ++j) {
        std::vector<Tensor> r = body({acc, scalarAt(values[j][k], i)});
        if (r.size() != 1) throw RuntimeError(std::string(op) + ": the body must return one value");
        acc = std::move(r[0]);
      }
      std::memcpy(result.bytes() + i * es, acc.bytes(), es);
    }
    results.push_back(std::move(result));
  }
  return results;
}

}  // namespace

GroupMode groupModeFor(int64_t channelId, bool useGlobalDeviceIds) {
  if (useGlobalDeviceIds) return GroupMode::FlattenedIds;
  return channelId > 0 ? GroupMode::CrossReplicaAndPartition : GroupMode::CrossReplica;
}

Tensor evalReplicaId(const ProcessContext &ctx, const ir::Type &resultType) {
  Tensor out(resultType);
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsInt<T>) out.data<T>()[0] = static_cast<T>(ctx.replicaId);
  });
  return out;
}

Tensor evalPartitionId(const ProcessContext &ctx, const ir::Type &resultType) {
  Tensor out(resultType);
  dispatch(out.kind(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsInt<T>) out.data<T>()[0] = static_cast<T>(ctx.partitionId);
  });
  return out;
}

std::vector<Tensor> evalAllGather(const ProcessContext &ctx, const std::vector<Tensor> &operands, int64_t dimension,
                                  const ReplicaGroups &groups, int64_t channelId, bool useGlobalDeviceIds,
                                  const std::vector<ir::Type> &resultTypes) {
  std::vector<int64_t> group = groupOf(ctx, groupModeFor(channelId, useGlobalDeviceIds), groups, "all_gather");
  if (group.empty()) throw RuntimeError("all_gather: process " + ctx.grid->processName(ctx.id()) + " is in no process group");
  auto values = ctx.grid->exchange("all_gather", channelId, group, ctx.id(), operands);
  std::vector<Tensor> results;
  for (size_t k = 0; k < operands.size(); ++k) {
    std::vector<Tensor> parts;
    for (const std::vector<Tensor> &v : values) parts.push_back(v.at(k));
    Shape shape = operands[k].shape();
    if (dimension < 0 || dimension >= operands[k].rank()) throw RuntimeError("all_gather: all_gather_dim out of range");
    shape[dimension] = 0;
    for (const Tensor &t : parts) shape[dimension] += t.shape()[dimension];
    results.push_back(evalConcatenate(parts, dimension, resultTypes.at(k).withShape(shape)));
  }
  return results;
}

std::vector<Tensor> evalAllReduce(const ProcessContext &ctx, const std::vector<Tensor> &operands,
                                  const ReplicaGroups &groups, int64_t channelId, bool useGlobalDeviceIds,
                                  const BodyFn &body, const std::string &fastBody,
                                  const std::vector<ir::Type> &resultTypes) {
  std::vector<int64_t> group = groupOf(ctx, groupModeFor(channelId, useGlobalDeviceIds), groups, "all_reduce");
  if (group.empty()) throw RuntimeError("all_reduce: process " + ctx.grid->processName(ctx.id()) + " is in no process group");
  auto values = ctx.grid->exchange("all_reduce", channelId, group, ctx.id(), operands);
  return combine("all_reduce", values, body, fastBody, resultTypes);
}

Tensor evalReduceScatter(const ProcessContext &ctx, const Tensor &operand, int64_t scatterDimension,
                         const ReplicaGroups &groups, int64_t channelId, bool useGlobalDeviceIds, const BodyFn &body,
                         const std::string &fastBody, const ir::Type &resultType) {
  std::vector<int64_t> group = groupOf(ctx, groupModeFor(channelId, useGlobalDeviceIds), groups, "reduce_scatter");
  if (group.empty()) throw RuntimeError("reduce_scatter: process " + ctx.grid->processName(ctx.id()) + " is in no process group");
  auto values = ctx.grid->exchange("reduce_scatter", channelId, group, ctx.id(), {operand});
  Tensor reduced = combine("reduce_scatter", values, body, fastBody, {resultType.withShape(operand.shape())}).at(0);
  return part("reduce_scatter", reduced, scatterDimension, static_cast<int64_t>(group.size()),
              static_cast<int64_t>(indexIn(group, ctx.id())));
}

std::vector<Tensor> evalAllToAll(const ProcessContext &ctx, const std::vector<Tensor> &operands, int64_t splitDimension,
                                 int64_t concatDimension, int64_t splitCount, const ReplicaGroups &groups,
                                 int64_t channelId, const std::vector<ir::Type> &resultTypes) {
  GroupMode mode = channelId > 0 ? GroupMode::CrossPartition : GroupMode::CrossReplica;
  std::vector<int64_t> group = groupOf(ctx, mode, groups, "all_to_all");
  if (group.empty()) throw RuntimeError("all_to_all: process " + ctx.grid->processName(ctx.id()) + " is in no process group");
  if (static_cast<int64_t>(group.size()) != splitCount) {
    throw RuntimeError("all_to_all: split_count " + std::to_string(splitCount) + " differs from the group size " +
                       std::to_string(group.size()));
  }
  auto values = ctx.grid->exchange("all_to_all", channelId, group, ctx.id(), operands);
  int64_t me = static_cast<int64_t>(indexIn(group, ctx.id()));
  std::vector<Tensor> results;
  for (size_t k = 0; k < operands.size(); ++k) {
    std::vector<Tensor> parts;
    for (const std::vector<Tensor> &v : values) parts.push_back(part("all_to_all", v.at(k), splitDimension, splitCount, me));
    if (concatDimension < 0 || concatDimension >= operands[k].rank()) throw RuntimeError("all_to_all: concat_dimension out of range");
    Shape shape = parts[0].shape();
    shape[concatDimension] = 0;
    for (const Tensor &t : parts) shape[concatDimension] += t.shape()[concatDimension];
    results.push_back(evalConcatenate(parts, concatDimension, resultTypes.at(k).withShape(shape)));
  }
  return results;
}

std::vector<Tensor> evalCollectiveBroadcast(const ProcessContext &ctx, const std::vector<Tensor> &operands,
                                            const Shape &roots, const ReplicaGroups &groups, int64_t channelId,
                                            const std::vector<ir::Type> &resultTypes) {
  GroupMode mode = channelId > 0 ? GroupMode::CrossPartition : GroupMode::CrossReplica;
  std::vector<int64_t> group = groupOf(ctx, mode, groups, "collective_broadcast");
  if (resultTypes.size() != operands.size()) throw RuntimeError("collective_broadcast: operands and results differ in number");
  std::vector<Tensor> results;
  if (group.empty()) {
    for (size_t k = 0; k < operands.size(); ++k) results.emplace_back(resultTypes[k], operands[k].shape());
    return results;
  }
  auto values = ctx.grid->exchange("collective_broadcast", channelId, group, ctx.id(), operands);
  for (size_t k = 0; k < operands.size(); ++k) {
    int64_t root = roots.empty() ? 0 : roots.at(k);
    if (root < 0 || root >= static_cast<int64_t>(group.size())) {
      throw RuntimeError("collective_broadcast: root " + std::to_string(root) + " is outside the process group of " +
                         std::to_string(group.size()));
    }
    results.push_back(values[root].at(k));
  }
  return results;
}

Tensor evalCollectivePermute(const ProcessContext &ctx, const Tensor &operand, const ReplicaGroups &sourceTargetPairs,
                             int64_t channelId, const ir::Type &resultType) {
  const ProcessGrid &grid = gridOf(ctx, "collective_permute");
  int64_t P = grid.numPartitions();
  bool crossPartition = channelId > 0;
  int64_t limit = crossPartition ? P : grid.numReplicas();
  // The pairs as flattened ids within this process's replica (cross
  // partition) or partition (cross replica).
  auto flat = [&](int64_t x) { return crossPartition ? ctx.replicaId * P + x : x * P + ctx.partitionId; };
  std::vector<int64_t> members;
  int64_t source = -1;
  for (const std::vector<int64_t> &pair : sourceTargetPairs) {
    if (pair.size() != 2) throw RuntimeError("collective_permute: source_target_pairs must be pairs");
    if (pair[0] < 0 || pair[1] < 0 || pair[0] >= limit || pair[1] >= limit) {
      throw RuntimeError("collective_permute: pair [" + std::to_string(pair[0]) + ", " + std::to_string(pair[1]) +
                         "] names a process outside the grid");
    }
    members.push_back(flat(pair[0]));
    members.push_back(flat(pair[1]));
    if (flat(pair[1]) == ctx.id()) source = flat(pair[0]);
  }
  std::sort(members.begin(), members.end());
  members.erase(std::unique(members.begin(), members.end()), members.end());
  if (std::find(members.begin(), members.end(), ctx.id()) == members.end()) return Tensor(resultType, operand.shape());
  auto values = ctx.grid->exchange("collective_permute", channelId, members, ctx.id(), {operand});
  if (source < 0) return Tensor(resultType, operand.shape());
  return values.at(indexIn(members, source)).at(0);
}

}  // namespace shlo::interpreter

namespace shlo::interpreter {

std::vector<Tensor> evalCollectiveReduce(const ProcessContext &ctx, const std::vector<Tensor> &operands,
                                         const Shape &roots, const ReplicaGroups &groups, int64_t channelId,
                                         const BodyFn &body, const std::string &fastBody,
                                         const std::vector<ir::Type> &resultTypes) {
  GroupMode mode = channelId > 0 ? GroupMode::CrossPartition : GroupMode::CrossReplica;
  std::vector<int64_t> group = groupOf(ctx, mode, groups, "collective_reduce");
  if (resultTypes.size() != operands.size()) throw RuntimeError("collective_reduce: operands and results differ in number");
  std::vector<Tensor> results;
  for (size_t k = 0; k < operands.size(); ++k) results.emplace_back(resultTypes[k], operands[k].shape());
  if (group.empty()) return results;
  auto values = ctx.grid->exchange("collective_reduce", channelId, group, ctx.id(), operands);
  std::vector<Tensor> reduced = combine("collective_reduce", values, body, fastBody, resultTypes);
  size_t self = indexIn(group, ctx.id());
  for (size_t k = 0; k < operands.size(); ++k) {
    int64_t root = roots.empty() ? 0 : roots.at(k);
    if (root < 0 || root >= static_cast<int64_t>(group.size())) {
      throw RuntimeError("collective_reduce: root " + std::to_string(root) + " is outside the process group of " +
                         std::to_string(group.size()));
    }
    // Only the root keeps the reduction; the others get zeros.
    if (static_cast<size_t>(root) == self) results[k] = reduced[k];
  }
  return results;
}

}  // namespace shlo::interpreter
