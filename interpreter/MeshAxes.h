// Mesh-axes replica groups (`#stablehlo.replica_group_mesh_axes<mesh = ...,
// axes = [...]>`, StableHLO after our spec copy) as the lists of process ids
// the collectives run on. The groups are those of StableHLO's reference
// flattening (ReplicaGroupUtils.cpp, flattenReplicaGroupMeshAxes) and of its
// compatibility expander's tests: the devices of the mesh in row-major order
// (or `device_ids`), one group per value of the axes not named, its members
// ordered by the named axes in the order they are named.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/Ops.h"

namespace shlo::ir {
class Attribute;
class Module;
}  // namespace shlo::ir

namespace shlo::interpreter {

struct MeshAxis {
  std::string name;
  int64_t size = 1;
};

struct Mesh {
  std::vector<MeshAxis> axes;
  /// Empty: the devices 0, 1, ... in row-major order of the axes.
  std::vector<int64_t> deviceIds;
};

/// A named axis, or a sub-axis `(preSize)size` of it: the axis's coordinate
/// seen as [preSize][size][rest] major to minor, the middle part.
struct AxisRef {
  std::string name;
  int64_t preSize = 1;
  int64_t size = 0;  // 0: the whole axis.
};

/// The replica groups of `axes` over `mesh`. Throws RuntimeError for an axis
/// the mesh lacks, a sub-axis that does not divide its axis, or device ids
/// that are not one per device.
ReplicaGroups flattenMeshAxes(const Mesh &mesh, const std::vector<AxisRef> &axes);

/// The groups of a `#stablehlo.replica_group_mesh_axes` attribute: the mesh
/// inline (`#stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x",
/// size = 2>], device_ids = ...>`) or a symbol naming a function with a
/// `stablehlo.mesh = {axes = [{name = "x", size = 2}], device_ids = ...}`
/// attribute (what StableHLO's expander reads). `opName` is for messages.
ReplicaGroups meshAxesGroups(const ir::Attribute &attribute, const ir::Module *module, const std::string &opName);

}  // namespace shlo::interpreter
