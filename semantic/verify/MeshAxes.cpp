#include "semantic/verify/MeshAxes.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "semantic/ir/IR.h"

namespace shlo::verify {

namespace {

using ir::Attribute;

std::string joined(const std::vector<std::string> &names) {
  std::string out;
  for (const std::string &n : names) out += (out.empty() ? "\"" : ", \"") + n + "\"";
  return out.empty() ? "none" : out;
}

}  // namespace

bool isMeshAxesReplicaGroups(const Attribute &attribute) {
  return attribute.kind == Attribute::Kind::Struct && attribute.name == "stablehlo.replica_group_mesh_axes";
}

bool checkMeshAxesReplicaGroups(VerifyContext &c, const Attribute &attribute) {
  const syntax::TextRange range = c.attributeRange("replica_groups");
  const Attribute *mesh = attribute.field("mesh");
  if (!mesh) mesh = attribute.field("mesh_name");
  if (!mesh) {
    c.error(range, "replica_groups", "mesh-axes replica_groups need a `mesh`");
    return false;
  }
  std::string meshText;
  std::optional<std::vector<std::string>> axes;  // nullopt: the mesh cannot be read.
  if (mesh->kind == Attribute::Kind::SymbolRef) {
    meshText = "@" + mesh->text;
    if (!c.module()) return true;
    const auto &meshes = c.module()->meshes;
    // A file with no `sdy.mesh` at all takes its meshes from elsewhere (the
    // program that runs it): StableHLO accepts such a reference.
    if (meshes.empty()) return true;
    auto found = meshes.find(mesh->text);
    if (found == meshes.end()) {
      c.error(range, "replica_groups",
              "replica_groups refer to mesh " + meshText + ", which no `sdy.mesh` op of the module defines");
      return false;
    }
    axes = found->second;
  } else if (mesh->kind == Attribute::Kind::Struct && mesh->name == "stablehlo.mesh") {
    meshText = "the inline mesh";
    std::vector<std::string> names;
    if (const Attribute *list = mesh->field("axes")) {
      for (const Attribute &axis : list->elements) {
        const Attribute *name = axis.field("name");
        if (name && name->kind == Attribute::Kind::String) names.push_back(name->text);
      }
    }
    axes = std::move(names);
  }
  const Attribute *refs = attribute.field("axes");
  if (!refs || refs->kind != Attribute::Kind::Array) {
    c.error(range, "replica_groups", "mesh-axes replica_groups need `axes = [...]` of #stablehlo.axis_ref");
    return false;
  }
  std::set<std::string> seen;
  for (const Attribute &ref : refs->elements) {
    const Attribute *name = ref.field("name");
    if (!name || name->kind != Attribute::Kind::String) continue;  // `#sdy<axis_ref ...>` and other spellings.
    if (axes && std::find(axes->begin(), axes->end(), name->text) == axes->end()) {
      c.error(range, "replica_groups",
              "replica_groups name axis \"" + name->text + "\", which " + meshText + " does not have (its axes: " +
                  joined(*axes) + ")");
      return false;
    }
    // A sub-axis (`sub_axis_info = (1)2`) may name its axis again.
    if (!ref.field("sub_axis_info") && !seen.insert(name->text).second) {
      c.error(range, "replica_groups", "replica_groups name axis \"" + name->text + "\" twice");
      return false;
    }
  }
  return true;
}

}  // namespace shlo::verify
