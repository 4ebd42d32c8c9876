// Mesh-axes replica groups of the collectives: the newer form of
// `replica_groups` (StableHLO, after our spec copy),
//   #stablehlo.replica_group_mesh_axes<mesh = @m, axes = [#stablehlo.axis_ref<name = "x">]>
// whose mesh is a symbol of an `sdy.mesh @m = <["x"=2, ...]>` op of the file
// or an inline `#stablehlo.mesh<axes = [#stablehlo.mesh_axis<name = "x", size = 2>]>`.
#pragma once

#include "semantic/verify/VerifyContext.h"

namespace shlo::verify {

/// True when `attribute` is a `#stablehlo.replica_group_mesh_axes<...>`.
bool isMeshAxesReplicaGroups(const ir::Attribute &attribute);

/// Checks the op's mesh-axes `replica_groups`: when the module defines meshes
/// (`sdy.mesh`), the mesh symbol names one of them; every axis is one of the
/// mesh's axes, named once. A file with no `sdy.mesh` may name any mesh
/// (StableHLO's own valid files do). Errors are `<op>.replica_groups`.
/// Returns false after an error.
bool checkMeshAxesReplicaGroups(VerifyContext &c, const ir::Attribute &attribute);

}  // namespace shlo::verify
